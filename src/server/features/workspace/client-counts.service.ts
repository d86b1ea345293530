import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';

/**
 * Decision 045: folds the dashboard's client counts (rows of +n and -n that the triggers of
 * migration 0036 add with every write) into one row per matchmaker, contract status and tier, so
 * the dashboard sums a few dozen rows whatever happened since. Exact at any moment: one statement,
 * and changes committed meanwhile are left as they are.
 */
export async function compactClientCounts({ ctx }: { ctx: AppContext }) {
  const result = (await ctx.db.execute(sql`SELECT compact_client_counts() AS folded`)) as unknown as {
    rows: { folded: number }[];
  };
  return { folded: Number(result.rows[0]?.folded ?? 0) };
}
