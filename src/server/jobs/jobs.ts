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
  pollingIntervalSeconds?: number;
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
  scheduled = [],
  pollingIntervalSeconds = 2,
  retryDelaySeconds = 15,
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
    await createQueue(SEND_EMAIL_QUEUE);
    await boss.work<{ id: string }>(SEND_EMAIL_QUEUE, { pollingIntervalSeconds }, async ([job]) => {
      if (!job) return;
      const result = await deliverOutboxMessage({
        db: database.db,
        transport: mailTransport,
        from: env.MAIL_FROM,
        id: job.data.id,
      });
      logger.info({ outbox_id: job.data.id, result }, 'e-mail delivery');
    });
    const enqueue = async (id: string) => {
      // Retries with exponential backoff; the outbox row itself gives up after MAX_DELIVERY_ATTEMPTS.
      await boss.send(
        SEND_EMAIL_QUEUE,
        { id },
        { retryLimit: 10, retryDelay: retryDelaySeconds, retryBackoff: true },
      );
    };
    outbox.setDelivery(enqueue);
    // Messages queued before a restart, whose job was lost or gave up, go out again: now and every
    // few minutes. A message already held by a worker is skipped.
    const requeuePending = async () => {
      for (const id of await outbox.pendingIds()) await enqueue(id);
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
