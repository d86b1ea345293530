import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { user_profiles } from '../db/schema';

/** Login or a restored session: last activity, last login and inactivity status are refreshed. */
export async function refreshActivity({ db, user_id, now }: { db: Db; user_id: string; now: Date }) {
  const [profile] = await db
    .update(user_profiles)
    .set({ last_activity_at: now, last_login_at: now, inactivity_status: 'active', updated_at: now })
    .where(eq(user_profiles.id, user_id))
    .returning();
  return profile ?? null;
}
