import type { Page } from '@playwright/test';
import { MESSAGES } from '../src/shared/messages';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { bookFirstSlot, persoonlijkClient } from './support/intake';

async function expectFitsAndAccessible(page: Page) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectNoAxeViolations(page);
}

test('on a phone: intake planning, the Testagenda and the booked session fit and are accessible', async ({
  browser,
  request,
}) => {
  const { page } = await persoonlijkClient(browser, request, 'Mila');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/intake-planning');
  await expect(page.getByRole('heading', { level: 1, name: 'Intakegesprek plannen' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Testagenda' }).getByRole('radio').first()).toBeAttached();
  await expectFitsAndAccessible(page);
  await bookFirstSlot(page);
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.bookingSuccess })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Je gesprekken' }).getByRole('listitem')).toHaveCount(1);
  await expectFitsAndAccessible(page);
  await page.screenshot({ path: test.info().outputPath('phone-intake-planning.png'), fullPage: true });
  await page.context().close();
});
