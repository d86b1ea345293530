import { readFileSync } from 'node:fs';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createOutbox } from '../integrations/mail/outbox';
import { startJobs } from '../jobs/jobs';
import { createLogger } from '../lib/logger';
import { createEmptyPgDatabase, onPostgres } from '../test/fresh-pg';
import { openDatabase } from './client';

const journal = JSON.parse(
  readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function count(url: string, query: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(query);
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

describe.skipIf(!onPostgres)(
  'two servers starting at once on an empty PostgreSQL database (PGlite: skipped, one process owns its directory)',
  () => {
    it('both migrate without error, and every migration is applied exactly once', async () => {
      // Several rounds: a race that loses only sometimes still shows.
      for (let round = 0; round < 3; round++) {
        const fresh = await createEmptyPgDatabase();
        cleanups.push(fresh.drop);
        const servers = await Promise.all([
          openDatabase({ url: fresh.url }),
          openDatabase({ url: fresh.url }),
        ]);
        cleanups.push(() => Promise.all(servers.map((s) => s.close())));
        const results = await Promise.allSettled(servers.map((s) => s.migrate()));
        expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok']);

        expect(await count(fresh.url, 'select count(*) n from drizzle.__drizzle_migrations')).toBe(
          journal.entries.length,
        );
        expect(
          await count(
            fresh.url,
            `select count(*) n from pg_tables where schemaname = 'public' and tablename = 'user'`,
          ),
        ).toBe(1);
        // A later start finds nothing to do.
        await servers[0]!.migrate();
        expect(await count(fresh.url, 'select count(*) n from drizzle.__drizzle_migrations')).toBe(
          journal.entries.length,
        );
      }
    }, 120_000);

    it('two job queues starting at once on a fresh database both start and schedule their work', async () => {
      const fresh = await createEmptyPgDatabase();
      cleanups.push(fresh.drop);
      const database = await openDatabase({ url: fresh.url });
      cleanups.push(() => database.close());
      await database.migrate();
      const logger = createLogger('silent');
      const start = () =>
        startJobs({
          database,
          env: { SMTP_URL: undefined, MAIL_FROM: 'Koppel <hallo@koppel.example>' },
          outbox: createOutbox(database.db, { settingsUrl: 'http://localhost/dashboard/settings' }),
          logger,
          transport: nodemailer.createTransport({ jsonTransport: true }),
          scheduled: [{ name: 'race-task', cron: '*/5 * * * *', run: async () => null }],
        });
      const results = await Promise.allSettled([start(), start()]);
      const started = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      cleanups.push(() => Promise.all(started.map((jobs) => jobs.stop())));
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok']);
      expect(
        await count(
          fresh.url,
          `select count(*) n from pgboss.queue where name in ('send-email', 'outbox-sweep', 'race-task')`,
        ),
      ).toBe(3);
      expect(await count(fresh.url, 'select count(*) n from pgboss.schedule')).toBe(2);
    }, 120_000);
  },
);
