import type { Page } from '@playwright/test';
import { makeClient } from './support/factory';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { signedInPage } from './support/matches';

async function expectFitsAndAccessible(page: Page) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectNoAxeViolations(page);
}

test('on a phone: matchmakers, change password, settings with the deletion dialog and the privacy statement fit and are accessible', async ({
  browser,
  request,
}) => {
  const tine = await makeClient(request, 'Tine');
  const page = await signedInPage(browser, tine.email, tine.password);
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto('/dashboard/matchmakers');
  await expect(page.getByRole('button', { name: 'Kies Sofie Peeters' })).toBeVisible();
  await expectFitsAndAccessible(page);

  await page.goto('/dashboard/change-password');
  await expect(page.getByLabel('Huidig wachtwoord')).toBeVisible();
  await expectFitsAndAccessible(page);

  await page.goto('/dashboard/settings');
  await expect(page.getByRole('button', { name: 'Download mijn gegevens' })).toBeVisible();
  await expectFitsAndAccessible(page);
  await page.getByRole('button', { name: 'Account verwijderen' }).click();
  await expect(page.getByRole('dialog', { name: 'Account verwijderen?' })).toBeVisible();
  await expectFitsAndAccessible(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Annuleren' }).click();

  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacyverklaring' })).toBeVisible();
  await expectFitsAndAccessible(page);
  await page.context().close();
});
