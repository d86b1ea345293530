import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, loginViaApi, test } from './support/fixtures';

async function expectFitsAndAccessible(page: Page) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectNoAxeViolations(page);
}

test("on a phone: Sofie's dashboard, her clients and Emma's file fit 390 px and are accessible", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginViaApi(page, 'sofie@koppel.example');
  await page.goto('/matchmaker');
  await expect(page.getByRole('heading', { name: 'Vandaag te doen' })).toBeVisible();
  await expectFitsAndAccessible(page);
  await page.goto('/matchmaker/clients');
  await expect(page.getByText(/\d+ klanten/)).toBeVisible();
  await expectFitsAndAccessible(page);
  await page.getByRole('link', { name: 'Emma Claes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Emma Claes' })).toBeVisible();
  await expect(page.getByRole('region', { name: /Voorgesteld/ })).toBeVisible();
  await expectFitsAndAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('telefoon-dossier.png'), fullPage: true });
});
