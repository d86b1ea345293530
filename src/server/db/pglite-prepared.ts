import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

import { isPlannedPerCall } from './plan-per-call';

const { serialize } = protocol;

/** A read: the statements this fast path takes (drizzle writes SQL keywords in lower case). */
const READ = /^\s*select\s/i;

interface Prepared {
  name: string;
  /** The parameters' type OIDs, for PGlite's serializers. */
  types: number[];
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** PGlite's own mutexes and type maps, public in JavaScript though not in its types. */
interface PGliteInternals {
  _checkReady(): Promise<void>;
  _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(work: () => Promise<T>): Promise<T>;
  serializers: Record<number, (value: unknown) => string>;
  parsers: Record<number, (value: string, typeId?: number) => unknown>;
}

/**
 * Issue 19 (decision 020): on PGlite a read becomes a named prepared statement,
 * parsed and planned once, then bound and executed in ONE call into PostgreSQL: PGlite's own
 * `query` sends parse, describe, bind, describe, execute and sync one by one and plans every time
 * (0.86 ms for the proposals' query, 0.12 ms prepared; the planner's file-size lookups were a fifth
 * of the profile). Writes, statements without parameters and any read that fails take PGlite's
 * own path, so errors keep PGlite's form. Queries inside a transaction use PGlite's path too.
 * A read without parameters is prepared as well (PGlite's `query` takes one statement only).
 */
export function prepareReads(client: PGlite, maxStatements: number): void {
  const internals = client as unknown as PGliteInternals;
  const ownQuery = client.query.bind(client);
  const statements = new Map<string, Prepared>();
  let prepared = 0;

  async function prepare(text: string): Promise<Prepared | null> {
    prepared += 1;
    const name = `koppel_${prepared}`;
    try {
      const { messages } = await client.execProtocol(
        concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
        { syncToFs: false },
      );
      const prepared = { name, types: parse.parseDescribeStatementResults(messages) };
      statements.set(text, prepared);
      return prepared;
    } catch {
      // Not preparable (an error in the text): PGlite's own path reports it.
      return null;
    }
  }

  async function runPrepared<T>(prepared: Prepared, params: unknown[], options?: QueryOptions) {
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const oid = prepared.types[index]!;
      const serializer = options?.serializers?.[oid] ?? internals.serializers[oid];
      return serializer ? serializer(param) : String(param);
    });
    const { messages } = await client.execProtocol(
      concat([
        serialize.bind({ statement: prepared.name, values: values as (string | null)[] }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return parse.parseResults(messages, internals.parsers, options)[0] as Results<T>;
  }

  client.query = async <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    // `query` runs one statement (several need `exec`), so a read without parameters qualifies too.
    // A statement marked to be planned per call (decision 045) takes PGlite's path, which plans it
    // with its values every time.
    if (options?.blob || !READ.test(text) || isPlannedPerCall(text))
      return ownQuery<T>(text, params, options);
    await internals._checkReady();
    const result = await internals._runExclusiveTransaction(() =>
      internals._runExclusiveQuery(async () => {
        const statement =
          statements.get(text) ?? (statements.size < maxStatements ? await prepare(text) : null);
        if (!statement) return null;
        try {
          return await runPrepared<T>(statement, params ?? [], options);
        } catch {
          // The Sync in the same call has ended the failed statement: PGlite's path reports it. The
          // statement is prepared afresh next time (a table it reads may have changed shape).
          statements.delete(text);
          return null;
        }
      }),
    );
    return result ?? ownQuery<T>(text, params, options);
  };
}
