import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { acceptCheckoutTerms, freshClientPage } from './support/payments';

async function expectFitsAndAccessible(page: Page) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectNoAxeViolations(page);
}

test('on a phone: the products page, the test payment, /success and the settings fit and are accessible', async ({
  browser,
  request,
}) => {
  const { page } = await freshClientPage(browser, request, 'Noor');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/producten');
  await expect(page.getByRole('button', { name: 'Kies Persoonlijk+' })).toBeVisible();
  await expectFitsAndAccessible(page);
  await acceptCheckoutTerms(page);
  await page.getByRole('button', { name: 'Kies Persoonlijk+' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Testbetaling' })).toBeVisible();
  await expect(page.getByText('€ 5.000,00')).toBeVisible();
  await expectFitsAndAccessible(page);
  await page.getByRole('button', { name: 'Betalen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Betaling geslaagd' })).toBeVisible();
  // "Vandaag nog" only within working hours, else the real day (decision 032).
  await expect(
    page.getByText(/^We bellen je (vandaag nog, vóór 17:00|.+ tussen 9:00 en 17:00)\.$/),
  ).toBeVisible();
  await expectFitsAndAccessible(page);
  await page.goto('/dashboard/settings');
  await page.getByRole('button', { name: 'Lidmaatschap opzeggen' }).click();
  await expect(page.getByRole('dialog', { name: 'Lidmaatschap opzeggen?' })).toBeVisible();
  await expectFitsAndAccessible(page);
  await page.context().close();
});
