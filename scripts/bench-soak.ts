// `npm run bench:soak` (issue 19 item 5): 100 concurrent users for 60 s against the production build
// (`npm run build` first) on a fresh PostgreSQL database with the demo data (BENCH_PG_SERVER, default
// postgres://postgres@127.0.0.1:5432/postgres). A mixed workload: sign-in, browsing, proposals and
// their answers, a checkout on the demo provider. Fails (exit 1) on any 5xx, on an accepted answer or
// a paid checkout missing from the database afterwards, or when the server's memory (RSS) at the end
// is more than 20 % above its start (each the median of three readings after 5 s without load). SOAK_USERS (100), SOAK_SECONDS (60), SOAK_PORT (4397).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import pg from 'pg';

const USERS = Number(process.env.SOAK_USERS ?? 100);
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const PORT = Number(process.env.SOAK_PORT ?? 4397);
const URL_BASE = `http://localhost:${PORT}`;
const PASSWORD = 'koppel-demo-2026';
const ACCOUNTS = [
  ...Array.from({ length: 44 }, (_, i) => `klant${String(i + 1).padStart(2, '0')}@koppel.example`),
  'emma@koppel.example',
  'lucas@koppel.example',
];

if (!existsSync('dist/server/main.js')) {
  console.error('Geen productiebuild: eerst `npm run build`.');
  process.exit(1);
}

const serverUrl = process.env.BENCH_PG_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `koppel_soak_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
await admin.end();
const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/${dbName}`;

const child = spawn(process.execPath, ['dist/server/main.js'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    APP_URL: URL_BASE,
    PORT: String(PORT),
    SEED_DEMO: 'true',
    DATABASE_URL: databaseUrl.toString(),
    // Every virtual user signs in from 127.0.0.1, as on the end-to-end server.
    AUTH_RATE_LIMIT_SCALE: '100',
    LOG_LEVEL: 'warn',
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
  },
});

const rss = () => {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) * 1024;
};

/**
 * The memory once the load has stopped for a few seconds: the median of three readings a second
 * apart. Right after a burst, RSS still holds the burst's garbage and password hashes' buffers
 * (swings of 150 MB were seen), which says nothing about a leak.
 */
async function settledRss(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const readings: number[] = [];
  for (let i = 0; i < 3; i++) {
    readings.push(rss());
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return readings.sort((a, b) => a - b)[1]!;
}

const counts = { requests: 0, server_errors: 0, other_errors: 0 };
const serverErrors: string[] = [];
const acceptedAnswers: { match_id: string; client_id: string }[] = [];
/** Ids of paid checkouts: two users of one account share the checkout a second click gets. */
const paidCheckouts: string[] = [];

type Jar = Map<string, string>;
async function call(jar: Jar, path: string, init: { json?: unknown; method?: string } = {}) {
  const response = await fetch(`${URL_BASE}${path}`, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers: {
      origin: URL_BASE,
      cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    redirect: 'manual',
  });
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    const index = pair!.indexOf('=');
    const name = pair!.slice(0, index);
    const value = pair!.slice(index + 1);
    if (value) jar.set(name, value);
    else jar.delete(name);
  }
  counts.requests++;
  if (response.status >= 500) {
    counts.server_errors++;
    serverErrors.push(
      `${init.method ?? (init.json === undefined ? 'GET' : 'POST')} ${path}: ${response.status}`,
    );
  }
  const body = response.headers.get('content-type')?.includes('json')
    ? await response.json()
    : await response.text();
  return { status: response.status, body: body as Record<string, unknown> };
}

async function virtualUser(index: number, until: number) {
  const email = ACCOUNTS[index % ACCOUNTS.length]!;
  const jar: Jar = new Map();
  let userId = '';
  let checkedOut = false;
  for (let round = 0; Date.now() < until; round++) {
    if (round % 20 === 0) {
      const signIn = await call(jar, '/api/auth/sign-in/email', { json: { email, password: PASSWORD } });
      if (signIn.status !== 200) {
        counts.other_errors++;
        await new Promise((resolve) => setTimeout(resolve, 500));
        continue;
      }
      const me = await call(jar, '/api/me');
      userId = (me.body.user as { id: string } | undefined)?.id ?? '';
    }
    await call(jar, '/api/matchmakers');
    await call(jar, '/api/session');
    const proposed = await call(jar, '/api/me/proposed-matches');
    const open = ((proposed.body.matches ?? []) as { id: string; my_response: string | null }[]).find(
      (m) => m.my_response === null,
    );
    if (open) {
      const answer = await call(jar, `/api/matches/${open.id}/response`, { json: { response: 'accepted' } });
      if (answer.status < 300) acceptedAnswers.push({ match_id: open.id, client_id: userId });
    }
    await call(jar, '/api/me/matches');
    if (!checkedOut && round === 3) {
      checkedOut = true;
      const checkout = await call(jar, '/api/checkout-sessions', {
        json: { tier: 'Persoonlijk+', accept_terms: true, start_now: true },
      });
      const url = checkout.body.url as string | undefined;
      if (checkout.status === 201 && url) {
        const id = decodeURIComponent(url.split('/').pop()!);
        const paid = await call(jar, `/api/demo-checkout/${encodeURIComponent(id)}/pay`, { json: {} });
        if (paid.status === 200) paidCheckouts.push(id);
      }
    }
  }
}

let failed = false;
try {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${URL_BASE}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // A warm-up at full concurrency (the heap grows to its working size), then the memory at the start.
  // Its answers and checkouts are checked at the end with the others.
  await Promise.all(Array.from({ length: USERS }, (_, i) => virtualUser(i, Date.now() + 10_000)));
  const rssStart = await settledRss();
  const started = Date.now();
  const rssSamples: number[] = [];
  const sampler = setInterval(() => rssSamples.push(rss()), 10_000);
  await Promise.all(Array.from({ length: USERS }, (_, i) => virtualUser(i, started + SECONDS * 1000)));
  const elapsed = (Date.now() - started) / 1000;
  clearInterval(sampler);
  const rssEnd = await settledRss();

  const db = new pg.Client({ connectionString: databaseUrl.toString() });
  await db.connect();
  const answers = await db.query<{ match_id: string; client_id: string; response: string }>(
    'SELECT match_id, client_id, response FROM client_match_responses',
  );
  const stored = new Set(answers.rows.map((r) => `${r.match_id}:${r.client_id}:${r.response}`));
  const lostAnswers = acceptedAnswers.filter((a) => !stored.has(`${a.match_id}:${a.client_id}:accepted`));
  const payments = await db.query<{ provider_session_id: string }>(
    'SELECT provider_session_id FROM payments WHERE provider_session_id = ANY($1)',
    [[...new Set(paidCheckouts)]],
  );
  const lostPayments = new Set(paidCheckouts).size - payments.rows.length;
  if (lostPayments > 0) {
    // What became of them: the checkout rows of the paid sessions without a payment.
    const recorded = new Set(payments.rows.map((row) => row.provider_session_id));
    const lost = [...new Set(paidCheckouts)].filter((id) => !recorded.has(id));
    const rows = await db.query(
      'SELECT status, tier, created_at, updated_at FROM checkout_sessions WHERE provider_session_id = ANY($1)',
      [lost],
    );
    console.info('paid checkouts without a payment:', rows.rows);
  }
  await db.end();

  const growth = (rssEnd - rssStart) / rssStart;
  console.info(
    `\n${USERS} users, ${elapsed.toFixed(0)} s: ${counts.requests} requests (${Math.round(counts.requests / elapsed)} req/s)`,
  );
  console.info(
    `5xx: ${counts.server_errors}${serverErrors.length ? ` (${[...new Set(serverErrors)].slice(0, 5).join(', ')})` : ''}`,
  );
  console.info(`sign-ins refused: ${counts.other_errors}`);
  console.info(`accepted answers: ${acceptedAnswers.length}, missing in the database: ${lostAnswers.length}`);
  console.info(`paid checkouts: ${new Set(paidCheckouts).size}, missing in the database: ${lostPayments}`);
  console.info(
    `server memory (RSS): ${(rssStart / 2 ** 20).toFixed(0)} MB at the start, ${(rssEnd / 2 ** 20).toFixed(0)} MB at the end (${(growth * 100).toFixed(1)} %)`,
  );
  console.info(`RSS every 10 s: ${rssSamples.map((bytes) => (bytes / 2 ** 20).toFixed(0)).join(', ')} MB`);
  failed = counts.server_errors > 0 || lostAnswers.length > 0 || lostPayments > 0 || growth > 0.2;
  console.info(failed ? 'FAILED' : 'OK');
} finally {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  const cleanup = new pg.Client({ connectionString: serverUrl });
  await cleanup.connect();
  await cleanup.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await cleanup.end();
}
process.exit(failed ? 1 : 0);
