// `npm run bench:load` (issue 19): the production build (`npm run build` first) under autocannon,
// on PostgreSQL and on PGlite, with the demo data. PostgreSQL: DATABASE_URL (a database this
// script may fill), else a fresh database on the local server (BENCH_PG_SERVER, default
// postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards. Prints req/s, p50, p99 and
// errors per endpoint in one table; the health route (one query) is the ceiling of the run.
// BENCH_SECONDS (8), BENCH_CONNECTIONS (32), BENCH_ONLY=pg|pglite, BENCH_PORT (4390).
// Each endpoint first gets BENCH_WARMUP seconds (2) of the same load, not counted: the first second
// of a cold route runs unoptimised code (a third of the later rate) and would measure the JIT.
// BENCH_BASELINE=<dir of another built checkout>: its build runs beside this one (each on a database
// of its own) and the two alternate per endpoint, so both see the same machine load; the table then
// has a baseline row above each endpoint's row.
// Issue 31: on PostgreSQL the run also starts the bare limit (scripts/bench-bare-server.mjs:
// `node:http` + a `pg` pool of 10, the health route's one `select 1`), measured before the health
// route and again after the last endpoint; the table gives each endpoint's rate as a share of that
// limit (the mean of its two runs) and of its own build's health route in the same run.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PORT = Number(process.env.BENCH_PORT ?? 4390);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const PASSWORD = 'koppel-demo-2026';

type Who = 'visitor' | 'emma' | 'sofie';
const ENDPOINTS: { path: string; who: Who; label?: string }[] = [
  { path: '/api/health', who: 'visitor' },
  { path: '/api/matchmakers', who: 'visitor' },
  { path: '/api/me', who: 'emma' },
  { path: '/api/me/proposed-matches', who: 'emma' },
  { path: '/api/matches', who: 'sofie', label: '/api/matches (Sofie)' },
  { path: '/api/matchmaker/clients', who: 'sofie' },
  { path: '/api/matchmaker/dashboard', who: 'sofie' },
  { path: '/api/intake-sessions', who: 'sofie' },
  { path: '/api/me/intake-sessions', who: 'emma' },
  // `{emma}`: Emma's id on that server (Sofie's client).
  {
    path: '/api/matchmaker/clients/{emma}/magic-match',
    who: 'sofie',
    label: 'magic match (Sofie, for Emma)',
  },
];

// BENCH_ENDPOINTS=health,/api/me,...: only the endpoints whose path or label contains one of these
// (the health route is always measured: it is the reference of the shares).
if (process.env.BENCH_ENDPOINTS) {
  const wanted = process.env.BENCH_ENDPOINTS.split(',');
  const kept = ENDPOINTS.filter(
    (e, i) => i === 0 || wanted.some((w) => e.path === w || (e.label ?? '').includes(w)),
  );
  ENDPOINTS.splice(0, ENDPOINTS.length, ...kept);
}

const BASELINE = process.env.BENCH_BASELINE ? resolve(process.env.BENCH_BASELINE) : null;
const BUILDS = [
  ...(BASELINE ? [{ name: 'baseline', dir: BASELINE }] : []),
  { name: 'this', dir: process.cwd() },
];
for (const build of BUILDS) {
  if (!existsSync(join(build.dir, 'dist/server/main.js'))) {
    console.error(`Geen productiebuild in ${build.dir}: eerst \`npm run build\`.`);
    process.exit(1);
  }
}

interface Server {
  build: string;
  url: string;
  child: ChildProcess;
  cookies: Record<Who, string>;
  emmaId: string;
  /** PostgreSQL only: the server's database, whose backends' CPU is counted. */
  database?: string;
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server stopped (${child.exitCode})`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start');
}

async function signIn(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in ${email}: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function startServer(build: { name: string; dir: string }, port: number, env: Record<string, string>) {
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, [join(build.dir, 'dist/server/main.js')], {
    cwd: build.dir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_URL: url,
      PORT: String(port),
      SEED_DEMO: 'true',
      ...env,
    },
  });
  try {
    await waitForHealth(url, child);
    const cookies: Record<Who, string> = {
      visitor: '',
      emma: await signIn(url, 'emma@koppel.example'),
      sofie: await signIn(url, 'sofie@koppel.example'),
    };
    const me = (await (await fetch(`${url}/api/me`, { headers: { cookie: cookies.emma } })).json()) as {
      user: { id: string };
    };
    return { build: build.name, url, child, cookies, emmaId: me.user.id } satisfies Server;
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
}

async function startBare(port: number, databaseUrl: string): Promise<Server> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [resolve('scripts/bench-bare-server.mjs')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl },
  });
  await waitForHealth(url, child);
  return { build: 'bare', url, child, cookies: { visitor: '', emma: '', sofie: '' }, emmaId: '' };
}

async function stop(server: Server) {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

interface Row {
  endpoint: string;
  build: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server process's CPU time (user + system) per answered request, in µs (Linux only). */
  cpuUs?: number;
  /**
   * Decision 049: the CPU time of PostgreSQL's backends of the server's database per answered
   * request, in µs (Linux, a local server): on this machine they share the cores with the server,
   * so a change that moves work into SQL shows here.
   */
  pgCpuUs?: number;
}

/** CPU ms of each backend of a database (pg_stat_activity's pids, read in /proc). */
async function backendCpu(database: string | undefined): Promise<Map<number, number> | undefined> {
  if (!database) return undefined;
  const client = new pg.Client({
    connectionString: process.env.BENCH_PG_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    const cpu = new Map<number, number>();
    for (const { pid } of rows) {
      const ms = cpuMs(pid);
      if (ms !== undefined) cpu.set(pid, ms);
    }
    return cpu;
  } finally {
    await client.end();
  }
}

/**
 * Issue 31: on a busy machine the rate measures the neighbours too; the server's own CPU time per
 * request much less. From /proc/<pid>/stat: utime + stime, in clock ticks of 10 ms.
 */
function cpuMs(pid: number | undefined): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

async function measure(kind: string, server: Server, endpoint: (typeof ENDPOINTS)[number]): Promise<Row> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'gzip, br' };
  const cookie = server.cookies[endpoint.who];
  if (cookie) headers.cookie = cookie;
  const path = endpoint.path.replace('{emma}', server.emmaId);
  const check = await fetch(`${server.url}${path}`, { headers });
  if (!check.ok) console.warn(`${kind} ${server.build} ${path}: ${check.status} before the run`);
  if (WARMUP > 0) {
    await autocannon({
      url: `${server.url}${path}`,
      connections: CONNECTIONS,
      duration: WARMUP,
      headers,
    });
  }
  const pgBefore = await backendCpu(server.database);
  const cpuBefore = cpuMs(server.child.pid);
  const result = await autocannon({
    url: `${server.url}${path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers,
  });
  const cpuAfter = cpuMs(server.child.pid);
  const pgAfter = await backendCpu(server.database);
  // A backend that began during the run counts from zero; one that ended is lost (the pools keep
  // theirs open).
  const pgMs =
    pgBefore && pgAfter
      ? [...pgAfter].reduce((sum, [pid, ms]) => sum + ms - (pgBefore.get(pid) ?? 0), 0)
      : undefined;
  process.stderr.write(
    `${kind} ${server.build} ${endpoint.path}: ${Math.round(result.requests.average)} req/s\n`,
  );
  return {
    endpoint: endpoint.label ?? endpoint.path,
    build: server.build,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuUs:
      cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total
        ? Math.round(((cpuAfter - cpuBefore) * 1000) / result.requests.total)
        : undefined,
    pgCpuUs:
      pgMs !== undefined && result.requests.total
        ? Math.round((pgMs * 1000) / result.requests.total)
        : undefined,
  };
}

async function benchServers(
  kind: 'pg' | 'pglite',
  servers: Server[],
  bare?: Server,
): Promise<{ rows: Row[]; bare: Row[] }> {
  const rows: Row[] = [];
  const bareRows: Row[] = [];
  const health = ENDPOINTS[0]!;
  if (bare) bareRows.push(await measure(kind, bare, health));
  for (const endpoint of ENDPOINTS) {
    for (const server of servers) rows.push(await measure(kind, server, endpoint));
  }
  if (bare) bareRows.push(await measure(kind, bare, health));
  return { rows, bare: bareRows };
}

/** A fresh PostgreSQL database per build (or DATABASE_URL for a single build), dropped afterwards. */
async function postgresDatabases(count: number): Promise<{ urls: string[]; drop(): Promise<void> }> {
  if (process.env.DATABASE_URL && count === 1)
    return { urls: [process.env.DATABASE_URL], drop: async () => {} };
  const server = process.env.BENCH_PG_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const names = Array.from(
    { length: count },
    () => `${process.env.BENCH_DB_PREFIX ?? 'koppel_load'}_${randomUUID().replace(/-/g, '').slice(0, 12)}`,
  );
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  for (const name of names) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    urls: names.map((name) => {
      const target = new URL(server);
      target.pathname = `/${name}`;
      return target.toString();
    }),
    async drop() {
      const cleanup = new pg.Client({ connectionString: server });
      await cleanup.connect();
      for (const name of names) await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

const results: Partial<Record<'pg' | 'pglite', Row[]>> = {};
let bareRows: Row[] = [];
const only = process.env.BENCH_ONLY;

if (only !== 'pglite') {
  const databases = await postgresDatabases(BUILDS.length);
  const servers: Server[] = [];
  let bare: Server | undefined;
  try {
    for (const [index, build] of BUILDS.entries()) {
      const server = await startServer(build, PORT + index, { DATABASE_URL: databases.urls[index]! });
      servers.push({ ...server, database: new URL(databases.urls[index]!).pathname.slice(1) });
    }
    bare = {
      ...(await startBare(PORT + BUILDS.length, databases.urls[0]!)),
      database: new URL(databases.urls[0]!).pathname.slice(1),
    };
    const measured = await benchServers('pg', servers, bare);
    results.pg = measured.rows;
    bareRows = measured.bare;
  } finally {
    if (bare) await stop(bare);
    for (const server of servers) await stop(server);
    await databases.drop();
  }
}
if (only !== 'pg') {
  const dir = mkdtempSync(join(tmpdir(), 'koppel-load-'));
  const servers: Server[] = [];
  try {
    for (const [index, build] of BUILDS.entries()) {
      servers.push(
        await startServer(build, PORT + index, {
          PGLITE_DIR: join(dir, `pglite-${index}`),
          DATABASE_URL: '',
        }),
      );
    }
    results.pglite = (await benchServers('pglite', servers)).rows;
  } finally {
    for (const server of servers) await stop(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

const cell = (row: Row | undefined) =>
  row
    ? `${row.rps.toLocaleString('en')} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.cpuUs ?? '–'} | ${row.pgCpuUs ?? '–'}`
    : '– | – | – | – | – | –';
const share = (part: number | undefined, whole: number | undefined) =>
  part !== undefined && whole ? `${Math.round((100 * part) / whole)} %` : '–';
const load = loadavg()
  .map((value) => value.toFixed(2))
  .join(', ');
const bareCpuRows = bareRows.filter((row) => row.cpuUs !== undefined);
const bareCpu = bareCpuRows.length
  ? bareCpuRows.reduce((sum, row) => sum + row.cpuUs!, 0) / bareCpuRows.length
  : undefined;
const bareRps = bareRows.length
  ? bareRows.reduce((sum, row) => sum + row.rps, 0) / bareRows.length
  : undefined;
console.info(
  `\n${CONNECTIONS} connections, ${SECONDS} s per endpoint after ${WARMUP} s of warm-up; load average at the end: ${load}\n`,
);
if (bareRows.length) {
  console.info(
    `Bare node:http + pg (one select 1, pool of 10), PostgreSQL: ${bareRows
      .map(
        (row) =>
          `${row.rps.toLocaleString('en')} req/s (p99 ${row.p99} ms, ${row.cpuUs ?? '–'} µs CPU per request, PostgreSQL ${row.pgCpuUs ?? '–'})`,
      )
      .join(' before, ')} after; mean ${Math.round(bareRps!).toLocaleString('en')}\n`,
  );
}
console.info(
  `| endpoint${BASELINE ? ' | build' : ''} | PostgreSQL req/s | p50 ms | p99 ms | errors | CPU µs/req | PG CPU µs/req | % of bare | bare's CPU as % | % of health | PGlite req/s | p50 ms | p99 ms | errors | CPU µs/req | PG CPU µs/req | % of health |`,
);
console.info(
  `|---${BASELINE ? '|---' : ''}|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
);
for (const [index, endpoint] of ENDPOINTS.entries()) {
  for (const [b, build] of BUILDS.entries()) {
    const at = index * BUILDS.length + b;
    const pg = results.pg?.[at];
    const lite = results.pglite?.[at];
    console.info(
      `| \`${endpoint.label ?? endpoint.path}\`${BASELINE ? ` | ${build.name}` : ''} | ${cell(pg)} | ${share(pg?.rps, bareRps)} | ${share(bareCpu, pg?.cpuUs)} | ${share(pg?.rps, results.pg?.[b]?.rps)} | ${cell(lite)} | ${share(lite?.rps, results.pglite?.[b]?.rps)} |`,
    );
  }
}
