import { execFileSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';

/**
 * Free ports from the OS for the two servers of this run, so two checkouts run their end-to-end
 * tests side by side; E2E_PORT (and E2E_EMPTY_PORT, else the one after it) fixes them. This file
 * is evaluated again in every worker: the main process picks the ports once and the workers
 * inherit them through the environment.
 */
function freePorts(count: number): number[] {
  // Held open together, so the ports differ; closed again before the servers bind them.
  const script = `const net = require('node:net');
const servers = Array.from({ length: ${count} }, () => net.createServer());
Promise.all(servers.map((s) => new Promise((ok) => s.listen(0, '127.0.0.1', ok)))).then(() => {
  process.stdout.write(servers.map((s) => s.address().port).join(','));
  for (const s of servers) s.close();
});`;
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).split(',').map(Number);
}
if (!process.env.E2E_PORT) {
  const [main, empty] = freePorts(2);
  process.env.E2E_PORT = String(main);
  process.env.E2E_EMPTY_PORT = String(empty);
}
const PORT = Number(process.env.E2E_PORT);
process.env.E2E_EMPTY_PORT ??= String(PORT + 1);
const EMPTY_PORT = Number(process.env.E2E_EMPTY_PORT);
export const BASE_URL = `http://localhost:${PORT}`;
/**
 * A second Koppel without the demo data (no matchmakers at all: the empty states), which requires
 * two-factor login of its staff as a deployment does (STAFF_2FA=required, two-factor.spec.ts) and
 * has Calendly configured (SCHEDULER=calendly, site-calendly.team.spec.ts).
 */
export const EMPTY_BASE_URL = `http://localhost:${EMPTY_PORT}`;

/** End-to-end tests drive Debian's Chromium against the production build on a fresh PGlite. */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // CI is a 2-core machine running two browsers and two servers at once: a long journey (a dozen
  // pages, each scanned by axe) took 40-60 s there and timed out at 60 s; a first render waited on
  // a starved CPU for more than 10 s. The limits catch a hang, not a slow machine.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: BASE_URL,
    // Issue 30: every mutation needs the app's Origin. A browser sends it by itself; Playwright's
    // API requests (`request`, `page.request`) do not, so every context of the tests carries it.
    extraHTTPHeaders: { origin: BASE_URL },
    locale: 'nl-BE',
    timezoneId: 'Europe/Brussels',
    // A trace records every action's page snapshot, which costs the starved CPU of CI on every
    // test; there only the retry of a failed test is traced (what a failure report needs).
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // A project's dependencies run in full before it: run a 'team' or 'clock' spec by itself with
  // `--no-deps` (e.g. `npx playwright test e2e/time.clock.spec.ts --no-deps`).
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: [/.*\.mobile\.spec\.ts/, /.*\.clock\.spec\.ts/, /.*\.team\.spec\.ts/],
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], channel: undefined },
      testMatch: /.*\.mobile\.spec\.ts/,
    },
    {
      // Tests with an active matchmaker of their own change the public team (the landing page, the
      // matchmakers list, the sitemap, who hosts an intake), which the other tests check exactly:
      // they run after those.
      name: 'team',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: /.*\.team\.spec\.ts/,
      dependencies: ['desktop', 'phone'],
    },
    {
      // Tests that move the server's clock change every open proposal and subscription: they run
      // alone, after the rest, one file at a time (each moves the one clock).
      name: 'clock',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: /.*\.clock\.spec\.ts/,
      dependencies: ['team'],
      workers: 1,
    },
  ],
  webServer: [
    {
      command: 'node scripts/e2e-server.mjs',
      env: { E2E_PORT: String(PORT) },
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node scripts/e2e-server.mjs',
      env: {
        E2E_PORT: String(EMPTY_PORT),
        E2E_DATA_DIR: './data/e2e-empty',
        E2E_SEED_DEMO: 'false',
        STAFF_2FA: 'required',
        // Issue 30: Calendly configured, so its public pages embed Calendly's scheduler
        // (site-calendly.team.spec.ts); the demo server is a local install with the Testagenda.
        SCHEDULER: 'calendly',
      },
      url: `${EMPTY_BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
