import { type AddressInfo, createServer, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminQuery, createEmptyPgDatabase, onPostgres } from '../test/fresh-pg';
import { type Database, openDatabase } from './client';
import { PLAN_PER_CALL } from './plan-per-call';

/** A real pino logger whose lines we can read. */
function collectingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ level: 'info', base: undefined }, stream), lines };
}

const terminateAll = (name: string) =>
  adminQuery('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Errors that would have ended a server process (an 'error' event nobody listens to). */
async function uncaughtDuring(work: () => Promise<void>): Promise<unknown[]> {
  const uncaught: unknown[] = [];
  const collect = (error: unknown) => uncaught.push(error);
  process.on('uncaughtException', collect);
  try {
    await work();
    await sleep(200);
  } finally {
    process.off('uncaughtException', collect);
  }
  return uncaught;
}

describe.skipIf(!onPostgres)(
  'the PostgreSQL pool when the server ends its connections (PGlite: skipped, it has no connections)',
  () => {
    // Each test its own database, pool and log: they pass alone and in any order.
    let fresh: Awaited<ReturnType<typeof createEmptyPgDatabase>>;
    let database: Database;
    let logger: pino.Logger;
    let lines: Record<string, unknown>[];
    beforeEach(async () => {
      ({ logger, lines } = collectingLogger());
      fresh = await createEmptyPgDatabase();
      database = await openDatabase({ url: fresh.url, logger });
    });
    afterEach(async () => {
      await database.close();
      await fresh.drop();
    });

    it('survives idle connections being terminated, logs the SQL state only, and answers again', async () => {
      await database.migrate();
      // Fill the pool with idle connections.
      await Promise.all(Array.from({ length: 5 }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
      const uncaught = await uncaughtDuring(async () => {
        expect((await terminateAll(fresh.name)).length).toBeGreaterThanOrEqual(5);
        await sleep(300);
      });
      expect(uncaught).toEqual([]);

      const { rows } = await database.executeSql('select 1 as one');
      expect(rows).toEqual([{ one: 1 }]);
      const lost = lines.filter((line) => line.msg === 'database connection lost');
      expect(lost.length).toBeGreaterThanOrEqual(5);
      expect(lost[0]).toMatchObject({ level: 40, sql_state: '57P01' });
      expect(String(lost[0]!.err)).not.toContain('\n');
    });

    it('survives the connection of an open transaction being terminated between two statements', async () => {
      const uncaught = await uncaughtDuring(async () => {
        const transaction = database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await terminateAll(fresh.name);
          await sleep(300); // the 'error' arrives while the client is checked out and idle
          await tx.execute(sql`select 2`);
        });
        await expect(transaction).rejects.toThrow();
      });
      expect(uncaught).toEqual([]);
      const { rows } = await database.executeSql('select 2 as two');
      expect(rows).toEqual([{ two: 2 }]);
    });

    it('gives up within seconds on a server that accepts connections but never answers', async () => {
      // A network black hole: the TCP connection opens, nothing ever comes back.
      const held: Socket[] = [];
      const blackHole = createServer((socket) => held.push(socket));
      await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
      const { port } = blackHole.address() as AddressInfo;
      const unreachable = await openDatabase({ url: `postgres://postgres@127.0.0.1:${port}/koppel`, logger });
      try {
        const started = Date.now();
        await expect(unreachable.db.execute(sql`select 1`)).rejects.toThrow();
        expect(Date.now() - started).toBeLessThan(8_000);
      } finally {
        for (const socket of held) socket.destroy();
        blackHole.close();
        await unreachable.close();
      }
    }, 15_000);
  },
);

describe.skipIf(!onPostgres)('statements with parameters on PostgreSQL (decision 020)', () => {
  it('are prepared once per connection under one name, those without parameters are not', async () => {
    const fresh = await createEmptyPgDatabase();
    const database = await openDatabase({ url: fresh.url });
    try {
      // One transaction is one connection: what it prepared is visible in pg_prepared_statements.
      const names = await database.db.transaction(async (tx) => {
        for (const value of [1, 2, 3]) {
          const { rows } = (await tx.execute(sql`select ${value}::int + 1 as next`)) as unknown as {
            rows: { next: number }[];
          };
          const [row] = rows;
          expect(row!.next).toBe(value + 1);
        }
        await tx.execute(sql`select 42 as plain`);
        // Decision 045: a statement marked to be planned per call is sent unnamed.
        await tx.execute(sql`${sql.raw(PLAN_PER_CALL)}select ${7}::int as per_call`);
        const prepared = (await tx.execute(
          sql`select name, statement from pg_prepared_statements`,
        )) as unknown as {
          rows: { name: string; statement: string }[];
        };
        return prepared.rows;
      });
      const ours = names.filter((row) => row.name.startsWith('koppel_'));
      expect(ours.filter((row) => row.statement.includes('+ 1 as next'))).toHaveLength(1);
      expect(ours.some((row) => row.statement.includes('42 as plain'))).toBe(false);
      expect(names.some((row) => row.statement.includes('as per_call'))).toBe(false);
    } finally {
      await database.close();
      await fresh.drop();
    }
  });
});
