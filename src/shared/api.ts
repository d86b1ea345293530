import { z } from 'zod';
import { CONTRACT_STATUSES, INACTIVITY_STATUSES, ROLES, SUBSCRIPTION_STATUSES, TIERS } from './domain';

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
  other: z.object({ first_name: z.string() }),
  my_response: z.enum(['accepted', 'rejected']).nullable(),
});
export const proposedMatchesResponseSchema = z.object({ matches: z.array(proposedMatchSummarySchema) });
export type ProposedMatchSummary = z.infer<typeof proposedMatchSummarySchema>;

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
