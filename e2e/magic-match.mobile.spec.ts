import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { signedInPage } from './support/matches';

async function expectNoSideways(page: Page) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('on a phone: magic match for Emma fits at 390 px and is accessible', async ({ browser }) => {
  const sofie = await signedInPage(browser, 'sofie@koppel.example');
  await sofie.setViewportSize({ width: 390, height: 844 });
  await sofie.goto('/matchmaker/magic-match');
  await expect(sofie.getByRole('heading', { level: 1, name: 'Magic Match' })).toBeVisible();
  await expectNoSideways(sofie);
  await expectNoAxeViolations(sofie);
  await sofie.getByRole('searchbox', { name: 'Zoek een klant op naam' }).fill('Emma');
  await sofie.getByRole('link', { name: /Emma Claes/ }).click();
  await expect(sofie.getByRole('heading', { level: 1, name: 'Magic Match voor Emma Claes' })).toBeVisible();
  await expectNoSideways(sofie);
  await expectNoAxeViolations(sofie);
  await sofie.getByLabel('Leeftijdsbereik verruimen').selectOption('3');
  await sofie.getByRole('button', { name: 'Zoek matches' }).click();
  await expect(sofie.getByRole('article').first()).toBeVisible();
  await sofie.getByRole('article').first().getByText('Zo is de score opgebouwd').click();
  await expectNoSideways(sofie);
  await expectNoAxeViolations(sofie);
  await sofie.screenshot({ path: 'test-results/magic-match-phone.png', fullPage: true });
  await sofie.context().close();
});
