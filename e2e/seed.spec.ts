import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { type Browser, type BrowserContext, request as playwrightRequest } from '@playwright/test';
import { brusselsToInstant, toBrusselsDayValue } from '../src/shared/date-time';
import { DEMO_PASSWORD, expect, expectNoAxeViolations, test } from './support/fixtures';

/**
 * Issue 26 end to end: a Koppel started and seeded at 03:00 in Brussels (`DEV_NOW`, a server and a
 * data directory of this file's own) shows its matchmaker no intake at night, and a client whose
 * paid term expired (klant08) is not in magic match's waiting list.
 */
const SHOTS = '/tmp/shots-seed';
const HOUR = 3_600_000;

/** The last 03:00 in Brussels before now: a moment the demo must look right at, too. */
function lastThreeAtNight(): Date {
  const now = new Date();
  const today = brusselsToInstant(toBrusselsDayValue(now), '03:00')!;
  return today <= now
    ? today
    : brusselsToInstant(toBrusselsDayValue(new Date(now.getTime() - 24 * HOUR)), '03:00')!;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

let server: ChildProcess | undefined;
let baseURL = '';
const dataDir = `./data/e2e-seed-${process.pid}`;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  baseURL = `http://localhost:${port}`;
  server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      E2E_PORT: String(port),
      E2E_DATA_DIR: dataDir,
      E2E_SEED_DEMO: 'true',
      DEV_NOW: lastThreeAtNight().toISOString(),
    },
  });
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  await expect
    .poll(async () => (await api.get('/api/health').catch(() => null))?.status() ?? 0, {
      timeout: 170_000,
      message: 'the server seeded at 03:00 starts',
    })
    .toBe(200);
  await api.dispose();
  mkdirSync(SHOTS, { recursive: true });
});

test.afterAll(async () => {
  if (server?.pid) {
    const exited = new Promise((done) => server!.once('exit', done));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** A browser context on the night server, signed in as a demo account. */
async function signedIn(browser: Browser, email: string, viewport?: { width: number; height: number }) {
  const context: BrowserContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL },
    locale: 'nl-BE',
    timezoneId: 'Europe/Brussels',
    ...(viewport ? { viewport } : {}),
  });
  const response = await context.request.post('/api/auth/sign-in/email', {
    data: { email, password: DEMO_PASSWORD },
    headers: { origin: baseURL },
  });
  expect(response.status(), `login ${email}`).toBe(200);
  return context.newPage();
}

test('seeded at 03:00, Sofie sees every intake on a weekday in office hours', async ({ browser }) => {
  // The server's clock started at 03:00 and the seed wrote the demo as of then.
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const { now } = (await (await api.get('/dev/clock')).json()) as { now: string };
  await api.dispose();
  expect(Date.parse(now) - lastThreeAtNight().getTime()).toBeLessThan(10 * 60_000);

  for (const [device, viewport] of [
    ['desktop', undefined],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    const sofie = await signedIn(browser, 'sofie@koppel.example', viewport);
    await sofie.goto('/matchmaker');
    await expect(sofie.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const intakes = sofie.locator('#intakes');
    await expect(intakes.getByText(/ om \d\d:\d\d/).first()).toBeVisible();
    // Every intake time on the dashboard (to complete, this week) and in her intakes (the agenda:
    // every session, upcoming and past).
    const todo = sofie.getByRole('heading', { name: /Intakes af te ronden/ }).locator('..');
    const week = sofie.getByRole('heading', { name: /Intakes deze week/ }).locator('..');
    await expect(todo).toContainText('Inge');
    const text = [await todo.innerText(), await week.innerText(), await intakes.innerText()].join('\n');
    const times = [...text.matchAll(/(\d{1,2} \w+ \d{4}) om (\d\d):(\d\d)/g)];
    expect(times.length).toBeGreaterThan(3);
    for (const [shown, , hh, mm] of times) {
      const minutes = Number(hh) * 60 + Number(mm);
      expect(minutes, shown).toBeGreaterThanOrEqual(9 * 60);
      expect(minutes, shown).toBeLessThanOrEqual(17 * 60);
    }
    await sofie.screenshot({ path: `${SHOTS}/sofie-dashboard-0300-${device}.png`, fullPage: true });
    if (device === 'desktop') await expectNoAxeViolations(sofie);
    await sofie.context().close();
  }
});

test("seeded at 03:00, klant08 (Persoonlijk+ expired) is not in magic match's waiting list", async ({
  browser,
}) => {
  // Hannes Michiels is Lotte & Wout's client; his paid term expired, so his contract ended.
  const lotte = await signedIn(browser, 'lotte.wout@koppel.example');
  await lotte.goto('/matchmaker/magic-match');
  await expect(lotte.getByRole('heading', { level: 1, name: 'Magic Match' })).toBeVisible();
  const list = lotte.getByRole('main');
  await expect(list.getByRole('link').filter({ hasText: /jaar/ }).first()).toBeVisible();
  await expect(list).not.toContainText('Hannes Michiels');
  await lotte.screenshot({ path: `${SHOTS}/magic-match-waiting-list.png`, fullPage: true });
  // Not by name either, while an active client of theirs is found so.
  const search = lotte.getByRole('searchbox', { name: 'Zoek een klant op naam' });
  await search.fill('Xander');
  await expect(list.getByRole('link', { name: /Xander/ })).toBeVisible();
  await search.fill('Hannes');
  await expect(list.getByText('Geen klant met die naam die actief is voor matching.')).toBeVisible();
  await expect(list).not.toContainText('Hannes Michiels');
  await lotte.screenshot({ path: `${SHOTS}/magic-match-search-hannes.png`, fullPage: true });
  await expectNoAxeViolations(lotte);
  await lotte.context().close();
});
