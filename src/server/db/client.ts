import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createLogger, describeError, type Logger } from '../lib/logger';
import { prepareReads } from './pglite-prepared';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw SQL for pg-boss: parameterless text may hold several statements. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Set for PostgreSQL, so pg-boss can open its own pool. */
  connectionString?: string;
  /** Safe to run from several servers at once: one migrates, the others wait and find it done. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other server runs work under the same name (a PostgreSQL advisory lock;
   * PGlite has one process, which the directory lock guarantees).
   */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The migrations folder beside this file in development, beside the bundle in production. */
function migrationsFolder(): string {
  for (const candidate of ['./migrations', './db/migrations']) {
    const path = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new Error('Database migrations folder not found');
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL connection string; without it, PGlite. */
  url?: string;
  /** PGlite data directory; without it, in memory. */
  pgliteDir?: string;
  /**
   * PGlite only: start from this dumped data directory (`dumpDataDir`) instead of an empty one.
   * Tests load the migrated template this way instead of migrating each file's database.
   */
  loadDataDir?: Blob;
  /** Where lost PostgreSQL connections are reported; without it, a logger of its own. */
  logger?: Pick<Logger, 'warn'>;
}

/** Waiting longer than this for a connection (a new one, or a free one of the pool) fails. */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * What may be logged of a database error: the first line, the SQL state (`57P01` when the
 * server ends the connection) or the network error code. Never the parameters or the detail, which
 * quote e-mail addresses and names.
 */
export function describeDatabaseError(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return describeError(error);
  return error instanceof pg.DatabaseError
    ? { ...describeError(error), sql_state: code }
    : { ...describeError(error), code };
}

/** At most this many distinct statements are prepared; any further one runs unnamed. */
export const MAX_PREPARED_STATEMENTS = 2_000;
const statementNames = new Map<string, string>();

/** The name a statement's text is prepared under (the same on every connection), if any is left. */
function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (!name && statementNames.size < MAX_PREPARED_STATEMENTS) {
    name = `koppel_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Issue 19 (decision 020): every statement with parameters is a named prepared statement, parsed
 * and planned once per connection and then only bound and executed. PostgreSQL's log showed the
 * clients list and the matches query spending 0.6 ms of its 0.9 ms in parse and plan, on every
 * request. Statements without parameters (migrations, pg-boss, several statements in one text) keep
 * the simple protocol.
 */
class PreparingClient extends pg.Client {
  override query(config: unknown, values?: unknown, callback?: unknown): never {
    const query = config as { text?: unknown; name?: unknown; values?: unknown; submit?: unknown } | null;
    if (
      query &&
      typeof query === 'object' &&
      typeof query.text === 'string' &&
      query.name === undefined &&
      typeof query.submit !== 'function' &&
      ((Array.isArray(values) && values.length > 0) ||
        (Array.isArray(query.values) && query.values.length > 0))
    ) {
      const name = statementName(query.text);
      if (name) config = { ...query, name };
    }
    return (super.query as (...args: unknown[]) => never)(config, values, callback);
  }
}

/**
 * A pool that survives PostgreSQL ending its connections (a restart, a failover, an
 * administrator): the broken connection is dropped and reported, the next query opens a new one.
 */
function createPool(url: string, logger: Pick<Logger, 'warn'>): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    Client: PreparingClient,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A server that vanished without closing the connection (a failover) is noticed.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // Without a listener, an idle connection's 'error' would end the process.
  pool.on('error', (error) => logger.warn(describeDatabaseError(error), 'database connection lost'));
  // A connection checked out for a transaction reports its loss to the statement it runs, and is
  // dropped when released; its own 'error' event must not end the process either.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** A session-level advisory lock held on one connection while `work` runs (on any connection). */
async function withAdvisoryLock<T>(pool: pg.Pool, name: string, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [`koppel:${name}`]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [`koppel:${name}`]);
    }
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // After a failure the connection is closed, which also releases a lock still held.
    client.release(failure);
  }
}

export async function openDatabase({
  url,
  pgliteDir,
  loadDataDir,
  logger = createLogger('info'),
}: OpenDatabaseOptions): Promise<Database> {
  if (url) {
    const pool = createPool(url, logger);
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    const exclusively = <T>(name: string, work: () => Promise<T>) => withAdvisoryLock(pool, name, work);
    return {
      db,
      kind: 'postgres',
      connectionString: url,
      executeSql: (text, values) => pool.query(text, values),
      // Two servers starting at once on an empty database would both create the same tables.
      migrate: () =>
        exclusively('migrations', () =>
          migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder: migrationsFolder() }),
        ),
      exclusively,
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create({
    ...(pgliteDir ? { dataDir: pgliteDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  prepareReads(client, MAX_PREPARED_STATEMENTS);
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: migrationsFolder() }),
    exclusively: (_name, work) => work(),
    close: () => client.close(),
  };
}
