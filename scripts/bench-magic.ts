// `npm run bench:magic`: magic match (GET /api/matchmaker/clients/{id}/magic-match) at 50,000
// clients, in-process on PGlite (default) or on PostgreSQL (`DATABASE_URL`, a fresh database this
// script may fill: it migrates it and adds the demo data and 50,000 generated clients). The clients
// follow the demo's shapes (every tier and contract status, both genders and some non-binary,
// ages 20-70 with ranges around their own, postcodes in every zone, dealbreakers, smoking and
// children answers, two confirmed traits each, a quiz for half of them), generated in SQL so the
// seeding takes seconds. Prints p50/p95/p99 of ranking one client (the whole request, the
// service's own time, and the CPU time of the app and the database for it) and the EXPLAIN ANALYZE of the candidate query (its first read by falling
// ceiling of the score, issue 28).
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { seedDemo } from '../src/server/db/seed';
import { NO_ADJUSTMENTS } from '../src/server/features/magic-match/engine';
import {
  PRE_CUT_FIRST,
  personOf,
  topCandidatesQuery,
} from '../src/server/features/magic-match/magic-match.service';
import type { MagicMatchResults } from '../src/shared/magic-match';
import { QUIZ_DIMENSIONS } from '../src/shared/quiz';
import { benchApp, percentile } from './bench-app';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);

// Filling 200,000 clients takes statements far longer than a request's 10 s limit (decision 033).
const database = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  timeouts: { queryMs: 30 * 60_000 },
});
await database.migrate();
await seedDemo(database.db);
const started = performance.now();
const { db } = database;
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

// A database filled by an earlier run with the same count is used as it is (the fill takes minutes).
const [{ filled }] = rows<{ filled: number }>(
  await db.execute(sql`SELECT count(*)::int AS filled FROM "user" WHERE id LIKE 'magic-%'`),
) as [{ filled: number }];
if (filled !== CLIENTS) {
  await db.execute(sql`
    INSERT INTO "user" (id, name, email, email_verified, created_at, updated_at)
    SELECT 'magic-' || g, 'Magic Klant ' || g, 'magic' || g || '@bench.koppel.example', true,
           now() - (g % 900) * interval '1 day', now()
    FROM generate_series(1, ${CLIENTS}) AS g
    ON CONFLICT DO NOTHING`);
  // n = the number after 'magic-'; its residues pick every field, so each combination occurs.
  await db.execute(sql`
    UPDATE user_profiles p SET
      tier = (ARRAY['Relax','Relax+','Persoonlijk','Persoonlijk+'])[1 + (n % 4)]::tier,
      contract_status = (ARRAY['active_for_matching','active_for_matching','active_for_matching','pending','paused'])[1 + (n % 5)]::contract_status,
      assigned_matchmaker_id = CASE n % 3
        WHEN 0 THEN (SELECT id FROM user_profiles WHERE full_name = 'Sofie Peeters')
        WHEN 1 THEN (SELECT id FROM user_profiles WHERE full_name LIKE 'Lotte%')
      END
    FROM (SELECT id AS pid, substr(id, 7)::int AS n FROM user_profiles WHERE id LIKE 'magic-%') AS x
    WHERE p.id = x.pid`);
  await db.execute(sql`
    INSERT INTO client_profiles (id, gender, birth_date, postcode, province, seeking_genders, age_min, age_max,
                                 max_distance_km, dealbreakers, smoking, wants_children, religion,
                                 relationship_sought, interests)
    SELECT id, gender::gender, birth_date, postcode, NULL,
           CASE gender WHEN 'woman' THEN ARRAY['man'] WHEN 'man' THEN ARRAY['woman']
                       ELSE ARRAY['woman','man','non_binary'] END,
           greatest(18, age - 4 - n % 6), age + 4 + n % 7,
           25 + (n % 6) * 25,
           (CASE WHEN n % 5 = 0 THEN ARRAY['distance'] ELSE ARRAY[]::text[] END)
             || (CASE WHEN n % 7 = 0 THEN ARRAY['smoking'] ELSE ARRAY[]::text[] END)
             || (CASE WHEN n % 11 = 0 THEN ARRAY['children'] ELSE ARRAY[]::text[] END),
           (ARRAY['no','no','no','no','sometimes','yes'])[1 + (n * 7 % 6)],
           (ARRAY['yes','no','maybe'])[1 + (n * 13 % 3)],
           (ARRAY['none','christian','none','spiritual','muslim'])[1 + (n * 17 % 5)],
           (ARRAY['long_term','marriage','friendship_first','open'])[1 + (n * 19 % 4)],
           ARRAY[(ARRAY['wandelen','koken','reizen','lezen','muziek','fietsen','theater','yoga'])[1 + n % 8],
                 (ARRAY['film','tuinieren','dansen','wijn','musea','zwemmen'])[1 + n % 6]]
      FROM (
        SELECT id, n,
               CASE WHEN n % 33 = 0 THEN 'non_binary' WHEN n % 2 = 0 THEN 'woman' ELSE 'man' END AS gender,
               20 + (n * 31 % 50) AS age,
               (date '2026-06-01' - ((20 + (n * 31 % 50)) * 365 + n % 365) * interval '1 day')::date AS birth_date,
               (10 + (n * 37 % 90)) * 100 + (n % 100) AS postcode
          FROM (SELECT id, substr(id, 7)::int AS n FROM user_profiles WHERE id LIKE 'magic-%') AS x
      ) AS y
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO client_traits (client_id, trait, confidence, source, status)
    SELECT id, (ARRAY['calm','caring','sporty','outdoorsy','foodie','social','humorous','adventurous','organised',
                      'spontaneous','culture_lover','traveller'])[1 + ((n + k * 5) % 12)], 1, 'matchmaker', 'confirmed'
      FROM (SELECT id, substr(id, 7)::int AS n FROM user_profiles WHERE id LIKE 'magic-%') AS x,
           generate_series(0, 1) AS k
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO quiz_attempts (client_id, quiz_version, started_at, finished_at, openness, conscientiousness,
                               extraversion, agreeableness, emotional_stability, closeness, independence, togetherness)
    SELECT id, 'koppel-2026-1', now() - interval '30 days', now() - interval '30 days' + interval '8 minutes',
           n * 3 % 101, n * 7 % 101, n * 11 % 101, n * 13 % 101, n * 17 % 101, n * 19 % 101, n * 23 % 101, n * 29 % 101
      FROM (SELECT id, substr(id, 7)::int AS n FROM user_profiles WHERE id LIKE 'magic-%') AS x
     WHERE n % 2 = 0`);
}
// What autovacuum does after a load like this one (it would, within a minute, on PostgreSQL): the
// statistics, and the pages marked all-visible, which the ranking's index-only scan needs (decision
// 037). PGlite has no autovacuum: a local install's data is small; here it gets the same VACUUM.
await db.execute(sql`VACUUM ANALYZE`);
const [{ count }] = rows<{ count: number }>(
  await db.execute(sql`SELECT count(*)::int AS count FROM user_profiles WHERE role = 'client'`),
) as [{ count: number }];
console.info(
  `${count} clients (${Math.round(performance.now() - started)} ms to add them), ${database.kind}`,
);

const { app, sessionCookie } = benchApp(database);
const cookie = await sessionCookie('beheer@koppel.example');

// The clients to rank: active ones spread over the whole set.
const subjects = rows<{ id: string }>(
  await db.execute(sql`
    SELECT up.id FROM user_profiles up
     WHERE up.id LIKE 'magic-%' AND up.contract_status = 'active_for_matching'
     ORDER BY substr(up.id, 7)::int * 7919 % 100003 LIMIT ${ROUNDS}`),
).map((r) => r.id);

const pct = percentile;
/**
 * CPU time spent, in ms: this process (the app; with PGlite also the database) and, on PostgreSQL,
 * the backends connected to this database (/proc/{pid}/schedstat). Unlike the elapsed time it does
 * not count waiting for a busy machine's cores, so it shows the cost of a request on a loaded
 * machine too.
 */
const backends =
  database.kind === 'postgres'
    ? async () =>
        rows<{ pid: number }>(
          await db.execute(sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`),
        ).map((r) => r.pid)
    : async () => [];
function cpuMs(pids: number[]) {
  const own = process.cpuUsage();
  let ns = 0;
  for (const pid of pids) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // A backend that ended meanwhile.
    }
  }
  return (own.user + own.system) / 1000 + ns / 1e6;
}
async function rank(id: string, query = '') {
  const pids = await backends();
  const cpu = cpuMs(pids);
  const start = performance.now();
  const response = await app.request(`/api/matchmaker/clients/${id}/magic-match${query}`, {
    headers: { cookie },
  });
  const body = (await response.json()) as MagicMatchResults;
  const ms = performance.now() - start;
  if (!response.ok) throw new Error(`${id}: ${response.status} ${JSON.stringify(body)}`);
  return { ms, cpu: cpuMs(pids) - cpu, body };
}
// Warm up (plans, caches), then measure.
for (const id of subjects.slice(0, 5)) await rank(id);
for (const [name, query] of [
  ['as the client wishes', ''],
  ['age widened by 5 years', '?extra_age=5'],
] as const) {
  const request: number[] = [];
  const service: number[] = [];
  const cpu: number[] = [];
  const eligible: number[] = [];
  for (const id of subjects) {
    const { ms, body, cpu: used } = await rank(id, query);
    request.push(ms);
    cpu.push(used);
    service.push(body.took_ms);
    eligible.push(body.eligible);
  }
  console.info(
    `${name.padEnd(24)} ${subjects.length} clients ranked; candidates after the hard filters: median ${pct(eligible, 50)}, max ${pct(eligible, 100)}\n` +
      `  request  p50 ${pct(request, 50).padStart(6)} ms  p95 ${pct(request, 95).padStart(6)} ms  p99 ${pct(request, 99).padStart(6)} ms\n` +
      `  service  p50 ${pct(service, 50).padStart(6)} ms  p95 ${pct(service, 95).padStart(6)} ms  p99 ${pct(service, 99).padStart(6)} ms\n` +
      `  CPU      p50 ${pct(cpu, 50).padStart(6)} ms  p95 ${pct(cpu, 95).padStart(6)} ms  p99 ${pct(cpu, 99).padStart(6)} ms  (app and database, waiting not counted)`,
  );
}

// The plan of the candidate query for one client.
const [subject] = rows<Parameters<typeof personOf>[0]>(
  await db.execute(sql`
    SELECT up.id, up.full_name, up.tier, up.assigned_matchmaker_id, cp.gender::text AS gender,
           cp.birth_date::text AS birth_date, cp.town, cp.province, cp.postcode, cp.seeking_genders, cp.age_min,
           cp.age_max, cp.max_distance_km, cp.dealbreakers, cp.smoking, cp.wants_children, cp.religion,
           cp.relationship_sought, cp.interests, cp.drinking, cp.has_children, cp.education, cp.languages,
           cp.match_traits AS traits, (cp.quiz_scores IS NOT NULL) AS has_quiz, ${sql.raw(
             QUIZ_DIMENSIONS.map((d, i) => `cp.quiz_scores[${i + 1}] AS ${d}`).join(', '),
           )}
      FROM user_profiles up JOIN client_profiles cp ON cp.id = up.id WHERE up.id = ${subjects[0]!}`),
);
const plan = rows<Record<string, string>>(
  await db.execute(
    sql`EXPLAIN ANALYZE ${topCandidatesQuery(personOf(subject!, new Date()), NO_ADJUSTMENTS, new Date(), { limit: PRE_CUT_FIRST + 1 })}`,
  ),
);
console.info(`\nEXPLAIN ANALYZE of the candidate query, first read by ceiling (${subjects[0]}):`);
for (const line of plan) console.info(Object.values(line)[0]);
await database.close();
