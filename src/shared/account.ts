/** The account: who is signed in, and their `user_profiles` row. */
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
  /**
   * Issue 26: true for a matchmaker an admin deactivated (every other route refuses them with 403
   * ACCOUNT_INACTIVE); the web shows them the page that says so.
   */
  account_inactive: z.boolean().optional(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/**
 * GET /api/session: the same as /api/me, or null for a visitor. Pages open to everyone ask this,
 * so a signed-out visit is a 200 and leaves no error in the browser's console.
 */
export const sessionResponseSchema = z.object({ session: meResponseSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
