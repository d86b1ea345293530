import type { Page } from '@playwright/test';
import { MATCHMAKER_FEEDBACK_SUCCESS } from '../src/shared/feedback';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { signedInPage } from './support/matches';

async function expectFitsAndAccessible(page: Page) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectNoAxeViolations(page);
}

test('on a phone: the matchmaker feedback widget and modal fit, are accessible and work', async ({
  browser,
}) => {
  // Dries (klant04) has an open request about Lotte Wouters in the demo data.
  const page = await signedInPage(browser, 'klant04@koppel.example');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  const widget = page.getByRole('region', { name: /Hoe vind je de begeleiding van/ });
  await expect(widget).toBeVisible();
  await expect(widget.getByText('Nog 10 dagen')).toBeVisible();
  await expectFitsAndAccessible(page);

  await widget.getByRole('button', { name: 'Geef feedback' }).click();
  const dialog = page.getByRole('dialog', { name: /Feedback over/ });
  await expect(dialog).toBeVisible();
  await expectFitsAndAccessible(page);
  await page.screenshot({ path: test.info().outputPath('phone-feedback-modal.png') });
  await dialog
    .getByRole('group', { name: 'Algemene tevredenheid (verplicht)' })
    .locator('label')
    .filter({ hasText: '5 sterren' })
    .click();
  await dialog.getByLabel('Suggesties om te verbeteren (optioneel)').fill('Meer voorstellen in het weekend.');
  await dialog.getByRole('button', { name: 'Feedback versturen' }).click();
  await expect(dialog.getByRole('status')).toHaveText(MATCHMAKER_FEEDBACK_SUCCESS);
  await expect(dialog).toBeHidden({ timeout: 5_000 });
  await expect(widget).toBeHidden();
  await expectFitsAndAccessible(page);
  await page.context().close();
});
