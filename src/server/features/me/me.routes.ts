import { createRoute } from '@hono/zod-openapi';
import { meResponseSchema } from '../../../shared/account';
import { clientMatchesResponseSchema, proposedMatchesResponseSchema } from '../../../shared/matches';
import { type Deps, requireActor, requireUser } from '../../lib/context';
import { jsonify } from '../../lib/json';
import { authErrorResponses, createRouter } from '../../lib/openapi';
import { listAcceptedMatchesForClient, listProposedMatchesForClient, refreshActivity } from './me.service';

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

const proposedMatchesRoute = createRoute({
  method: 'get',
  path: '/me/proposed-matches',
  tags: ['matches'],
  summary: "The client's open match proposals (only what may be shown before both accept)",
  responses: {
    200: {
      content: { 'application/json': { schema: proposedMatchesResponseSchema } },
      description: 'Open proposals, newest first',
    },
    ...authErrorResponses,
  },
});

const myMatchesRoute = createRoute({
  method: 'get',
  path: '/me/matches',
  tags: ['matches'],
  summary: "The client's matches after both accepted (accepted, scheduled, completed), newest first",
  responses: {
    200: {
      content: { 'application/json': { schema: clientMatchesResponseSchema } },
      description: 'Matches with the other person by first name only',
    },
    ...authErrorResponses,
  },
});

export function meRoutes(deps: Deps) {
  return createRouter()
    .openapi(meRoute, async (c) => {
      const user = await requireUser(deps, c);
      const profile = await refreshActivity({ db: deps.db, user_id: user.id, now: deps.clock.now() });
      return c.json({ user, profile: profile && jsonify(profile) }, 200);
    })
    .openapi(proposedMatchesRoute, async (c) => {
      const { user } = await requireActor(deps, c, ['client']);
      const matches = await listProposedMatchesForClient({
        db: deps.db,
        client_id: user.id,
        now: deps.clock.now(),
      });
      return c.json({ matches }, 200);
    })
    .openapi(myMatchesRoute, async (c) => {
      const { user } = await requireActor(deps, c, ['client']);
      const matches = await listAcceptedMatchesForClient({ db: deps.db, client_id: user.id });
      return c.json({ matches }, 200);
    });
}
