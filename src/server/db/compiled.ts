import { type Query, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Decision 052: a statement whose SQL depends only on its shape (which filters, which sort, whose
 * rows) is built and compiled once per shape; each call binds its own values by name
 * (`sql.placeholder`). Building drizzle's SQL objects and compiling them to text was a fifth to a
 * third of the server's CPU on the dashboard, the clients list and the intake lists, on every
 * request; and a freshly built text of 4 KB was hashed again to find its prepared statement. A
 * compiled text is the same string object on every call, so that lookup is cheap too.
 *
 * The key must name everything the build reads besides the placeholders. At most MAX_SHAPES
 * shapes are kept; a further one is compiled on every call, as before.
 */
const MAX_SHAPES = 500;
const dialect = new PgDialect();
const compiledByKey = new Map<string, Query>();

/** The compiled text and parameters of the statement `build` makes, once per `key`. */
export function compiledOnce(key: string, build: () => SQL): Query {
  let query = compiledByKey.get(key);
  if (!query) {
    query = dialect.sqlToQuery(build());
    if (compiledByKey.size < MAX_SHAPES) compiledByKey.set(key, query);
  }
  return query;
}

/**
 * Issue 31: a statement whose text and values come from one caller's data (magic match's, from the
 * client it searches for: their wishes, traits and postcode shape the score's SQL) is compiled once
 * per set of inputs, not per call. The last `size` sets are kept, the least recently used dropped
 * first. The key must name everything the build reads; the values are in the compiled statement
 * (no placeholders), so a call runs it with no values of its own.
 */
export function recentlyCompiled(size: number): (key: string, build: () => SQL) => Query {
  const byKey = new Map<string, Query>();
  return (key, build) => {
    let query = byKey.get(key);
    if (query) byKey.delete(key);
    else {
      query = dialect.sqlToQuery(build());
      if (byKey.size >= size) byKey.delete(byKey.keys().next().value as string);
    }
    byKey.set(key, query);
    return query;
  };
}

/**
 * `count` placeholders `name0, name1, …` for a list in a statement built once per shape: the list's
 * length is part of the shape (the key), its items are values (`listValues`). An IN list keeps the
 * plans PostgreSQL makes for the values it sees; an array parameter (`= ANY($1)`) made it plan
 * magic match's read of its top anew on every call.
 */
export const placeholderList = (name: string, count: number): SQL =>
  sql.join(
    Array.from({ length: count }, (_, i) => sql.placeholder(`${name}${i}`)),
    sql`, `,
  );

/** The values of `placeholderList(name, items.length)`. */
export const listValues = (name: string, items: readonly unknown[]): Record<string, unknown> =>
  Object.fromEntries(items.map((item, i) => [`${name}${i}`, item]));

/** Runs a compiled statement with its placeholders' values: the rows, as `db.execute` gives them. */
export async function runCompiled<Row>(
  db: Db,
  query: Query,
  values: Record<string, unknown>,
): Promise<Row[]> {
  const prepared = db._.session.prepareQuery(query, undefined, undefined, false);
  const result = (await prepared.execute(values)) as { rows: Row[] };
  return result.rows;
}

const preparedByDb = new WeakMap<Db, Map<string, unknown>>();

/**
 * A drizzle query prepared once per database and shape (decision 052): `prepare` builds the query
 * with `sql.placeholder` for each value of a call and returns its `.prepare(name)`; the caller runs
 * `.execute(values)`. Drizzle maps the rows as for the unprepared query.
 */
export function preparedOnce<Prepared>(db: Db, key: string, prepare: () => Prepared): Prepared {
  let byKey = preparedByDb.get(db);
  if (!byKey) {
    byKey = new Map();
    preparedByDb.set(db, byKey);
  }
  let prepared = byKey.get(key) as Prepared | undefined;
  if (!prepared) {
    prepared = prepare();
    if (byKey.size < MAX_SHAPES) byKey.set(key, prepared);
  }
  return prepared;
}
