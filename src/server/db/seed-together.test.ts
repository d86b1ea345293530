import { afterAll, describe, expect, it } from 'vitest';
import { createEmptyPgDatabase, onPostgres } from '../test/fresh-pg';
import { openDatabase } from './client';
import { seedDemo } from './seed';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/**
 * Issue 30: two local servers started together on one PostgreSQL database both find it empty and
 * seed the demo (PGlite: skipped, one process holds its directory).
 */
describe.skipIf(!onPostgres)('the demo seed from two servers at once', () => {
  it('seeds once: one server makes the demo, the other waits and finds it, neither fails', async () => {
    const fresh = await createEmptyPgDatabase();
    cleanups.push(fresh.drop);
    const [first, second] = await Promise.all([
      openDatabase({ url: fresh.url }),
      openDatabase({ url: fresh.url }),
    ]);
    cleanups.push(
      () => first!.close(),
      () => second!.close(),
    );
    await Promise.all([first!.migrate(), second!.migrate()]);
    const now = new Date();
    const results = await Promise.allSettled([seedDemo(first!.db, now), seedDemo(second!.db, now)]);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok']);
    const seeded = results.map((r) => (r.status === 'fulfilled' ? r.value.seeded : null));
    expect(seeded.sort()).toEqual([false, true]);
    const admins = await first!.executeSql(
      `select count(*)::int as n from "user" where email = 'beheer@koppel.example'`,
    );
    expect(admins.rows).toEqual([{ n: 1 }]);
  }, 240_000);
});
