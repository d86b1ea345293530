import { type Placeholder, sql } from 'drizzle-orm';
import { PACKAGE_DATES_INCLUDED, type PackageDates } from '../../../shared/magic-match';
import type { Db } from '../../db/client';
import { matches, user_profiles } from '../../db/schema';
import { selectTogether } from '../../db/together';

/** Tiers whose term includes personally composed dates (spec section 9). */
export const TIERS_WITH_DATES = ['Persoonlijk', 'Persoonlijk+'] as const;

/**
 * The dates a client's package includes (issue 16 item 6, decision 015): every completed date
 * of the current term counts against the 4 of Persoonlijk and Persoonlijk+; proposals and dates
 * under way in the term are shown as planned. Persoonlijk+: the 4th is the waiting-list date.
 * Null for a tier without dates or a client without a term.
 */
export async function packageDatesOf({
  db,
  clientId,
}: {
  db: Db;
  clientId: string;
}): Promise<PackageDates | null> {
  return toPackageDates(await selectTogether<PackageDatesRows>(db, packageDatesQueries(clientId)));
}

export interface PackageDatesRows {
  term: { tier: (typeof user_profiles.$inferSelect)['tier']; started: string | null; ends: string | null };
  dates: { status: string; completed_at: string | null; scheduled_at: string | null };
}

/**
 * What `packageDatesOf` reads, as queries for `selectTogether` (issue 19): the client's term, and
 * the term's dates, ordered by their creation.
 */
export function packageDatesQueries(clientId: string | Placeholder) {
  return {
    term: sql`
      SELECT tier, subscription_started_at AS started, subscription_ends_at AS ends FROM ${user_profiles}
      WHERE id = ${clientId} AND role = 'client'`,
    dates: sql`
      SELECT m.status, m.completed_at, m.scheduled_at FROM ${matches} m
      JOIN ${user_profiles} c ON c.id = ${clientId} AND c.role = 'client'
      WHERE (m.client1_id = c.id OR m.client2_id = c.id)
        AND ((m.status = 'completed' AND m.completed_at >= c.subscription_started_at)
          OR (m.status IN ('proposed', 'accepted', 'scheduled') AND m.created_at >= c.subscription_started_at))
      ORDER BY m.created_at ASC`,
  };
}

/** The package's dates from the rows of `packageDatesQueries`. */
export function toPackageDates(
  found: {
    [Name in keyof PackageDatesRows]: PackageDatesRows[Name][];
  },
): PackageDates | null {
  const [term] = found.term;
  if (!term?.started) return null;
  if (!(TIERS_WITH_DATES as readonly string[]).includes(term.tier)) return null;
  const client = {
    tier: term.tier,
    started: new Date(term.started),
    ends: term.ends ? new Date(term.ends) : null,
  };
  const rows = found.dates.map((date) => ({
    status: date.status,
    completed_at: date.completed_at ? new Date(date.completed_at) : null,
    scheduled_at: date.scheduled_at ? new Date(date.scheduled_at) : null,
  }));
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
