import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createLogger, describeError, type Logger } from '../lib/logger';
import { prepareReads } from './pglite-prepared';
import { isPlannedPerCall } from './plan-per-call';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw SQL for pg-boss: parameterless text may hold several statements. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Set for PostgreSQL, so pg-boss can open its own pool. */
  connectionString?: string;
  /** PostgreSQL: the timeouts of this pool, which the job queue's pool takes too. */
  timeouts?: DatabaseTimeouts;
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
  /** PostgreSQL only: how long a connection, a statement and an idle connection may take. */
  timeouts?: Partial<DatabaseTimeouts>;
}

/**
 * Issue 30 (decision 033): no wait on PostgreSQL is unbounded. A network that goes silent (packets
 * dropped, not refused) otherwise leaves a query waiting for ever, and with it the request, the
 * transaction's connection and the job queue's worker.
 */
export interface DatabaseTimeouts {
  /** Waiting longer than this for a connection (a new one, or a free one of the pool) fails. */
  connectMs: number;
  /**
   * A statement running longer than this is cancelled by PostgreSQL (`statement_timeout`); one whose
   * answer does not arrive within this plus a second (a silent network) fails here and its
   * connection is closed, since it may still be holding half a reply.
   */
  queryMs: number;
  /** An unused connection is closed after this; one idle inside a transaction, by PostgreSQL. */
  idleMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5_000,
  queryMs: 10_000,
  idleMs: 30_000,
};
/** Waiting longer than this for a connection (a new one, or a free one of the pool) fails. */
export const CONNECT_TIMEOUT_MS = DEFAULT_DATABASE_TIMEOUTS.connectMs;
/** How long after the statement timeout the client stops waiting for PostgreSQL's own answer. */
const READ_MARGIN_MS = 1_000;
/** TCP keepalive probes start after this long without traffic (a vanished server is noticed). */
const KEEPALIVE_DELAY_MS = 10_000;

/** pg's message when a statement's answer did not arrive within `query_timeout`. */
const READ_TIMEOUT_MESSAGE = 'Query read timeout';

/**
 * Whether an error means PostgreSQL could not be reached or answered too late (the request is then
 * answered 503, not 500): a timeout, a refused or lost connection, a server shutting down.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  const { code, message, cause } = (error ?? {}) as { code?: unknown; message?: unknown; cause?: unknown };
  // Drizzle wraps the driver's error ('Failed query: …') and keeps it as the cause.
  if (cause && depth < 5 && isDatabaseUnavailable(cause, depth + 1)) return true;
  if (typeof code === 'string') {
    // 08: connection exceptions; 57P01-03: shutdown, crash, not yet accepting; 57014: statement
    // timeout; 53300: too many connections.
    if (/^(08|57P0[1-3]|57014|53300)/.test(code)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH'].includes(code))
      return true;
  }
  return (
    typeof message === 'string' &&
    (message === READ_TIMEOUT_MESSAGE ||
      message.startsWith('timeout exceeded when trying to connect') ||
      message.startsWith('Connection terminated') ||
      message.includes('Client has encountered a connection error'))
  );
}

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
 * the simple protocol; a statement marked `PLAN_PER_CALL` (decision 045) is sent unnamed.
 */
class PreparingClient extends pg.Client {
  /**
   * A statement whose answer never came (pg's `query_timeout`) leaves the connection mid-reply:
   * closed at once, so the pool drops it instead of handing it to the next request.
   */
  private closeAfterReadTimeout = (error: unknown) => {
    if ((error as Error | null)?.message === READ_TIMEOUT_MESSAGE) {
      (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    }
  };

  override query(config: unknown, values?: unknown, callback?: unknown): never {
    if (typeof values === 'function' || typeof callback === 'function') {
      const done = (typeof callback === 'function' ? callback : values) as (
        error: unknown,
        result: unknown,
      ) => void;
      const watched = (error: unknown, result: unknown) => {
        if (error) this.closeAfterReadTimeout(error);
        done(error, result);
      };
      if (typeof callback === 'function') callback = watched;
      else values = watched;
    }
    const result = this.prepared(config, values, callback);
    if (result && typeof (result as Promise<unknown>).catch === 'function') {
      (result as Promise<unknown>).catch(this.closeAfterReadTimeout);
    }
    return result;
  }

  private prepared(config: unknown, values?: unknown, callback?: unknown): never {
    const query = config as { text?: unknown; name?: unknown; values?: unknown; submit?: unknown } | null;
    if (
      query &&
      typeof query === 'object' &&
      typeof query.text === 'string' &&
      query.name === undefined &&
      !isPlannedPerCall(query.text) &&
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
 * Every wait is bounded (decision 033): the app's pool and the job queue's are made here alike.
 */
export function createPool({
  url,
  logger,
  max = 10,
  timeouts = {},
  applicationName = 'koppel',
}: {
  url: string;
  logger: Pick<Logger, 'warn'>;
  max?: number;
  timeouts?: Partial<DatabaseTimeouts>;
  applicationName?: string;
}): pg.Pool {
  const { connectMs, queryMs, idleMs } = { ...DEFAULT_DATABASE_TIMEOUTS, ...timeouts };
  const pool = new pg.Pool({
    connectionString: url,
    Client: PreparingClient,
    max,
    application_name: applicationName,
    connectionTimeoutMillis: connectMs,
    // PostgreSQL cancels a statement that runs too long, and ends a session left idle inside a
    // transaction (a client that vanished mid-transaction holds no locks for long).
    statement_timeout: queryMs,
    idle_in_transaction_session_timeout: queryMs * 3,
    // The client gives up on an answer that does not arrive (a silent network) a little later.
    query_timeout: queryMs + READ_MARGIN_MS,
    idleTimeoutMillis: idleMs,
    // A server that vanished without closing the connection (a failover) is noticed.
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
  });
  // Without a listener, an idle connection's 'error' would end the process.
  pool.on('error', (error) => logger.warn(describeDatabaseError(error), 'database connection lost'));
  // A connection checked out for a transaction reports its loss to the statement it runs, and is
  // dropped when released; its own 'error' event must not end the process either.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** How often a server waiting for another's advisory lock asks again. */
const LOCK_RETRY_MS = 100;

/**
 * A session-level advisory lock held on one connection while `work` runs (on any connection).
 * Asked for with `pg_try_advisory_lock` again and again rather than waited for in one statement,
 * which the statement timeout would end while another server migrates or seeds.
 */
async function withAdvisoryLock<T>(pool: pg.Pool, name: string, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    for (;;) {
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock(hashtext($1)) as locked',
        [`koppel:${name}`],
      );
      if (rows[0]?.locked) break;
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
    }
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
  timeouts = {},
}: OpenDatabaseOptions): Promise<Database> {
  if (url) {
    const pool = createPool({ url, logger, timeouts });
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    const exclusively = <T>(name: string, work: () => Promise<T>) => withAdvisoryLock(pool, name, work);
    return {
      db,
      kind: 'postgres',
      connectionString: url,
      timeouts: { ...DEFAULT_DATABASE_TIMEOUTS, ...timeouts },
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
    // Issue 31: the client list's trigram index (migration 0034) needs pg_trgm here too.
    extensions: { pg_trgm },
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
