import { createRoute } from '@hono/zod-openapi';
import { meResponseSchema, sessionResponseSchema } from '../../../shared/account';
import { refreshActivity } from '../../auth/activity';
import { type AppContext, findSession, requireUser } from '../../context';
import { jsonify } from '../../lib/json';
import { authErrorResponses, createRouter } from '../../lib/openapi';

const meRoute = createRoute({
  method: 'get',
  path: '/me',
  tags: ['account'],
  summary: 'The signed-in user and their profile; refreshes last activity (a restored session)',
  responses: {
    200: { content: { 'application/json': { schema: meResponseSchema } }, description: 'The current user' },
    401: authErrorResponses[401],
  },
});

const sessionRoute = createRoute({
  method: 'get',
  path: '/session',
  tags: ['account'],
  summary: 'Who is signed in, as /api/me, or null for a visitor (never a 401: for pages open to everyone)',
  responses: {
    200: {
      content: { 'application/json': { schema: sessionResponseSchema } },
      description: 'The current user, or null',
    },
  },
});

export function accountRoutes(ctx: AppContext) {
  return createRouter()
    .openapi(meRoute, async (c) => {
      const user = await requireUser(ctx, c);
      const profile = await refreshActivity({ db: ctx.db, user_id: user.id, now: ctx.clock.now() });
      return c.json({ user, profile: profile && jsonify(profile) }, 200);
    })
    .openapi(sessionRoute, async (c) => {
      const session = await findSession(ctx, c);
      if (!session) return c.json({ session: null }, 200);
      const profile = await refreshActivity({ db: ctx.db, user_id: session.user.id, now: ctx.clock.now() });
      return c.json({ session: { user: session.user, profile: profile && jsonify(profile) } }, 200);
    });
}
