import type { Page } from '@playwright/test';
import { letters, makeClient } from './support/factory';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { signedInPage } from './support/matches';
import { acceptCheckoutTerms } from './support/payments';

/** Issue 29 (part B) at phone width: /success's promises, Sofie's tasks and the deletion dialog. */
test.describe.configure({ timeout: 180_000 });

async function expectFitsAndAccessible(page: Page) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectNoAxeViolations(page);
}

test('on a phone: the promises after Persoonlijk, Sofie’s tasks and what a deletion forfeits', async ({
  browser,
  request,
}) => {
  const sofieProfile = await request.get('/api/matchmakers/sofie-peeters');
  const matchmaker = { id: ((await sofieProfile.json()) as { matchmaker: { id: string } }).matchmaker.id };
  const client = await makeClient(request, 'Mona', {
    exactFirstName: true,
    surname: `Gsm${letters()}`,
    matchmaker,
  });
  const page = await signedInPage(browser, client.email, client.password);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/producten');
  await acceptCheckoutTerms(page);
  await page.getByRole('button', { name: 'Kies Persoonlijk', exact: true }).click();
  await page.getByRole('button', { name: 'Betalen' }).click();
  const followUps = page.getByRole('region', { name: 'Wat gebeurt er nu?' });
  await expect(followUps.getByText(/^Sofie Peeters, je matchmaker, neemt uiterlijk/)).toBeVisible();
  await expectFitsAndAccessible(page);
  await page.screenshot({ path: '/tmp/h29b-mobile-success.png', fullPage: true });

  await page.goto('/dashboard/settings');
  await page.getByRole('button', { name: 'Account verwijderen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Account verwijderen?' });
  await expect(
    dialog.getByRole('region', { name: 'Wat je verliest' }).getByText(/Persoonlijk/),
  ).toBeVisible();
  await expectFitsAndAccessible(page);
  await page.screenshot({ path: '/tmp/h29b-mobile-delete.png', fullPage: false });

  const sofie = await signedInPage(browser, 'sofie@koppel.example');
  await sofie.setViewportSize({ width: 390, height: 844 });
  await sofie.goto('/matchmaker');
  const item = sofie
    .getByRole('region', { name: 'Beloofde taken' })
    .getByRole('listitem')
    .filter({ hasText: client.fullName })
    .first();
  await expect(item).toBeVisible();
  await expectFitsAndAccessible(sofie);
  await item.scrollIntoViewIfNeeded();
  await sofie.screenshot({ path: '/tmp/h29b-mobile-sofie-tasks.png', fullPage: false });
  for (const p of [page, sofie]) await p.context().close();
});
