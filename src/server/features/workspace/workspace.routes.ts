import { createRoute } from '@hono/zod-openapi';
import { STAFF_ROLES } from '../../../shared/domain';
import { dashboardQuerySchema, dashboardResponseSchema } from '../../../shared/workspace';
import { type AppContext, requireActor } from '../../context';
import { authErrorResponses, createRouter, errorContent } from '../../lib/openapi';
import { loadDashboard } from './dashboard.service';

const dashboardRoute = createRoute({
  method: 'get',
  path: '/matchmaker/dashboard',
  tags: ['workspace'],
  summary:
    "The matchmaker's dashboard: intakes to hold and complete, proposals about to expire, dates to follow up, new feedback, clients to claim, and their numbers over 12 months. An admin: the agency, or one matchmaker's (matchmaker_id)",
  request: { query: dashboardQuerySchema },
  responses: {
    200: {
      content: { 'application/json': { schema: dashboardResponseSchema } },
      description: 'The dashboard',
    },
    404: errorContent('Matchmaker niet gevonden'),
    ...authErrorResponses,
  },
});

export function workspaceRoutes(ctx: AppContext) {
  return createRouter().openapi(dashboardRoute, async (c) => {
    const actor = await requireActor(ctx, c, STAFF_ROLES);
    return c.json(await loadDashboard({ ctx, actor, matchmakerId: c.req.valid('query').matchmaker_id }), 200);
  });
}
