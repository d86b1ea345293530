import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';

/** Whether the database answers a trivial query. */
export async function isDatabaseReachable({ ctx }: { ctx: AppContext }): Promise<boolean> {
  try {
    await ctx.db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
