import { and, asc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import { PACKAGE_DATES_INCLUDED, type PackageDates } from '../../../shared/magic-match';
import type { Db } from '../../db/client';
import { matches, user_profiles } from '../../db/schema';

/** Tiers whose term includes personally composed dates (spec section 9). */
export const TIERS_WITH_DATES = ['Persoonlijk', 'Persoonlijk+'] as const;

/**
 * The dates a client's package includes (issue 16 item 6, decision 015): every completed date
 * of the current term counts against the 4 of Persoonlijk and Persoonlijk+; proposals and dates
 * under way in the term are shown as planned. Persoonlijk+: the 4th is the waiting-list date.
 * Null for a tier without dates or a client without a term.
 */
export async function packageDatesOf(db: Db, clientId: string): Promise<PackageDates | null> {
  const [client] = await db
    .select({
      tier: user_profiles.tier,
      started: user_profiles.subscription_started_at,
      ends: user_profiles.subscription_ends_at,
    })
    .from(user_profiles)
    .where(and(eq(user_profiles.id, clientId), eq(user_profiles.role, 'client')));
  if (!client?.started) return null;
  if (!(TIERS_WITH_DATES as readonly string[]).includes(client.tier)) return null;
  const rows = await db
    .select({
      status: matches.status,
      completed_at: matches.completed_at,
      scheduled_at: matches.scheduled_at,
      created_at: matches.created_at,
    })
    .from(matches)
    .where(
      and(
        sql`(${matches.client1_id} = ${clientId} OR ${matches.client2_id} = ${clientId})`,
        or(
          and(eq(matches.status, 'completed'), gte(matches.completed_at, client.started)),
          and(
            inArray(matches.status, ['proposed', 'accepted', 'scheduled']),
            gte(matches.created_at, client.started),
          ),
        ),
      ),
    )
    .orderBy(asc(matches.created_at));
  const completed = rows
    .filter((r) => r.status === 'completed')
    .sort((x, y) => (x.completed_at?.getTime() ?? 0) - (y.completed_at?.getTime() ?? 0));
  const under_way = rows.filter((r) => r.status !== 'completed');
  const waitingList = client.tier === 'Persoonlijk+';
  const total = Math.max(PACKAGE_DATES_INCLUDED, completed.length + under_way.length);
  const dates = Array.from({ length: total }, (_, i): PackageDates['dates'][number] => {
    const number = i + 1;
    const waiting_list = waitingList && number === PACKAGE_DATES_INCLUDED;
    if (i < completed.length) {
      return {
        number,
        state: 'completed',
        waiting_list,
        at: completed[i]!.completed_at?.toISOString() ?? null,
      };
    }
    const planned = under_way[i - completed.length];
    if (planned)
      return { number, state: 'planned', waiting_list, at: planned.scheduled_at?.toISOString() ?? null };
    return { number, state: 'open', waiting_list, at: null };
  });
  return {
    tier: client.tier,
    included: PACKAGE_DATES_INCLUDED,
    completed: completed.length,
    in_progress: under_way.length,
    term_started_at: client.started.toISOString(),
    term_ends_at: client.ends?.toISOString() ?? null,
    has_waiting_list_date: waitingList,
    dates,
  };
}

/** A new proposal would go past the dates the package includes (then the matchmaker confirms). */
export const beyondPackage = (p: PackageDates | null) =>
  p !== null && p.completed + p.in_progress >= p.included;
