import { z } from 'zod';
import { isoDateTimeSchema } from './date-time';
import {
  CONTRACT_STATUSES,
  INACTIVITY_STATUSES,
  MATCH_RESPONSES,
  MATCH_STATUSES,
  type MatchStatus,
  ROLES,
  SUBSCRIPTION_STATUSES,
  TIERS,
} from './domain';

/** The `user_profiles` row as the API returns it. */
export const userProfileSchema = z.object({
  id: z.string(),
  role: z.enum(ROLES),
  full_name: z.string().nullable(),
  assigned_matchmaker_id: z.string().nullable(),
  tier: z.enum(TIERS),
  contract_status: z.enum(CONTRACT_STATUSES),
  subscription_status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  subscription_started_at: z.string().nullable(),
  subscription_ends_at: z.string().nullable(),
  grace_period_end_date: z.string().nullable(),
  last_activity_at: z.string().nullable(),
  last_login_at: z.string().nullable(),
  inactivity_status: z.enum(INACTIVITY_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const meResponseSchema = z.object({
  user: z.object({ id: z.string(), email: z.string() }),
  profile: userProfileSchema.nullable(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const errorResponseSchema = z.object({
  error: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** What a client sees of an open proposal before both accepted (never e-mail or surname). */
export const proposedMatchSummarySchema = z.object({
  id: z.string(),
  status: z.literal('proposed'),
  proposed_to_clients_at: z.string().nullable(),
  response_deadline: z.string().nullable(),
  /** The matchmaker's note for the two clients. */
  note: z.string().nullable(),
  other: z.object({
    first_name: z.string(),
    age: z.number().int().nullable(),
    region: z.string().nullable(),
    shared_interests: z.array(z.string()),
  }),
  my_response: z.enum(MATCH_RESPONSES).nullable(),
});
export const proposedMatchesResponseSchema = z.object({ matches: z.array(proposedMatchSummarySchema) });
export type ProposedMatchSummary = z.infer<typeof proposedMatchSummarySchema>;

/** One client of a match as staff see it (spec section 3: client1 and client2 joins). */
export const matchClientSchema = z.object({
  id: z.string(),
  full_name: z.string().nullable(),
  email: z.string(),
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
  completed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  client1: matchClientSchema,
  client2: matchClientSchema,
});
export type Match = z.infer<typeof matchSchema>;
export const matchResponseSchema = z.object({ match: matchSchema });
export const matchesResponseSchema = z.object({ matches: z.array(matchSchema) });

export const MAX_NOTE_LENGTH = 2000;

export const createMatchSchema = z.object({
  client1_id: z.string().min(1).max(100),
  client2_id: z.string().min(1).max(100),
  note: z.string().trim().max(MAX_NOTE_LENGTH).optional(),
});
export type CreateMatchInput = z.infer<typeof createMatchSchema>;

export const listMatchesQuerySchema = z.object({
  status: z.enum(MATCH_STATUSES).optional(),
  client_id: z.string().min(1).max(100).optional(),
});

export const updateMatchSchema = z.object({
  status: z.enum(MATCH_STATUSES),
  scheduled_at: isoDateTimeSchema.optional(),
});
export type UpdateMatchInput = z.infer<typeof updateMatchSchema>;

export const respondToMatchSchema = z
  .object({
    response: z.enum(MATCH_RESPONSES),
    rejection_reason: z.string().trim().max(MAX_NOTE_LENGTH).optional(),
  })
  .refine((body) => body.response === 'rejected' || !body.rejection_reason, {
    message: 'Een reden kan alleen bij een afwijzing',
    path: ['rejection_reason'],
  });
export type RespondToMatchInput = z.infer<typeof respondToMatchSchema>;

export const healthResponseSchema = z.object({ status: z.literal('ok') });

/** One active matchmaker in the public listing (spec section 3 `available_matchmakers`). */
export const matchmakerSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  full_name: z.string(),
  profile_photo_url: z.string().nullable(),
  specialties: z.array(z.string()),
  success_rate: z.number().int().nullable(),
  client_count: z.number().int(),
});
export type MatchmakerSummary = z.infer<typeof matchmakerSummarySchema>;
export const matchmakersResponseSchema = z.object({ matchmakers: z.array(matchmakerSummarySchema) });
export type MatchmakersResponse = z.infer<typeof matchmakersResponseSchema>;

/** The public profile of an active matchmaker (spec section 2 "Public matchmaker page"). */
export const matchmakerProfileSchema = matchmakerSummarySchema.extend({
  email: z.string(),
  bio: z.string().nullable(),
  about_me: z.string().nullable(),
  years_experience: z.number().int().nullable(),
  calendly_link: z.string().nullable(),
});
export type MatchmakerProfile = z.infer<typeof matchmakerProfileSchema>;
export const matchmakerProfileResponseSchema = z.object({ matchmaker: matchmakerProfileSchema });

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
export const matchOutcomeSchema = z
  .object({
    outcome: z.enum(MATCH_OUTCOMES),
    scheduled_at: isoDateTimeSchema.optional(),
    note: z.string().trim().max(MAX_NOTE_LENGTH).optional(),
  })
  .refine((body) => body.outcome !== 'scheduled' || body.scheduled_at, {
    message: 'Kies een datum en uur voor de date',
    path: ['scheduled_at'],
  });
export type MatchOutcomeInput = z.infer<typeof matchOutcomeSchema>;

export const createMatchFeedbackSchema = z.object({
  rating: z.number().int().min(1).max(5),
  would_meet_again: z.boolean(),
  feedback_text: z.string().trim().max(MAX_NOTE_LENGTH).optional(),
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
  client: z.object({ id: z.string(), full_name: z.string().nullable(), email: z.string() }),
});
export type MatchFeedback = z.infer<typeof matchFeedbackSchema>;

export const createFollowUpSchema = z.object({
  follow_up_date: isoDateTimeSchema,
  notes: z.string().trim().min(1, 'Schrijf wat er gebeurde').max(MAX_NOTE_LENGTH),
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
  status: z.enum(['accepted', 'scheduled', 'completed']),
  accepted_at: z.string().nullable(),
  scheduled_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  other: z.object({ first_name: z.string() }),
  /** Whether this client already gave feedback on the date. */
  feedback_given: z.boolean(),
});
export type ClientMatch = z.infer<typeof clientMatchSchema>;
export const clientMatchesResponseSchema = z.object({ matches: z.array(clientMatchSchema) });

/** GET /api/clients?q=: staff find clients by name to propose a match (at most 20, by name). */
export const clientSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Typ minstens 2 letters' })
    .trim()
    .min(2, 'Typ minstens 2 letters')
    .max(100, 'Zoek met hoogstens 100 tekens'),
});
export const clientSearchResultSchema = z.object({
  id: z.string(),
  full_name: z.string().nullable(),
  email: z.string(),
  tier: z.enum(TIERS),
  age: z.number().int().nullable(),
  region: z.string().nullable(),
  contract_status: z.enum(CONTRACT_STATUSES),
  assigned_matchmaker_name: z.string().nullable(),
});
export type ClientSearchResult = z.infer<typeof clientSearchResultSchema>;
export const clientSearchResponseSchema = z.object({ clients: z.array(clientSearchResultSchema) });
