import { createRoute } from '@hono/zod-openapi';
import { clientSearchQuerySchema, clientSearchResponseSchema } from '../../../shared/clients';
import { STAFF_ROLES } from '../../../shared/domain';
import { type AppContext, requireActor } from '../../context';
import { authErrorResponses, createRouter, errorContent } from '../../lib/openapi';
import { searchClients } from './clients.service';

const searchRoute = createRoute({
  method: 'get',
  path: '/clients',
  tags: ['clients'],
  summary:
    'Staff find clients by name (any case, at least 2 characters), by name, at most 20: admins every client, a matchmaker their own (with e-mail) and those without a matchmaker (decision 009)',
  request: { query: clientSearchQuerySchema },
  responses: {
    200: {
      content: { 'application/json': { schema: clientSearchResponseSchema } },
      description: 'Matching clients with tier, age, region, contract status and matchmaker',
    },
    400: errorContent('Typ minstens 2 letters'),
    ...authErrorResponses,
  },
});

export function clientsRoutes(ctx: AppContext) {
  return createRouter().openapi(searchRoute, async (c) => {
    const actor = await requireActor(ctx, c, STAFF_ROLES);
    const clients = await searchClients({ ctx, actor, q: c.req.valid('query').q });
    return c.json({ clients }, 200);
  });
}
