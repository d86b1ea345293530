import { defineConfig, devices } from '@playwright/test';

/** E2E_PORT moves both servers (a second checkout may run its tests beside this one). */
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${PORT}`;
/** A second Koppel without demo data (no matchmakers at all), for the empty states. */
const EMPTY_PORT = PORT + 1;
export const EMPTY_BASE_URL = `http://localhost:${EMPTY_PORT}`;

/** End-to-end tests drive Debian's Chromium against the production build on a fresh PGlite. */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: BASE_URL,
    locale: 'nl-BE',
    timezoneId: 'Europe/Brussels',
    trace: 'retain-on-failure',
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
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: [/.*\.mobile\.spec\.ts/, /.*\.clock\.spec\.ts/],
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], channel: undefined },
      testMatch: /.*\.mobile\.spec\.ts/,
    },
    {
      // Tests that move the server's clock change every open proposal: they run alone, after the rest.
      name: 'clock',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: /.*\.clock\.spec\.ts/,
      dependencies: ['desktop', 'phone'],
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
      env: { E2E_PORT: String(EMPTY_PORT), E2E_DATA_DIR: './data/e2e-empty', E2E_SEED_DEMO: 'false' },
      url: `${EMPTY_BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
