import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';

/** A load balancer asks often and waits briefly: a database that hangs counts as down. */
const HEALTH_TIMEOUT_MS = 2_000;

/** Whether `select 1` answers in time; the query is abandoned (not cancelled) after the timeout. */
export async function isDatabaseReachable({ ctx }: { ctx: AppContext }): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS);
  });
  const query = ctx.db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
