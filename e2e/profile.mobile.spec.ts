import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { freshClientPage } from './support/payments';
import { fillAboutStep, testPhoto } from './support/profile';

async function expectFitsAndAccessible(page: Page) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectNoAxeViolations(page);
}

test('on a phone: the profile form, a photo and the overview fit 390 px and are accessible', async ({
  browser,
  request,
}, testInfo) => {
  const { page } = await freshClientPage(browser, request, 'Mona');
  const shot = (name: string) =>
    page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/profiel-formulier');
  await expect(page.getByRole('heading', { name: 'Stap 1 van 5: Over jou' })).toBeVisible();
  await expectFitsAndAccessible(page);
  await fillAboutStep(page);
  await expectFitsAndAccessible(page);
  await shot('telefoon-wie-zoek-je');
  await page.goto('/dashboard/profiel-formulier?stap=photos');
  await page.getByLabel('Kies een foto om op te laden').setInputFiles({
    name: 'foto.jpg',
    mimeType: 'image/jpeg',
    buffer: await testPhoto(),
  });
  await expect(page.getByRole('img', { name: 'Jouw foto 1' })).toBeVisible();
  await expectFitsAndAccessible(page);
  await page.getByRole('link', { name: 'Naar mijn profieloverzicht' }).click();
  await expect(page.getByRole('heading', { name: 'Je profiel is 40% compleet' })).toBeVisible();
  await expectFitsAndAccessible(page);
  await shot('telefoon-overzicht');
  await page.context().close();
});
