import { expect } from 'vitest';
import type { Database } from '../db/client';
import { SEND_EMAIL_QUEUE } from '../integrations/mail/outbox';
import { startJobs } from '../jobs/jobs';
import { createLogger } from '../lib/logger';
import type { TestApp } from './test-app';

/**
 * Waits until pg-boss holds no delivery job that is still to run (created, retrying or active).
 * A test that wants to show "and no second copy arrived" waits for this instead of for some
 * seconds: a duplicate, had one been queued, would by then have been delivered.
 */
export async function waitForIdleMailQueue(database: Pick<Database, 'executeSql'>, timeout = 30_000) {
  await expect
    .poll(
      async () => {
        const { rows } = await database.executeSql(
          `select count(*)::int as waiting from pgboss.job
            where name = $1 and state in ('created', 'retry', 'active')`,
          [SEND_EMAIL_QUEUE],
        );
        return (rows[0] as { waiting: number }).waiting;
      },
      { timeout, interval: 100, message: 'delivery jobs still waiting' },
    )
    .toBe(0);
}

/**
 * The app's job queue on a test app, polling every half second: the outbox's e-mails go to the
 * app's SMTP_URL. `options` override any of `startJobs`'s (a retry delay, a transport).
 */
export function startTestJobs(
  t: Pick<TestApp, 'database' | 'env' | 'outbox' | 'clock'>,
  options: Partial<Parameters<typeof startJobs>[0]> = {},
) {
  return startJobs({
    database: t.database,
    env: t.env,
    outbox: t.outbox,
    logger: createLogger('silent'),
    clock: t.clock,
    pollingIntervalSeconds: 0.5,
    ...options,
  });
}
