/**
 * Feedback on matchmakers (issue 17): the requests a client gets (every 3 months, and after a
 * completed date), the modal's submission and what staff read back. Used by server and web.
 */
import { z } from 'zod';
import { FEEDBACK_REQUEST_STATUSES, FEEDBACK_REQUEST_TYPES, RATING_MAX, RATING_MIN } from './domain';
import { MESSAGES } from './messages';

// The feedback widget's key, count and link parameters live in feedback-widget.ts, free of schemas,
// which the web imports (decision 047); the server's imports of them here stay.
export {
  FEEDBACK_DATE_PARAM,
  FEEDBACK_REQUEST_PARAM,
  feedbackDaysLeftText,
  MATCHMAKER_FEEDBACK_WIDGET_KEY,
} from './feedback-widget';

/** Spec section 9: the feedback covers the previous 3 months up to now. */
export const FEEDBACK_PERIOD_MONTHS = 3;
/** A reminder goes this many days before a request expires (issue 17 item 6). */
export const FEEDBACK_REMINDER_DAYS_BEFORE = 3;
/** A completed date asks for feedback when it completed at most this many days ago. */
export const MATCH_FEEDBACK_WINDOW_DAYS = 14;
/** Spec section 9: the modal closes 2 seconds after success. */
export const FEEDBACK_MODAL_CLOSE_MS = 2000;

/** Spec section 8: the remainder of 'Bedankt voor je feedback! ...' is ours. */
export const MATCHMAKER_FEEDBACK_SUCCESS =
  'Bedankt voor je feedback! Zo kan je matchmaker je nog beter helpen.';
/** The anonymous option, explained in one sentence (issue 17 item 2). */
export const ANONYMOUS_EXPLANATION =
  'Anoniem: je matchmaker ziet je scores en tekst, maar niet van wie ze komen; alleen de beheerder van Koppel ziet je naam.';

export const MAX_MATCHMAKER_FEEDBACK_TEXT_LENGTH = 2000;

/** The five ratings of the modal (spec section 2), in its order, with their Dutch labels. */
export const MATCHMAKER_RATINGS = [
  { key: 'communication_rating', label: 'Communicatie' },
  { key: 'preference_understanding_rating', label: 'Begrip van je voorkeuren' },
  { key: 'match_quality_rating', label: 'Kwaliteit van de matches' },
  { key: 'responsiveness_rating', label: 'Bereikbaarheid en reactiesnelheid' },
  { key: 'overall_satisfaction_rating', label: 'Algemene tevredenheid' },
] as const;
export type MatchmakerRatingKey = (typeof MATCHMAKER_RATINGS)[number]['key'];

const ratingSchema = z
  .number({ error: 'Kies een score van 1 tot 5' })
  .int('Kies een score van 1 tot 5')
  .min(RATING_MIN, 'Kies een score van 1 tot 5')
  .max(RATING_MAX, 'Kies een score van 1 tot 5');
const optionalText = z
  .string()
  .max(MAX_MATCHMAKER_FEEDBACK_TEXT_LENGTH, `Maximaal ${MAX_MATCHMAKER_FEEDBACK_TEXT_LENGTH} tekens`)
  .nullish();

/**
 * POST /api/matchmaker-feedback: the answer to one of the client's own pending requests.
 * Overall satisfaction is required, the other ratings optional; `matchmaker_id`, when sent, must
 * be the request's (the client's own) matchmaker.
 */
export const submitMatchmakerFeedbackSchema = z
  .object({
    feedback_request_id: z.uuid('Ongeldig feedbackverzoek'),
    matchmaker_id: z.string().min(1).max(100).optional(),
    communication_rating: ratingSchema.nullish(),
    preference_understanding_rating: ratingSchema.nullish(),
    match_quality_rating: ratingSchema.nullish(),
    responsiveness_rating: ratingSchema.nullish(),
    overall_satisfaction_rating: ratingSchema.nullish(),
    feedback_text: optionalText,
    improvement_suggestions: optionalText,
    is_anonymous: z.boolean().optional(),
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
export type SubmitMatchmakerFeedbackInput = z.infer<typeof submitMatchmakerFeedbackSchema>;

const personSchema = z.object({ id: z.string(), full_name: z.string().nullable() });

/** A client's pending request (spec section 3), with the matchmaker's name (section 7). */
export const feedbackRequestSchema = z.object({
  id: z.string(),
  client_id: z.string(),
  matchmaker_id: z.string(),
  request_type: z.enum(FEEDBACK_REQUEST_TYPES),
  /** After a date (`post_match`): that date's match; otherwise null. */
  match_id: z.string().nullable(),
  status: z.enum(FEEDBACK_REQUEST_STATUSES),
  expires_at: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  matchmaker: personSchema,
});
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;
export const feedbackRequestListSchema = z.object({ requests: z.array(feedbackRequestSchema) });

/**
 * Matchmaker feedback as staff read it. To a matchmaker an anonymous entry carries no client at
 * all (no name, no id); an admin always gets the client (spec section 6).
 */
export const staffMatchmakerFeedbackSchema = z.object({
  id: z.string(),
  matchmaker: personSchema,
  request_type: z.enum(FEEDBACK_REQUEST_TYPES).nullable(),
  communication_rating: z.number().nullable(),
  preference_understanding_rating: z.number().nullable(),
  match_quality_rating: z.number().nullable(),
  responsiveness_rating: z.number().nullable(),
  overall_satisfaction_rating: z.number(),
  feedback_text: z.string().nullable(),
  improvement_suggestions: z.string().nullable(),
  is_anonymous: z.boolean(),
  feedback_period_start: z.string(),
  feedback_period_end: z.string(),
  created_at: z.string(),
  client: personSchema.nullable(),
});
export type StaffMatchmakerFeedback = z.infer<typeof staffMatchmakerFeedbackSchema>;
export const staffMatchmakerFeedbackListSchema = z.object({
  feedback: z.array(staffMatchmakerFeedbackSchema),
});
export const submitMatchmakerFeedbackResponseSchema = z.object({ feedback: staffMatchmakerFeedbackSchema });

/** GET /api/matchmaker-feedback: an admin may narrow to one matchmaker. */
export const listMatchmakerFeedbackQuerySchema = z.object({
  matchmaker_id: z.string().min(1).max(100).optional(),
});

/**
 * `date` moved by whole calendar months (UTC), e.g. -3 for three months earlier; a day the target
 * month lacks becomes its last day (31 May - 3 months = 28 or 29 February).
 */
export function addMonths(date: Date, months: number): Date {
  const moved = new Date(date.getTime());
  const day = moved.getUTCDate();
  moved.setUTCDate(1);
  moved.setUTCMonth(moved.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(moved.getUTCFullYear(), moved.getUTCMonth() + 1, 0)).getUTCDate();
  moved.setUTCDate(Math.min(day, lastDay));
  return moved;
}

/** The quarter of a date as 'K1 2026' (the chart's periods; by UTC date). */
export function quarterLabel(value: string | Date): string {
  const date = new Date(value);
  return `K${Math.floor(date.getUTCMonth() / 3) + 1} ${date.getUTCFullYear()}`;
}

/** Averages per rating per quarter, oldest first: the matchmaker's chart over time. */
export function averagesByQuarter(
  feedback: readonly Pick<StaffMatchmakerFeedback, 'created_at' | MatchmakerRatingKey>[],
): { quarter: string; count: number; averages: Record<MatchmakerRatingKey, number | null> }[] {
  const sorted = [...feedback].sort((a, b) => a.created_at.localeCompare(b.created_at));
  const groups = new Map<string, (typeof sorted)[number][]>();
  for (const f of sorted) {
    const key = quarterLabel(f.created_at);
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  return [...groups].map(([quarter, rows]) => ({
    quarter,
    count: rows.length,
    averages: Object.fromEntries(
      MATCHMAKER_RATINGS.map(({ key }) => {
        const values = rows.map((r) => r[key]).filter((v): v is number => v !== null);
        return [key, values.length ? values.reduce((a, b) => a + b, 0) / values.length : null];
      }),
    ) as Record<MatchmakerRatingKey, number | null>,
  }));
}
