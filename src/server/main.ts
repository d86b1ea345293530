import { Server as HttpServer } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { DEMO_TOTP_KEY } from './auth/two-factor';
import { createStorage } from './context';
import { openDatabase } from './db/client';
import { DirectoryLockedError, lockDirectory } from './db/lock';
import { DEMO_GENERATED_LOGINS, DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from './db/seed';
import { loadConfig } from './env';
import { SCHEDULED_JOBS } from './features';
import { startJobs } from './jobs/jobs';
import { createClock } from './lib/clock';
import { closeServer } from './lib/close-server';
import { createLogger, describeError } from './lib/logger';

const env = loadConfig();
const logger = createLogger(env.LOG_LEVEL);

let lock: { release(): void } | null = null;
if (!env.DATABASE_URL) {
  try {
    lock = lockDirectory(env.PGLITE_DIR);
  } catch (error) {
    if (error instanceof DirectoryLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const database = await openDatabase(
  env.DATABASE_URL
    ? {
        url: env.DATABASE_URL,
        logger,
        timeouts: {
          connectMs: env.DB_CONNECT_TIMEOUT_MS,
          queryMs: env.DB_QUERY_TIMEOUT_MS,
          idleMs: env.DB_IDLE_TIMEOUT_MS,
        },
      }
    : { pgliteDir: env.PGLITE_DIR },
);
await database.migrate();

// Issue 26: a local install may start its clock at another moment (DEV_NOW), the demo seeded as of it.
const clock = createClock();
if (env.DEV_NOW && env.isLocal) clock.setOffset(new Date(env.DEV_NOW).getTime() - Date.now());

if (env.SEED_DEMO && env.isLocal) {
  // Issue 14: Emma's demo photos go to this install's file storage.
  const { seeded } = await seedDemo(database.db, clock.now(), {
    files: createStorage(env),
    seller: env.seller,
  });
  const logins = [...DEMO_LOGINS, DEMO_GENERATED_LOGINS];
  const width = Math.max(...logins.map((l) => l.email.length));
  console.info(
    [
      seeded ? '\nDemogegevens aangemaakt.' : '\nDemogegevens zijn aanwezig.',
      `Demo-logins (wachtwoord ${DEMO_PASSWORD}):`,
      ...logins.map((l) => `  ${l.email.padEnd(width)}  ${l.role}`),
      '',
    ].join('\n'),
  );
  // Issue 17 (decision 018): a demo account that turns on two-factor login gets this fixed key.
  console.info(
    [
      `Tweestapsverificatie (STAFF_2FA=${env.STAFF_2FA}): demo-accounts die ze aanzetten, krijgen de vaste sleutel`,
      `  ${DEMO_TOTP_KEY}`,
      '  (typ hem in een authenticator-app, of: npm run totp -- <sleutel> toont de code van nu)',
      '',
    ].join('\n'),
  );
}

const { app, ctx } = createApp({
  database,
  env,
  logger,
  clock,
  extraOrigins: env.VITE_DEV_ORIGIN ? [env.VITE_DEV_ORIGIN] : [],
});
const jobs = await startJobs({
  database,
  env,
  outbox: ctx.outbox,
  logger,
  clock: ctx.clock,
  scheduled: SCHEDULED_JOBS.map((job) => ({ name: job.name, cron: job.cron, run: () => job.run(ctx) })),
  pollingIntervalSeconds: env.JOBS_POLL_SECONDS,
  cronCheckSeconds: env.JOBS_CRON_CHECK_SECONDS,
  handoffTimeoutMs: env.MAIL_HANDOFF_TIMEOUT_MS,
});
ctx.jobQueue = jobs;

// Work that waited while no server ran (claims keep two servers from doing it twice).
for (const job of SCHEDULED_JOBS.filter((j) => j.runAtStart)) {
  job
    .run(ctx)
    .then((counts) => logger.info({ job: job.name, ...counts }, 'job ran at start'))
    .catch((error: unknown) =>
      logger.error({ job: job.name, ...describeError(error) }, 'job failed at start'),
    );
}

const server = serve(
  { fetch: app.fetch, port: env.PORT, hostname: env.isLocal ? '127.0.0.1' : '0.0.0.0' },
  (info) => {
    console.info(`Koppel draait op ${env.APP_URL} (poort ${info.port}, ${database.kind}).`);
    if (env.isLocal && !env.SMTP_URL) console.info(`E-mails: ${env.APP_URL}/dev/mailbox`);
  },
);

// An idle kept-alive connection stays open 65 s instead of Node's 5 s. A client that reuses a
// connection just as the server closes it gets ECONNRESET (an e2e request did, after 5 s idle);
// 65 s is also above the 60 s idle limit of common load balancers in front of a deployment.
if (server instanceof HttpServer) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

// Shutdown's budget (docs/deployment.md): requests under way get 5 s, the job workers 5 s, pg-boss
// 5 s; past 20 s the process exits 1 regardless, and says which step it was in.
const SHUTDOWN = { drainMs: 5_000, limitMs: 20_000 } as const;
let stopping: string | null = null;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = 'http';
  logger.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    logger.error({ step: stopping }, 'shutdown did not finish in time');
    process.exit(1);
  }, SHUTDOWN.limitMs);
  force.unref();
  await closeServer(server, SHUTDOWN.drainMs);
  stopping = 'jobs';
  await jobs
    .stop()
    .catch((error) => logger.error({ err: (error as Error).message }, 'job queue stop failed'));
  stopping = 'database';
  await database.close();
  lock?.release();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
