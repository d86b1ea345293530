import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { STAFF_ROLES } from '../../../shared/domain';
import {
  attachUnassignedBookingSchema,
  completeIntakeSessionSchema,
  createIntakeSessionSchema,
  intakeFeedbackListSchema,
  intakeFeedbackResponseSchema,
  intakeMoveSlotsSchema,
  intakeSessionResponseSchema,
  intakeSessionsResponseSchema,
  listIntakeSessionsQuerySchema,
  schedulerSettingsSchema,
  staffIntakeFeedbackListSchema,
  staffIntakeSessionResponseSchema,
  staffIntakeSessionsResponseSchema,
  submitIntakeFeedbackSchema,
  testSchedulerBookingSchema,
  testSchedulerBookSchema,
  testSchedulerSlotsSchema,
  unassignedBookingsResponseSchema,
  updateIntakeSessionSchema,
} from '../../../shared/intake';
import { MESSAGES } from '../../../shared/messages';
import { type AppContext, requireActor, requireActorWith } from '../../context';
import { AppError } from '../../lib/errors';
import { jsonTextResponse } from '../../lib/json';
import { authErrorResponses, createRouter, errorContent, json } from '../../lib/openapi';
import { receiveCalendlyWebhook } from './calendly-webhook';
import { completeIntakeSession } from './complete-intake.service';
import {
  getSchedulerSettings,
  myIntakeSessionsRead,
  staffIntakeFilterValues,
  staffIntakeSessionsRead,
} from './intake.service';
import { createIntakeSession, getMoveSlots, updateIntakeSession } from './intake-bookings.service';
import {
  getMyIntakeFeedback,
  listMyPendingIntakeFeedback,
  listStaffIntakeFeedback,
  submitIntakeFeedback,
} from './intake-feedback.service';
import { bookTestScheduler, getTestSchedulerSlots } from './testagenda.service';
import { attachUnassignedBooking, listUnassignedBookings } from './unassigned-bookings.service';

const sessionParams = z.object({
  id: z.uuid('Ongeldig gesprek').openapi({ param: { name: 'id', in: 'path' } }),
});
const feedbackParams = z.object({
  id: z.uuid('Ongeldige feedback').openapi({ param: { name: 'id', in: 'path' } }),
});

const schedulerRoute = createRoute({
  method: 'get',
  path: '/me/scheduler',
  tags: ['intake'],
  summary:
    "Where the client books an intake: the matchmaker's Calendly link, else the tier's fallback link (spec section 9), with the signed client reference; the Testagenda on a local install",
  responses: {
    200: { ...json(schedulerSettingsSchema), description: 'The scheduler to embed' },
    ...authErrorResponses,
  },
});

const mySessionsRoute = createRoute({
  method: 'get',
  path: '/me/intake-sessions',
  tags: ['intake'],
  summary: "The client's own intake sessions, newest first",
  responses: {
    200: { ...json(intakeSessionsResponseSchema), description: 'Sessions with their matchmaker' },
    ...authErrorResponses,
  },
});

const createSessionRoute = createRoute({
  method: 'post',
  path: '/intake-sessions',
  tags: ['intake'],
  summary:
    "A booking as the client's browser saw it (the scheduler's event_scheduled message); an existing calendly_event_id gives the existing session",
  request: { body: { ...json(createIntakeSessionSchema), required: true } },
  responses: {
    200: { ...json(intakeSessionResponseSchema), description: 'The session existed already' },
    201: { ...json(intakeSessionResponseSchema), description: 'The new session' },
    400: errorContent('Ongeldige invoer'),
    ...authErrorResponses,
    409: errorContent('Deze afspraak hoort bij een andere klant, of je hebt al een gepland gesprek'),
  },
});

const updateSessionRoute = createRoute({
  method: 'patch',
  path: '/intake-sessions/{id}',
  tags: ['intake'],
  summary:
    "Change the caller's own scheduled session up to 24 hours before its start: move it to a free slot of its matchmaker, or cancel it; the client and the matchmaker are mailed",
  request: { params: sessionParams, body: { ...json(updateIntakeSessionSchema), required: true } },
  responses: {
    200: { ...json(intakeSessionResponseSchema), description: 'The updated session' },
    400: errorContent('Ongeldige invoer'),
    ...authErrorResponses,
    404: errorContent('Geen gesprek van jou'),
    409: errorContent('Niet meer gepland, minder dan 24 uur voor het begin, of het moment is niet vrij'),
  },
});

const moveSlotsRoute = createRoute({
  method: 'get',
  path: '/intake-sessions/{id}/slots',
  tags: ['intake'],
  summary:
    "The caller's own scheduled session: whether it may still be changed (24 hours before its start) and the free slots of its matchmaker to move it to",
  request: { params: sessionParams },
  responses: {
    200: { ...json(intakeMoveSlotsSchema), description: 'Whether it may change, and the free slots' },
    400: errorContent('Ongeldig gesprek'),
    ...authErrorResponses,
    404: errorContent('Geen gesprek van jou'),
    409: errorContent('Dit gesprek is niet meer gepland'),
  },
});

const staffSessionsRoute = createRoute({
  method: 'get',
  path: '/intake-sessions',
  tags: ['intake'],
  summary:
    'Intake sessions for staff: a matchmaker those they host and those of their clients, an admin all; by status and scheduled_at window',
  request: { query: listIntakeSessionsQuerySchema },
  responses: {
    200: { ...json(staffIntakeSessionsResponseSchema), description: 'Sessions with client and notes' },
    400: errorContent('Ongeldige filter'),
    ...authErrorResponses,
  },
});

const completeSessionRoute = createRoute({
  method: 'post',
  path: '/intake-sessions/{id}/complete',
  tags: ['intake'],
  summary:
    "The session's matchmaker completes it with notes, from its start time on; an intake also makes the client active_for_matching and asks for intake feedback (due in 7 days), a follow-up or coaching session keeps the notes only",
  request: { params: sessionParams, body: { ...json(completeIntakeSessionSchema), required: true } },
  responses: {
    200: { ...json(staffIntakeSessionResponseSchema), description: 'The completed session' },
    400: errorContent('Ongeldige invoer'),
    ...authErrorResponses,
    404: errorContent('Geen gesprek dat je mag zien'),
    409: errorContent('Dit gesprek is niet meer gepland, of het is nog niet begonnen'),
  },
});

const webhookRoute = createRoute({
  method: 'post',
  path: '/webhooks/calendly',
  tags: ['intake'],
  summary:
    'Calendly v2 webhooks, signed (Calendly-Webhook-Signature over the raw body, at most 3 minutes old): invitee.created and invitee.canceled; others are acknowledged',
  responses: {
    200: { ...json(z.object({ received: z.literal(true) })), description: 'Acknowledged' },
    400: errorContent('Ongeldige handtekening of gebeurtenis'),
    404: errorContent('De agenda is op deze installatie niet ingesteld'),
  },
});

const myFeedbackRoute = createRoute({
  method: 'get',
  path: '/me/intake-feedback',
  tags: ['feedback'],
  summary:
    "The client's pending intake feedback that is still taken (until 7 days after the request), newest first, with the session and the matchmaker",
  responses: {
    200: { ...json(intakeFeedbackListSchema), description: 'Pending intake feedback' },
    ...authErrorResponses,
  },
});

const myFeedbackOneRoute = createRoute({
  method: 'get',
  path: '/me/intake-feedback/{id}',
  tags: ['feedback'],
  summary: "One of the client's own intake feedback rows (pending or given)",
  request: { params: feedbackParams },
  responses: {
    200: { ...json(intakeFeedbackResponseSchema), description: 'The row' },
    400: errorContent('Ongeldige feedback'),
    ...authErrorResponses,
    404: errorContent('Niet gevonden'),
  },
});

const submitFeedbackRoute = createRoute({
  method: 'patch',
  path: '/intake-feedback/{id}',
  tags: ['feedback'],
  summary:
    "The client's own intake feedback, once: overall satisfaction required, other ratings optional; unset or empty is stored as null",
  request: { params: feedbackParams, body: { ...json(submitIntakeFeedbackSchema), required: true } },
  responses: {
    200: { ...json(intakeFeedbackResponseSchema), description: 'The submitted feedback' },
    400: errorContent('Algemene tevredenheid is verplicht'),
    ...authErrorResponses,
    404: errorContent('Niet gevonden'),
    409: errorContent('Al gegeven, of de termijn (7 dagen na de vraag) is verstreken'),
  },
});

const staffFeedbackRoute = createRoute({
  method: 'get',
  path: '/intake-feedback',
  tags: ['feedback'],
  summary:
    "Submitted intake feedback: a matchmaker's own without any client reference (anonymous), an admin's all with the client",
  responses: {
    200: { ...json(staffIntakeFeedbackListSchema), description: 'Intake feedback' },
    ...authErrorResponses,
  },
});

const unassignedBookingsRoute = createRoute({
  method: 'get',
  path: '/unassigned-bookings',
  tags: ['intake'],
  summary:
    'Scheduler bookings whose webhook carried no valid client reference (decision 034): an admin all, a matchmaker those they host or without a host',
  responses: {
    200: { ...json(unassignedBookingsResponseSchema), description: 'Waiting bookings' },
    ...authErrorResponses,
  },
});

const attachBookingRoute = createRoute({
  method: 'post',
  path: '/unassigned-bookings/{id}/attach',
  tags: ['intake'],
  summary:
    "Attach a waiting booking to a client: it becomes the client's intake session (an admin any client, a matchmaker their own or one without a matchmaker)",
  request: {
    params: z.object({
      id: z.uuid('Ongeldige afspraak').openapi({ param: { name: 'id', in: 'path' } }),
    }),
    body: { ...json(attachUnassignedBookingSchema), required: true },
  },
  responses: {
    200: { ...json(z.object({ session_id: z.string() })), description: 'The session it became' },
    400: errorContent('Ongeldige invoer'),
    ...authErrorResponses,
    404: errorContent('Geen afspraak die op een klant wacht, of geen klant'),
    409: errorContent('Geannuleerd, of de klant heeft al een gepland gesprek'),
  },
});

const testSlotsRoute = createRoute({
  method: 'get',
  path: '/testagenda/slots',
  tags: ['intake'],
  summary: 'Local installs with SCHEDULER=demo: the Testagenda’s slots of the coming two weeks for a link',
  request: {
    query: z.object({ link: z.string().min(1).max(500) }),
  },
  responses: {
    200: { ...json(testSchedulerSlotsSchema), description: 'Host and slots' },
    400: errorContent('Ongeldige link'),
    ...authErrorResponses,
  },
});

const testBookRoute = createRoute({
  method: 'post',
  path: '/testagenda/bookings',
  tags: ['intake'],
  summary:
    "Local installs with SCHEDULER=demo: book a Testagenda slot; sends Calendly's signed webhook through the same handler and returns the browser message",
  request: { body: { ...json(testSchedulerBookSchema), required: true } },
  responses: {
    200: { ...json(testSchedulerBookingSchema), description: "Calendly's event_scheduled message" },
    400: errorContent('Ongeldige invoer'),
    ...authErrorResponses,
    409: errorContent('Je hebt al een gepland gesprek, of het moment is niet meer vrij'),
  },
});

/** Feedback needs a signed-in user, with the spec's own text (section 5). */
async function requireFeedbackActor(ctx: AppContext, c: Context, roles: Parameters<typeof requireActor>[2]) {
  try {
    return await requireActor(ctx, c, roles);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_AUTHENTICATED') {
      throw new AppError('NOT_AUTHENTICATED', MESSAGES.notLoggedInForFeedback);
    }
    throw error;
  }
}

export function intakeRoutes(ctx: AppContext) {
  const router = createRouter()
    .openapi(schedulerRoute, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      return c.json(await getSchedulerSettings({ ctx, actor }), 200);
    })
    .openapi(mySessionsRoute, async (c) => {
      const { data } = await requireActorWith(ctx, c, ['client'], myIntakeSessionsRead);
      return jsonTextResponse(c, data, 200);
    })
    .openapi(createSessionRoute, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      const { session, created } = await createIntakeSession({ ctx, actor, input: c.req.valid('json') });
      return created ? c.json({ session }, 201) : c.json({ session }, 200);
    })
    .openapi(updateSessionRoute, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      const session = await updateIntakeSession({
        ctx,
        actor,
        id: c.req.valid('param').id,
        input: c.req.valid('json'),
      });
      return c.json({ session }, 200);
    })
    .openapi(moveSlotsRoute, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      return c.json(await getMoveSlots({ ctx, actor, id: c.req.valid('param').id }), 200);
    })
    .openapi(staffSessionsRoute, async (c) => {
      const filters = c.req.valid('query');
      const { data } = await requireActorWith(
        ctx,
        c,
        STAFF_ROLES,
        staffIntakeSessionsRead(filters),
        staffIntakeFilterValues(filters),
      );
      return jsonTextResponse(c, data, 200);
    })
    .openapi(completeSessionRoute, async (c) => {
      // Spec section 6: only a matchmaker completes an intake (not an admin, not the client).
      const actor = await requireActor(ctx, c, ['matchmaker']);
      const session = await completeIntakeSession({
        ctx,
        actor,
        id: c.req.valid('param').id,
        input: c.req.valid('json'),
      });
      return c.json({ session }, 200);
    })
    .openapi(webhookRoute, async (c) => {
      const rawBody = await c.req.text();
      await receiveCalendlyWebhook({ ctx, rawBody, signature: c.req.header('calendly-webhook-signature') });
      return c.json({ received: true as const }, 200);
    })
    .openapi(myFeedbackRoute, async (c) => {
      const actor = await requireFeedbackActor(ctx, c, ['client']);
      return c.json({ feedback: await listMyPendingIntakeFeedback({ ctx, actor }) }, 200);
    })
    .openapi(myFeedbackOneRoute, async (c) => {
      const actor = await requireFeedbackActor(ctx, c, ['client']);
      return c.json(
        { feedback: await getMyIntakeFeedback({ ctx, actor, id: c.req.valid('param').id }) },
        200,
      );
    })
    .openapi(submitFeedbackRoute, async (c) => {
      const actor = await requireFeedbackActor(ctx, c, ['client']);
      const feedback = await submitIntakeFeedback({
        ctx,
        actor,
        id: c.req.valid('param').id,
        input: c.req.valid('json'),
      });
      return c.json({ feedback }, 200);
    })
    .openapi(staffFeedbackRoute, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      return c.json({ feedback: await listStaffIntakeFeedback({ ctx, actor }) }, 200);
    })
    .openapi(unassignedBookingsRoute, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      return c.json({ bookings: await listUnassignedBookings({ ctx, actor }) }, 200);
    })
    .openapi(attachBookingRoute, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      const { id } = c.req.valid('param');
      const { client_id } = c.req.valid('json');
      return c.json(await attachUnassignedBooking({ ctx, actor, id, client_id }), 200);
    });

  if (ctx.scheduler.name !== 'demo') return router;
  return router
    .openapi(testSlotsRoute, async (c) => {
      await requireActor(ctx, c, ['client']);
      return c.json(await getTestSchedulerSlots({ ctx, link: c.req.valid('query').link }), 200);
    })
    .openapi(testBookRoute, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      const message = await bookTestScheduler({ ctx, actor, input: c.req.valid('json') });
      return c.json({ message }, 200);
    });
}
