import { createRoute, z } from '@hono/zod-openapi';
import {
  adminClientResponseSchema,
  adminFeedbackQuerySchema,
  adminFeedbackResponseSchema,
  agencyStatsSchema,
  clientsToReassignResponseSchema,
  matchmakerProfileInputSchema,
  pauseClientSchema,
  reassignClientSchema,
  staffDetailResponseSchema,
  staffInvitationSchema,
  staffListResponseSchema,
  staffMemberResponseSchema,
} from '../../../shared/admin';
import { STAFF_ROLES } from '../../../shared/domain';
import { MESSAGES } from '../../../shared/messages';
import { PHOTO_MAX_BYTES } from '../../../shared/profile';
import { type AppContext, needsSecondFactor, requireActor, sessionOf } from '../../context';
import { AppError } from '../../lib/errors';
import { authErrorResponses, createRouter, errorContent, json } from '../../lib/openapi';
import {
  getOwnMatchmakerProfile,
  getStaffMember,
  inviteMatchmaker,
  listClientsToReassign,
  listStaff,
  updateMatchmakerProfile,
} from './admin.service';
import { getAdminClient, pauseClient, reassignClient } from './admin-clients.service';
import { feedbackCsv, listAllFeedback } from './admin-feedback.service';
import { agencyStats } from './agency-stats.service';
import { readMatchmakerPhoto, uploadMatchmakerPhoto } from './matchmaker-photos.service';

const ADMIN = ['admin'] as const;
const body = <T extends z.ZodType>(schema: T) => ({ body: { ...json(schema), required: true } });

const idParams = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'Ongeldige id')
    .openapi({ param: { name: 'id', in: 'path' } }),
});

const photoField = z
  .custom<File>((value) => value instanceof File, { message: MESSAGES.photoMissing })
  .openapi({ type: 'string', format: 'binary' });
const photoBody = {
  body: { content: { 'multipart/form-data': { schema: z.object({ photo: photoField }) } }, required: true },
};
const photoErrors = {
  400: errorContent('Geen foto gekozen'),
  413: errorContent('Groter dan 10 MB of meer dan 50 megapixel'),
  415: errorContent('Geen foto die we kunnen lezen'),
};
const memberAnswer = { ...json(staffMemberResponseSchema), description: 'The matchmaker' };

const listStaffRoute = createRoute({
  method: 'get',
  path: '/admin/staff',
  tags: ['admin'],
  summary: 'Admin: every matchmaker, active or not, with clients and success rate',
  responses: {
    200: { ...json(staffListResponseSchema), description: 'The matchmakers' },
    ...authErrorResponses,
  },
});

const clientsToReassignRoute = createRoute({
  method: 'get',
  path: '/admin/clients-to-reassign',
  tags: ['admin'],
  summary: 'Admin: the clients of every deactivated matchmaker, to reassign (issue 26)',
  responses: {
    200: { ...json(clientsToReassignResponseSchema), description: 'By matchmaker, by name' },
    ...authErrorResponses,
  },
});

const inviteRoute = createRoute({
  method: 'post',
  path: '/admin/staff',
  tags: ['admin'],
  summary: 'Admin: invite a matchmaker by e-mail; the link lets them set their own password',
  request: body(staffInvitationSchema),
  responses: {
    201: memberAnswer,
    400: errorContent('Bad input'),
    ...authErrorResponses,
    409: errorContent('An account with this e-mail exists'),
  },
});

const staffRoute = createRoute({
  method: 'get',
  path: '/admin/staff/{id}',
  tags: ['admin'],
  summary: 'Admin: one matchmaker with their clients (to reassign)',
  request: { params: idParams },
  responses: {
    200: { ...json(staffDetailResponseSchema), description: 'The matchmaker and their clients' },
    400: errorContent('Bad id'),
    ...authErrorResponses,
    404: errorContent('Matchmaker Niet Gevonden'),
  },
});

const updateStaffRoute = createRoute({
  method: 'put',
  path: '/admin/staff/{id}',
  tags: ['admin'],
  summary:
    "Admin: edit a matchmaker's public profile, active included (deactivating hides the page, ends their sessions and closes every staff route to them)",
  request: { params: idParams, ...body(matchmakerProfileInputSchema) },
  responses: {
    200: memberAnswer,
    400: errorContent('Bad input'),
    ...authErrorResponses,
    404: errorContent('Matchmaker Niet Gevonden'),
  },
});

const staffPhotoRoute = createRoute({
  method: 'post',
  path: '/admin/staff/{id}/photo',
  tags: ['admin'],
  summary: "Admin: a new photo for a matchmaker's public profile (multipart field `photo`)",
  request: { params: idParams, ...photoBody },
  responses: {
    200: memberAnswer,
    ...photoErrors,
    ...authErrorResponses,
    404: errorContent('Matchmaker Niet Gevonden'),
  },
});

const ownProfileRoute = createRoute({
  method: 'get',
  path: '/me/matchmaker-profile',
  tags: ['admin'],
  summary: 'A matchmaker: their own public profile, to edit in their settings',
  responses: { 200: memberAnswer, ...authErrorResponses },
});

const updateOwnProfileRoute = createRoute({
  method: 'put',
  path: '/me/matchmaker-profile',
  tags: ['admin'],
  summary: 'A matchmaker edits their own public profile (not whether it is active)',
  request: body(matchmakerProfileInputSchema),
  responses: { 200: memberAnswer, 400: errorContent('Bad input'), ...authErrorResponses },
});

const ownPhotoRoute = createRoute({
  method: 'post',
  path: '/me/matchmaker-profile/photo',
  tags: ['admin'],
  summary: 'A matchmaker uploads a new photo for their public profile (multipart field `photo`)',
  request: photoBody,
  responses: { 200: memberAnswer, ...photoErrors, ...authErrorResponses },
});

const readPhotoRoute = createRoute({
  method: 'get',
  path: '/matchmaker-photos/{id}/{photo}',
  tags: ['admin'],
  summary:
    "A matchmaker's current photo: public while they are active (like their page), else for staff only",
  request: {
    params: idParams.extend({
      photo: z.uuid('Ongeldige foto').openapi({ param: { name: 'photo', in: 'path' } }),
    }),
  },
  responses: {
    200: {
      content: { 'image/jpeg': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } },
      description: 'The JPEG',
    },
    400: errorContent('Ongeldige foto'),
    404: errorContent('Geen huidige foto'),
  },
});

const clientRoute = createRoute({
  method: 'get',
  path: '/admin/clients/{id}',
  tags: ['admin'],
  summary: 'Admin: a client with tier, term, payments, pause, matchmaker and the audit trail',
  request: { params: idParams },
  responses: {
    200: { ...json(adminClientResponseSchema), description: 'The client' },
    400: errorContent('Bad id'),
    ...authErrorResponses,
    404: errorContent('No such client'),
  },
});

const reassignRoute = createRoute({
  method: 'put',
  path: '/admin/clients/{id}/matchmaker',
  tags: ['admin'],
  summary: 'Admin: give a client another (active) matchmaker, or none; recorded in the audit trail',
  request: { params: idParams, ...body(reassignClientSchema) },
  responses: {
    200: { ...json(adminClientResponseSchema), description: 'The client' },
    400: errorContent('Bad input'),
    ...authErrorResponses,
    404: errorContent('No such client or matchmaker'),
    409: errorContent('An inactive matchmaker, or a deleted account'),
  },
});

const pauseRoute = createRoute({
  method: 'put',
  path: '/admin/clients/{id}/pause',
  tags: ['admin'],
  summary: "Admin: pause or resume a client's matching; recorded in the audit trail",
  request: { params: idParams, ...body(pauseClientSchema) },
  responses: {
    200: { ...json(adminClientResponseSchema), description: 'The client' },
    400: errorContent('Bad input'),
    ...authErrorResponses,
    404: errorContent('No such client'),
    409: errorContent('A deleted account'),
  },
});

const feedbackRoute = createRoute({
  method: 'get',
  path: '/admin/feedback',
  tags: ['admin'],
  summary:
    'Admin: all matchmaker and intake feedback with names (anonymous marked), by matchmaker and period',
  request: { query: adminFeedbackQuerySchema },
  responses: {
    200: { ...json(adminFeedbackResponseSchema), description: 'Newest first' },
    400: errorContent('Bad filter'),
    ...authErrorResponses,
  },
});

const feedbackCsvRoute = createRoute({
  method: 'get',
  path: '/admin/feedback/export',
  tags: ['admin'],
  summary: 'Admin: the same list as CSV (UTF-8, `;`)',
  request: { query: adminFeedbackQuerySchema },
  responses: {
    200: { content: { 'text/csv': { schema: z.string() } }, description: 'The CSV file' },
    400: errorContent('Bad filter'),
    ...authErrorResponses,
  },
});

const statsRoute = createRoute({
  method: 'get',
  path: '/admin/stats',
  tags: ['admin'],
  summary: "Admin: the agency's numbers (clients by tier, revenue by month, matches by status, ratings)",
  responses: { 200: { ...json(agencyStatsSchema), description: 'The numbers' }, ...authErrorResponses },
});

async function photoBytes(file: File) {
  if (file.size > PHOTO_MAX_BYTES) throw new AppError('PHOTO_TOO_LARGE');
  return new Uint8Array(await file.arrayBuffer());
}

/** The admin console (admin only, checked on every call) and a matchmaker's own public profile. */
export function adminRoutes(ctx: AppContext) {
  return createRouter()
    .openapi(listStaffRoute, async (c) => {
      await requireActor(ctx, c, ADMIN);
      return c.json({ staff: await listStaff({ ctx }) }, 200);
    })
    .openapi(clientsToReassignRoute, async (c) => {
      await requireActor(ctx, c, ADMIN);
      return c.json({ matchmakers: await listClientsToReassign({ ctx }) }, 200);
    })
    .openapi(inviteRoute, async (c) => {
      const actor = await requireActor(ctx, c, ADMIN);
      const input = c.req.valid('json');
      return c.json({ member: await inviteMatchmaker({ ctx, actor, input }) }, 201);
    })
    .openapi(staffRoute, async (c) => {
      await requireActor(ctx, c, ADMIN);
      return c.json(await getStaffMember({ ctx, id: c.req.valid('param').id }), 200);
    })
    .openapi(updateStaffRoute, async (c) => {
      const actor = await requireActor(ctx, c, ADMIN);
      const input = c.req.valid('json');
      const member = await updateMatchmakerProfile({ ctx, actor, id: c.req.valid('param').id, input });
      return c.json({ member }, 200);
    })
    .openapi(staffPhotoRoute, async (c) => {
      const actor = await requireActor(ctx, c, ADMIN);
      const bytes = await photoBytes(c.req.valid('form').photo);
      const member = await uploadMatchmakerPhoto({ ctx, actor, id: c.req.valid('param').id, bytes });
      return c.json({ member }, 200);
    })
    .openapi(ownProfileRoute, async (c) => {
      const actor = await requireActor(ctx, c, ['matchmaker']);
      return c.json({ member: await getOwnMatchmakerProfile({ ctx, actor }) }, 200);
    })
    .openapi(updateOwnProfileRoute, async (c) => {
      const actor = await requireActor(ctx, c, ['matchmaker']);
      const { is_active: _ignored, ...input } = c.req.valid('json');
      const member = await updateMatchmakerProfile({ ctx, actor, id: actor.user.id, input });
      return c.json({ member }, 200);
    })
    .openapi(ownPhotoRoute, async (c) => {
      const actor = await requireActor(ctx, c, ['matchmaker']);
      const bytes = await photoBytes(c.req.valid('form').photo);
      return c.json({ member: await uploadMatchmakerPhoto({ ctx, actor, id: actor.user.id, bytes }) }, 200);
    })
    .openapi(readPhotoRoute, async (c) => {
      const { id, photo } = c.req.valid('param');
      // Staff as requireActor sees them: under STAFF_2FA=required only after the second factor,
      // and never a deactivated matchmaker (issue 26).
      const session = await sessionOf(ctx, c);
      const role = session?.profile?.role;
      const isStaff =
        !!role &&
        STAFF_ROLES.includes(role) &&
        !session.inactive &&
        !needsSecondFactor(ctx, role, session.user);
      const { bytes, isPublic } = await readMatchmakerPhoto({ ctx, id, photo, isStaff });
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        'content-type': 'image/jpeg',
        'x-content-type-options': 'nosniff',
        // The address changes with every upload; an inactive matchmaker's photo is staff's only.
        'cache-control': isPublic ? 'public, max-age=31536000, immutable' : 'private, no-store',
      });
    })
    .openapi(clientRoute, async (c) => {
      await requireActor(ctx, c, ADMIN);
      return c.json({ client: await getAdminClient({ ctx, id: c.req.valid('param').id }) }, 200);
    })
    .openapi(reassignRoute, async (c) => {
      const actor = await requireActor(ctx, c, ADMIN);
      const { matchmaker_id } = c.req.valid('json');
      const client = await reassignClient({ ctx, actor, id: c.req.valid('param').id, matchmaker_id });
      return c.json({ client }, 200);
    })
    .openapi(pauseRoute, async (c) => {
      const actor = await requireActor(ctx, c, ADMIN);
      const { paused } = c.req.valid('json');
      return c.json({ client: await pauseClient({ ctx, actor, id: c.req.valid('param').id, paused }) }, 200);
    })
    .openapi(feedbackRoute, async (c) => {
      await requireActor(ctx, c, ADMIN);
      return c.json({ feedback: await listAllFeedback({ ctx, query: c.req.valid('query') }) }, 200);
    })
    .openapi(feedbackCsvRoute, async (c) => {
      await requireActor(ctx, c, ADMIN);
      const csv = feedbackCsv(await listAllFeedback({ ctx, query: c.req.valid('query') }));
      return c.body(csv, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="koppel-feedback.csv"',
      });
    })
    .openapi(statsRoute, async (c) => {
      await requireActor(ctx, c, ADMIN);
      return c.json(await agencyStats({ ctx }), 200);
    });
}
