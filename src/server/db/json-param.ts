import { type SQL, sql } from 'drizzle-orm';

/**
 * Issue 31 (decision 040): many values in ONE parameter, so a statement's text and its number of
 * parameters stay the same however many rows it carries (`inArray` and `.values(rows)` take one
 * parameter per value: PostgreSQL refuses more than 65,535, and each count is a new statement
 * text to prepare). Works alike on PostgreSQL and PGlite.
 */

/** `column IN (…)` with the ids in one JSON parameter (`uuid`: the column is a uuid). */
export function inJsonList(column: unknown, ids: readonly string[], type: 'text' | 'uuid' = 'text'): SQL {
  const values = sql`jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)`;
  return type === 'uuid'
    ? sql`${column} IN (SELECT v::uuid FROM ${values} AS v)`
    : sql`${column} IN (SELECT ${values})`;
}

/** The rows as one JSON parameter, for `jsonb_to_recordset(…) AS r(<columns with types>)`. */
export function jsonRows(rows: readonly Record<string, unknown>[]): SQL {
  return sql`${JSON.stringify(rows)}::jsonb`;
}

/** The rows of `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
export function resultRows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
