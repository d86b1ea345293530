// `npm run bench`: API latency of the main endpoints, in-process on PGlite with the demo
// data (later issues add page and matching benchmarks). Prints p50/p95/p99 per endpoint.
import { openDatabase } from '../src/server/db/client';
import { seedDemo } from '../src/server/db/seed';
import { BENCH_APP_URL as APP_URL, benchApp, percentile } from './bench-app';

const ROUNDS = 500;

const database = await openDatabase({});
await database.migrate();
await seedDemo(database.db);
const { app, sessionCookie } = benchApp(database);
const cookie = await sessionCookie('emma@koppel.example');
const staffCookie = await sessionCookie('sofie@koppel.example');

async function measure(
  name: string,
  path: string,
  headers: Record<string, string> = {},
  init: { method?: string; json?: unknown } = {},
) {
  const times: number[] = [];
  const body = init.json === undefined ? undefined : JSON.stringify(init.json);
  const allHeaders = body ? { ...headers, 'content-type': 'application/json', origin: APP_URL } : headers;
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    const response = await app.request(path, { method: init.method ?? 'GET', headers: allHeaders, body });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    times.push(performance.now() - start);
  }
  const pct = (p: number) => percentile(times, p);
  console.info(
    `${name.padEnd(36)} p50 ${pct(50)} ms  p95 ${pct(95)} ms  p99 ${pct(99)} ms  (${ROUNDS} requests)`,
  );
}

await measure('GET /api/health', '/api/health');
await measure('GET /api/me', '/api/me', { cookie });
await measure('GET /api/me/proposed-matches', '/api/me/proposed-matches', { cookie });
await measure('GET /api/matchmakers', '/api/matchmakers');
await measure('GET /api/matchmakers/sofie-peeters', '/api/matchmakers/sofie-peeters');
await measure('GET /api/me/matches', '/api/me/matches', { cookie });
await measure('GET /api/matches (matchmaker)', '/api/matches', { cookie: staffCookie });
const list = await app.request('/api/matches', { headers: { cookie: staffCookie } });
const [first] = ((await list.json()) as { matches: { id: string }[] }).matches;
await measure('GET /api/matches/{id}', `/api/matches/${first!.id}`, { cookie: staffCookie });
await measure('GET /api/clients?q=an', '/api/clients?q=an', { cookie: staffCookie });

// Payments: Lucas buys Relax+ with the demo provider; then the success page's lookup (which runs
// the fulfilment again, a no-op) and a second click on a tier whose session is still open.
const lucas = await sessionCookie('lucas@koppel.example');
const post = (path: string, json?: unknown) =>
  app.request(path, {
    method: 'POST',
    headers: { cookie: lucas, origin: APP_URL, 'content-type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
const started = (await (
  await post('/api/checkout-sessions', { tier: 'Relax+', accept_terms: true, start_now: true })
).json()) as { url: string };
const sessionId = started.url.split('/').pop()!;
await post(`/api/demo-checkout/${sessionId}/pay`);
await measure('GET /api/checkout-session (paid)', `/api/checkout-session?session_id=${sessionId}`, {
  cookie: lucas,
});
await measure(
  'POST /api/checkout-sessions (open)',
  '/api/checkout-sessions',
  { cookie: lucas },
  {
    method: 'POST',
    json: { tier: 'Persoonlijk', accept_terms: true, start_now: true },
  },
);
await database.close();
