import nodemailer from 'nodemailer';
import PgBoss from 'pg-boss';
import { type Database, describeDatabaseError } from '../db/client';
import type { Env } from '../env';
import {
  deliverOutboxMessage,
  type MailTransport,
  type Outbox,
  SEND_EMAIL_QUEUE,
} from '../integrations/mail/outbox';
import { type Clock, createClock } from '../lib/clock';
import type { Logger } from '../lib/logger';

const OUTBOX_SWEEP_QUEUE = 'outbox-sweep';

export interface Jobs {
  boss: PgBoss;
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
}

/**
 * pg-boss on the app's database: on PostgreSQL through its own pool, on PGlite through the
 * embedded client (PGlite serialises every query, so both share one connection safely).
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
}: StartJobsOptions): Promise<Jobs> {
  const boss = new PgBoss(
    database.connectionString
      ? { connectionString: database.connectionString, max: 4 }
      : {
          db: {
            executeSql: (text, values) => database.executeSql(text, values) as Promise<{ rows: never[] }>,
          },
        },
  );
  // Also a lost connection of pg-boss's own pool (a PostgreSQL restart): logged, never fatal.
  boss.on('error', (error) => logger.error(describeDatabaseError(error), 'job queue error'));
  await boss.start();
  // Two servers creating the same queue at once deadlock in pg-boss's create_queue.
  const createQueue = (name: string) =>
    database.exclusively('pg-boss queues', () => boss.createQueue(name, { name }));

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
    await boss.work<{ id: string }>(SEND_EMAIL_QUEUE, { pollingIntervalSeconds }, async ([job]) => {
      if (!job) return;
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
    });
    outbox.setDelivery(enqueueAll);
    // Due messages whose job was lost (a restart, a database error) go out again: now and every
    // few minutes. A message held by a worker or waiting for its next attempt is skipped.
    const requeuePending = async () => {
      await enqueueAll(await outbox.pendingIds(clock.now()));
    };
    await createQueue(OUTBOX_SWEEP_QUEUE);
    await boss.work(OUTBOX_SWEEP_QUEUE, requeuePending);
    await boss.schedule(OUTBOX_SWEEP_QUEUE, '*/10 * * * *');
    await requeuePending();
  }

  for (const task of scheduled) {
    await createQueue(task.name);
    await boss.work(task.name, async () => {
      const result = await task.run();
      logger.info({ task: task.name, result }, 'scheduled task');
    });
    await boss.schedule(task.name, task.cron);
  }

  return {
    boss,
    async stop() {
      outbox.setDelivery(null);
      await boss.stop({ graceful: true, timeout: 10_000, wait: true });
    },
  };
}
