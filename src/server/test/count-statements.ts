import type { Db } from '../db/client';

/**
 * Counts the SQL statements our code sends, at the database driver under drizzle (PGlite's or
 * node-postgres's `query`), so the code under test runs unchanged. Wrap a test app's `db` once,
 * then `count(work)` gives the statements sent while `work` ran. A transaction's BEGIN and COMMIT
 * count on node-postgres (drizzle sends them), not on PGlite (its own transaction sends them).
 */
export function countStatements(db: Db) {
  let counting = false;
  let statements = 0;
  wrapDriver((db as unknown as { $client: Queryable }).$client, () => {
    if (counting) statements++;
  });
  return async function count<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
    statements = 0;
    counting = true;
    try {
      const result = await work();
      return { result, statements };
    } finally {
      counting = false;
    }
  };
}

type Queryable = Record<string, unknown>;

function countCalls(target: Queryable, methods: string[], onCall: () => void) {
  for (const method of methods) {
    const original = target[method];
    if (typeof original !== 'function') continue;
    target[method] = function (this: unknown, ...args: unknown[]) {
      onCall();
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
}

/**
 * PGlite: its `query`, `exec` and the queries of a transaction. A pg Pool: every client it checks
 * out (pool.query checks one out with a callback, drizzle's transactions without), so each
 * statement is counted once, on the connection that sends it.
 */
function wrapDriver(client: Queryable, onCall: () => void) {
  const countConnection = (connection: Queryable | undefined) => {
    if (connection && !connection.__counted) {
      countCalls(connection, ['query'], onCall);
      connection.__counted = true;
    }
    return connection;
  };
  const connect = client.connect;
  if (typeof connect === 'function' && !('exec' in client)) {
    client.connect = function (this: unknown, ...args: unknown[]) {
      const [callback] = args;
      if (typeof callback === 'function') {
        return (connect as (...a: unknown[]) => unknown).call(
          this,
          (error: unknown, connection: Queryable, release: unknown) =>
            callback(error, countConnection(connection), release),
        );
      }
      return (connect as (...a: unknown[]) => Promise<Queryable>).apply(this, args).then(countConnection);
    };
    return;
  }
  countCalls(client, ['query', 'exec'], onCall);
  const transaction = client.transaction;
  if (typeof transaction === 'function') {
    client.transaction = function (this: unknown, work: (tx: Queryable) => unknown) {
      return (transaction as (w: (tx: Queryable) => unknown) => unknown).call(this, (tx: Queryable) => {
        countCalls(tx, ['query', 'exec'], onCall);
        return work(tx);
      });
    };
  }
}
