import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { DUTCH_FOR_SPEC_TEXT, MESSAGES } from '../src/shared/messages';
import { type Account, letters, type Matchmaker, makeClient, makeMatchmaker } from './support/factory';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { EMPTY_BASE_URL, FAKE_CALENDLY_PAGE, FAKE_CALENDLY_SCRIPT, waitForReact } from './support/site';

// Every page here is on the second server: its own Origin (the config's is the first server's).
test.use({ extraHTTPHeaders: { origin: EMPTY_BASE_URL } });

/**
 * Issue 30 (item 4): only an install with Calendly configured (SCHEDULER=calendly) embeds
 * Calendly's scheduler on its public matchmaker pages; the demo server of the other tests is a
 * local install with the Testagenda, whose pages reach no other host (newcomer.spec.ts). These run
 * on the second server of playwright.config.ts, which has Calendly configured, with an active
 * matchmaker of their own: in the 'team' project, after the tests of that server's empty team.
 * Calendly itself is faked at its network boundary.
 */

const CALENDLY_ASSETS = 'https://assets.calendly.com/**';

let api: APIRequestContext;
let host: Matchmaker;
let calendlyLink: string;

test.beforeAll(async () => {
  api = await playwrightRequest.newContext({
    baseURL: EMPTY_BASE_URL,
    extraHTTPHeaders: { origin: EMPTY_BASE_URL },
  });
  calendlyLink = `https://calendly.com/koppel-${letters()}/intake`;
  host = await makeMatchmaker(api, 'Rosa', { isActive: true, calendlyLink });
});

test.afterAll(async () => {
  await api.dispose();
});

const pagePath = () => `${EMPTY_BASE_URL}/${host.slug}`;
const sectionName = () => `Plan een kennismaking met ${host.fullName}`;

async function signIn(page: Page, account: Account) {
  const response = await page.request.post(`${EMPTY_BASE_URL}/api/auth/sign-in/email`, {
    data: { email: account.email, password: account.password },
    headers: { origin: EMPTY_BASE_URL },
  });
  expect(response.status(), `login ${account.email}`).toBe(200);
}

test('"Plan een Gesprek" opens the Calendly link in a new tab', async ({ page, context }) => {
  await context.route(CALENDLY_ASSETS, (route) => route.abort());
  await context.route('https://calendly.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: FAKE_CALENDLY_PAGE }),
  );
  const response = await page.goto(pagePath());
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 2, name: sectionName() })).toBeVisible();
  await expect(page.getByText('Op deze testinstallatie is Calendly niet ingesteld')).toHaveCount(0);
  const plan = page.getByRole('link', { name: /^Plan een Gesprek/ });
  await expect(plan).toHaveAccessibleName('Plan een Gesprek (opent in een nieuw tabblad)');
  await expect(plan).toHaveAttribute('href', calendlyLink);
  await expect(plan).toHaveAttribute('target', '_blank');
  await expect(plan).toHaveAttribute('rel', /noopener/);
  const popupPromise = page.waitForEvent('popup');
  await plan.click();
  const popup = await popupPromise;
  await expect(popup).toHaveURL(calendlyLink);
  await popup.close();
});

test('when Calendly cannot load: the error and a link to open it in a new tab', async ({ page }) => {
  await page.route(CALENDLY_ASSETS, (route) => route.abort());
  await page.goto(pagePath());
  await expect(page.getByRole('heading', { level: 1, name: host.fullName })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('heading', { name: sectionName() }).scrollIntoViewIfNeeded();
  const section = page.getByRole('region', { name: sectionName() });
  // Dutch for the visitor, the spec's English text beside it as the technical detail.
  await expect(section.getByRole('alert')).toContainText(DUTCH_FOR_SPEC_TEXT[MESSAGES.schedulerLoadFailed]!);
  await expect(section.getByRole('alert')).toContainText(
    `Technische details: ${MESSAGES.schedulerLoadFailed}`,
  );
  const open = section.getByRole('link', { name: 'Open in nieuwe tab' });
  await expect(open).toHaveAttribute('href', calendlyLink);
  await expect(open).toHaveAttribute('target', '_blank');
  await expect(open).toHaveAttribute('rel', /noopener/);
  await expect(section.getByText('Calendly widget laden...')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('signed in: the loading text, then the widget prefilled with name and e-mail, from its own chunk', async ({
  page,
}) => {
  const client = await makeClient(api, 'Emma');
  let released!: () => void;
  const held = new Promise<void>((resolve) => {
    released = resolve;
  });
  let scriptRequests = 0;
  // Routes registered later are tried first: anything else from Calendly's assets fails.
  await page.route(CALENDLY_ASSETS, (route) => route.abort());
  await page.route('https://assets.calendly.com/assets/external/widget.js', async (route) => {
    scriptRequests += 1;
    // Calendly's script, faked: held until the loading text has been seen.
    await held;
    await route
      .fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_CALENDLY_SCRIPT })
      .catch(() => {});
  });
  await page.route('https://calendly.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: FAKE_CALENDLY_PAGE }),
  );
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  await signIn(page, client);
  await page.goto(pagePath());
  const heading = page.getByRole('heading', { name: sectionName() });
  const section = page.getByRole('region', { name: sectionName() });
  await heading.scrollIntoViewIfNeeded();
  await waitForReact(heading);
  await expect.poll(() => scriptRequests).toBe(1);
  await expect(section.getByRole('status')).toHaveText('Calendly widget laden...');
  await expect(section.locator('iframe')).toHaveCount(0);
  released();

  const frame = section.locator('iframe');
  await expect(frame).toHaveCount(1);
  await expect(frame).toHaveAttribute('title', 'Plan een gesprek via Calendly');
  const src = new URL((await frame.getAttribute('src'))!);
  expect(`${src.origin}${src.pathname}`).toBe(calendlyLink);
  expect(Object.fromEntries(src.searchParams)).toEqual({
    name: client.fullName,
    email: client.email,
    embed_domain: new URL(EMPTY_BASE_URL).host,
    embed_type: 'Inline',
    hide_event_type_details: '1',
    hide_gdpr_banner: '1',
  });
  await expect(
    page.frameLocator('iframe[title="Plan een gesprek via Calendly"]').getByText('Kies een tijdstip'),
  ).toBeVisible();
  await expect(section.getByText('Calendly widget laden...')).toHaveCount(0);
  expect(scriptRequests).toBe(1);
  expect(scripts).toContainEqual(expect.stringMatching(/^\/assets\/scheduler-section-[\w-]+\.js$/));
  await expectNoAxeViolations(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("the page's HTML holds the scheduler's loading text", async ({ page }) => {
    await page.goto(pagePath());
    await expect(page.getByRole('heading', { level: 1, name: host.fullName })).toBeVisible();
    await expect(page.getByText('Calendly widget laden...')).toBeAttached();
  });
});

test.describe('at phone size', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test('the page loads no React until the scheduler comes near the screen', async ({ page }) => {
    await page.route(CALENDLY_ASSETS, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_CALENDLY_SCRIPT }),
    );
    await page.route('https://calendly.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: FAKE_CALENDLY_PAGE }),
    );
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    await page.goto(pagePath());
    await expect(page.getByRole('heading', { level: 1, name: host.fullName })).toBeVisible();
    // Two frames later (the entry waits for the first paint), the network is idle.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/site-[\w-]+\.js$/)]);

    const heading = page.getByRole('heading', { name: sectionName() });
    await heading.scrollIntoViewIfNeeded();
    await waitForReact(heading);
    await expect(page.locator('iframe[title="Plan een gesprek via Calendly"]')).toHaveCount(1);
    expect(scripts).toContainEqual(expect.stringMatching(/^\/assets\/hydrate-islands-[\w-]+\.js$/));
    expect(scripts).toContainEqual(expect.stringMatching(/^\/assets\/scheduler-section-[\w-]+\.js$/));
  });
});
