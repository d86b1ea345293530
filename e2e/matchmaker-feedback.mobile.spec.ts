import type { Page } from '@playwright/test';
import { MATCHMAKER_FEEDBACK_SUCCESS } from '../src/shared/feedback';
import { makeClient, makeMatchmaker } from './support/factory';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { signedInPage } from './support/matches';

async function expectFitsAndAccessible(page: Page) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectNoAxeViolations(page);
}

test('on a phone: the matchmaker feedback widget and modal fit, are accessible and work', async ({
  browser,
  request,
}) => {
  // A client asked 4 days ago (of 14) about their matchmaker.
  const matchmaker = await makeMatchmaker(request, 'Lotte');
  const dries = await makeClient(request, 'Dries', {
    matchmaker,
    tier: 'Persoonlijk',
    activeForMatching: true,
    matchmakerFeedbackRequestedAt: new Date(Date.now() - 4 * 86_400_000),
  });
  const page = await signedInPage(browser, dries.email, dries.password);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  const widget = page.getByRole('region', { name: `Hoe vind je de begeleiding van ${matchmaker.fullName}?` });
  await expect(widget).toBeVisible();
  await expect(widget.getByText('Nog 10 dagen')).toBeVisible();
  await expectFitsAndAccessible(page);

  await widget.getByRole('button', { name: 'Geef feedback' }).click();
  const dialog = page.getByRole('dialog', { name: `Feedback over ${matchmaker.fullName}` });
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
  await expect(dialog).toBeHidden();
  await expect(widget).toBeHidden();
  await expectFitsAndAccessible(page);
  await page.context().close();
});
