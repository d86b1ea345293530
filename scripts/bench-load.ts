// `npm run bench:load` (issue 19): the production build (`npm run build` first) under autocannon,
// on PostgreSQL and on PGlite, with the demo data. PostgreSQL: DATABASE_URL (a database this
// script may fill), else a fresh database on the local server (BENCH_PG_SERVER, default
// postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards. Prints req/s, p50, p99 and
// errors per endpoint in one table; the health route (one query) is the ceiling of the run.
// BENCH_SECONDS (8), BENCH_CONNECTIONS (32), BENCH_ONLY=pg|pglite, BENCH_PORT (4390).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PORT = Number(process.env.BENCH_PORT ?? 4390);
const APP_URL = `http://localhost:${PORT}`;
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
];

if (!existsSync('dist/server/main.js')) {
  console.error('Geen productiebuild: eerst `npm run build`.');
  process.exit(1);
}

async function waitForHealth(child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server stopped (${child.exitCode})`);
    try {
      const response = await fetch(`${APP_URL}/api/health`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start');
}

async function signIn(email: string): Promise<string> {
  const response = await fetch(`${APP_URL}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: APP_URL },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in ${email}: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

interface Row {
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function benchServer(kind: 'pg' | 'pglite', env: Record<string, string>): Promise<Row[]> {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_URL,
      PORT: String(PORT),
      SEED_DEMO: 'true',
      ...env,
    },
  });
  try {
    await waitForHealth(child);
    const cookies: Record<Who, string> = {
      visitor: '',
      emma: await signIn('emma@koppel.example'),
      sofie: await signIn('sofie@koppel.example'),
    };
    const rows: Row[] = [];
    for (const endpoint of ENDPOINTS) {
      const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'gzip, br' };
      if (cookies[endpoint.who]) headers.cookie = cookies[endpoint.who];
      const check = await fetch(`${APP_URL}${endpoint.path}`, { headers });
      if (!check.ok) console.warn(`${kind} ${endpoint.path}: ${check.status} before the run`);
      const result = await autocannon({
        url: `${APP_URL}${endpoint.path}`,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers,
      });
      rows.push({
        endpoint: endpoint.label ?? endpoint.path,
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
      });
      process.stderr.write(`${kind} ${endpoint.path}: ${Math.round(result.requests.average)} req/s\n`);
    }
    return rows;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const results: Partial<Record<'pg' | 'pglite', Row[]>> = {};
const only = process.env.BENCH_ONLY;

if (only !== 'pglite') {
  let url = process.env.DATABASE_URL;
  let drop: (() => Promise<void>) | null = null;
  if (!url) {
    const server = process.env.BENCH_PG_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `koppel_load_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(server);
    target.pathname = `/${name}`;
    url = target.toString();
    drop = async () => {
      const cleanup = new pg.Client({ connectionString: server });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    };
  }
  try {
    results.pg = await benchServer('pg', { DATABASE_URL: url });
  } finally {
    await drop?.();
  }
}
if (only !== 'pg') {
  const dir = mkdtempSync(join(tmpdir(), 'koppel-load-'));
  try {
    results.pglite = await benchServer('pglite', { PGLITE_DIR: join(dir, 'pglite'), DATABASE_URL: '' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const cell = (row: Row | undefined) =>
  row ? `${row.rps.toLocaleString('en')} | ${row.p50} | ${row.p99} | ${row.errors}` : '– | – | – | –';
const load = loadavg()
  .map((value) => value.toFixed(2))
  .join(', ');
console.info(`\n${CONNECTIONS} connections, ${SECONDS} s per endpoint; load average at the end: ${load}\n`);
console.info(
  '| endpoint | PostgreSQL req/s | p50 ms | p99 ms | errors | PGlite req/s | p50 ms | p99 ms | errors |',
);
console.info('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const [index, endpoint] of ENDPOINTS.entries()) {
  console.info(
    `| \`${endpoint.label ?? endpoint.path}\` | ${cell(results.pg?.[index])} | ${cell(results.pglite?.[index])} |`,
  );
}
