import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareReads } from './pglite-prepared';
import { PLAN_PER_CALL } from './plan-per-call';

// Two PGlite instances with the same rows: one with the fast path, one as PGlite ships. Each test
// has its own pair, so the names it prepares do not depend on which test ran before it.
let fast: PGlite;
let plain: PGlite;

const SETUP = `
  create table people (id uuid primary key, name text not null, born date, seen_at timestamptz, score numeric, tags text[]);
  insert into people values
    ('6d1f4c52-2f4e-4a53-9c3a-3d1f2b0c0a01', 'Emma', '1994-03-02', '2026-11-24 15:24:51.802+00', 7.5, '{koken,wandelen}'),
    ('6d1f4c52-2f4e-4a53-9c3a-3d1f2b0c0a02', 'Lucas', null, null, null, null);
`;

/** Through `exec`, which the fast path leaves alone, so the question prepares nothing itself. */
const preparedNames = async () => {
  const [result] = await fast.exec('select name from pg_prepared_statements order by name');
  return (result!.rows as { name: string }[]).map((row) => row.name);
};

// Opening a PGlite instance costs seconds of CPU on a busy two-core machine (one test here took
// 63 s on a loaded run): each test has the hooks' limit instead of the default 30 s.
const OPENING = { timeout: 120_000 };

describe('prepareReads on PGlite (decision 020)', OPENING, () => {
  beforeEach(async () => {
    fast = await PGlite.create();
    plain = await PGlite.create();
    prepareReads(fast, 10);
    await fast.exec(SETUP);
    await plain.exec(SETUP);
  });
  afterEach(async () => {
    await fast.close();
    await plain.close();
  });

  it('answers a read with parameters exactly as PGlite does, in both row modes, from one prepared statement', async () => {
    const text = 'select * from people where name = any($1::text[]) or born > $2 order by name';
    const params = [['Emma', 'Lucas'], new Date('1990-01-01')];
    for (const rowMode of ['object', 'array'] as const) {
      for (let run = 0; run < 3; run++) {
        const mine = await fast.query(text, params, { rowMode });
        const theirs = await plain.query(text, params, { rowMode });
        expect(mine.rows).toEqual(theirs.rows);
        expect(mine.fields).toEqual(theirs.fields);
      }
    }
    expect((await fast.query(text, params)).rows).toHaveLength(2);
    expect(await preparedNames()).toEqual(['koppel_1']);
    // A read without parameters (the health check's `select 1`) too.
    expect((await fast.query('select 1 as one')).rows).toEqual((await plain.query('select 1 as one')).rows);
    expect(await preparedNames()).toEqual(['koppel_1', 'koppel_2']);
    // Decision 045: a read marked to be planned per call takes PGlite's own path.
    const perCall = `${PLAN_PER_CALL}select name from people where name = $1`;
    expect((await fast.query(perCall, ['Emma'])).rows).toEqual((await plain.query(perCall, ['Emma'])).rows);
    expect(await preparedNames()).toEqual(['koppel_1', 'koppel_2']);
  });

  it('keeps the parsers a caller passes (drizzle keeps timestamps as text)', async () => {
    const text = 'select seen_at from people where id = $1';
    const parsers = { 1184: (value: string) => `tekst:${value}` };
    const mine = await fast.query<{ seen_at: string }>(text, ['6d1f4c52-2f4e-4a53-9c3a-3d1f2b0c0a01'], {
      parsers,
    });
    const theirs = await plain.query<{ seen_at: string }>(text, ['6d1f4c52-2f4e-4a53-9c3a-3d1f2b0c0a01'], {
      parsers,
    });
    expect(mine.rows).toEqual(theirs.rows);
    expect(mine.rows[0]!.seen_at).toMatch(/^tekst:2026-11-24/);
  });

  it('reports a failing read as PGlite does (its SQL state), and answers again afterwards', async () => {
    const text = 'select name from people where id = $1';
    const failure = (await fast.query(text, ['geen-uuid']).catch((error: unknown) => error)) as {
      code?: string;
    };
    const expected = (await plain.query(text, ['geen-uuid']).catch((error: unknown) => error)) as {
      code?: string;
    };
    expect(failure.code).toBe('22P02');
    expect(failure.code).toBe(expected.code);
    expect((await fast.query(text, ['6d1f4c52-2f4e-4a53-9c3a-3d1f2b0c0a02'])).rows).toEqual([
      { name: 'Lucas' },
    ]);
    // The failed statement was prepared afresh, under a new name.
    expect(await preparedNames()).toEqual(['koppel_1', 'koppel_2']);
  });
});

// Its own instance with a limit of 1, without the pair the tests above open.
describe('prepareReads with its limit reached', OPENING, () => {
  it('leaves writes and transactions to PGlite, and prepares no more than its limit', async () => {
    const limited = await PGlite.create();
    try {
      prepareReads(limited, 1);
      await limited.exec(SETUP);
      await limited.query('update people set score = $1 where name = $2', [8, 'Emma']);
      expect((await limited.query('select score from people where name = $1', ['Emma'])).rows).toEqual([
        { score: '8' },
      ]);
      await limited.transaction(async (tx) => {
        await tx.query('select name from people where name = $1 and score > $2', ['Emma', 1]);
      });
      // The limit (1) is reached: a second text runs unprepared, with the same answer.
      expect(
        (await limited.query('select count(*)::int as n from people where name <> $1', ['x'])).rows,
      ).toEqual([{ n: 2 }]);
      const names = await limited.query<{ name: string; statement: string }>(
        'select name, statement from pg_prepared_statements',
      );
      expect(names.rows).toEqual([
        { name: 'koppel_1', statement: 'select score from people where name = $1' },
      ]);
    } finally {
      await limited.close();
    }
  });
});
