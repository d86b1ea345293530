// `npm run bench:clients`: the matchmaker's client list (GET /api/matchmaker/clients) at 50,000
// clients, in-process on PGlite (default) or on PostgreSQL (`DATABASE_URL`, a database this script
// may fill: it migrates it and adds the demo data and 50,000 generated clients). Prints p50/p95/p99
// per query: one request at a time, then 16 at once.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { seedDemo } from '../src/server/db/seed';
import { benchApp, percentile } from './bench-app';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50_000);
const ROUNDS = 200;
const CONCURRENCY = 16;

const database = await openDatabase({ url: process.env.DATABASE_URL || undefined });
await database.migrate();
await seedDemo(database.db);
const started = performance.now();
// 50,000 clients: every tier, contract status, region and age; a third with Sofie, a third with
// Lotte & Wout, a third (the paying ones among them) still to claim.
await database.db.execute(sql`
  INSERT INTO "user" (id, name, email, email_verified, created_at, updated_at)
  SELECT 'bench-' || g, 'Bench Klant ' || g, 'bench' || g || '@bench.koppel.example', true,
         now() - (g % 900) * interval '1 day', now()
  FROM generate_series(1, ${CLIENTS}) AS g
  ON CONFLICT DO NOTHING`);
await database.db.execute(sql`
  UPDATE user_profiles p SET
    tier = (ARRAY['Relax','Relax+','Persoonlijk','Persoonlijk+'])[1 + (substr(p.id, 7)::int % 4)]::tier,
    contract_status = (ARRAY['pending','active_for_matching','paused','ended'])[1 + (substr(p.id, 7)::int % 4)]::contract_status,
    assigned_matchmaker_id = CASE substr(p.id, 7)::int % 3
      WHEN 0 THEN (SELECT id FROM user_profiles WHERE full_name = 'Sofie Peeters')
      WHEN 1 THEN (SELECT id FROM user_profiles WHERE full_name LIKE 'Lotte%')
    END,
    last_activity_at = now() - (substr(p.id, 7)::int % 60) * interval '1 day'
  WHERE p.id LIKE 'bench-%'`);
await database.db.execute(sql`
  INSERT INTO client_profiles (id, birth_date, province, gender)
  SELECT p.id, (date '2000-01-01' - (substr(p.id, 7)::int % 15000) * interval '1 day')::date,
         (ARRAY['Antwerpen','Limburg','Oost-Vlaanderen','West-Vlaanderen','Vlaams-Brabant','Brussel',
                'Waals-Brabant','Henegouwen','Luik','Luxemburg','Namen'])[1 + (substr(p.id, 7)::int % 11)],
         (ARRAY['woman','man'])[1 + (substr(p.id, 7)::int % 2)]::gender
  FROM user_profiles p WHERE p.id LIKE 'bench-%'
  ON CONFLICT DO NOTHING`);
await database.db.execute(sql`ANALYZE`);
const [{ count } = { count: 0 }] = (
  (await database.db.execute(
    sql`SELECT count(*)::int AS count FROM user_profiles WHERE role = 'client'`,
  )) as unknown as {
    rows: { count: number }[];
  }
).rows;
console.info(`${count} clients (${Math.round(performance.now() - started)} ms to add them)`);

const { app, sessionCookie } = benchApp(database);
const sofie = await sessionCookie('sofie@koppel.example');
const admin = await sessionCookie('beheer@koppel.example');

const pct = percentile;

async function measure(name: string, path: string, cookie: string) {
  const once = async () => {
    const start = performance.now();
    const response = await app.request(path, { headers: { cookie } });
    const body = (await response.json()) as { total?: number };
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return { ms: performance.now() - start, total: body.total ?? 0 };
  };
  const serial: number[] = [];
  let total = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const result = await once();
    serial.push(result.ms);
    total = result.total;
  }
  const parallel: number[] = [];
  for (let i = 0; i < ROUNDS / CONCURRENCY; i++) {
    const results = await Promise.all(Array.from({ length: CONCURRENCY }, once));
    parallel.push(...results.map((r) => r.ms));
  }
  serial.sort((a, b) => a - b);
  parallel.sort((a, b) => a - b);
  console.info(
    `${name.padEnd(44)} ${String(total).padStart(6)} found  p50 ${pct(serial, 50).padStart(6)} ms  p95 ${pct(serial, 95).padStart(6)} ms  p99 ${pct(serial, 99).padStart(6)} ms  | ${CONCURRENCY} at once: p95 ${pct(parallel, 95)} ms`,
  );
}

console.info(`GET /api/matchmaker/clients, ${database.kind}`);
await measure('Sofie: her clients, by name', '/api/matchmaker/clients', sofie);
await measure('Sofie: search "klant 12"', '/api/matchmaker/clients?q=klant%2012', sofie);
await measure(
  'Sofie: filters (tier, region, age, intake)',
  '/api/matchmaker/clients?tier=Persoonlijk&region=Antwerpen&age_min=30&age_max=45&intake_pending=true',
  sofie,
);
await measure('Sofie: to claim, newest first', '/api/matchmaker/clients?scope=unassigned&sort=newest', sofie);
await measure('Sofie: open proposal, page 3', '/api/matchmaker/clients?open_proposal=false&page=3', sofie);
await measure('Admin: all, by name', '/api/matchmaker/clients', admin);
await measure('Admin: all, last active, page 200', '/api/matchmaker/clients?sort=activity&page=200', admin);
await measure('Admin: search "bench 4999"', '/api/matchmaker/clients?q=bench%204999', admin);
await database.close();
