import type { Locator, Page } from '@playwright/test';
import { expect, loginViaApi, test } from './support/fixtures';
import { matchmakersButton, openMatchmakersDropdown, waitForReact } from './support/site';

// The prerendered public pages hydrate only their islands (features/site/islands): the rest of the
// page is static HTML whose code the browser never receives.

/** Whether React owns the element (hydrated), read once. */
function isReactOwned(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => Object.keys(element).some((k) => k.startsWith('__reactProps$')));
}

/** The text of every script the page loads from now on. */
function collectScripts(page: Page): { urls: string[]; text: () => Promise<string> } {
  const bodies: Promise<string>[] = [];
  const urls: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    urls.push(new URL(response.url()).pathname);
    bodies.push(response.text().catch(() => ''));
  });
  return { urls, text: async () => (await Promise.all(bodies)).join('\n') };
}

/** Console errors and uncaught exceptions (React reports hydration mismatches through both). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Tabs to the skip link, which hydrates then, and waits until React owns it. */
async function focusSkipLink(page: Page) {
  const skipLink = page.getByRole('link', { name: 'Naar de inhoud' });
  await page.keyboard.press('Tab');
  await expect(skipLink).toBeFocused();
  await waitForReact(skipLink);
}

test('the landing page hydrates its islands only, and ships none of the static code', async ({ page }) => {
  const scripts = collectScripts(page);
  await page.goto('/');
  await waitForReact(matchmakersButton(page));
  const banner = page.getByRole('banner');
  const main = page.getByRole('main');

  // Interactive: the top bar's actions and the buttons that follow the session.
  await expect(banner.getByRole('link', { name: 'Word gratis lid' })).toBeVisible();
  await waitForReact(banner.getByRole('link', { name: 'Word gratis lid' }));
  await waitForReact(main.getByRole('link', { name: 'Word gratis lid' }).first());
  await waitForReact(main.getByRole('link', { name: 'Log in', exact: true }));
  // Static: the headings, the texts, the team, the footer and the links that never change.
  await page.waitForLoadState('networkidle');
  for (const element of [
    page.getByRole('heading', { level: 1 }),
    page.getByRole('heading', { level: 2, name: 'Ervaringen' }),
    page.getByRole('link', { name: 'Bekijk profiel van Sofie Peeters' }),
    page.getByRole('navigation', { name: 'Op deze pagina' }).getByRole('link', { name: 'Ervaringen' }),
    page.getByRole('contentinfo').getByRole('link', { name: 'Lidmaatschap' }),
  ]) {
    expect(await isReactOwned(element), `${element} is static`).toBe(false);
  }
  // The skip link is hydrated when it gets the focus (the first Tab), a plain anchor until then.
  const skipLink = page.getByRole('link', { name: 'Naar de inhoud' });
  expect(await isReactOwned(skipLink)).toBe(false);
  await page.keyboard.press('Tab');
  await expect(skipLink).toBeFocused();
  await waitForReact(skipLink);
  await page.keyboard.press('Enter');
  await expect(main).toBeFocused();
  await expect(page).toHaveURL(/\/$/);

  // Two scripts: the small entry and, after the first paint, React with the islands' code; not
  // the page's text, nor the scheduler's chunk or the API client (fetched on sign-out only).
  expect(scripts.urls.toSorted()).toEqual([
    expect.stringMatching(/^\/assets\/hydrate-islands-[\w-]+\.js$/),
    expect.stringMatching(/^\/assets\/site-[\w-]+\.js$/),
  ]);
  const code = await scripts.text();
  expect(code).toContain('Bekijk alle matchmakers');
  expect(code).toContain('Uitloggen');
  for (const staticText of [
    'Iemand ontmoeten die',
    'Word lid van de community',
    'Wat onze leden over Koppel vertellen',
    'Louizalaan',
    'Privacyverklaring',
    'Calendly widget laden...',
    'NOT_AUTHENTICATED',
  ]) {
    expect(code, `the site bundle holds "${staticText}"`).not.toContain(staticText);
  }

  // The dropdown works and leads to the list of matchmakers.
  const panel = await openMatchmakersDropdown(page);
  await panel.getByRole('link', { name: 'Bekijk alle matchmakers' }).click();
  await expect(page).toHaveURL(/\/matchmakers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Onze matchmakers' })).toBeVisible();
});

// The scheduler's island and its chunk with Calendly configured: site-calendly.team.spec.ts.
test("on this local install a matchmaker page fetches no scheduler chunk; the Testagenda's button follows the visitor", async ({
  page,
}) => {
  await loginViaApi(page, 'emma@koppel.example');
  const scripts = collectScripts(page);
  await page.goto('/sofie-peeters');
  const section = page.getByRole('region', { name: 'Plan een kennismaking met Sofie Peeters' });
  const plan = section.getByRole('link', { name: 'Plan Je Eerste Gesprek' });
  await plan.scrollIntoViewIfNeeded();
  await waitForReact(plan);
  await expect(plan).toHaveAttribute('href', '/dashboard/intake-planning');
  expect(await isReactOwned(page.getByRole('heading', { level: 1, name: 'Sofie Peeters' }))).toBe(false);
  await page.waitForLoadState('networkidle');
  expect(scripts.urls.filter((url) => url.includes('scheduler-section'))).toEqual([]);
});

test('signed in: logging out in the top bar updates every island of the page', async ({ page }) => {
  const errors = collectErrors(page);
  await loginViaApi(page, 'emma@koppel.example');
  await page.goto('/');
  const banner = page.getByRole('banner');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Naar je dashboard' })).toHaveCount(3);
  await expect(main.getByRole('link', { name: 'Log in', exact: true })).toHaveCount(0);

  const signOut = banner.getByRole('button', { name: 'Uitloggen' });
  await waitForReact(signOut);
  await signOut.click();
  await expect(banner.getByRole('link', { name: 'Word gratis lid' })).toBeFocused();

  // Without a reload, every button in the page follows: the hero, the steps, the cards, the end.
  await expect(main.getByRole('link', { name: 'Naar je dashboard' })).toHaveCount(0);
  const joinLinks = page.getByRole('link', { name: 'Word gratis lid', exact: true });
  await expect(joinLinks).toHaveCount(4);
  for (const link of await joinLinks.all()) await expect(link).toHaveAttribute('href', '/aanmelden');
  const intakeLinks = page.getByRole('link', { name: 'Plan Je Eerste Gesprek', exact: true });
  await expect(intakeLinks).toHaveCount(4);
  for (const link of await intakeLinks.all()) await expect(link).toHaveAttribute('href', '/aanmelden');
  await expect(main.getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
  await expect(
    (await openMatchmakersDropdown(page)).getByRole('link', { name: 'Bekijk alle matchmakers' }),
  ).toHaveAttribute('href', '/matchmakers');
  expect(errors).toEqual([]);
});

for (const signedIn of [false, true]) {
  test(`every public page hydrates without errors or mismatches (${signedIn ? 'signed in' : 'signed out'})`, async ({
    page,
  }) => {
    if (signedIn) await loginViaApi(page, 'emma@koppel.example');
    const errors = collectErrors(page);
    for (const path of ['/', '/sofie-peeters', '/lotte-and-wout-janssens', '/matchmakers', '/privacy']) {
      await page.goto(path);
      await focusSkipLink(page);
      await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
      await page.waitForLoadState('networkidle');
    }
    expect(errors).toEqual([]);

    const response = await page.goto('/marc-dubois');
    expect(response?.status()).toBe(404);
    await focusSkipLink(page);
    await page.waitForLoadState('networkidle');
    // The page itself answers 404, which Chromium reports; nothing else may.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 404 (Not Found)',
    ]);
  });
}
