import { type Column, getTableColumns, type SQL, type SQLWrapper, sql, type Table } from 'drizzle-orm';
import type { Db } from './client';
import { compiledOnce, runCompiled } from './compiled';
import { PLAN_PER_CALL } from './plan-per-call';

export interface TogetherOptions {
  alsoWrite?: SQL | null;
  /** Common table expressions (`name AS (…)`, comma-separated) the queries may read. */
  with?: SQL;
  planPerCall?: boolean;
}

/**
 * Issue 19 (decision 022): several SELECTs in ONE statement, so an authenticated read costs the
 * session lookup and one more round trip. Each query becomes a column holding its rows as a JSON
 * array (in the query's own order: an aggregate over a sorted subquery keeps it).
 *
 * JSON changes some types, the same on PGlite and PostgreSQL: a timestamp arrives as text such as
 * `2026-11-24T15:24:51.802+00:00` (give it to `isoInstant`), a count (bigint) or a numeric as a
 * number, a date as `YYYY-MM-DD`, a text[] as an array. Every column of a query needs its own name
 * (`AS name`): the names are the rows' keys. A drizzle select may be given as `.getSQL()` when each
 * field's key is its column's name or an `.as()` alias (drizzle itself names nothing).
 */
export async function selectTogether<Rows extends Record<keyof Rows, object>>(
  db: Db,
  queries: { [Name in keyof Rows]: SQL },
  options: TogetherOptions = {},
): Promise<{ [Name in keyof Rows]: Rows[Name][] }> {
  const result = (await db.execute(togetherSql(queries, options))) as unknown as {
    rows: { [Name in keyof Rows]: Rows[Name][] }[];
  };
  return result.rows[0]!;
}

/**
 * `selectTogether` for a read whose SQL depends only on `key` (decision 052): `build` runs once per
 * key and writes each value of the call as a `sql.placeholder`, filled from `values`.
 */
export async function selectTogetherOnce<Rows extends Record<keyof Rows, object>>(
  db: Db,
  key: string,
  build: () => { queries: { [Name in keyof Rows]: SQL }; options?: TogetherOptions },
  values: Record<string, unknown>,
): Promise<{ [Name in keyof Rows]: Rows[Name][] }> {
  const query = compiledOnce(`together:${key}`, () => {
    const { queries, options } = build();
    return togetherSql(queries, options);
  });
  const rows = await runCompiled<{ [Name in keyof Rows]: Rows[Name][] }>(db, query, values);
  return rows[0]!;
}

function togetherSql(queries: Record<string, SQL>, options: TogetherOptions = {}): SQL {
  const columns = Object.entries(queries).map(
    ([name, query]) => sql`${jsonRows(query)} AS ${sql.identifier(name)}`,
  );
  // A small write that goes with the read (an INSERT ... ON CONFLICT), in the same statement as a
  // data-modifying WITH: PostgreSQL runs it whether or not the select reads it.
  const tables = [
    ...(options.with ? [options.with] : []),
    ...(options.alsoWrite ? [sql`also_write AS (${options.alsoWrite})`] : []),
  ];
  const write = tables.length > 0 ? sql`WITH ${sql.join(tables, sql`, `)} ` : sql``;
  // Decision 045: planned for its values on every call, not prepared once for all values.
  const mark = options.planPerCall ? sql.raw(PLAN_PER_CALL) : sql``;
  return sql`${mark}${write}SELECT ${sql.join(columns, sql`, `)}`;
}

/**
 * A query's rows as one JSON array (in the query's order), for a column of another select: a read
 * that needs its own drizzle-mapped row (a joined match) takes its other rows along this way. The
 * JSON types are those of `selectTogether`.
 */
export function jsonRows<Row>(query: SQL): SQL<Row[]> {
  return sql<Row[]>`(SELECT coalesce(json_agg(q), '[]'::json) FROM (${query}) q)`;
}

/** A timestamp from `selectTogether` (JSON text, any offset) as the API writes it: ISO 8601 in UTC. */
export function isoInstant(value: string): string;
export function isoInstant(value: string | null): string | null;
export function isoInstant(value: string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/**
 * Rows of `SELECT * FROM table` read through `selectTogether`, as drizzle reads them: keys by field,
 * each value through its column's own mapping (a timestamp becomes a Date again).
 */
export function tableRows<T extends Table>(table: T, rows: readonly object[]): T['$inferSelect'][] {
  const columns = Object.entries(getTableColumns(table));
  return rows.map(
    (row) =>
      Object.fromEntries(
        columns.map(([key, column]) => {
          const value = (row as Record<string, unknown>)[column.name];
          return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
        }),
      ) as T['$inferSelect'],
  );
}

/**
 * A drizzle select's fields, each named by its key (`AS key`): drizzle names nothing in its SQL,
 * so a select given to `selectTogether` as `.getSQL()` gets rows keyed as its fields are.
 */
export function named(fields: Record<string, Column | SQLWrapper>): Record<string, SQL.Aliased> {
  return Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, sql`${field}`.as(key)]));
}
