import { createRoute } from '@hono/zod-openapi';
import { funnelResponseSchema } from '../../../shared/funnel';
import { type AppContext, requireActor } from '../../context';
import { authErrorResponses, createRouter, json } from '../../lib/openapi';
import { loadFunnel } from './funnel.service';

const funnelRoute = createRoute({
  method: 'get',
  path: '/admin/funnel',
  tags: ['admin'],
  summary:
    'Admin: the funnel per sign-up month of the last 12 (sign-ups, paid, intake held, first proposal, first date), decision 032',
  responses: {
    200: { ...json(funnelResponseSchema), description: 'Per month, oldest first' },
    ...authErrorResponses,
  },
});

export function funnelRoutes(ctx: AppContext) {
  return createRouter().openapi(funnelRoute, async (c) => {
    await requireActor(ctx, c, ['admin']);
    return c.json(await loadFunnel({ ctx }), 200);
  });
}
