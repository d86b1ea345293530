/**
 * The intake contract (issue 13): sessions booked through the scheduler, completing them, and the
 * client's feedback on them. Used by server and web.
 */
import { z } from 'zod';
import { isoDateTimeSchema } from './date-time';
import {
  INTAKE_STATUSES,
  RATING_MAX,
  RATING_MIN,
  SESSION_TYPES,
  type SessionType,
  TIERS,
  type Tier,
} from './domain';
import { MAX_INTAKE_NOTES_LENGTH } from './intake-rules';
import { MESSAGES } from './messages';

// The intake's rules and constants without a schema live in intake-rules.ts, which the web imports
// (no zod on its first load, decision 047); the server's imports of them here stay.
export {
  canChangeBooking,
  canCompleteSession,
  INTAKE_CHANGE_WINDOW_HOURS,
  INTAKE_FEEDBACK_WIDGET_KEY,
  intakeFeedbackCountdown,
  intakeFeedbackDueAt,
  isFirstIntakeSession,
  isIntakeFeedbackOpen,
  isUpcomingBooking,
  MAX_INTAKE_NOTES_LENGTH,
  SESSION_LENGTH_MS,
} from './intake-rules';

// ---------------------------------------------------------------------------------------------
// Scheduling links and the booking message

/** Calendly's default base for the fallback links of spec section 9 (CALENDLY_BASE_URL). */
export const DEFAULT_CALENDLY_BASE_URL = 'https://calendly.com/koppel';

/** Spec section 9: the fallback event per tier when the client's matchmaker has no link. */
export function fallbackEventSlug(tier: Tier): string {
  if (tier === 'Persoonlijk+') return 'vip-intake';
  if (tier === 'Persoonlijk') return 'personal-intake';
  if (tier === 'Relax+') return 'premium-consultation';
  return 'general-consultation';
}

/** Spec section 5: 'follow' in the event type's name is a follow-up, 'coaching' coaching, else intake. */
export function sessionTypeFromEventName(name: string | null | undefined): SessionType {
  const lower = (name ?? '').toLowerCase();
  if (lower.includes('follow')) return 'follow_up';
  if (lower.includes('coaching')) return 'coaching';
  return 'intake';
}

/** The UTM field of the embed URL that carries the signed client reference back in the webhook. */
export const CLIENT_REF_UTM_FIELD = 'utm_content';

/** Booking retries of spec section 9: at most 3, waiting 2 s × the attempt number. */
export const BOOKING_MAX_RETRIES = 3;
export const BOOKING_RETRY_BASE_MS = 2000;

/** The local test scheduler's label, everywhere it shows. */
export const TEST_SCHEDULER_NAME = 'Testagenda';

/** What Calendly (or the Testagenda) posts to the page when an invitee books (spec section 3). */
export const schedulerBookingMessageSchema = z.object({
  event: z.literal('calendly.event_scheduled'),
  payload: z.object({
    event: z.object({
      uri: z.string().optional(),
      uuid: z.string().optional(),
      start_time: z.string().optional(),
      location: z
        .object({ join_url: z.string().optional(), location: z.string().optional() })
        .partial()
        .nullable()
        .optional(),
    }),
    invitee: z
      .object({
        uri: z.string().optional(),
        uuid: z.string().optional(),
        questions_and_answers: z.array(z.object({ question: z.string(), answer: z.string() })).optional(),
      })
      .optional(),
    event_type: z.object({ name: z.string().optional() }).partial().optional(),
  }),
});
export type SchedulerBookingMessage = z.infer<typeof schedulerBookingMessageSchema>;

/** The last path segment of a Calendly URI (`…/scheduled_events/<uuid>`). */
export function uuidFromUri(uri: string | undefined): string | undefined {
  if (!uri) return undefined;
  const last = uri.replace(/\/+$/, '').split('/').pop();
  return last || undefined;
}

// ---------------------------------------------------------------------------------------------
// Sessions

const eventIdSchema = z
  .string()
  .trim()
  .min(1, 'Geen afspraak')
  .max(200, 'Ongeldige afspraak')
  .regex(/^[A-Za-z0-9_-]+$/, 'Ongeldige afspraak');
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Maximaal ${max} tekens`)
    .optional()
    .transform((value) => (value ? value : undefined));

/** POST /api/intake-sessions: the booking as the browser saw it (the caller's own session). */
export const createIntakeSessionSchema = z.object({
  calendly_event_id: eventIdSchema,
  scheduled_at: isoDateTimeSchema,
  event_type_name: optionalText(200),
  location: optionalText(500),
});
export type CreateIntakeSessionInput = z.infer<typeof createIntakeSessionSchema>;

/** PATCH /api/intake-sessions/{id}: what a client may change of their own booking. */
export const updateIntakeSessionSchema = z
  .object({
    scheduled_at: isoDateTimeSchema.optional(),
    location: z.string().trim().max(500, 'Maximaal 500 tekens').nullable().optional(),
    status: z.literal('cancelled').optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { message: 'Niets om te wijzigen' });
export type UpdateIntakeSessionInput = z.infer<typeof updateIntakeSessionSchema>;

/** POST /api/intake-sessions/{id}/complete. */
export const completeIntakeSessionSchema = z.object({
  matchmaker_notes: z
    .string()
    .trim()
    .min(1, 'Schrijf je notities van het gesprek')
    .max(MAX_INTAKE_NOTES_LENGTH, `Maximaal ${MAX_INTAKE_NOTES_LENGTH} tekens`),
});
export type CompleteIntakeSessionInput = z.infer<typeof completeIntakeSessionSchema>;

const personSchema = z.object({ id: z.string(), full_name: z.string().nullable() });

/** A session as its client sees it (without the matchmaker's notes). */
export const intakeSessionSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  calendly_event_id: z.string().nullable(),
  scheduled_at: z.string().nullable(),
  session_type: z.enum(SESSION_TYPES),
  status: z.enum(INTAKE_STATUSES),
  location: z.string().nullable(),
  join_url: z.string().nullable(),
  assigned_matchmaker_id: z.string().nullable(),
  matchmaker: personSchema.nullable(),
  completed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type IntakeSession = z.infer<typeof intakeSessionSchema>;
export const intakeSessionResponseSchema = z.object({ session: intakeSessionSchema });
export const intakeSessionsResponseSchema = z.object({ sessions: z.array(intakeSessionSchema) });
export type IntakeSessionsResponse = z.infer<typeof intakeSessionsResponseSchema>;

/** A session as staff see it: with the client and the notes. */
export const staffIntakeSessionSchema = intakeSessionSchema.extend({
  matchmaker_notes: z.string().nullable(),
  client: personSchema.extend({ tier: z.enum(TIERS) }),
});
export type StaffIntakeSession = z.infer<typeof staffIntakeSessionSchema>;
export const staffIntakeSessionsResponseSchema = z.object({ sessions: z.array(staffIntakeSessionSchema) });
export type StaffIntakeSessionsResponse = z.infer<typeof staffIntakeSessionsResponseSchema>;
export const staffIntakeSessionResponseSchema = z.object({ session: staffIntakeSessionSchema });

export const listIntakeSessionsQuerySchema = z.object({
  status: z.enum(INTAKE_STATUSES).optional(),
  from: isoDateTimeSchema.optional(),
  to: isoDateTimeSchema.optional(),
});

/** Where the client books: the scheduler, its URL (with prefill and the signed reference). */
export const schedulerSettingsSchema = z.object({
  provider: z.enum(['calendly', 'demo']),
  /** The link before the embed parameters: the matchmaker's, or the tier's fallback. */
  link: z.string(),
  /** The URL to load: Calendly's embed URL, or the local Testagenda page. */
  url: z.string(),
  source: z.enum(['matchmaker', 'fallback']),
});
export type SchedulerSettings = z.infer<typeof schedulerSettingsSchema>;

/** What to prepare for an intake, in the page and the confirmation mail. */
export const INTAKE_PREPARATION = [
  'Denk na over wat je zoekt in een partner en wat voor jou niet kan.',
  'Bedenk wat je over jezelf wilt vertellen: werk, vrije tijd, familie, je vorige relaties.',
  'Zorg voor een rustige plek en, bij een online gesprek, een goede verbinding.',
  'Het gesprek duurt ongeveer een uur. Je kunt al je vragen stellen.',
] as const;

// ---------------------------------------------------------------------------------------------
// The Testagenda (local installs)

export const testSchedulerSlotsSchema = z.object({
  host: z.object({ full_name: z.string().nullable() }),
  event_type_name: z.string(),
  slots: z.array(z.string()),
});
export type TestSchedulerSlots = z.infer<typeof testSchedulerSlotsSchema>;
export const testSchedulerBookSchema = z.object({
  link: z.string().min(1).max(500),
  ref: z.string().max(200).optional(),
  name: z.string().trim().max(200).optional(),
  email: z.string().trim().max(320).optional(),
  start_time: isoDateTimeSchema,
});
export const testSchedulerBookingSchema = z.object({ message: schedulerBookingMessageSchema });

/** GET /api/intake-sessions/{id}/slots: the free moments the client may move their booking to. */
export const intakeMoveSlotsSchema = z.object({
  /** False within 24 hours of the start: the client contacts the matchmaker instead. */
  can_change: z.boolean(),
  slots: z.array(z.string()),
});
export type IntakeMoveSlots = z.infer<typeof intakeMoveSlotsSchema>;

// ---------------------------------------------------------------------------------------------
// Intake feedback

const ratingSchema = z
  .number({ error: 'Kies een score van 1 tot 5' })
  .int('Kies een score van 1 tot 5')
  .min(RATING_MIN, 'Kies een score van 1 tot 5')
  .max(RATING_MAX, 'Kies een score van 1 tot 5');

export const MAX_FEEDBACK_TEXT_LENGTH = 2000;
/** PATCH /api/intake-feedback/{id}: overall required; unset ratings and empty text become null. */
export const submitIntakeFeedbackSchema = z
  .object({
    overall_satisfaction_rating: ratingSchema.nullish(),
    professionalism_rating: ratingSchema.nullish(),
    communication_rating: ratingSchema.nullish(),
    improvement_feedback: z
      .string()
      .max(MAX_FEEDBACK_TEXT_LENGTH, `Maximaal ${MAX_FEEDBACK_TEXT_LENGTH} tekens`)
      .nullish(),
  })
  .superRefine((value, context) => {
    if (value.overall_satisfaction_rating == null) {
      context.addIssue({
        code: 'custom',
        path: ['overall_satisfaction_rating'],
        message: MESSAGES.overallSatisfactionRequired,
      });
    }
  });
export type SubmitIntakeFeedbackInput = z.infer<typeof submitIntakeFeedbackSchema>;

/** A client's own intake feedback row, joined to the session and the matchmaker. */
export const intakeFeedbackSchema = z.object({
  id: z.string(),
  intake_session_id: z.string(),
  client_id: z.string(),
  matchmaker_id: z.string().nullable(),
  feedback_requested_at: z.string(),
  due_at: z.string(),
  submitted_at: z.string().nullable(),
  professionalism_rating: z.number().nullable(),
  communication_rating: z.number().nullable(),
  overall_satisfaction_rating: z.number().nullable(),
  improvement_feedback: z.string().nullable(),
  updated_at: z.string(),
  session: z.object({ scheduled_at: z.string().nullable(), session_type: z.enum(SESSION_TYPES) }),
  matchmaker: personSchema.nullable(),
});
export type IntakeFeedback = z.infer<typeof intakeFeedbackSchema>;
export const intakeFeedbackListSchema = z.object({ feedback: z.array(intakeFeedbackSchema) });
export const intakeFeedbackResponseSchema = z.object({ feedback: intakeFeedbackSchema });

/**
 * Intake feedback as staff see it. A matchmaker gets no client reference at all (spec section 6:
 * anonymous to the matchmaker); `client` is filled for an admin only.
 */
export const staffIntakeFeedbackSchema = z.object({
  id: z.string(),
  matchmaker: personSchema.nullable(),
  submitted_at: z.string(),
  professionalism_rating: z.number().nullable(),
  communication_rating: z.number().nullable(),
  overall_satisfaction_rating: z.number().nullable(),
  improvement_feedback: z.string().nullable(),
  client: personSchema.nullable(),
});
export type StaffIntakeFeedback = z.infer<typeof staffIntakeFeedbackSchema>;
export const staffIntakeFeedbackListSchema = z.object({ feedback: z.array(staffIntakeFeedbackSchema) });

/**
 * Issue 30 (decision 034): a scheduler booking whose webhook carried no valid client reference,
 * waiting for staff to attach it to the client it belongs to. `suggested_client` is the client
 * whose account has the invitee's e-mail, when the reader may attach to them: a hint, never applied.
 */
export const unassignedBookingSchema = z.object({
  id: z.string(),
  scheduled_at: z.string().nullable(),
  event_type_name: z.string().nullable(),
  invitee_email: z.string().nullable(),
  invitee_name: z.string().nullable(),
  host: z.object({ id: z.string(), full_name: z.string().nullable() }).nullable(),
  cancelled: z.boolean(),
  created_at: z.string(),
  suggested_client: z.object({ id: z.string(), full_name: z.string().nullable() }).nullable(),
});
export type UnassignedBooking = z.infer<typeof unassignedBookingSchema>;
export const unassignedBookingsResponseSchema = z.object({ bookings: z.array(unassignedBookingSchema) });
export const attachUnassignedBookingSchema = z.object({
  client_id: z.string({ error: 'Kies een klant' }).trim().min(1, 'Kies een klant').max(100, 'Kies een klant'),
});
export type AttachUnassignedBookingInput = z.infer<typeof attachUnassignedBookingSchema>;
