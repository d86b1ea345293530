import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { user_profiles } from '../db/schema';

type Profile = typeof user_profiles.$inferSelect;

/** Issue 19: last_activity_at is written at most once per this interval per user. */
export const ACTIVITY_REFRESH_MS = 5 * 60 * 1000;

/** Sign-in: last login, last activity and inactivity status are set. */
export async function refreshActivity({ db, user_id, now }: { db: Db; user_id: string; now: Date }) {
  const [profile] = await db
    .update(user_profiles)
    .set({ last_activity_at: now, last_login_at: now, inactivity_status: 'active', updated_at: now })
    .where(eq(user_profiles.id, user_id))
    .returning();
  return profile ?? null;
}

/**
 * A restored session (GET /api/me, GET /api/session): last activity and inactivity status are
 * refreshed, at most once per ACTIVITY_REFRESH_MS, and last_login_at stays the sign-in time
 * (issue 19). Without a write the profile read with the session is returned as it is.
 */
export async function touchActivity({
  db,
  profile,
  now,
}: {
  db: Db;
  profile: Profile | null;
  now: Date;
}): Promise<Profile | null> {
  if (!profile) return null;
  const recent =
    profile.last_activity_at !== null &&
    now.getTime() - profile.last_activity_at.getTime() < ACTIVITY_REFRESH_MS &&
    profile.last_activity_at.getTime() <= now.getTime();
  if (recent && profile.inactivity_status === 'active') return profile;
  const [updated] = await db
    .update(user_profiles)
    .set({ last_activity_at: now, inactivity_status: 'active', updated_at: now })
    .where(eq(user_profiles.id, profile.id))
    .returning();
  return updated ?? null;
}
