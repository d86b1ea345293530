import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** Tests that need PostgreSQL's connections (to kill them, or to race them) skip on PGlite. */
export const onPostgres = process.env.KOPPEL_TEST_DB === 'pg';

/** The PostgreSQL server tests create their databases on (`npm run test:pg`). */
export const testServerUrl = () =>
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const serverUrl = testServerUrl;

/** Runs one statement on the test server's maintenance database. */
export async function adminQuery<Row extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values?: unknown[],
): Promise<Row[]> {
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  try {
    return (await admin.query<Row>(text, values)).rows;
  } finally {
    await admin.end();
  }
}

/**
 * A new, empty database (no migrations) on the PostgreSQL server of TEST_DATABASE_URL: its name,
 * its URL, and `drop()`, which ends whatever is still connected to it.
 */
export async function createEmptyPgDatabase() {
  const name = `koppel_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    server: new URL(serverUrl()),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
