import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw SQL for pg-boss: parameterless text may hold several statements. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Set for PostgreSQL, so pg-boss can open its own pool. */
  connectionString?: string;
  migrate(): Promise<void>;
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
}

export async function openDatabase({ url, pgliteDir }: OpenDatabaseOptions): Promise<Database> {
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      connectionString: url,
      executeSql: (text, values) => pool.query(text, values),
      migrate: () => migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder: migrationsFolder() }),
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create(pgliteDir ? { dataDir: pgliteDir } : {});
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
    close: () => client.close(),
  };
}
