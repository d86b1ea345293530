import type { Page } from '@playwright/test';
import { makeClient, makeMatch, makeMatchmaker } from './support/factory';
import { BASE_URL, expect, expectNoAxeViolations, loginViaApi, test } from './support/fixtures';
import { lineCount } from './support/layout';

/** Issue 30 at phone size: what a new user met on a phone in the outside audit. */

async function expectFitsAndAccessible(page: Page) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectNoAxeViolations(page);
}

test('the clients list starts on the first screen: the filters wait behind one button', async ({
  page,
}, testInfo) => {
  await loginViaApi(page, 'sofie@koppel.example');
  await page.goto('/matchmaker/clients');
  const firstClient = page.getByRole('main').getByRole('listitem').first();
  await expect(firstClient).toBeVisible();
  // The search and the first client are on the first screen, without scrolling.
  const viewport = page.viewportSize()!;
  const box = (await firstClient.boundingBox())!;
  expect(box.y).toBeLessThan(viewport.height);
  await expect(page.getByLabel('Zoek op naam')).toBeInViewport();
  await expect(page.getByLabel('Pakket')).toBeHidden();
  await expect(page.getByLabel('Sorteer op')).toBeHidden();
  await expectFitsAndAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('klanten-telefoon.png') });

  const toggle = page.getByRole('button', { name: 'Filters en sortering' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Verberg filters' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await page.getByLabel('Pakket').selectOption('Persoonlijk');
  await expect(page).toHaveURL(/tier=Persoonlijk/);
  await expectFitsAndAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('klanten-telefoon-filters.png'), fullPage: true });
  // Folded again, the button says how many filters are on.
  await page.getByRole('button', { name: 'Verberg filters' }).click();
  await expect(page.getByRole('button', { name: 'Filters en sortering (1 actief)' })).toBeVisible();
  await expect(page.getByLabel('Pakket')).toBeHidden();
});

test('an offline /sofie-peeters on a phone loads only from this server and logs no console error', async ({
  page,
}, testInfo) => {
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.context().route(
    (url) => url.hostname !== 'localhost',
    (route) => route.abort('internetdisconnected'),
  );
  await page.goto('/sofie-peeters');
  const section = page.getByRole('region', { name: 'Plan een kennismaking met Sofie Peeters' });
  await section.scrollIntoViewIfNeeded();
  await expect(section).toContainText('Op deze testinstallatie is Calendly niet ingesteld');
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  const origin = new URL(BASE_URL).origin;
  expect(requests.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:'))).toEqual([]);
  expect(errors).toEqual([]);
  await expectFitsAndAccessible(page);
  await section.screenshot({ path: testInfo.outputPath('sofie-lokaal-telefoon.png') });
});

test("the drawer's '9+' and its label stay on one line", async ({ page, request }, testInfo) => {
  const matchmaker = await makeMatchmaker(request, 'Nora');
  const client = await makeClient(request, 'Zoë', {
    matchmaker,
    tier: 'Persoonlijk',
    activeForMatching: true,
  });
  for (let i = 0; i < 10; i++) {
    const other = await makeClient(request, 'Partner', { matchmaker, activeForMatching: true });
    await makeMatch(request, { clients: [client, other], matchmaker, status: 'proposed' });
  }
  await loginViaApi(page, client.email, client.password);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Menu openen' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  const badge = drawer.getByRole('img', { name: '10 voorgestelde matches' });
  await expect(badge).toHaveText('9+');
  expect(await lineCount(badge)).toBe(1);
  const link = drawer.getByRole('link', { name: /Voorgestelde Matches/ });
  expect(await lineCount(link.locator('span').first())).toBe(1);
  await expectNoAxeViolations(page);
  await drawer.screenshot({ path: testInfo.outputPath('badge-telefoon.png') });
});

test('the admin on a phone: greeted by name in the drawer menu with Beheer and Dashboard', async ({
  page,
}, testInfo) => {
  await loginViaApi(page, 'beheer@koppel.example');
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Menu openen' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('link', { name: 'Beheer', exact: true })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Overzicht' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('beheer-telefoon.png') });
});
