// `npm run bench:pages`: Lighthouse 12 on the production build, for the public pages `/` and
// `/sofie-peeters`, the login and sign-up pages, and (issue 31) four app pages signed in: Emma's
// `/dashboard` and `/dashboard/proposed-matches`, Sofie's `/matchmaker` and `/matchmaker/clients`
// (the demo password, through the real sign-in endpoint; the session cookie goes with every request
// of the run). Lighthouse's default config: mobile form factor, simulated throttling (as the
// lighthouse CLI does by default), categories performance, accessibility, best-practices and seo.
// Runs in Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH); never downloads a browser.
//
// Prints a table (the four scores 0-100, FCP, LCP, TTI, TBT, CLS, and the gzipped JavaScript the
// page loaded before any interaction: Lighthouse's navigation never interacts), the load average,
// and per page the failing audits and the top performance diagnostics; writes the Lighthouse JSON
// reports of the median runs to data/bench-pages/.
//
// Environment:
//   BENCH_BUILD=0         use the existing dist/ instead of running `npm run build` first
//                         (it still builds when dist/ is missing)
//   BENCH_BASELINE=<dir>  another built checkout (`npm ci && npm run build` there), e.g. the previous
//                         main: its server runs beside this one, each page alternates between the two
//                         run by run, and a before/after table compares the medians
//   BENCH_PAGES=/,/inloggen  only these pages
//   BENCH_PAGES_STRICT=1  exit 1 when, on `/`, performance < 98, another category < 100 or the
//                         JavaScript is over 110 KiB gzipped
//   BENCH_RUNS=3          runs per page (and build); the tables show every run and the median one
//                         (by performance)
//   CHROMIUM_PATH         the Chromium binary (default /usr/bin/chromium)
// The servers listen on ports the OS picks, each on a fresh PGlite with the demo data.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';

// chrome-launcher is a dependency of lighthouse, not of ours: resolve it from lighthouse's package.
const require = createRequire(import.meta.url);
const fromLighthouse = createRequire(require.resolve('lighthouse/package.json'));
const chromeLauncher = await import(pathToFileURL(fromLighthouse.resolve('chrome-launcher')).href);
const lighthouseVersion = require('lighthouse/package.json').version;

const OUT = 'data/bench-pages';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const DEMO_PASSWORD = 'koppel-demo-2026';
// `as`: the demo account the page is measured for (signed in through the real endpoint, its session
// cookie sent with every request of the run); `target`: the performance score the issue asks for.
const PAGES = [
  { path: '/', name: 'home', target: 100 },
  { path: '/sofie-peeters', name: 'sofie-peeters', target: 100 },
  { path: '/inloggen', name: 'inloggen', target: 95 },
  { path: '/aanmelden', name: 'aanmelden', target: 95 },
  { path: '/dashboard', name: 'dashboard', as: 'emma@koppel.example', target: 95 },
  {
    path: '/dashboard/proposed-matches',
    name: 'proposed-matches',
    as: 'emma@koppel.example',
    target: 95,
  },
  { path: '/matchmaker', name: 'matchmaker', as: 'sofie@koppel.example', target: 95 },
  { path: '/matchmaker/clients', name: 'matchmaker-clients', as: 'sofie@koppel.example', target: 95 },
].filter((page) => !process.env.BENCH_PAGES || process.env.BENCH_PAGES.split(',').includes(page.path));
const STRICT = process.env.BENCH_PAGES_STRICT === '1';
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const STRICT_JS_BYTES = 110 * 1024;
const KIB = 1024;
const BASELINE = process.env.BENCH_BASELINE ? resolve(process.env.BENCH_BASELINE) : null;

/** The servers this run started: this checkout's build and, with BENCH_BASELINE, the baseline's. */
const servers = [];
let chrome;
let cleaning;

function isRunning(child) {
  return child && child.exitCode === null && child.signalCode === null;
}

function cleanup() {
  cleaning ??= (async () => {
    if (chrome) {
      try {
        await chrome.kill();
      } catch (error) {
        console.warn(`stopping Chromium failed: ${error.message}`);
      }
    }
    await Promise.all(
      servers.map(async ({ child, stateDir }) => {
        if (isRunning(child)) {
          const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(timer);
        }
        rmSync(stateDir, { recursive: true, force: true });
      }),
    );
  })();
  return cleaning;
}

// Backstop when the process exits some other way: no server may outlive us.
process.on('exit', () => {
  for (const { child } of servers) if (isRunning(child)) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\n${signal}: cleaning up...`);
    cleanup().finally(() => process.exit(130));
  });
}

/** A port nobody listens on (the OS picks it), so two benches or servers never collide. */
function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isRunning(server.child)) {
      throw new Error(`the ${server.name} server stopped before it was ready`);
    }
    try {
      const response = await fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
  throw new Error(`${server.base}/api/health did not answer 200 within ${timeoutMs / 1000} s`);
}

/** The production build in `dir` on a port of its own, with a fresh PGlite and the demo data. */
async function startServer(name, dir) {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  // The server's state (PGlite and its auth secret), fresh for each run and removed after it.
  const stateDir = mkdtempSync(join(tmpdir(), `koppel-bench-pages-${name}-`));
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: dir,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      APP_URL: base,
      PGLITE_DIR: join(stateDir, 'pglite'),
      SEED_DEMO: 'true',
      STAFF_2FA: 'optional',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
    },
  });
  const server = { name, dir, base, child, stateDir, cookies: new Map() };
  servers.push(server);
  return server;
}

/** The session cookie of a demo account on that server, signed in through the real endpoint. */
async function sessionCookie(server, email) {
  const known = server.cookies.get(email);
  if (known) return known;
  const response = await fetch(`${server.base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.base },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`signing in ${email} on the ${server.name} server: ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  server.cookies.set(email, cookie);
  return cookie;
}

async function runLighthouse(url, cookie) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  return result;
}

// The JavaScript the page loads before any interaction (Lighthouse's navigation never interacts: it
// loads the page and waits for the network and the main thread to go quiet): the sum of transferSize (bytes over the wire, so gzipped when the
// server compresses, headers included) of the requests with resourceType 'Script' in the details
// of the `network-requests` audit.
function scriptBytes(lhr) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = items.filter((item) => item.resourceType === 'Script');
  return {
    bytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    count: scripts.length,
  };
}

function summarize(page, build, lhr) {
  const score = (id) => {
    const value = lhr.categories[id]?.score;
    return value === null || value === undefined ? null : Math.round(value * 100);
  };
  const numeric = (id) => lhr.audits[id]?.numericValue ?? null;
  return {
    page: page.path,
    build,
    url: lhr.finalDisplayedUrl,
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
    warnings: lhr.runWarnings ?? [],
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, score(id)])),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    ttiMs: numeric('interactive'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    js: scriptBytes(lhr),
  };
}

const SKIPPED_MODES = new Set(['notApplicable', 'manual', 'informative', 'error']);

function failingAudits(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  if (!category) return [];
  return category.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .filter((audit) => !SKIPPED_MODES.has(audit.scoreDisplayMode));
}

// Estimated savings of a performance audit, for sorting: the opportunity's ms, else its metric
// savings (LCP, FCP and TBT in ms; CLS scaled so that 0.1 weighs like 100 ms).
function savings(audit) {
  const overall = audit.details?.overallSavingsMs;
  if (overall) return overall;
  const metrics = audit.metricSavings ?? {};
  return (metrics.LCP ?? 0) + (metrics.FCP ?? 0) + (metrics.TBT ?? 0) + (metrics.CLS ?? 0) * 1000;
}

// The performance category's diagnostics (the opportunities are among them in Lighthouse 12) that
// fail, or that estimate savings on a metric (as long-tasks, bootup-time and mainthread-work-breakdown
// do for TBT even when they pass or are informative), the largest savings first.
function performanceDiagnostics(lhr) {
  const category = lhr.categories.performance;
  if (!category) return [];
  const hasSavings = (audit) => Object.values(audit.metricSavings ?? {}).some((value) => value > 0);
  const failing = (audit) =>
    audit.score !== null && audit.score < 1 && !SKIPPED_MODES.has(audit.scoreDisplayMode);
  return category.auditRefs
    .filter((ref) => ref.group === 'diagnostics')
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.scoreDisplayMode !== 'notApplicable')
    .filter((audit) => failing(audit) || hasSavings(audit))
    .sort((a, b) => savings(b) - savings(a) || (a.score ?? 1) - (b.score ?? 1))
    .slice(0, 10);
}

function describeSavings(audit) {
  const parts = Object.entries(audit.metricSavings ?? {})
    .filter(([, value]) => value > 0)
    .map(([metric, value]) =>
      metric === 'CLS' ? `${metric} -${value.toFixed(3)}` : `${metric} -${Math.round(value)} ms`,
    );
  return parts.length > 0 ? `savings ${parts.join(' ')}` : null;
}

const fmt = (value, digits = 0) => (value === null || value === undefined ? '-' : value.toFixed(digits));

function printTable(rows) {
  const header = [
    'page',
    ...(BASELINE ? ['build'] : []),
    'perf',
    'a11y',
    'bp',
    'seo',
    'FCP ms',
    'LCP ms',
    'TTI ms',
    'TBT ms',
    'CLS',
    'JS KiB gz',
    'scripts',
  ];
  const lines = rows.map((row) => [
    row.page,
    ...(BASELINE ? [row.build] : []),
    fmt(row.scores.performance),
    fmt(row.scores.accessibility),
    fmt(row.scores['best-practices']),
    fmt(row.scores.seo),
    fmt(row.fcpMs),
    fmt(row.lcpMs),
    fmt(row.ttiMs),
    fmt(row.tbtMs),
    fmt(row.cls, 3),
    fmt(row.js.bytes / KIB, 1),
    String(row.js.count),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i].length)));
  const render = (cells) =>
    cells.map((cell, i) =>
      i === 0 || (BASELINE && i === 1) ? cell.padEnd(widths[i]) : cell.padStart(widths[i]),
    );
  console.info(render(header).join('  '));
  for (const line of lines) console.info(render(line).join('  '));
}

/** Per page, the baseline's median run beside this build's: score, JavaScript and time to interactive. */
function printComparison(pairs) {
  const header = [
    'page',
    'perf before',
    'perf after',
    'JS KiB before',
    'JS KiB after',
    'TTI ms before',
    'TTI ms after',
    'target',
  ];
  const lines = pairs.map(({ page, before, after }) => [
    page.path,
    fmt(before.scores.performance),
    fmt(after.scores.performance),
    fmt(before.js.bytes / KIB, 1),
    fmt(after.js.bytes / KIB, 1),
    fmt(before.ttiMs),
    fmt(after.ttiMs),
    `>= ${page.target}`,
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i].length)));
  const render = (cells) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])));
  console.info(render(header).join('  '));
  for (const line of lines) console.info(render(line).join('  '));
}

function printFindings(row, lhr) {
  console.info(`\n${row.page}`);
  if (row.runtimeError) console.info(`  ERROR: ${row.runtimeError}`);
  for (const warning of row.warnings) console.info(`  warning: ${warning}`);
  let failing = 0;
  for (const categoryId of CATEGORIES.slice(1)) {
    for (const audit of failingAudits(lhr, categoryId)) {
      failing++;
      const items = audit.details?.items?.length;
      const extra = [audit.displayValue, items ? `${items} item(s)` : null].filter(Boolean).join(', ');
      console.info(`  [${categoryId}] ${audit.id}: ${audit.title}${extra ? ` (${extra})` : ''}`);
    }
  }
  if (failing === 0) console.info('  accessibility, best-practices, seo: no failing audits');
  const diagnostics = performanceDiagnostics(lhr);
  if (diagnostics.length === 0) console.info('  performance: no open diagnostics');
  for (const audit of diagnostics) {
    const score = audit.score === null ? null : `score ${audit.score.toFixed(2)}`;
    const extra = [audit.displayValue, describeSavings(audit), score].filter(Boolean).join(', ');
    console.info(`  [performance] ${audit.id}: ${audit.title} (${extra})`);
  }
}

/** The run with the median performance score; a run without a score only when all are so. */
function medianRun(runs) {
  const sorted = [...runs].sort(
    (a, b) => (a.row.scores.performance ?? -1) - (b.row.scores.performance ?? -1),
  );
  const measured = sorted.filter((run) => run.row.scores.performance !== null);
  const pool = measured.length > 0 ? measured : sorted;
  return { sorted, median: pool[Math.floor((pool.length - 1) / 2)] };
}

async function main() {
  const built = existsSync('dist/server/main.js') && existsSync('dist/web/index.html');
  if (!built || process.env.BENCH_BUILD !== '0') {
    console.info('npm run build...');
    const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (result.status !== 0) {
      console.error('The build failed (BENCH_BUILD=0 uses the existing dist/ instead).');
      return result.status ?? 1;
    }
  }
  if (BASELINE && !existsSync(join(BASELINE, 'dist/server/main.js'))) {
    console.error(`BENCH_BASELINE=${BASELINE} has no build: run \`npm ci && npm run build\` there first.`);
    return 1;
  }
  if (!existsSync(CHROMIUM)) {
    console.error(
      `Chromium is missing (${CHROMIUM}): sudo apt-get install -y chromium, or set CHROMIUM_PATH`,
    );
    return 1;
  }

  mkdirSync(OUT, { recursive: true });
  const builds = [
    ...(BASELINE ? [await startServer('baseline', BASELINE)] : []),
    await startServer('this', process.cwd()),
  ];
  await Promise.all(builds.map((server) => waitForHealth(server, 180_000)));

  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
    handleSIGINT: false,
  });

  // One discarded run of `/` and of `/inloggen` per build first, so the servers' first-request
  // costs are not measured.
  console.info(`Lighthouse ${lighthouseVersion}: warm-up runs (discarded)...`);
  for (const server of builds) {
    await runLighthouse(`${server.base}/`);
    await runLighthouse(`${server.base}/inloggen`);
  }

  // Lighthouse's scores move with the machine's load; each page is measured RUNS times per build,
  // the builds alternating run by run so that both see the same load, and the run with the median
  // performance score counts (as Lighthouse's own docs advise).
  const loads = [];
  const results = []; // per page: { page, byBuild: { baseline?, this } }
  for (const page of PAGES) {
    const runsByBuild = Object.fromEntries(builds.map((server) => [server.name, []]));
    for (let run = 1; run <= RUNS; run++) {
      for (const server of builds) {
        const cookie = page.as ? await sessionCookie(server, page.as) : undefined;
        loads.push(loadavg()[0]);
        console.info(`Lighthouse: ${page.path} on ${server.name} (run ${run} of ${RUNS})...`);
        const { lhr, report } = await runLighthouse(`${server.base}${page.path}`, cookie);
        const row = summarize(page, server.name, lhr);
        if (row.scores.performance === null) {
          const errors = Object.values(lhr.audits).filter((audit) => audit.scoreDisplayMode === 'error');
          console.warn(
            `  run ${run}: no performance score (${row.runtimeError ?? 'audit errors'}): ` +
              errors.map((audit) => `${audit.id}: ${audit.errorMessage}`).join('; '),
          );
        }
        if (page.as && new URL(row.url).pathname !== page.path) {
          console.warn(`  run ${run}: ended on ${row.url}, not ${page.path} (the session did not hold?)`);
        }
        runsByBuild[server.name].push({ row, lhr, report });
      }
    }
    const byBuild = {};
    for (const server of builds) {
      const { sorted, median } = medianRun(runsByBuild[server.name]);
      const file =
        server.name === 'this' ? `${OUT}/${page.name}.json` : `${OUT}/${page.name}.${server.name}.json`;
      writeFileSync(file, Array.isArray(median.report) ? median.report[0] : median.report);
      byBuild[server.name] = { median, sorted };
    }
    results.push({ page, byBuild });
  }

  const rows = results.map(({ byBuild }) => byBuild.this.median.row);
  const reports = results.map(({ byBuild }) => byBuild.this.median.lhr);
  const allRuns = results.flatMap(({ byBuild }) =>
    builds.flatMap((server) =>
      byBuild[server.name].sorted.map(({ row }, i) => ({ ...row, page: `${row.page} #${i + 1}` })),
    ),
  );
  writeFileSync(
    `${OUT}/summary.json`,
    `${JSON.stringify(
      results.map(({ byBuild }) =>
        Object.fromEntries(Object.entries(byBuild).map(([name, { median }]) => [name, median.row])),
      ),
      null,
      2,
    )}\n`,
  );

  const { configSettings, environment } = reports[0];
  const sortedLoads = [...loads].sort((a, b) => a - b);
  console.info(
    `\nLighthouse ${reports[0].lighthouseVersion}, ${configSettings.formFactor}, throttling ` +
      `${configSettings.throttlingMethod} (RTT ${configSettings.throttling.rttMs} ms, ` +
      `${configSettings.throttling.throughputKbps} kbit/s, CPU x${configSettings.throttling.cpuSlowdownMultiplier}); ` +
      `${environment.hostUserAgent}`,
  );
  console.info(
    `Load average (1 min) at the start of each run: min ${fmt(sortedLoads[0], 2)}, median ` +
      `${fmt(sortedLoads[Math.floor((sortedLoads.length - 1) / 2)], 2)}, max ${fmt(sortedLoads.at(-1), 2)} ` +
      `(${cpus().length} cores)\n`,
  );
  console.info('Every run, sorted by performance per page and build:');
  printTable(allRuns);
  console.info(`\nThe median run of ${RUNS} per page${BASELINE ? ' and build' : ''}:`);
  printTable(results.flatMap(({ byBuild }) => builds.map((server) => byBuild[server.name].median.row)));
  if (BASELINE) {
    console.info(`\nBefore (baseline ${BASELINE}) and after (this checkout), median runs:`);
    printComparison(
      results.map(({ page, byBuild }) => ({
        page,
        before: byBuild.baseline.median.row,
        after: byBuild.this.median.row,
      })),
    );
  }
  for (const [i, row] of rows.entries()) printFindings(row, reports[i]);
  console.info(`\nReports: ${OUT}/{${PAGES.map((page) => page.name).join(',')},summary}.json`);

  const misses = results
    .filter(({ page, byBuild }) => (byBuild.this.median.row.scores.performance ?? 0) < page.target)
    .map(
      ({ page, byBuild }) => `${page.path} ${byBuild.this.median.row.scores.performance} < ${page.target}`,
    );
  console.info(misses.length > 0 ? `\nBelow target: ${misses.join('; ')}` : '\nEvery page meets its target.');

  if (STRICT) {
    const home = rows[0];
    const problems = [];
    if (home.runtimeError) problems.push(`/ could not be measured (${home.runtimeError})`);
    if ((home.scores.performance ?? 0) < 98) problems.push(`performance ${home.scores.performance} < 98`);
    for (const id of CATEGORIES.slice(1)) {
      if ((home.scores[id] ?? 0) < 100) problems.push(`${id} ${home.scores[id]} < 100`);
    }
    if (home.js.bytes > STRICT_JS_BYTES) {
      problems.push(`JavaScript ${fmt(home.js.bytes / KIB, 1)} KiB gzip > ${STRICT_JS_BYTES / KIB} KiB`);
    }
    if (problems.length > 0) {
      console.error(`\nBENCH_PAGES_STRICT: / misses the thresholds: ${problems.join('; ')}`);
      return 1;
    }
    console.info('\nBENCH_PAGES_STRICT: / meets the thresholds.');
  }
  return 0;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(error);
} finally {
  await cleanup();
}
process.exit(code);
