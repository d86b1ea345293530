import { getTableColumns, type SQL, sql, type Table } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/*
 * Issue 31 (decisions 043 and 054): an answer's JSON written by PostgreSQL, as the route's
 * `c.json` of drizzle's rows would write it, so the server neither parses nor maps nor serialises
 * the rows. A test per read holds the two to the same answer.
 */

/** A timestamp as `toISOString` writes it (UTC, milliseconds truncated, `Z`), in SQL. */
export const isoSql = (column: AnyPgColumn) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Column types whose JSON in PostgreSQL is what `jsonify` writes of drizzle's value. */
const SAME_IN_JSON = new Set(['PgUUID', 'PgText', 'PgVarchar', 'PgEnumColumn', 'PgInteger', 'PgBoolean']);

/**
 * The `json_build_object` arguments of a table's row as `jsonify` writes drizzle's row of it: each
 * column under its field name, in the schema's order, a timestamp (mode date) as `isoSql`; `omit`
 * leaves fields out. A column of another type throws when the SQL is built: its JSON could differ
 * (a numeric is a string in drizzle and a number in PostgreSQL's JSON).
 */
export function rowJsonArgs<T extends Table>(table: T, omit: readonly (keyof T['$inferSelect'])[] = []): SQL {
  const parts = Object.entries(getTableColumns(table))
    .filter(([key]) => !omit.includes(key as keyof T['$inferSelect']))
    .map(([key, column]) => {
      const value =
        column.columnType === 'PgTimestamp'
          ? isoSql(column as AnyPgColumn)
          : SAME_IN_JSON.has(column.columnType)
            ? sql`${column}`
            : undefined;
      if (!value) throw new Error(`rowJsonArgs: ${column.name} (${column.columnType}) has no JSON form here`);
      return sql`${sql.raw(`'${key}'`)}, ${value}`;
    });
  return sql.join(parts, sql`, `);
}
