import { createRoute } from '@hono/zod-openapi';
import { meResponseSchema } from '../../../shared/account';
import { refreshActivity } from '../../auth/activity';
import { type AppContext, requireUser } from '../../context';
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

export function accountRoutes(ctx: AppContext) {
  return createRouter().openapi(meRoute, async (c) => {
    const user = await requireUser(ctx, c);
    const profile = await refreshActivity({ db: ctx.db, user_id: user.id, now: ctx.clock.now() });
    return c.json({ user, profile: profile && jsonify(profile) }, 200);
  });
}
