import { createRoute, z } from '@hono/zod-openapi';
import { chooseMatchmakerResponseSchema, chooseMatchmakerSchema } from '../../../shared/account-settings';
import { matchmakerProfileResponseSchema, matchmakersResponseSchema } from '../../../shared/matchmakers';
import { MAX_SLUG_LENGTH } from '../../../shared/slugify';
import { type AppContext, requireActor } from '../../context';
import { authErrorResponses, createRouter, errorContent } from '../../lib/openapi';
import { chooseMatchmaker, getMatchmakerBySlug, listAvailableMatchmakers } from './matchmakers.service';

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

const chooseRoute = createRoute({
  method: 'put',
  path: '/me/matchmaker',
  tags: ['matchmakers'],
  summary: 'A client chooses an active matchmaker; changing one needs confirm: true (decision 013)',
  request: {
    body: { content: { 'application/json': { schema: chooseMatchmakerSchema } }, required: true },
  },
  responses: {
    200: {
      content: { 'application/json': { schema: chooseMatchmakerResponseSchema } },
      description: 'The assigned matchmaker; changed is false when it was already this one',
    },
    400: errorContent('Bad input'),
    ...authErrorResponses,
    404: errorContent('Matchmaker Niet Gevonden'),
    409: errorContent('An inactive matchmaker, or a change without confirm'),
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
      const matchmaker = await getMatchmakerBySlug({
        db: ctx.db,
        slug: c.req.valid('param').slug,
        scheduler: ctx.scheduler.name,
      });
      c.header('Cache-Control', 'public, max-age=60');
      return c.json({ matchmaker }, 200);
    })
    .openapi(chooseRoute, async (c) => {
      const actor = await requireActor(ctx, c);
      return c.json(await chooseMatchmaker({ ctx, actor, input: c.req.valid('json') }), 200);
    });
}
