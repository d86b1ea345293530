import { createRoute } from '@hono/zod-openapi';
import { twoFactorStatusResponseSchema } from '../../../shared/two-factor';
import { type AppContext, requireUser } from '../../context';
import { authErrorResponses, createRouter } from '../../lib/openapi';
import { getTwoFactorStatus } from './two-factor.service';

const statusRoute = createRoute({
  method: 'get',
  path: '/me/two-factor',
  tags: ['account'],
  summary:
    'Two-factor login of the signed-in account: on or off, required (staff while STAFF_2FA=required), setup needed',
  responses: {
    200: {
      content: { 'application/json': { schema: twoFactorStatusResponseSchema } },
      description: 'The status',
    },
    401: authErrorResponses[401],
  },
});

export function twoFactorRoutes(ctx: AppContext) {
  // Reachable without a second factor: the setup page of a staff member asks it first.
  return createRouter().openapi(statusRoute, async (c) => {
    const user = await requireUser(ctx, c);
    return c.json({ two_factor: await getTwoFactorStatus({ ctx, user_id: user.id }) }, 200);
  });
}
