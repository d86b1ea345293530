// `npm run bench:pages`: Lighthouse 12 on the production build, for the public pages `/` and
// `/sofie-peeters`. Lighthouse's default config: mobile form factor, simulated throttling (as the
// lighthouse CLI does by default), categories performance, accessibility, best-practices and seo.
// Runs in Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH); never downloads a browser.
//
// Prints a table (the four scores 0-100, LCP, TBT, CLS, gzipped JavaScript) and, per page, the
// failing audits and the top performance diagnostics; writes the full Lighthouse JSON reports to
// data/bench-pages/.
//
// Environment:
//   BENCH_BUILD=0         use the existing dist/ instead of running `npm run build` first
//                         (it still builds when dist/ is missing)
//   BENCH_PAGES_STRICT=1  exit 1 when, on `/`, performance < 98, another category < 100 or the
//                         JavaScript is over 110 KiB gzipped
//   BENCH_RUNS=3          runs per page; the table shows every run and the median one (by performance)
//   BENCH_PAGES_PORT=3200 the port of the production server it starts
//   CHROMIUM_PATH         the Chromium binary (default /usr/bin/chromium)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';

// chrome-launcher is a dependency of lighthouse, not of ours: resolve it from lighthouse's package.
const require = createRequire(import.meta.url);
const fromLighthouse = createRequire(require.resolve('lighthouse/package.json'));
const chromeLauncher = await import(pathToFileURL(fromLighthouse.resolve('chrome-launcher')).href);
const lighthouseVersion = require('lighthouse/package.json').version;

const PORT = Number(process.env.BENCH_PAGES_PORT ?? 3200);
const BASE = `http://localhost:${PORT}`;
const OUT = 'data/bench-pages';
// The server's state (PGlite and its auth secret), fresh for each run and removed after it.
const SERVER_DIR = `${OUT}/server`;
const PGLITE_DIR = `${SERVER_DIR}/pglite`;
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
const PAGES = [
  { path: '/', name: 'home' },
  { path: '/sofie-peeters', name: 'sofie-peeters' },
];
const STRICT = process.env.BENCH_PAGES_STRICT === '1';
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const STRICT_JS_BYTES = 110 * 1024;
const KIB = 1024;

let server;
let chrome;
let cleaning;

function cleanup() {
  cleaning ??= (async () => {
    if (chrome) {
      try {
        await chrome.kill();
      } catch (error) {
        console.warn(`stopping Chromium failed: ${error.message}`);
      }
    }
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(SERVER_DIR, { recursive: true, force: true });
  })();
  return cleaning;
}

// Backstop when the process exits some other way: the server must not outlive us.
process.on('exit', () => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\n${signal}: cleaning up...`);
    cleanup().finally(() => process.exit(130));
  });
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

async function waitForHealth(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the server stopped (${server.exitCode ?? server.signalCode}) before it was ready`);
    }
    try {
      const response = await fetch(`${BASE}/api/health`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${BASE}/api/health did not answer 200 within ${timeoutMs / 1000} s`);
}

async function runLighthouse(url) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
  });
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  return result;
}

// The JavaScript the page loads: the sum of transferSize (bytes over the wire, so gzipped when the
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

function summarize(page, lhr) {
  const score = (id) => {
    const value = lhr.categories[id]?.score;
    return value === null || value === undefined ? null : Math.round(value * 100);
  };
  const numeric = (id) => lhr.audits[id]?.numericValue ?? null;
  return {
    page: page.path,
    url: lhr.finalDisplayedUrl,
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
    warnings: lhr.runWarnings ?? [],
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, score(id)])),
    lcpMs: numeric('largest-contentful-paint'),
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
  const header = ['page', 'perf', 'a11y', 'bp', 'seo', 'LCP ms', 'TBT ms', 'CLS', 'JS KiB gz', 'scripts'];
  const lines = rows.map((row) => [
    row.page,
    fmt(row.scores.performance),
    fmt(row.scores.accessibility),
    fmt(row.scores['best-practices']),
    fmt(row.scores.seo),
    fmt(row.lcpMs),
    fmt(row.tbtMs),
    fmt(row.cls, 3),
    fmt(row.js.bytes / KIB, 1),
    String(row.js.count),
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
  if (!existsSync(CHROMIUM)) {
    console.error(
      `Chromium is missing (${CHROMIUM}): sudo apt-get install -y chromium, or set CHROMIUM_PATH`,
    );
    return 1;
  }
  if (!(await portIsFree(PORT))) {
    console.error(`Port ${PORT} is in use: stop what listens there and try again.`);
    return 1;
  }

  mkdirSync(OUT, { recursive: true });
  rmSync(SERVER_DIR, { recursive: true, force: true });
  server = spawn(process.execPath, ['dist/server/main.js'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      APP_URL: BASE,
      PGLITE_DIR,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
    },
  });
  await waitForHealth(120_000);

  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
    handleSIGINT: false,
  });

  // One discarded run of `/` first, so the server's first-request costs are not measured.
  console.info(`Lighthouse ${lighthouseVersion}: warm-up run of / (discarded)...`);
  await runLighthouse(`${BASE}/`);

  // Lighthouse's scores move with the machine's load; each page is measured RUNS times and the
  // run with the median performance score counts (as Lighthouse's own docs advise).
  const rows = [];
  const reports = [];
  const allRuns = [];
  for (const page of PAGES) {
    const runs = [];
    for (let run = 1; run <= RUNS; run++) {
      console.info(`Lighthouse: ${page.path} (run ${run} of ${RUNS})...`);
      const { lhr, report } = await runLighthouse(`${BASE}${page.path}`);
      const row = summarize(page, lhr);
      if (row.scores.performance === null) {
        const errors = Object.values(lhr.audits).filter((audit) => audit.scoreDisplayMode === 'error');
        console.warn(
          `  run ${run}: no performance score (${row.runtimeError ?? 'audit errors'}): ` +
            errors.map((audit) => `${audit.id}: ${audit.errorMessage}`).join('; '),
        );
      }
      runs.push({ row, lhr, report });
    }
    runs.sort((a, b) => (a.row.scores.performance ?? -1) - (b.row.scores.performance ?? -1));
    // A run that produced no performance score is shown, but the median is taken over the others.
    const measured = runs.filter((r) => r.row.scores.performance !== null);
    const pool = measured.length > 0 ? measured : runs;
    const median = pool[Math.floor((pool.length - 1) / 2)];
    writeFileSync(
      `${OUT}/${page.name}.json`,
      Array.isArray(median.report) ? median.report[0] : median.report,
    );
    rows.push(median.row);
    reports.push(median.lhr);
    allRuns.push(...runs.map(({ row }, i) => ({ ...row, page: `${row.page} #${i + 1}` })));
  }
  writeFileSync(`${OUT}/summary.json`, `${JSON.stringify(rows, null, 2)}\n`);

  const { configSettings, environment } = reports[0];
  console.info(
    `\nLighthouse ${reports[0].lighthouseVersion}, ${configSettings.formFactor}, throttling ` +
      `${configSettings.throttlingMethod}; ${environment.hostUserAgent}\n`,
  );
  console.info(`Every run, sorted by performance per page:`);
  printTable(allRuns);
  console.info(`\nThe median run of ${RUNS} per page:`);
  printTable(rows);
  for (const [i, row] of rows.entries()) printFindings(row, reports[i]);
  console.info(`\nReports: ${OUT}/{${PAGES.map((page) => page.name).join(',')},summary}.json`);

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
