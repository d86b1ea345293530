/** The matches contract: proposals, answers, outcomes, feedback and follow-ups. */
import { z } from 'zod';
import { isoDateTime, isoDateTimeSchema } from './date-time';
import {
  MATCH_RESPONSES,
  MATCH_STATUSES,
  MAX_OVERRIDE_REASON_LENGTH,
  type MatchStatus,
  RATING_MAX,
  RATING_MIN,
  TIERS,
} from './domain';
import { MESSAGES } from './messages';

/** Issue 27: one fact both clients' profiles support, as the proposal card says it. */
export const SHARED_FACT_KINDS = ['languages', 'smoking', 'relationship', 'children', 'distance'] as const;
export type SharedFactKind = (typeof SHARED_FACT_KINDS)[number];
export const sharedFactSchema = z.object({ kind: z.enum(SHARED_FACT_KINDS), text: z.string() });
export type SharedFact = z.infer<typeof sharedFactSchema>;

/**
 * How far apart two clients live, as both read it (the card's fact, magic match's pre-filled
 * introduction): rounded to 5 km, "minder dan 10 km" nearby, so no exact place can be read from it.
 */
export function distanceInWords(km: number): string {
  return km < 10 ? 'minder dan 10 km' : `ongeveer ${Math.round(km / 5) * 5} km`;
}

/** What a client sees of an open proposal before both accepted (never e-mail or surname). */
export const proposedMatchSummarySchema = z.object({
  id: z.string(),
  status: z.literal('proposed'),
  proposed_to_clients_at: z.string().nullable(),
  response_deadline: z.string().nullable(),
  /** The matchmaker's introduction for the two clients (issue 27: why these two). */
  note: z.string().nullable(),
  other: z.object({
    first_name: z.string(),
    age: z.number().int().nullable(),
    region: z.string().nullable(),
    shared_interests: z.array(z.string()),
  }),
  /** Issue 27: what both profiles say alike, in Dutch (decision 027, "Introduction and shared facts"). */
  shared_facts: z.array(sharedFactSchema),
  my_response: z.enum(MATCH_RESPONSES).nullable(),
});
export const proposedMatchesResponseSchema = z.object({ matches: z.array(proposedMatchSummarySchema) });
export type ProposedMatchSummary = z.infer<typeof proposedMatchSummarySchema>;

/** One client of a match as staff see it (spec section 3: client1 and client2 joins). */
export const matchClientSchema = z.object({
  id: z.string(),
  full_name: z.string().nullable(),
  /** Only for the caller's own clients (admins: every client); decision 009. */
  email: z.string().nullable(),
  tier: z.enum(TIERS),
});

/** A match with both clients joined, for matchmakers and admins. */
export const matchSchema = z.object({
  id: z.string(),
  client1_id: z.string(),
  client2_id: z.string(),
  matchmaker_id: z.string().nullable(),
  status: z.enum(MATCH_STATUSES),
  note: z.string().nullable(),
  proposed_to_clients_at: z.string().nullable(),
  response_deadline: z.string().nullable(),
  accepted_at: z.string().nullable(),
  scheduled_at: z.string().nullable(),
  /** When the date took place: its planned time (issue 27). */
  completed_at: z.string().nullable(),
  /** When staff marked the date as held. */
  completed_recorded_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** The date's place and the matchmaker's message to both clients (issue 27). */
  date_place_name: z.string().nullable(),
  date_place_address: z.string().nullable(),
  date_place_url: z.string().nullable(),
  date_message: z.string().nullable(),
  /** The invitation's iCalendar SEQUENCE: 0 when planned, one more on every move and on cancelling. */
  date_sequence: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  client1: matchClientSchema,
  client2: matchClientSchema,
  /** Issue 26: why the matchmaker proposed against a soft wish (staff only), and which rules. */
  override_reason: z.string().nullable(),
  overridden_rules: z.array(z.string()),
});
export type Match = z.infer<typeof matchSchema>;
export const matchResponseSchema = z.object({ match: matchSchema });
export const matchesResponseSchema = z.object({ matches: z.array(matchSchema) });
export type MatchesResponse = z.infer<typeof matchesResponseSchema>;

export const MAX_NOTE_LENGTH = 2000;

/** An optional free text of a match (a note, a reason, feedback), at most MAX_NOTE_LENGTH characters. */
const optionalNoteSchema = z.string().trim().max(MAX_NOTE_LENGTH, MESSAGES.noteTooLong).optional();

/**
 * Issue 27: the introduction a matchmaker writes when proposing (a few sentences: why these two),
 * which both clients read on their proposal card. The dialog requires it; the API keeps it optional
 * for older callers, but one that is given must be an introduction, not a word.
 */
export const MIN_INTRODUCTION_LENGTH = 30;
export const MAX_INTRODUCTION_LENGTH = 1000;
export const introductionSchema = z
  .string(MESSAGES.introductionTooShort)
  .trim()
  .min(MIN_INTRODUCTION_LENGTH, MESSAGES.introductionTooShort)
  .max(MAX_INTRODUCTION_LENGTH, MESSAGES.introductionTooLong);

export const createMatchSchema = z.object({
  client1_id: z.string().min(1, MESSAGES.chooseTwoClients).max(100),
  client2_id: z.string().min(1, MESSAGES.chooseTwoClients).max(100),
  /** Issue 27: the introduction both clients read; required in the dialog (newMatchFormSchema). */
  note: introductionSchema.optional(),
  /** Issue 16: the matchmaker confirms a proposal beyond the dates a client's package includes. */
  confirm_extra_date: z.boolean().optional(),
  /** Issue 26: why the pair is proposed against a soft wish (an overridable rule); staff only. */
  override_reason: z
    .string()
    .trim()
    .max(MAX_OVERRIDE_REASON_LENGTH, MESSAGES.overrideReasonTooLong)
    .optional(),
});
export type CreateMatchInput = z.infer<typeof createMatchSchema>;

/**
 * Issue 26 (decision 026): the rules every proposal is judged by, in the order they are checked.
 * Only `age_range` (at most AGE_OVERRIDE_MAX_YEARS outside, age not a dealbreaker) and `distance`
 * (not a dealbreaker) can be overridden, with a reason.
 */
export const ELIGIBILITY_RULES = [
  'self',
  'deleted',
  'paused',
  'contract_status',
  'duplicate',
  'gender',
  'age_range',
  'age_dealbreaker',
  'distance_dealbreaker',
  'smoking_dealbreaker',
  'children_dealbreaker',
  'distance',
  'language',
] as const;
export type EligibilityRule = (typeof ELIGIBILITY_RULES)[number];
export const ELIGIBILITY_RULE_LABELS: Record<EligibilityRule, string> = {
  self: 'Twee keer dezelfde klant',
  deleted: 'Account verwijderd',
  paused: 'Matching gepauzeerd',
  contract_status: 'Niet actief voor matching',
  duplicate: 'Al een match',
  gender: 'Gezocht geslacht',
  age_range: 'Gezochte leeftijd',
  age_dealbreaker: 'Dealbreaker leeftijd',
  distance_dealbreaker: 'Dealbreaker afstand',
  smoking_dealbreaker: 'Dealbreaker roken',
  children_dealbreaker: 'Dealbreaker kinderwens',
  distance: 'Maximale afstand',
  language: 'Gemeenschappelijke taal',
};

/** One rule a pair fails: whose wish or state (null: the pair), whether a reason may override it. */
export const eligibilityFailureSchema = z.object({
  rule: z.enum(ELIGIBILITY_RULES),
  client_id: z.string().nullable(),
  overridable: z.boolean(),
  /** The ERRORS code a proposal is refused with. */
  code: z.string(),
  /** Dutch, naming the rule and the clients' first names. */
  message: z.string(),
});
export type EligibilityFailure = z.infer<typeof eligibilityFailureSchema>;

const chosenClientId = z
  .string({ error: MESSAGES.chooseTwoClients })
  .min(1, MESSAGES.chooseTwoClients)
  .max(100, MESSAGES.matchNeedsClients);
export const eligibilityQuerySchema = z.object({ client1_id: chosenClientId, client2_id: chosenClientId });

/** GET /api/matches/eligibility: the pair's checks before proposing. */
export const eligibilityResponseSchema = z.object({
  /** No rule that cannot be overridden fails. */
  proposable: z.boolean(),
  /** Proposable only with a reason (an overridable rule fails). */
  needs_reason: z.boolean(),
  failures: z.array(eligibilityFailureSchema),
});
export type EligibilityResponse = z.infer<typeof eligibilityResponseSchema>;

export const listMatchesQuerySchema = z.object({
  status: z.enum(MATCH_STATUSES).optional(),
  client_id: z.string().min(1).max(100).optional(),
});

/**
 * Issue 26: a PATCH changes the status only (never the clients, never back to a proposal), so it
 * cannot make a pair the eligibility rule would refuse; any other field is refused.
 */
export const updateMatchSchema = z.strictObject(
  {
    status: z.enum(MATCH_STATUSES),
    scheduled_at: isoDateTimeSchema.optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? MESSAGES.matchOnlyStatusChanges : undefined) },
);
export type UpdateMatchInput = z.infer<typeof updateMatchSchema>;

export const respondToMatchSchema = z
  .object({
    response: z.enum(MATCH_RESPONSES),
    rejection_reason: optionalNoteSchema,
  })
  .refine((body) => body.response === 'rejected' || !body.rejection_reason, {
    message: MESSAGES.rejectionReasonOnlyWhenRejecting,
    path: ['rejection_reason'],
  });
export type RespondToMatchInput = z.infer<typeof respondToMatchSchema>;

export const MATCH_OUTCOMES = ['scheduled', 'completed', 'cancelled'] as const;
export type MatchOutcome = (typeof MATCH_OUTCOMES)[number];

/** Which outcome may follow which status: a date is planned after both accepted, held after that. */
export const OUTCOME_FROM: Record<MatchOutcome, readonly MatchStatus[]> = {
  scheduled: ['accepted', 'scheduled'],
  completed: ['scheduled'],
  cancelled: ['proposed', 'accepted', 'scheduled'],
};

/**
 * POST /api/matches/{id}/outcome: a date planned (`scheduled` with `scheduled_at`, also to move
 * it), the date took place (`completed`), or the match stopped (`cancelled`). The optional note
 * is kept as a follow-up by the matchmaker.
 */
export const MAX_PLACE_LENGTH = 200;

/** A place's web address: http or https only (it becomes a link in mails and on the match page). */
const placeUrlSchema = z
  .string()
  .trim()
  .max(500, MESSAGES.placeUrlInvalid)
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), MESSAGES.placeUrlInvalid);

export const matchOutcomeSchema = z
  .object({
    outcome: z.enum(MATCH_OUTCOMES),
    scheduled_at: isoDateTime(MESSAGES.chooseDateTime).optional(),
    note: optionalNoteSchema,
    /**
     * Issue 27, with `scheduled`: where the two meet and the matchmaker's message to both (the
     * note stays for staff). Left out when moving a date, the place and message planned stay.
     */
    place_name: z.string().trim().max(MAX_PLACE_LENGTH, MESSAGES.placeTooLong).optional(),
    place_address: z.string().trim().max(MAX_PLACE_LENGTH, MESSAGES.placeTooLong).optional(),
    place_url: placeUrlSchema.optional(),
    message: optionalNoteSchema,
  })
  .refine((body) => body.outcome !== 'scheduled' || body.scheduled_at, {
    message: MESSAGES.chooseDateTime,
    path: ['scheduled_at'],
  });
export type MatchOutcomeInput = z.infer<typeof matchOutcomeSchema>;

export const createMatchFeedbackSchema = z.object({
  rating: z
    .number({ error: MESSAGES.chooseRatingAndMeetAgain })
    .int()
    .min(RATING_MIN, MESSAGES.chooseRatingAndMeetAgain)
    .max(RATING_MAX, MESSAGES.chooseRatingAndMeetAgain),
  would_meet_again: z.boolean({ error: MESSAGES.chooseRatingAndMeetAgain }),
  feedback_text: optionalNoteSchema,
});
export type CreateMatchFeedbackInput = z.infer<typeof createMatchFeedbackSchema>;

export const matchFeedbackSchema = z.object({
  id: z.string(),
  match_id: z.string(),
  client_id: z.string(),
  rating: z.number().int(),
  would_meet_again: z.boolean().nullable(),
  feedback_text: z.string().nullable(),
  submitted_at: z.string(),
  client: z.object({ id: z.string(), full_name: z.string().nullable(), email: z.string().nullable() }),
});
export type MatchFeedback = z.infer<typeof matchFeedbackSchema>;

export const createFollowUpSchema = z.object({
  follow_up_date: isoDateTime(MESSAGES.chooseValidDate),
  notes: z.string().trim().min(1, MESSAGES.followUpNotesRequired).max(MAX_NOTE_LENGTH, MESSAGES.noteTooLong),
});
export type CreateFollowUpInput = z.infer<typeof createFollowUpSchema>;

/** A follow-up of a match, with the names of who reported and who updated it (spec section 3). */
export const followUpSchema = z.object({
  id: z.string(),
  match_id: z.string(),
  follow_up_date: z.string(),
  notes: z.string().nullable(),
  reported_by_client_id: z.string().nullable(),
  updated_by_matchmaker_id: z.string().nullable(),
  reported_by: z.object({ id: z.string(), full_name: z.string().nullable() }).nullable(),
  updated_by: z.object({ id: z.string(), full_name: z.string().nullable() }).nullable(),
  created_at: z.string(),
});
export type FollowUp = z.infer<typeof followUpSchema>;

/** One answer of a client to a proposal, for staff (the rejection reason is for the matchmaker only). */
export const matchAnswerSchema = z.object({
  client_id: z.string(),
  response: z.enum(MATCH_RESPONSES),
  rejection_reason: z.string().nullable(),
  responded_at: z.string(),
});
export type MatchAnswer = z.infer<typeof matchAnswerSchema>;

/** GET /api/matches/{id}: one match for staff, with both clients' answers so far. */
export const matchDetailResponseSchema = z.object({
  match: matchSchema,
  answers: z.array(matchAnswerSchema),
});
export type MatchDetailResponse = z.infer<typeof matchDetailResponseSchema>;

/**
 * GET /api/me/matches: the client's matches after both accepted (accepted, scheduled, completed),
 * newest first. The other person is shown by first name only.
 */
export const clientMatchSchema = z.object({
  id: z.string(),
  /**
   * Issue 27: also `rejected` (the other declined: this proposal does not go on, never why) and
   * `cancelled` (a date that was planned is off).
   */
  status: z.enum(['accepted', 'scheduled', 'completed', 'rejected', 'cancelled']),
  accepted_at: z.string().nullable(),
  scheduled_at: z.string().nullable(),
  /** When the date took place: its planned time. */
  completed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** The other's id, for their photos (decision 011: only while both said yes). */
  other: z.object({ id: z.string(), first_name: z.string() }),
  /** The date's place and the matchmaker's message (issue 27), once planned. */
  date: z
    .object({
      place_name: z.string().nullable(),
      place_address: z.string().nullable(),
      place_url: z.string().nullable(),
      message: z.string().nullable(),
      /** This client asked to move this planning of the date ("Kan je niet?"). */
      move_requested: z.boolean(),
    })
    .nullable(),
  /** Whether this client already gave feedback on the date. */
  feedback_given: z.boolean(),
});
export type ClientMatch = z.infer<typeof clientMatchSchema>;
export const clientMatchesResponseSchema = z.object({ matches: z.array(clientMatchSchema) });

/** POST /api/me/matches/{id}/move-request: "Kan je niet?", the client's message to their matchmaker. */
export const dateMoveRequestSchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, MESSAGES.dateMoveMessageRequired)
    .max(MAX_NOTE_LENGTH, MESSAGES.noteTooLong),
});
export type DateMoveRequestInput = z.infer<typeof dateMoveRequestSchema>;
