import nodemailer from 'nodemailer';
import PgBoss from 'pg-boss';
import { createPool, type Database, describeDatabaseError } from '../db/client';
import type { Env } from '../env';
import {
  deliverOutboxMessage,
  type MailTransport,
  type Outbox,
  SEND_EMAIL_QUEUE,
} from '../integrations/mail/outbox';
import { type Clock, createClock } from '../lib/clock';
import { describeError, type Logger } from '../lib/logger';
import { within } from '../lib/within';
import { startWorker, type Worker } from './worker';

const OUTBOX_SWEEP_QUEUE = 'outbox-sweep';
/** Decision 052: how long a health check takes the job queue's last successful ping as its own. */
const PING_REUSE_MS = 1_000;

/**
 * Decision 055: e-mails sent at once by one server. A send waits mostly on the database and the
 * SMTP server; one at a time, a backlog after an outage drained too slowly. Each message is still
 * claimed on its row first (`deliverOutboxMessage`), so two sends of one message never overlap.
 */
export const MAIL_BATCH_SIZE = 5;

/** Issue 30: what health reports of the job queue (decision 033). */
export interface JobQueueStatus {
  ready: boolean;
  /** Queues whose worker has not fetched within its limit (stalled), oldest first. */
  stalled: string[];
  /** Whether the job queue's own connection reached the database just now. */
  reachable: boolean;
}

export interface Jobs {
  boss: PgBoss;
  /** Whether the queue's workers fetch and its connection reaches the database, within `timeoutMs`. */
  status(timeoutMs: number): Promise<JobQueueStatus>;
  stop(): Promise<void>;
}

/** Work that runs on a schedule (a cron expression, in UTC) on one of the app's instances. */
export interface ScheduledTask {
  name: string;
  cron: string;
  run(): Promise<unknown>;
}

interface StartJobsOptions {
  scheduled?: ScheduledTask[];
  database: Database;
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>;
  outbox: Outbox;
  logger: Logger;
  /** Overrides the SMTP transport built from SMTP_URL (used by tests with their own SMTP server). */
  transport?: MailTransport;
  /** The server's clock: when a message is due, and when it has been failing long enough. */
  clock?: Clock;
  pollingIntervalSeconds?: number;
  /** The wait after a message's first failed attempt (then doubling, decision 007). */
  retryDelaySeconds?: number;
  /** How often pg-boss checks its schedules (1 to 45 s). */
  cronCheckSeconds?: number;
  /** How long a committed change waits for its e-mails' hand-off to the queue (decision 033). */
  handoffTimeoutMs?: number;
}

/**
 * pg-boss on the app's database: on PostgreSQL through a pool of its own with the app pool's
 * timeouts and keepalive (decision 033), on PGlite through the embedded client (PGlite serialises
 * every query, so both share one connection safely).
 *
 * Our queues are worked by our own loop (`worker.ts`), not pg-boss's `work`: pg-boss's worker
 * swallows a failed fetch and says nothing of when it last fetched, so a stall was invisible.
 */
export async function startJobs({
  database,
  env,
  outbox,
  logger,
  transport,
  clock = createClock(),
  scheduled = [],
  pollingIntervalSeconds = 2,
  retryDelaySeconds = 30,
  cronCheckSeconds = 10,
  handoffTimeoutMs = 3_000,
}: StartJobsOptions): Promise<Jobs> {
  const bossPool = database.connectionString
    ? createPool({
        url: database.connectionString,
        logger,
        max: 4,
        timeouts: database.timeouts,
        applicationName: 'koppel-jobs',
      })
    : null;
  const executeSql = (text: string, values?: unknown[]) =>
    (bossPool ? bossPool.query(text, values) : database.executeSql(text, values)) as Promise<{
      rows: never[];
    }>;
  const boss = new PgBoss({
    db: { executeSql },
    cronMonitorIntervalSeconds: cronCheckSeconds,
    cronWorkerIntervalSeconds: 2,
  });
  // Also a lost connection of the queue's pool (a PostgreSQL restart): logged, never fatal.
  boss.on('error', (error) => logger.error(describeDatabaseError(error), 'job queue error'));
  await boss.start();
  // Two servers creating the same queue at once deadlock in pg-boss's create_queue.
  const createQueue = (name: string) =>
    database.exclusively('pg-boss queues', () => boss.createQueue(name, { name }));
  const workers: Worker[] = [];
  const intervalMs = pollingIntervalSeconds * 1000;
  const work = <T extends object>(
    name: string,
    handler: (job: PgBoss.Job<T>) => Promise<unknown>,
    batchSize = 1,
  ) =>
    workers.push(
      startWorker<T>({
        boss,
        name,
        intervalMs,
        executeSql,
        handler,
        logger,
        batchSize,
        onTrouble: () => {
          requeueWanted = true;
        },
      }),
    );

  /** Due e-mails may have lost their job (a failed hand-off, fetch or job): hand all over again. */
  let requeueWanted = false;
  const mailTransport =
    transport ??
    (env.SMTP_URL
      ? nodemailer.createTransport({
          url: env.SMTP_URL,
          connectionTimeout: 30_000,
          greetingTimeout: 30_000,
          socketTimeout: 60_000,
        })
      : null);
  let requeuePending: (() => Promise<void>) | null = null;
  if (mailTransport) {
    // The outbox row keeps the retry schedule (decision 007): a refused send does not throw, it
    // queues its next attempt. pg-boss retries only a job that threw (a database error), and the
    // sweep backs that up.
    const retry = { retryLimit: 3, retryDelay: retryDelaySeconds, retryBackoff: true };
    const enqueue = async (id: string, startAfterSeconds?: number) => {
      await boss.send(SEND_EMAIL_QUEUE, { id }, { startAfter: startAfterSeconds, ...retry });
    };
    // A transaction's e-mails (or the sweep's due ones) become jobs in one statement, however many.
    const enqueueAll = async (ids: readonly string[]) => {
      if (!ids.length) return;
      await boss.insert(ids.map((id) => ({ name: SEND_EMAIL_QUEUE, data: { id }, ...retry })));
    };
    await createQueue(SEND_EMAIL_QUEUE);
    work<{ id: string }>(
      SEND_EMAIL_QUEUE,
      async (job) => {
        const now = clock.now();
        const result = await deliverOutboxMessage({
          db: database.db,
          outbox,
          transport: mailTransport,
          from: env.MAIL_FROM,
          id: job.data.id,
          now,
          firstRetryDelayMs: retryDelaySeconds * 1000,
        });
        if (result.status === 'retry') {
          // In seconds from now rather than a date: pg-boss reads the database's clock, not ours.
          await enqueue(job.data.id, Math.ceil((result.next_attempt_at.getTime() - now.getTime()) / 1000));
        }
        if (result.status === 'failed') {
          logger.error({ outbox_id: job.data.id, template: result.template }, 'e-mail delivery gave up');
        } else {
          logger.info({ outbox_id: job.data.id, result: result.status }, 'e-mail delivery');
        }
      },
      MAIL_BATCH_SIZE,
    );
    // Issue 30: the hand-off after a commit waits at most `handoffTimeoutMs` and never fails the
    // request, whose change is committed. The messages stay pending in the outbox; the watchdog
    // below hands all due ones over again as soon as the queue answers.
    outbox.setDelivery(async (ids) => {
      try {
        await within(handoffTimeoutMs, enqueueAll(ids), 'e-mail hand-off');
      } catch (error) {
        requeueWanted = true;
        logger.warn({ messages: ids.length, ...describeDatabaseError(error) }, 'e-mail hand-off failed');
      }
    });
    // Due messages whose job was lost (a restart, a database error) go out again: now and every
    // few minutes. A message held by a worker or waiting for its next attempt is skipped.
    requeuePending = async () => {
      await enqueueAll(await outbox.pendingIds(clock.now()));
    };
    await createQueue(OUTBOX_SWEEP_QUEUE);
    work(OUTBOX_SWEEP_QUEUE, () => requeuePending!());
    await boss.schedule(OUTBOX_SWEEP_QUEUE, '*/10 * * * *');
    await requeuePending();
  }

  for (const task of scheduled) {
    await createQueue(task.name);
    work(task.name, async () => {
      const result = await task.run();
      logger.info({ task: task.name, result }, 'scheduled task');
    });
    await boss.schedule(task.name, task.cron);
  }

  /** A worker that has not fetched within this is stalled: its interval, plus a slow fetch. */
  const stallAfterMs = intervalMs + 2 * ((database.timeouts?.queryMs ?? 10_000) + 1_000);
  const stalledQueues = () =>
    workers
      .map((w) => ({ name: w.name, since: w.silentSince() }))
      .filter((w) => w.since !== null && Date.now() - w.since > stallAfterMs)
      .sort((a, b) => a.since! - b.since!)
      .map((w) => w.name);

  // Issue 30: a stall is logged when it starts and when it ends (queue names only). After a failed
  // hand-off, fetch or job, the due e-mails are handed over again as soon as the queue answers,
  // instead of at the next sweep (a job lost with the connection, or failed and waiting for its
  // retry, would otherwise hold its message for minutes; the claim keeps each from going twice).
  const reported = new Map<string, number>();
  let watching = false;
  const watchdog = setInterval(async () => {
    if (watching) return;
    watching = true;
    try {
      const stalled = new Set(stalledQueues());
      const newly = [...stalled].filter((name) => !reported.has(name));
      for (const name of newly) reported.set(name, Date.now());
      if (newly.length) {
        logger.error({ queues: newly, stall_after_ms: stallAfterMs }, 'job queue stalled');
      }
      const ended = [...reported].filter(([name]) => !stalled.has(name));
      for (const [name] of ended) reported.delete(name);
      if (ended.length) {
        const longest = Math.max(...ended.map(([, since]) => Date.now() - since));
        logger.info({ queues: ended.map(([name]) => name), stalled_ms: longest }, 'job queue recovered');
      }
      if (requeueWanted && requeuePending) {
        requeueWanted = false;
        await within(handoffTimeoutMs * 3, requeuePending(), 'outbox requeue').catch((error: unknown) => {
          requeueWanted = true;
          logger.warn(describeDatabaseError(error), 'outbox requeue failed');
        });
      }
    } finally {
      watching = false;
    }
  }, intervalMs);
  watchdog.unref();

  let ping: Promise<boolean> | null = null;
  /** When the last ping that reached the queue answered (`performance.now()`). */
  let lastReachedAt: number | null = null;
  let stopping: Promise<void> | null = null;
  return {
    boss,
    async status(timeoutMs) {
      // Issue 31 (decision 040): health checks that arrive while a ping is under way share its
      // answer. Decision 052: and those within PING_REUSE_MS after a ping that reached the queue
      // take that answer too: a ping shared only while under way is shared by a few checks, and
      // under load the health route still sent more than its one query. A failed ping is not
      // reused: the next check asks again.
      const recent = lastReachedAt !== null && performance.now() - lastReachedAt < PING_REUSE_MS;
      if (!recent) {
        ping ??= within(timeoutMs, executeSql('select 1'), 'job queue ping')
          .then(
            () => {
              lastReachedAt = performance.now();
              return true;
            },
            () => {
              lastReachedAt = null;
              return false;
            },
          )
          .finally(() => {
            ping = null;
          });
      }
      const reachable = recent || ((await ping) ?? false);
      const stalled = stalledQueues();
      const stopped = workers.some((w) => w.isStopped());
      return { ready: reachable && !stopped && stalled.length === 0, stalled, reachable };
    },
    stop() {
      // Once: a second call (a test's `finally`, two signals) waits for the first instead of ending
      // the pool twice ("Called end on pool more than once" on PostgreSQL).
      stopping ??= (async () => {
        clearInterval(watchdog);
        outbox.setDelivery(null);
        await within(5_000, Promise.all(workers.map((w) => w.stop())), 'job workers stop').catch(
          (error: unknown) => logger.warn(describeError(error), 'job workers did not stop in time'),
        );
        await boss.stop({ graceful: true, timeout: 5_000, wait: true });
        await bossPool?.end();
      })();
      return stopping;
    },
  };
}
