import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { user_profiles } from '../db/schema';
import { AppError } from '../lib/errors';

/** Local installs only: a client as after a held intake, for end-to-end tests of proposals (issue 16). */
export async function markActiveForMatching({ ctx, id }: { ctx: AppContext; id: string }) {
  const [updated] = await ctx.db
    .update(user_profiles)
    .set({ contract_status: 'active_for_matching', updated_at: ctx.clock.now() })
    .where(and(eq(user_profiles.id, id), eq(user_profiles.role, 'client')))
    .returning({ id: user_profiles.id });
  if (!updated) throw new AppError('NOT_FOUND');
  return updated;
}
