import { and, eq } from 'drizzle-orm';
import type { Tier } from '../../../shared/domain';
import { TIER_PROMISES } from '../../../shared/tasks';
import { dueTime } from '../../../shared/working-hours';
import type { Db } from '../../db/client';
import { matchmaker_profiles, staff_tasks, user_profiles } from '../../db/schema';

/**
 * Issue 29 (decision 032): the tasks a purchase promises, in the fulfilment's transaction (and the
 * demo seed's purchases, by this same function). Each is due in working hours, counted from the
 * payment, and assigned to the client's matchmaker while that matchmaker is active; otherwise it
 * waits in the queue (no assignee) for an admin. One task of a kind per payment, however often
 * it is called.
 */
export async function createPromisedTasks(
  db: Db,
  {
    client_id,
    tier,
    payment_id,
    paid_at,
  }: { client_id: string; tier: Tier; payment_id: string; paid_at: Date },
): Promise<{ id: string; kind: string; due_at: Date; assignee_id: string | null }[]> {
  const promises = TIER_PROMISES[tier];
  if (promises.length === 0) return [];
  const [matchmaker] = await db
    .select({ id: matchmaker_profiles.id })
    .from(user_profiles)
    .innerJoin(matchmaker_profiles, eq(matchmaker_profiles.id, user_profiles.assigned_matchmaker_id))
    .where(and(eq(user_profiles.id, client_id), eq(matchmaker_profiles.is_active, true)));
  return db
    .insert(staff_tasks)
    .values(
      promises.map(({ kind, span }) => ({
        kind,
        client_id,
        payment_id,
        tier,
        assignee_id: matchmaker?.id ?? null,
        due_at: dueTime(paid_at, span),
        created_at: paid_at,
      })),
    )
    .onConflictDoNothing({ target: [staff_tasks.payment_id, staff_tasks.kind] })
    .returning({
      id: staff_tasks.id,
      kind: staff_tasks.kind,
      due_at: staff_tasks.due_at,
      assignee_id: staff_tasks.assignee_id,
    });
}
