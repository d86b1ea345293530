import { createRoute } from '@hono/zod-openapi';
import { deleteCookie } from 'hono/cookie';
import { meResponseSchema, sessionResponseSchema } from '../../../shared/account';
import { deletionPreviewSchema } from '../../../shared/account-deletion';
import {
  accountSettingsResponseSchema,
  dataExportSchema,
  deleteAccountResponseSchema,
  deleteAccountSchema,
  updateAccountSettingsSchema,
} from '../../../shared/account-settings';
import { touchActivity } from '../../auth/activity';
import { type AppContext, findSession, requireActor, requireUser, sessionOf } from '../../context';
import { jsonify } from '../../lib/json';
import { authErrorResponses, createRouter, errorContent } from '../../lib/openapi';
import {
  deleteOwnAccount,
  exportClientData,
  getAccountSettings,
  updateAccountSettings,
} from './account.service';
import { deletionPreview } from './paid-account-deletion';

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

const getSettingsRoute = createRoute({
  method: 'get',
  path: '/me/settings',
  tags: ['account'],
  summary: "The account's settings: optional e-mails switched off, matching paused (clients)",
  responses: {
    200: {
      content: { 'application/json': { schema: accountSettingsResponseSchema } },
      description: 'The settings',
    },
    ...authErrorResponses,
  },
});

const updateSettingsRoute = createRoute({
  method: 'patch',
  path: '/me/settings',
  tags: ['account'],
  summary: 'Switches optional e-mails off or on, pauses or resumes matching (clients only)',
  request: {
    body: { content: { 'application/json': { schema: updateAccountSettingsSchema } }, required: true },
  },
  responses: {
    200: {
      content: { 'application/json': { schema: accountSettingsResponseSchema } },
      description: 'The saved settings',
    },
    400: errorContent('A required e-mail, or bad input'),
    ...authErrorResponses,
  },
});

const exportRoute = createRoute({
  method: 'get',
  path: '/me/export',
  tags: ['account'],
  summary: 'Every row about the signed-in client, as one JSON file (GDPR art. 15/20)',
  responses: {
    200: {
      content: { 'application/json': { schema: dataExportSchema } },
      description: 'The export, as a download',
    },
    ...authErrorResponses,
  },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/me',
  tags: ['account'],
  summary: "Deletes the signed-in client's account: personal data erased, sessions ended (GDPR art. 17)",
  request: {
    body: { content: { 'application/json': { schema: deleteAccountSchema } }, required: true },
  },
  responses: {
    200: {
      content: { 'application/json': { schema: deleteAccountResponseSchema } },
      description: 'Deleted; the session cookie is cleared',
    },
    400: errorContent('Wrong password, or the word VERWIJDER not typed'),
    ...authErrorResponses,
  },
});

const deletionPreviewRoute = createRoute({
  method: 'get',
  path: '/me/deletion-preview',
  tags: ['account'],
  summary:
    "What deleting the signed-in client's account forfeits: the paid term still running, the withdrawal period, the matchmaker told and the booked intakes cancelled (issue 29)",
  responses: {
    200: {
      content: { 'application/json': { schema: deletionPreviewSchema } },
      description: 'What the deletion ends',
    },
    ...authErrorResponses,
  },
});

export function accountRoutes(ctx: AppContext) {
  return createRouter()
    .openapi(meRoute, async (c) => {
      const user = await requireUser(ctx, c);
      const session = await sessionOf(ctx, c);
      const profile = await touchActivity({
        db: ctx.db,
        profile: session?.profile ?? null,
        now: ctx.clock.now(),
      });
      return c.json(
        { user, profile: profile && jsonify(profile), account_inactive: session?.inactive ?? false },
        200,
      );
    })
    .openapi(sessionRoute, async (c) => {
      const session = await findSession(ctx, c);
      if (!session) return c.json({ session: null }, 200);
      const profile = await touchActivity({ db: ctx.db, profile: session.profile, now: ctx.clock.now() });
      const me = {
        user: session.user,
        profile: profile && jsonify(profile),
        account_inactive: session.inactive,
      };
      return c.json({ session: me }, 200);
    })
    .openapi(getSettingsRoute, async (c) => {
      const actor = await requireActor(ctx, c);
      return c.json({ settings: await getAccountSettings({ ctx, actor }) }, 200);
    })
    .openapi(updateSettingsRoute, async (c) => {
      const actor = await requireActor(ctx, c);
      const settings = await updateAccountSettings({ ctx, actor, input: c.req.valid('json') });
      return c.json({ settings }, 200);
    })
    .openapi(exportRoute, async (c) => {
      const actor = await requireActor(ctx, c);
      const data = await exportClientData({ ctx, actor });
      const day = data.gemaakt_op.slice(0, 10);
      c.header('Content-Disposition', `attachment; filename="koppel-mijn-gegevens-${day}.json"`);
      return c.json(data, 200);
    })
    .openapi(deletionPreviewRoute, async (c) => {
      const actor = await requireActor(ctx, c);
      return c.json(await deletionPreview({ ctx, actor }), 200);
    })
    .openapi(deleteRoute, async (c) => {
      const actor = await requireActor(ctx, c);
      await deleteOwnAccount({ ctx, actor, input: c.req.valid('json') });
      for (const name of ['koppel.session_token', 'koppel.session_data', 'koppel.dont_remember']) {
        deleteCookie(c, name, { path: '/' });
        deleteCookie(c, `__Secure-${name}`, { path: '/', secure: true });
      }
      return c.json({ deleted: true as const }, 200);
    });
}
