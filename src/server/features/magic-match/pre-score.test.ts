// Issue 28 (speed): the SQL ceiling of the score (pre-score.ts) is a ceiling for every candidate,
// and the ranking read by falling ceiling shows exactly what the uncut ranking shows.
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IGNORABLE, type Ignorable, type MagicMatchAdjustments } from '../../../shared/magic-match';
import { postcodeDistanceKm } from '../../../shared/postcode-zones';
import { EDUCATIONS, FREQUENCIES, RELATIONSHIPS, RELIGIONS } from '../../../shared/profile';
import { TRAIT_KEYS } from '../../../shared/traits';
import { createClient } from '../../db/factories';
import { client_traits, quiz_attempts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { scoreCandidate } from './engine';
import { personOf, rankTop, rowsOf, topCandidatesQuery } from './magic-match.service';

let t: TestApp;
const year = new Date().getUTCFullYear();

/** A small deterministic random generator. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const rand = random(28);
const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
const maybe = <T>(value: T) => (rand() < 0.15 ? null : value);
const some = <T>(items: readonly T[], p: number) => items.filter(() => rand() < p);
const ids: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // Alike enough that each finds dozens (men and women of 30-50 seeking each other), different in
  // everything the score reads.
  for (let i = 0; i < 260; i++) {
    const woman = i % 2 === 0;
    const created = await createClient(t.db, {
      full_name: `Pre ${i}`,
      email: `pre${i}@test.koppel.example`,
      contract_status: 'active_for_matching',
      profile: {
        gender: woman ? 'woman' : 'man',
        birth_date: `${year - 30 - Math.floor(rand() * 20)}-0${1 + Math.floor(rand() * 9)}-1${Math.floor(rand() * 9)}`,
        seeking_genders: rand() < 0.1 ? ['woman', 'man'] : [woman ? 'man' : 'woman'],
        age_min: maybe(24 + Math.floor(rand() * 10)),
        age_max: maybe(45 + Math.floor(rand() * 15)),
        max_distance_km: maybe(10 + Math.floor(rand() * 150)),
        postcode: maybe(1000 + Math.floor(rand() * 9000)),
        smoking: maybe(pick(FREQUENCIES)),
        drinking: maybe(pick(FREQUENCIES)),
        wants_children: maybe(pick(['yes', 'no', 'maybe'])),
        has_children: maybe(rand() < 0.3),
        religion: maybe(pick(RELIGIONS)),
        relationship_sought: maybe(pick(RELATIONSHIPS)),
        education: maybe(pick(EDUCATIONS)),
        interests: some(
          ['wandelen', 'koken', 'reizen', 'lezen', 'muziek', 'fietsen', 'theater', 'yoga'],
          0.3,
        ),
        dealbreakers: some(['smoking', 'children', 'distance'], 0.1),
        languages: some(['nl', 'fr', 'en'], 0.5),
      },
    });
    ids.push(created.id);
    const traits = some(TRAIT_KEYS, 3 / TRAIT_KEYS.length);
    if (traits.length) {
      await t.db.insert(client_traits).values(
        traits.map((trait) => ({
          client_id: created.id,
          trait,
          confidence: 1,
          source: 'matchmaker' as const,
          status: 'confirmed' as const,
        })),
      );
    }
    if (rand() < 0.6) {
      const score = () => Math.floor(rand() * 101);
      await t.db.insert(quiz_attempts).values({
        client_id: created.id,
        quiz_version: 'koppel-2026-1',
        started_at: new Date(Date.now() - 86_400_000),
        finished_at: new Date(Date.now() - 86_000_000),
        openness: score(),
        conscientiousness: score(),
        extraversion: score(),
        agreeableness: score(),
        emotional_stability: score(),
        closeness: score(),
        independence: score(),
        togetherness: score(),
      });
    }
  }
});

afterAll(async () => {
  await t.close();
});

/** The clients of this file as magic match reads a client (profile, confirmed traits, latest quiz). */
async function people(now: Date) {
  const rows = rowsOf<Parameters<typeof personOf>[0]>(
    await t.db.execute(sql`
      SELECT cp.id, cp.gender::text AS gender, cp.birth_date::text AS birth_date, cp.postcode,
             cp.seeking_genders, cp.age_min, cp.age_max, cp.max_distance_km, cp.dealbreakers, cp.smoking,
             cp.wants_children, cp.religion, cp.relationship_sought, cp.interests, cp.languages, cp.drinking,
             cp.has_children, cp.education, NULL::int AS busy,
             ARRAY(SELECT trait FROM client_traits WHERE client_id = cp.id AND status = 'confirmed') AS traits,
             q.openness, q.conscientiousness, q.extraversion, q.agreeableness, q.emotional_stability,
             q.closeness, q.independence, q.togetherness, (q.client_id IS NOT NULL) AS has_quiz
        FROM client_profiles cp LEFT JOIN quiz_attempts q ON q.client_id = cp.id
       WHERE cp.id IN ${ids}`),
  );
  return rows.sort((x, y) => ids.indexOf(x.id) - ids.indexOf(y.id)).map((r) => personOf(r, now));
}

const adjustments = (): MagicMatchAdjustments => ({
  extra_age: rand() < 0.3 ? 5 : 0,
  extra_distance: 0,
  ignore: rand() < 0.4 ? (some(IGNORABLE, 0.3) as Ignorable[]) : [],
});

describe('the SQL pre-cut of magic match (issue 28, speed)', () => {
  it('gives every candidate a ceiling at or above its exact score', { timeout: 120_000 }, async () => {
    const now = new Date();
    let checked = 0;
    for (const a of (await people(now)).slice(0, 40)) {
      const adj = adjustments();
      const rows = rowsOf<Parameters<typeof personOf>[0] & { ceiling: number }>(
        await t.db.execute(topCandidatesQuery(a, adj, now, {})),
      );
      for (const row of rows) {
        const b = personOf(row, now);
        const { score } = scoreCandidate(
          a,
          b,
          postcodeDistanceKm(a.postcode, b.postcode),
          adj,
          undefined,
          false,
        );
        // The service cuts where the ceiling lies more than the rounding below a score.
        expect({ id: row.id, ok: score <= Math.max(0, Number(row.ceiling)) + 0.5 }).toEqual({
          id: row.id,
          ok: true,
        });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('never drops a candidate the uncut ranking shows: the same top, scores and order', {
    timeout: 120_000,
  }, async () => {
    const now = new Date();
    let cut = 0;
    let compared = 0;
    for (const a of (await people(now)).slice(0, 60)) {
      const adj = adjustments();
      const uncut = await rankTop({ db: t.db, a, adj, now, first: null });
      const shown = (r: typeof uncut) => r.ranked.map((c) => ({ id: c.row.id, ...c.key }));
      // Small first reads, so the cut is taken (and sometimes refused) on this small set.
      for (const first of [20, 30, 50, undefined]) {
        const fast = await rankTop({ db: t.db, a, adj, now, first });
        expect(shown(fast)).toEqual(shown(uncut));
        expect(fast.eligible).toBe(uncut.eligible);
        if (fast.read < uncut.read) cut++;
      }
      compared++;
    }
    expect(compared).toBe(60);
    // The cut is really taken: fewer candidates read than pass the filters.
    expect(cut).toBeGreaterThan(10);
  });

  it('reads its candidates from the covering index alone (decision 037: no heap page per candidate)', async () => {
    const now = new Date();
    const [a] = await people(now);
    // VACUUM marks the pages all-visible, as autovacuum does. The small table would otherwise be read
    // whole or through the plain (gender, birth date) index, so the plan is asked for without
    // sequential and bitmap scans and without that index (dropped in a transaction rolled back). A
    // column the query reads that the covering index does not include makes it an Index Scan (heap
    // reads) instead of an Index Only Scan, and fails here.
    await t.db.execute(sql`VACUUM ANALYZE client_profiles`);
    let plan = '';
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
        await tx.execute(sql`DROP INDEX client_profiles_magic_match_idx`);
        const lines = rowsOf<Record<string, string>>(
          await tx.execute(sql`EXPLAIN ${topCandidatesQuery(a!, adjustments(), now, { limit: 50 })}`),
        );
        plan = lines.map((line) => Object.values(line)[0]).join('\n');
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(plan).toContain('Index Only Scan using client_profiles_matchable_cover_idx on client_profiles cp');
  });
});
