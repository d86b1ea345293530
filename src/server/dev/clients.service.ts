import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { user_profiles } from '../db/schema';
import { AppError } from '../lib/errors';

/**
 * Local installs only: a client as after a held intake (with the matchmaker who held it), for
 * end-to-end tests of proposals (issue 16).
 */
export async function markActiveForMatching({
  ctx,
  id,
  matchmaker_id,
}: {
  ctx: AppContext;
  id: string;
  matchmaker_id?: string;
}) {
  if (matchmaker_id) {
    const [staff] = await ctx.db
      .select({ role: user_profiles.role })
      .from(user_profiles)
      .where(eq(user_profiles.id, matchmaker_id));
    if (staff?.role !== 'matchmaker') throw new AppError('NOT_FOUND', 'Geen matchmaker met deze id');
  }
  const [updated] = await ctx.db
    .update(user_profiles)
    .set({
      contract_status: 'active_for_matching',
      ...(matchmaker_id ? { assigned_matchmaker_id: matchmaker_id } : {}),
      updated_at: ctx.clock.now(),
    })
    .where(and(eq(user_profiles.id, id), eq(user_profiles.role, 'client')))
    .returning({ id: user_profiles.id });
  if (!updated) throw new AppError('NOT_FOUND');
  return updated;
}
