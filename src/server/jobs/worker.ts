import type PgBoss from 'pg-boss';
import { describeDatabaseError } from '../db/client';
import { describeError, type Logger } from '../lib/logger';

type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: never[] }>;

export interface Worker {
  name: string;
  /**
   * Since when this worker has gone without a successful fetch while waiting for work (null while
   * it runs a job, which may take long; its database calls are bounded by their own timeouts).
   */
  silentSince(): number | null;
  isStopped(): boolean;
  stop(): Promise<void>;
}

/**
 * Issue 30 (decision 033): one queue's worker, fetching through pg-boss up to `batchSize` jobs at
 * a time (1 unless given, decision 055) and running them together. pg-boss's own `work` loop
 * swallows a failed fetch (it answers "no jobs") and keeps no time of its last fetch; this one
 * fetches through a connection wrapper that records each answered fetch, so health can tell a
 * worker that reaches the database from one that only thinks it does.
 */
export function startWorker<T extends object>({
  boss,
  name,
  intervalMs,
  executeSql,
  handler,
  logger,
  onTrouble,
  batchSize = 1,
}: {
  boss: PgBoss;
  name: string;
  intervalMs: number;
  /** Jobs fetched and run together: a queue whose jobs wait mostly on the network (e-mail). */
  batchSize?: number;
  executeSql: ExecuteSql;
  handler: (job: PgBoss.Job<T>) => Promise<unknown>;
  logger: Logger;
  /** Called when a fetch or a job fails (the database may have been away: work may be lost). */
  onTrouble?: () => void;
}): Worker {
  let lastFetchedAt = Date.now();
  let running = 0;
  let stopping = false;
  let stopped = false;
  let failing = false;
  let wake: (() => void) | null = null;

  const recordingDb = {
    async executeSql(text: string, values?: unknown[]) {
      try {
        const result = await executeSql(text, values);
        lastFetchedAt = Date.now();
        if (failing) {
          failing = false;
          logger.info({ queue: name }, 'job queue reaches the database again');
        }
        return result;
      } catch (error) {
        onTrouble?.();
        if (!failing) {
          failing = true;
          logger.warn({ queue: name, ...describeDatabaseError(error) }, 'job queue cannot fetch');
        }
        throw error;
      }
    },
  };

  async function runOne(job: PgBoss.Job<T>) {
    running += 1;
    try {
      await handler(job);
      await boss.complete(name, job.id);
    } catch (error) {
      onTrouble?.();
      // pg-boss retries the job as its options say (retryLimit, retryDelay).
      await boss
        .fail(name, job.id, describeError(error))
        .catch((failure: unknown) =>
          logger.warn({ queue: name, ...describeDatabaseError(failure) }, 'job could not be marked failed'),
        );
    } finally {
      running -= 1;
    }
  }

  const loop = (async () => {
    while (!stopping) {
      let fetched = 0;
      try {
        const jobs = await boss.fetch<T>(name, { batchSize, db: recordingDb } as PgBoss.FetchOptions);
        fetched = jobs.length;
        await Promise.all(jobs.map(runOne));
      } catch (error) {
        logger.warn({ queue: name, ...describeDatabaseError(error) }, 'job worker error');
      }
      if (fetched > 0 || stopping) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, intervalMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
    stopped = true;
  })();

  return {
    name,
    silentSince: () => (running > 0 ? null : lastFetchedAt),
    isStopped: () => stopped || stopping,
    async stop() {
      stopping = true;
      wake?.();
      await loop;
    },
  };
}
