import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPgDatabase, onPostgres } from '../test/fresh-pg';
import { openTestDatabase } from '../test/test-app';
import { type Database, openDatabase } from './client';
import * as schema from './schema';

/**
 * schema.ts and the migrations describe one database twice: the application queries through the
 * first, deployments are built by the second. This test builds both and compares what PostgreSQL
 * itself reports about them (pg_catalog, so both sides are spelled the same way): one database
 * migrated as a server migrates, and one empty database given exactly the SQL drizzle-kit writes
 * for schema.ts. Every table, column (type, nullability, default), constraint (primary key, unique,
 * check, foreign key with its actions), index (columns, order, uniqueness, WHERE), enum (labels in
 * order), view (its query) and sequence must be equal.
 *
 * drizzle-kit's own `pushSchema` cannot do this: its database adapter drops query parameters, so
 * introspecting a table with a composite primary key fails (and it then calls process.exit), and
 * in push mode it ignores changed check constraints and index expressions or WHERE clauses.
 */

/**
 * What the migrations build that Drizzle cannot declare, written by hand in SQL. Each must exist
 * in the migrated database (so this list cannot go stale) and nothing else may be missing from
 * schema.ts. Keys are those of `describeDatabase` below.
 */
const HAND_WRITTEN_SQL: Record<string, string> = {
  'function create_user_profile()': 'migration 0001: every new "user" row gets its user_profiles row',
  'trigger user.user_profile_on_signup': 'migration 0001: runs create_user_profile()',
  'function sync_profile_full_name()': 'migration 0006: "user".name is copied to user_profiles.full_name',
  'trigger user.user_name_to_profile': 'migration 0006: runs sync_profile_full_name()',
  // Decision 037: client_profiles' copies of the confirmed traits and the latest quiz.
  'function client_match_traits(cid text)': 'migration 0025: what client_profiles.match_traits holds',
  'function client_quiz_scores(cid text)': 'migration 0025: what client_profiles.quiz_scores holds',
  'function refresh_match_traits()': 'migration 0025: client_traits changed: match_traits again',
  'function refresh_quiz_scores()': 'migration 0025: quiz_attempts changed: quiz_scores again',
  'function fill_profile_copies()': 'migration 0025: a new profile starts with both copies',
  'trigger client_traits.client_traits_copy_insert': 'migration 0025: runs refresh_match_traits()',
  'trigger client_traits.client_traits_copy_update': 'migration 0025: runs refresh_match_traits()',
  'trigger client_traits.client_traits_copy_delete': 'migration 0025: runs refresh_match_traits()',
  'trigger quiz_attempts.quiz_attempts_copy_insert': 'migration 0025: runs refresh_quiz_scores()',
  'trigger quiz_attempts.quiz_attempts_copy_update': 'migration 0025: runs refresh_quiz_scores()',
  'trigger quiz_attempts.quiz_attempts_copy_delete': 'migration 0025: runs refresh_quiz_scores()',
  'trigger client_profiles.client_profiles_copies': 'migration 0025: runs fill_profile_copies()',
  'function client_matchable(cid text)': 'migration 0026: what client_profiles.matchable holds',
  'function set_matchable(cid text)': 'migration 0026: client_profiles.matchable again',
  'function refresh_matchable_of_user()': 'migration 0026: role or contract changed',
  'function refresh_matchable_of_settings()': 'migration 0026: paused or deleted changed',
  'trigger user_profiles.user_profiles_matchable': 'migration 0026: runs refresh_matchable_of_user()',
  'trigger account_settings.account_settings_matchable_insert':
    'migration 0026: runs refresh_matchable_of_settings()',
  'trigger account_settings.account_settings_matchable_update':
    'migration 0026: runs refresh_matchable_of_settings()',
  'trigger account_settings.account_settings_matchable_delete':
    'migration 0026: runs refresh_matchable_of_settings()',
  // Decision 045: client_counts, the dashboard's clients per matchmaker, contract status and tier.
  'function count_clients_of_profiles()': 'migration 0036: a profile added or changed: its counts',
  'function count_removed_profile()': 'migration 0036: a profile removed: counted out',
  'function count_clients_of_settings()': 'migration 0036: an account deleted (or not): its counts',
  'function forget_client_counts()': 'migration 0036: the profiles truncated: no counts',
  'function compact_client_counts()': 'migration 0036: the changes folded, one row per key',
  'trigger user_profiles.user_profiles_client_counts_insert':
    'migration 0036: runs count_clients_of_profiles()',
  'trigger user_profiles.user_profiles_client_counts_update':
    'migration 0036: runs count_clients_of_profiles()',
  'trigger user_profiles.user_profiles_client_counts_delete': 'migration 0036: runs count_removed_profile()',
  'trigger user_profiles.user_profiles_client_counts_truncate': 'migration 0036: runs forget_client_counts()',
  'trigger account_settings.account_settings_client_counts_insert':
    'migration 0036: runs count_clients_of_settings()',
  'trigger account_settings.account_settings_client_counts_update':
    'migration 0036: runs count_clients_of_settings()',
  'trigger account_settings.account_settings_client_counts_delete':
    'migration 0036: runs count_clients_of_settings()',
  // Decision 037: with INCLUDE, which Drizzle cannot declare.
  'index client_profiles_matchable_cover_idx':
    'migration 0032: magic match reads its candidates from it alone',
};

type Described = Map<string, string>;

/** One line per object of the public schema: `kind name` → its definition as PostgreSQL prints it. */
async function describeDatabase(database: Database): Promise<Described> {
  const queries = [
    // Enums: the labels in their order (ORDER BY and comparisons follow it).
    `SELECT 'enum ' || t.typname AS key, string_agg(quote_literal(e.enumlabel), ', ' ORDER BY e.enumsortorder) AS def
       FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = 'public' GROUP BY t.typname`,
    // Tables, views and sequences (a view by its query, a table by its row security).
    `SELECT CASE c.relkind WHEN 'v' THEN 'view ' WHEN 'm' THEN 'materialized view ' WHEN 'S' THEN 'sequence '
                           ELSE 'table ' END || c.relname AS key,
            CASE WHEN c.relkind IN ('v', 'm') THEN pg_get_viewdef(c.oid, true)
                 WHEN c.relkind = 'S' THEN (SELECT format('%s START %s INCREMENT %s MIN %s MAX %s CACHE %s%s',
                      format_type(s.seqtypid, NULL), s.seqstart, s.seqincrement, s.seqmin, s.seqmax, s.seqcache,
                      CASE WHEN s.seqcycle THEN ' CYCLE' ELSE '' END) FROM pg_sequence s WHERE s.seqrelid = c.oid)
                 ELSE concat_ws(' ', CASE WHEN c.relkind = 'p' THEN 'PARTITIONED' END,
                      CASE WHEN c.relrowsecurity THEN 'ROW LEVEL SECURITY' END,
                      CASE WHEN c.relforcerowsecurity THEN 'FORCED' END) END AS def
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S')`,
    // Columns of tables and views: type, NOT NULL, default or generation, identity, collation.
    `SELECT 'column ' || c.relname || '.' || a.attname AS key,
            concat_ws(' ', format_type(a.atttypid, a.atttypmod),
              CASE WHEN a.attcollation <> t.typcollation THEN 'COLLATE ' || quote_ident(co.collname) END,
              CASE WHEN a.attnotnull THEN 'NOT NULL' END,
              CASE WHEN a.attgenerated = 's' THEN 'GENERATED ALWAYS AS (' || pg_get_expr(d.adbin, d.adrelid) || ') STORED'
                   WHEN d.adbin IS NOT NULL THEN 'DEFAULT ' || pg_get_expr(d.adbin, d.adrelid) END,
              CASE a.attidentity WHEN 'a' THEN 'GENERATED ALWAYS AS IDENTITY'
                                 WHEN 'd' THEN 'GENERATED BY DEFAULT AS IDENTITY' END) AS def
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_type t ON t.oid = a.atttypid
       LEFT JOIN pg_collation co ON co.oid = a.attcollation
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm') AND a.attnum > 0 AND NOT a.attisdropped`,
    // Primary keys, unique, check, foreign key (with ON DELETE/UPDATE) and exclusion constraints.
    `SELECT 'constraint ' || c.relname || '.' || con.conname AS key, pg_get_constraintdef(con.oid, true) AS def
       FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND con.contype IN ('p', 'u', 'c', 'f', 'x')`,
    // Indexes, including those behind constraints: columns, order, NULLS, method, uniqueness, WHERE.
    `SELECT 'index ' || i.relname AS key, pg_get_indexdef(i.oid) AS def
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_namespace n ON n.oid = i.relnamespace
      WHERE n.nspname = 'public'`,
    `SELECT 'policy ' || tablename || '.' || policyname AS key,
            concat_ws(' ', permissive, cmd, roles::text, qual, with_check) AS def
       FROM pg_policies WHERE schemaname = 'public'`,
    // What only hand-written SQL makes.
    `SELECT 'trigger ' || c.relname || '.' || t.tgname AS key, pg_get_triggerdef(t.oid, true) AS def
       FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND NOT t.tgisinternal`,
    `SELECT 'function ' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' AS key,
            pg_get_function_result(p.oid) || ' ' || l.lanname AS def
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace JOIN pg_language l ON l.oid = p.prolang
      WHERE n.nspname = 'public'`,
    `SELECT 'type ' || t.typname AS key, t.typtype::text AS def
       FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = 'public' AND t.typtype IN ('d', 'r', 'm')
         OR (n.nspname = 'public' AND t.typtype = 'c'
             AND (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c')`,
  ];
  const described: Described = new Map();
  for (const query of queries) {
    const { rows } = await database.executeSql(query);
    for (const row of rows as { key: string; def: string | null }[]) {
      described.set(row.key, (row.def ?? '').replace(/\s+/g, ' ').trim());
    }
  }
  return described;
}

/** Everything on which the two databases differ, one readable line each. */
function differences(migrated: Described, declared: Described): string[] {
  const lines: string[] = [];
  for (const key of [...new Set([...migrated.keys(), ...declared.keys()])].sort()) {
    const built = migrated.get(key);
    const wanted = declared.get(key);
    if (built === wanted || (wanted === undefined && key in HAND_WRITTEN_SQL)) continue;
    if (wanted === undefined) lines.push(`${key}: only the migrations build it (${built})`);
    else if (built === undefined) lines.push(`${key}: only schema.ts declares it (${wanted})`);
    else lines.push(`${key}: the migrations build "${built}", schema.ts declares "${wanted}"`);
  }
  return lines;
}

/** An empty database of the same kind as the test database (PGlite, or one on the test server). */
async function openEmptyDatabase(): Promise<{ database: Database; drop(): Promise<unknown> }> {
  if (!onPostgres) {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const fresh = await createEmptyPgDatabase();
  const database = await openDatabase({ url: fresh.url });
  return {
    database,
    drop: async () => {
      await database.close();
      await fresh.drop();
    },
  };
}

/**
 * drizzle-kit's API adds enumerable methods to `Array.prototype` and `String.prototype` (`random`,
 * `concatIf`, `snake_case`, ...) as it loads. Test files share a worker (`isolate: false`), and a
 * later file's pdfjs then refuses to run ("The `Array.prototype` contains unexpected enumerable
 * properties"). So the API is loaded here, inside this file's setup; what it added is hidden from
 * `for...in` at once and taken away when this file is done.
 */
const addedToPrototypes: [object, PropertyKey][] = [];
async function loadDrizzleKit() {
  const prototypes = [Array.prototype, String.prototype, Object.prototype, Function.prototype];
  const before = prototypes.map((prototype) => new Set(Reflect.ownKeys(prototype)));
  const api = await import('drizzle-kit/api');
  prototypes.forEach((prototype, index) => {
    for (const key of Reflect.ownKeys(prototype)) {
      if (before[index]!.has(key)) continue;
      Object.defineProperty(prototype, key, { enumerable: false });
      addedToPrototypes.push([prototype, key]);
    }
  });
  return api;
}

let migrated: Described;
let declared: Described;
const cleanups: (() => Promise<unknown>)[] = [
  async () => {
    for (const [prototype, key] of addedToPrototypes.splice(0)) Reflect.deleteProperty(prototype, key);
  },
];

beforeAll(async () => {
  const fromMigrations = await openTestDatabase();
  cleanups.push(fromMigrations.drop);
  const fromSchema = await openEmptyDatabase();
  cleanups.push(fromSchema.drop);
  // The statements `npm run db:generate` would write for schema.ts on an empty migration history.
  const { generateDrizzleJson, generateMigration } = await loadDrizzleKit();
  const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson(schema));
  // Extensions are not Drizzle's to declare: migration 0034 creates pg_trgm (decision 040), whose
  // operator class an index of schema.ts uses; its own functions are then on both sides alike.
  await fromSchema.database.executeSql('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  for (const statement of statements) await fromSchema.database.executeSql(statement);
  migrated = await describeDatabase(fromMigrations);
  declared = await describeDatabase(fromSchema.database);
  // Two databases, one migrated: minutes on a busy machine.
}, 180_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('schema.ts and the migrations', () => {
  it('describe the same database: tables, columns, defaults, constraints, indexes, enums, views', () => {
    const found = differences(migrated, declared);
    expect(
      found,
      `schema.ts and src/server/db/migrations disagree (${found.length}):\n  ${found.join('\n  ')}\n`,
    ).toEqual([]);
  });

  it('see every table of schema.ts on both sides (the comparison is not of two empty lists)', () => {
    const tables = Object.values(schema as Record<string, unknown>)
      .flatMap((value) => (value instanceof PgTable ? [`table ${getTableConfig(value).name}`] : []))
      .sort();
    expect(tables.length).toBeGreaterThan(30);
    const described = (side: Described) => [...side.keys()].filter((key) => key.startsWith('table ')).sort();
    expect(described(migrated)).toEqual(tables);
    expect(described(declared)).toEqual(tables);
    expect(migrated.get('column user.email')).toBe('text NOT NULL');
    expect(migrated.get('view available_matchmakers')).toContain('FROM matchmaker_profiles mp');
  });

  it('leave only the listed hand-written SQL (triggers, functions, an index) out of schema.ts', () => {
    const handWritten = Object.keys(HAND_WRITTEN_SQL).sort();
    expect(handWritten.filter((key) => !migrated.has(key))).toEqual([]);
    expect(
      [...migrated.keys()]
        .filter((key) => /^(trigger|function|index) /.test(key) && !declared.has(key))
        .sort(),
    ).toEqual(handWritten);
  });
});
