import { and, eq, sql } from 'drizzle-orm';
import { checkClientAccess, requireClientAccess } from '../../auth/client-access';
import type { Actor, AppContext } from '../../context';
import { magic_match_hidden, user_profiles } from '../../db/schema';
import { selectTogether } from '../../db/together';
import { AppError } from '../../lib/errors';
import { type PackageDatesRows, packageDatesQueries, toPackageDates } from '../matches/package-dates';

/* Magic match's smaller operations beside the search: a client's package dates, hiding a candidate. */

/** A client's package dates for their file (the client's matchmaker and admins). */
export async function clientPackageDates({
  ctx,
  actor,
  clientId,
}: {
  ctx: AppContext;
  actor: Actor;
  clientId: string;
}) {
  const rows = await selectTogether<PackageDatesRows & { client: { assigned_matchmaker_id: string | null } }>(
    ctx.db,
    {
      client: sql`SELECT assigned_matchmaker_id FROM ${user_profiles} WHERE id = ${clientId} AND role = 'client'`,
      ...packageDatesQueries(clientId),
    },
  );
  checkClientAccess({ actor, client: rows.client[0] });
  return toPackageDates(rows);
}

/** A candidate hidden for this client, with the reason; a second time updates the reason. */
export async function hideCandidate({
  ctx,
  actor,
  clientId,
  candidateId,
  reason,
}: {
  ctx: AppContext;
  actor: Actor;
  clientId: string;
  candidateId: string;
  reason: string;
}): Promise<void> {
  await requireClientAccess({ ctx, actor, clientId });
  const [candidate] = await ctx.db
    .select({ id: user_profiles.id })
    .from(user_profiles)
    .where(and(eq(user_profiles.id, candidateId), eq(user_profiles.role, 'client')));
  if (!candidate || candidateId === clientId) throw new AppError('NOT_FOUND', 'Kandidaat niet gevonden');
  await ctx.db
    .insert(magic_match_hidden)
    .values({
      client_id: clientId,
      candidate_id: candidateId,
      reason,
      hidden_by: actor.user.id,
      created_at: ctx.clock.now(),
    })
    .onConflictDoUpdate({
      target: [magic_match_hidden.client_id, magic_match_hidden.candidate_id],
      set: { reason, hidden_by: actor.user.id },
    });
}
