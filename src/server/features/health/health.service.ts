import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { within } from '../../lib/within';

/** A load balancer asks often and waits briefly: a database that hangs counts as down. */
const HEALTH_TIMEOUT_MS = 2_000;

/** Whether `select 1` answers in time; the query is abandoned (not cancelled) after the timeout. */
export async function isDatabaseReachable({ ctx }: { ctx: AppContext }): Promise<boolean> {
  return within(HEALTH_TIMEOUT_MS, ctx.db.execute(sql`select 1`), 'health check').then(
    () => true,
    () => false,
  );
}

export type Health = 'ok' | 'database' | 'jobs';

/**
 * Issue 30 (decision 033): ready when the database answers and, where this process runs the job
 * queue, the queue's own connection answers and no worker has gone without fetching for longer
 * than its limit. Both are asked at once, within the health timeout.
 */
export async function checkHealth({ ctx }: { ctx: AppContext }): Promise<Health> {
  const [database, jobs] = await Promise.all([
    isDatabaseReachable({ ctx }),
    ctx.jobQueue ? ctx.jobQueue.status(HEALTH_TIMEOUT_MS) : null,
  ]);
  if (!database) return 'database';
  if (jobs && !jobs.ready) {
    ctx.logger.warn({ stalled: jobs.stalled, reachable: jobs.reachable }, 'health: job queue not ready');
    return 'jobs';
  }
  return 'ok';
}
