import type { Query, SQL } from 'drizzle-orm';
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
