import { createRoute, z } from '@hono/zod-openapi';
import { matchmakerProfileResponseSchema, matchmakersResponseSchema } from '../../../shared/matchmakers';
import { MAX_SLUG_LENGTH } from '../../../shared/slugify';
import type { AppContext } from '../../context';
import { createRouter, errorContent } from '../../lib/openapi';
import { getMatchmakerBySlug, listAvailableMatchmakers } from './matchmakers.service';

const listRoute = createRoute({
  method: 'get',
  path: '/matchmakers',
  tags: ['matchmakers'],
  summary: 'The active matchmakers (public), best success rate first',
  responses: {
    200: {
      content: { 'application/json': { schema: matchmakersResponseSchema } },
      description: 'Active matchmakers in the listing order of spec section 7',
    },
  },
});

const slugParamsSchema = z.object({
  slug: z
    .string()
    .max(MAX_SLUG_LENGTH)
    .regex(/^[a-z0-9_-]+$/, 'Ongeldige matchmaker')
    .openapi({ param: { name: 'slug', in: 'path' }, example: 'sofie-peeters' }),
});

const profileRoute = createRoute({
  method: 'get',
  path: '/matchmakers/{slug}',
  tags: ['matchmakers'],
  summary: "An active matchmaker's public profile",
  request: { params: slugParamsSchema },
  responses: {
    200: {
      content: { 'application/json': { schema: matchmakerProfileResponseSchema } },
      description: 'The profile',
    },
    400: errorContent('Geen geldige slug'),
    404: errorContent('Matchmaker Niet Gevonden (onbekend of niet actief)'),
  },
});

/** Public: listings are visible to anyone (spec section 6); the browser may cache them briefly. */
export function matchmakersRoutes(ctx: AppContext) {
  return createRouter()
    .openapi(listRoute, async (c) => {
      const matchmakers = await listAvailableMatchmakers({ db: ctx.db });
      c.header('Cache-Control', 'public, max-age=60');
      return c.json({ matchmakers }, 200);
    })
    .openapi(profileRoute, async (c) => {
      const matchmaker = await getMatchmakerBySlug({ db: ctx.db, slug: c.req.valid('param').slug });
      c.header('Cache-Control', 'public, max-age=60');
      return c.json({ matchmaker }, 200);
    });
}
