import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { CLIENT_TABLES, NOT_THE_CLIENT } from './client-data';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Every column with a foreign key to an account ("user" or user_profiles), from the catalog. */
async function accountColumns(): Promise<string[]> {
  const result = await t.db.execute(sql`
    SELECT DISTINCT cl.relname AS table_name, a.attname AS column_name
      FROM pg_constraint c
      JOIN pg_class cl ON cl.oid = c.conrelid
      JOIN pg_namespace n ON n.oid = cl.relnamespace
      JOIN pg_class ref ON ref.oid = c.confrelid
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
     WHERE c.contype = 'f' AND n.nspname = 'public' AND ref.relname IN ('user', 'user_profiles')
     ORDER BY 1, 2`);
  const rows = (result as unknown as { rows: { table_name: string; column_name: string }[] }).rows;
  return rows.map((r) => `${r.table_name}.${r.column_name}`);
}

describe('the list of tables about a client (export and deletion)', () => {
  it('names every column that references an account, as exported or as not the client', async () => {
    const listed = new Set([
      ...CLIENT_TABLES.flatMap((entry) => entry.client_columns.map((column) => `${entry.table}.${column}`)),
      ...Object.keys(NOT_THE_CLIENT),
    ]);
    const columns = await accountColumns();
    expect(columns.length).toBeGreaterThan(15);
    const missing = columns.filter((column) => !listed.has(column));
    expect(
      missing,
      `These columns reference an account but are not in CLIENT_TABLES (src/server/features/account/client-data.ts): ${missing.join(', ')}. Add the table to the export and say what deletion does with it (or list the column in NOT_THE_CLIENT with its reason).`,
    ).toEqual([]);
  });

  it('lists only columns that exist (a renamed column is noticed)', async () => {
    const columns = new Set(await accountColumns());
    // "user".id is the key itself, not a foreign key.
    const listed = CLIENT_TABLES.flatMap((entry) => entry.client_columns.map((c) => `${entry.table}.${c}`))
      .concat(Object.keys(NOT_THE_CLIENT))
      .filter((column) => column !== 'user.id');
    expect(listed.filter((column) => !columns.has(column))).toEqual([]);
  });
});
