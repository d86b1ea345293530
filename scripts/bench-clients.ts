// `npm run bench:clients -- [count]` (issues 15 and 31): the matchmaker's and the admin's client
// list (GET /api/matchmaker/clients) with search and filters, the dashboard, and the deadline and
// feedback sweeps, at `count` generated clients (default 50,000; BENCH_CLIENTS works too) beside the
// demo data, in-process. PostgreSQL by default: DATABASE_URL (a database this script may fill),
// else a copy, dropped afterwards, of a filled template database on BENCH_PG_SERVER (default
// postgres://postgres@127.0.0.1:5432/postgres) named BENCH_DB_PREFIX (koppel_clients)_tpl_<count>_
// <migrations hash>, which the first run fills and later runs reuse (BENCH_FRESH=1: fill it again).
// BENCH_DB=pglite: PGlite.
// Prints p50/p95/p99 per read (one request at a time, then 16 at once) and, per sweep, the
// statements it sent (counted at the driver), the rows it touched and its time.
// BENCH_BASELINE=<another checkout, dependencies installed>: the same measurements of that
// checkout's code first (each on a database of its own, one after the other), then this one's,
// then both side by side with the load average.
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';

const CLIENTS = Number(
  process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? process.env.BENCH_CLIENTS ?? 50_000,
);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const CONCURRENCY = 16;
const KIND = process.env.BENCH_DB === 'pglite' ? 'pglite' : 'pg';
const PREFIX = process.env.BENCH_DB_PREFIX ?? 'koppel_clients';
const BASELINE = process.env.BENCH_BASELINE ? resolve(process.env.BENCH_BASELINE) : null;
const RESULT = 'BENCH-RESULT ';

/**
 * CPU time so far (ms) of this process and of the PostgreSQL backends serving this database (read
 * from /proc: the machine is shared, and waiting for a core inflates elapsed times, not CPU time).
 */
async function cpuNow(url: string | undefined): Promise<{ node: number; pg: number }> {
  const node = process.cpuUsage();
  let pgMs = 0;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    await client.end();
    for (const { pid } of rows) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        pgMs += (Number(fields[11]) + Number(fields[12])) * 10;
      } catch {
        // not readable (another machine, or the backend ended)
      }
    }
  }
  return { node: (node.user + node.system) / 1000, pg: pgMs };
}

interface Measured {
  name: string;
  /** CPU ms per request, one at a time: this process, and PostgreSQL's backends. */
  cpuNode?: number;
  cpuPg?: number;
  found?: number;
  p50?: number;
  p95?: number;
  p99?: number;
  parallelP95?: number;
  statements?: number;
  rows?: string;
  ms?: number;
}

/** Changed whenever `fill` changes: a template filled otherwise is not used. */
const FILL_VERSION = 3;

/** The migrations `dir`'s code has, as a short hash: a filled database is kept per count and this. */
function migrationsKey(dir: string): string {
  const journal = readFileSync(join(dir, 'src/server/db/migrations/meta/_journal.json'), 'utf8');
  return createHash('sha256').update(`${FILL_VERSION}\n${journal}`).digest('hex').slice(0, 10);
}

/**
 * A database filled for `dir`'s code. On PostgreSQL the fill (minutes at 200,000) is done once
 * into a template database named after the count and the code's migrations
 * (`<prefix>_tpl_<count>_<hash>`, kept for the next run; BENCH_FRESH=1 fills it again), and every
 * run measures on a copy of it (`CREATE DATABASE … TEMPLATE`, seconds), dropped afterwards: the
 * sweeps change the data.
 */
async function withDatabase<T>(
  dir: string,
  work: (url: string | undefined, fillFirst: boolean) => Promise<T>,
): Promise<T> {
  if (KIND === 'pglite') return work(undefined, true);
  if (process.env.DATABASE_URL && !BASELINE) return work(process.env.DATABASE_URL, true);
  const server = process.env.BENCH_PG_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const urlOf = (db: string) => {
    const target = new URL(server);
    target.pathname = `/${db}`;
    return target.toString();
  };
  const template = `${PREFIX}_tpl_${CLIENTS}_${migrationsKey(dir)}`;
  const name = `${PREFIX}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ complete: boolean }>(
      'SELECT datistemplate AS complete FROM pg_database WHERE datname = $1',
      [template],
    );
    // A template whose fill did not finish is made again (it is marked complete only at the end).
    if (rows.length === 0 || !rows[0]!.complete || process.env.BENCH_FRESH) {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${template}`);
      const database = await openFor(dir, urlOf(template));
      await fill(dir, database);
      await database.close();
      await admin.query(`ALTER DATABASE ${template} WITH IS_TEMPLATE true`);
    } else {
      console.info(`${CLIENTS} clients: a copy of ${template}, filled by an earlier run`);
    }
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  try {
    return await work(urlOf(name), false);
  } finally {
    const cleanup = new pg.Client({ connectionString: server });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  }
}

const load = <T>(dir: string, path: string) => import(pathToFileURL(join(dir, path)).href) as Promise<T>;

/** `dir`'s code's database on `url` (PGlite in memory without), migrated. */
async function openFor(dir: string, url: string | undefined) {
  const { openDatabase } = await load<typeof import('../src/server/db/client')>(
    dir,
    'src/server/db/client.ts',
  );
  // Generating 200,000 clients takes longer than a request may (the pool's statement timeout).
  const database = await openDatabase({ url, timeouts: { queryMs: 900_000 } });
  await database.migrate();
  return database;
}
type Database = Awaited<ReturnType<typeof openFor>>;

/** The demo data and CLIENTS generated clients, with their matches, then ANALYZE. */
async function fill(dir: string, database: Database) {
  const { seedDemo } = await load<typeof import('../src/server/db/seed')>(dir, 'src/server/db/seed.ts');
  await seedDemo(database.db);
  const db = database.db;
  const started = performance.now();
  // The clients: every tier, contract status, region and age; a third with Sofie, a third with
  // Lotte, a third (the paying ones among them) still to claim. The paying ones have a running
  // term; every fifth had their intake; those with a matchmaker have had them for four months
  // (so the feedback sweep asks them).
  await db.execute(sql`
    INSERT INTO "user" (id, name, email, email_verified, created_at, updated_at)
    SELECT 'bench-' || g, 'Bench Klant ' || g, 'bench' || g || '@bench.koppel.example', true,
           now() - (g % 900) * interval '1 day', now()
    FROM generate_series(1, ${CLIENTS}::int) AS g
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    UPDATE user_profiles p SET
      tier = (ARRAY['Relax','Relax+','Persoonlijk','Persoonlijk+'])[1 + (substr(p.id, 7)::int % 4)]::tier,
      subscription_status = CASE WHEN substr(p.id, 7)::int % 4 > 0 THEN 'active' END::subscription_status,
      contract_status = (ARRAY['pending','active_for_matching','paused','ended'])[1 + (substr(p.id, 7)::int % 4)]::contract_status,
      assigned_matchmaker_id = CASE substr(p.id, 7)::int % 3
        WHEN 0 THEN (SELECT id FROM user_profiles WHERE full_name = 'Sofie Peeters')
        WHEN 1 THEN (SELECT id FROM user_profiles WHERE full_name LIKE 'Lotte%')
      END,
      last_activity_at = now() - (substr(p.id, 7)::int % 60) * interval '1 day'
    WHERE p.id LIKE 'bench-%'`);
  await db.execute(sql`
    INSERT INTO client_profiles (id, birth_date, province, gender)
    SELECT p.id, (date '2000-01-01' - (substr(p.id, 7)::int % 15000) * interval '1 day')::date,
           (ARRAY['Antwerpen','Limburg','Oost-Vlaanderen','West-Vlaanderen','Vlaams-Brabant','Brussel',
                  'Waals-Brabant','Henegouwen','Luik','Luxemburg','Namen'])[1 + (substr(p.id, 7)::int % 11)],
           (ARRAY['woman','man'])[1 + (substr(p.id, 7)::int % 2)]::gender
    FROM user_profiles p WHERE p.id LIKE 'bench-%'
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO intake_sessions (user_id, session_type, status)
    SELECT id, 'intake', 'completed' FROM user_profiles
    WHERE id LIKE 'bench-%' AND substr(id, 7)::int % 5 = 0`);
  await db.execute(sql`
    INSERT INTO matchmaker_assignments (client_id, matchmaker_id, assigned_at)
    SELECT id, assigned_matchmaker_id, now() - interval '4 months' FROM user_profiles
    WHERE id LIKE 'bench-%' AND assigned_matchmaker_id IS NOT NULL
    ON CONFLICT DO NOTHING`);
  // For the sweeps, Sofie's proposals between bench clients: 1 % past their deadline, 1 % due
  // within the day; 0.5 % dates held two days ago.
  const pairs = (from: number, to: number) => sql`
    SELECT least('bench-' || g, 'bench-' || (g + ${Math.floor(CLIENTS / 2)}::int)) AS a,
           greatest('bench-' || g, 'bench-' || (g + ${Math.floor(CLIENTS / 2)}::int)) AS b
    FROM generate_series(${from}::int, ${to}::int) AS g`;
  const hundredth = Math.floor(CLIENTS / 100);
  const sofie = sql`(SELECT id FROM user_profiles WHERE full_name = 'Sofie Peeters')`;
  await db.execute(sql`
    INSERT INTO matches (client1_id, client2_id, matchmaker_id, status, proposed_to_clients_at, response_deadline)
    SELECT a, b, ${sofie}, 'proposed', now() - interval '8 days', now() - interval '1 day'
    FROM (${pairs(1, hundredth)}) p`);
  await db.execute(sql`
    INSERT INTO matches (client1_id, client2_id, matchmaker_id, status, proposed_to_clients_at, response_deadline)
    SELECT a, b, ${sofie}, 'proposed', now() - interval '6 days 12 hours', now() + interval '12 hours'
    FROM (${pairs(hundredth + 1, 2 * hundredth)}) p`);
  await db.execute(sql`
    INSERT INTO matches (client1_id, client2_id, matchmaker_id, status, accepted_at, scheduled_at, completed_at)
    SELECT a, b, ${sofie}, 'completed', now() - interval '10 days', now() - interval '2 days', now() - interval '2 days'
    FROM (${pairs(2 * hundredth + 1, 2 * hundredth + Math.floor(CLIENTS / 200))}) p`);
  // Decision 045: the dashboard's client counts folded, as their job does every 10 minutes (the
  // code of a checkout without them has nothing to fold).
  await db.execute(sql`DO $$ BEGIN
    IF to_regproc('compact_client_counts') IS NOT NULL THEN PERFORM compact_client_counts(); END IF;
  END $$`);
  // As autovacuum leaves a table some time after a bulk load: statistics, and the visibility map
  // that lets a count read an index alone.
  await db.execute(sql`VACUUM ANALYZE`);
  console.info(`${CLIENTS} clients added in ${Math.round(performance.now() - started)} ms`);
}

/** The measurements of the code in `dir` (this checkout or the baseline), on `url` (filled unless `fillFirst`). */
async function run(dir: string, url: string | undefined, fillFirst: boolean): Promise<Measured[]> {
  const { createApp } = await load<typeof import('../src/server/app')>(dir, 'src/server/app.ts');
  const { loadEnv } = await load<typeof import('../src/server/env')>(dir, 'src/server/env.ts');
  const { createLogger } = await load<typeof import('../src/server/lib/logger')>(
    dir,
    'src/server/lib/logger.ts',
  );
  const { countStatements } = await load<typeof import('../src/server/test/count-statements')>(
    dir,
    'src/server/test/count-statements.ts',
  );
  const { sweepMatchDeadlines } = await load<
    typeof import('../src/server/features/matches/match-deadlines.service')
  >(dir, 'src/server/features/matches/match-deadlines.service.ts');
  const { sweepFeedbackRequests } = await load<
    typeof import('../src/server/features/feedback/feedback.service')
  >(dir, 'src/server/features/feedback/feedback.service.ts');
  const { DEMO_PASSWORD } = await load<typeof import('../src/server/db/seed')>(dir, 'src/server/db/seed.ts');

  const database = await openFor(dir, url);
  if (fillFirst) await fill(dir, database);
  const db = database.db;
  const [{ count } = { count: 0 }] = (
    (await db.execute(
      sql`SELECT count(*)::int AS count FROM user_profiles WHERE role = 'client'`,
    )) as unknown as {
      rows: { count: number }[];
    }
  ).rows;
  console.info(`${count} clients, ${database.kind}`);

  const appUrl = 'http://localhost:3999';
  const env = loadEnv({
    APP_URL: appUrl,
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: 'silent',
    WEB_DIST: './none',
  });
  const { app, ctx } = createApp({ database, env, logger: createLogger('silent'), rateLimit: false });
  async function sessionCookie(email: string): Promise<string> {
    const login = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: appUrl },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    if (!login.ok) throw new Error(`sign-in ${email}: ${login.status}`);
    return login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }
  const sofieCookie = await sessionCookie('sofie@koppel.example');
  const adminCookie = await sessionCookie('beheer@koppel.example');

  const results: Measured[] = [];
  const at = (sorted: number[], p: number) =>
    Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1));
  async function measure(name: string, path: string, cookie: string) {
    const once = async () => {
      const start = performance.now();
      const response = await app.request(path, { headers: { cookie } });
      const body = (await response.json()) as { total?: number };
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      return { ms: performance.now() - start, total: body.total };
    };
    const serial: number[] = [];
    let found: number | undefined;
    await once(); // the pool's connections exist before the CPU count starts
    const cpuBefore = await cpuNow(url);
    for (let i = 0; i < ROUNDS; i++) {
      const result = await once();
      serial.push(result.ms);
      found = result.total;
    }
    const cpuAfter = await cpuNow(url);
    const parallel: number[] = [];
    for (let i = 0; i < ROUNDS / CONCURRENCY; i++) {
      const batch = await Promise.all(Array.from({ length: CONCURRENCY }, once));
      parallel.push(...batch.map((r) => r.ms));
    }
    serial.sort((a, b) => a - b);
    parallel.sort((a, b) => a - b);
    const row = {
      name,
      found,
      p50: at(serial, 50),
      p95: at(serial, 95),
      p99: at(serial, 99),
      parallelP95: at(parallel, 95),
      cpuNode: Number(((cpuAfter.node - cpuBefore.node) / ROUNDS).toFixed(1)),
      cpuPg: url ? Number(((cpuAfter.pg - cpuBefore.pg) / ROUNDS).toFixed(1)) : undefined,
    };
    console.info(
      `${name.padEnd(46)} ${String(found ?? '').padStart(7)}  p50 ${String(row.p50).padStart(6)}  p95 ${String(row.p95).padStart(6)}  p99 ${String(row.p99).padStart(6)} ms  | ${CONCURRENCY} at once: p95 ${row.parallelP95} ms | CPU per request: node ${row.cpuNode} ms, PostgreSQL ${row.cpuPg ?? '–'} ms`,
    );
    results.push(row);
  }

  const lists: [string, string, string][] = [
    ['Sofie: her clients, by name', '/api/matchmaker/clients', sofieCookie],
    ['Sofie: search "klant 12"', '/api/matchmaker/clients?q=klant%2012', sofieCookie],
    [
      'Sofie: search "123" + tier + region',
      '/api/matchmaker/clients?q=123&tier=Persoonlijk&region=Antwerpen',
      sofieCookie,
    ],
    [
      'Sofie: filters (tier, region, age, intake)',
      '/api/matchmaker/clients?tier=Persoonlijk&region=Antwerpen&age_min=30&age_max=45&intake_pending=true',
      sofieCookie,
    ],
    ['Sofie: to claim, newest first', '/api/matchmaker/clients?scope=unassigned&sort=newest', sofieCookie],
    ['Sofie: open proposal, page 3', '/api/matchmaker/clients?open_proposal=false&page=3', sofieCookie],
    ['Admin: all, by name', '/api/matchmaker/clients', adminCookie],
    ['Admin: all, last active, page 200', '/api/matchmaker/clients?sort=activity&page=200', adminCookie],
    // The generated names are "Bench Klant <n>": "klant 4999" finds n = 4999 and 49990-49999
    // (and 499900-499999 past 499,899 clients); "bench 4999" finds no one, an empty answer.
    ['Admin: search "klant 4999"', '/api/matchmaker/clients?q=klant%204999', adminCookie],
    ['Admin: search "bench 4999" (finds no one)', '/api/matchmaker/clients?q=bench%204999', adminCookie],
    [
      'Admin: search "klant 777" + contract + age',
      '/api/matchmaker/clients?q=klant%20777&contract_status=active_for_matching&age_min=25&age_max=60',
      adminCookie,
    ],
    // /admin/klanten: the admin's search of every client by name (at most 20).
    ['Admin (/admin/klanten): search "klant 777"', '/api/clients?q=klant%20777', adminCookie],
    ['Sofie: dashboard', '/api/matchmaker/dashboard', sofieCookie],
    ['Admin: dashboard (the agency)', '/api/matchmaker/dashboard', adminCookie],
  ];
  for (const [name, path, cookie] of lists) {
    // A read that fails (a 503 when the shared machine stalls past the request timeout) is
    // reported and the run goes on.
    await measure(name, path, cookie).catch((error: Error) => {
      console.info(`${name.padEnd(46)} failed: ${error.message}`);
      results.push({ name, rows: `failed: ${error.message}` });
    });
  }

  // The sweeps, once each (they change the data), statements counted at the driver.
  const count2 = countStatements(db);
  for (const [name, sweep] of [
    ['sweep: match deadlines', () => sweepMatchDeadlines({ ctx })],
    ['sweep: feedback requests', () => sweepFeedbackRequests({ ctx })],
  ] as const) {
    const start = performance.now();
    const outcome = await count2(sweep as () => Promise<Record<string, number>>).catch(
      (error: Error) => error,
    );
    const ms = Math.round(performance.now() - start);
    if (outcome instanceof Error) {
      const why = `failed: ${(outcome.cause as Error | undefined)?.message ?? outcome.message.split('\n')[0]}`;
      console.info(`${name.padEnd(46)} ${why.slice(0, 200)}`);
      results.push({ name, rows: why.slice(0, 120), ms });
      continue;
    }
    const { result, statements } = outcome;
    const rows = Object.entries(result)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    console.info(`${name.padEnd(46)} ${String(statements).padStart(4)} statements  ${ms} ms  (${rows})`);
    results.push({ name, statements, rows, ms });
  }
  await database.close();
  return results;
}

if (process.env.BENCH_FILL_ONLY) {
  // Only make sure the template database of this count exists (for the code of BENCH_CODE or this).
  await withDatabase(resolve(process.env.BENCH_CODE || process.cwd()), async () => []);
  process.exit(0);
}

if (process.env.BENCH_CODE) {
  // A child of a baseline run: measure the code of BENCH_CODE and hand the results up.
  const results = await withDatabase(resolve(process.env.BENCH_CODE!), (url, fillFirst) =>
    run(resolve(process.env.BENCH_CODE!), url, fillFirst),
  );
  console.info(`${RESULT}${JSON.stringify(results)}`);
  process.exit(0);
}

if (!BASELINE) {
  await withDatabase(process.cwd(), (url, fillFirst) => run(process.cwd(), url, fillFirst));
  console.info(
    `\nload average at the end: ${loadavg()
      .map((v) => v.toFixed(2))
      .join(', ')}`,
  );
  process.exit(0);
}

/** Runs this script again for `dir`'s code, printing its lines, and returns its results. */
function child(dir: string, label: string): Promise<Measured[]> {
  return new Promise((done, fail) => {
    const proc = spawn(
      process.execPath,
      [...process.execArgv, resolve('scripts/bench-clients.ts'), String(CLIENTS)],
      {
        cwd: dir,
        env: { ...process.env, BENCH_CODE: dir, BENCH_BASELINE: '' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
      for (const line of chunk.toString().split('\n')) {
        if (line && !line.startsWith(RESULT)) console.info(`[${label}] ${line}`);
      }
    });
    proc.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith(RESULT));
      if (code !== 0 || !line) fail(new Error(`${label}: exit ${code}`));
      else done(JSON.parse(line.slice(RESULT.length)) as Measured[]);
    });
  });
}

const loads: string[] = [];
const baseline = await child(BASELINE, 'baseline');
loads.push(loadavg()[0]!.toFixed(2));
const current = await child(process.cwd(), 'this');
loads.push(loadavg()[0]!.toFixed(2));

console.info(
  `\n${CLIENTS.toLocaleString('en')} generated clients, ${KIND === 'pg' ? 'PostgreSQL' : 'PGlite'}; load average (1 min) after the baseline ${loads[0]}, after this ${loads[1]}\n`,
);
console.info(
  '| read or sweep | build | found | p50 ms | p95 ms | p99 ms | 16 at once p95 ms | CPU ms/req node | CPU ms/req PostgreSQL | statements | ms | rows |',
);
console.info('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
for (const [i, row] of current.entries()) {
  for (const [label, r] of [
    ['baseline', baseline[i]],
    ['this', row],
  ] as const) {
    if (!r) continue;
    const v = (x: number | string | undefined) => (x === undefined ? '–' : String(x));
    console.info(
      `| ${r.name} | ${label} | ${v(r.found)} | ${v(r.p50)} | ${v(r.p95)} | ${v(r.p99)} | ${v(r.parallelP95)} | ${v(r.cpuNode)} | ${v(r.cpuPg)} | ${v(r.statements)} | ${v(r.ms)} | ${r.rows ?? ''} |`,
    );
  }
}
