import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { signedInPage } from './support/matches';
import { acceptCheckoutTerms, freshClientPage } from './support/payments';

async function expectFitsAndAccessible(page: Page) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectNoAxeViolations(page);
}

test('on a phone: the terms, the consent, Bancontact, Mijn aankopen with the withdrawal, and the admin payments page fit and are accessible', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { page, client } = await freshClientPage(browser, request, 'Jolien');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/voorwaarden');
  await expect(page.getByRole('heading', { level: 1, name: 'Algemene voorwaarden' })).toBeVisible();
  await expectFitsAndAccessible(page);

  await page.goto('/dashboard/producten');
  await acceptCheckoutTerms(page);
  await expectFitsAndAccessible(page);
  await page.getByRole('button', { name: 'Kies Relax+' }).click();
  await expect(page.getByRole('radio', { name: 'Bancontact' })).toBeChecked();
  await expectFitsAndAccessible(page);
  await page.screenshot({ path: '/tmp/h29a-testbetaling-390.png', fullPage: true });
  await page.getByRole('button', { name: 'Betalen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Betaling geslaagd' })).toBeVisible();

  await page.goto('/dashboard/aankopen');
  const purchase = page.getByRole('article', { name: 'Relax+' });
  await expect(purchase.getByRole('link', { name: /^Factuur \d{4}-\d{5} \(PDF\)$/ })).toBeVisible();
  await expectFitsAndAccessible(page);
  await page.screenshot({ path: '/tmp/h29a-aankopen-390.png', fullPage: true });
  await purchase.getByRole('button', { name: 'Aankoop herroepen' }).click();
  await expect(page.getByRole('dialog', { name: 'Aankoop herroepen?' })).toBeVisible();
  await expectFitsAndAccessible(page);
  await page.getByRole('button', { name: 'Ja, herroepen' }).click();
  await expect(purchase.getByText(/Je hebt deze aankoop herroepen op/)).toBeVisible();
  await page.context().close();

  const admin = await signedInPage(browser, 'beheer@koppel.example');
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.goto('/admin/betalingen');
  const withdrawals = admin.getByRole('region', { name: /Herroepingen om te verwerken/ });
  await expect(withdrawals.getByText(`${client.fullName} · Relax+`)).toBeVisible();
  await expectFitsAndAccessible(admin);
  await withdrawals.getByRole('button', { name: `Terugbetalen aan ${client.fullName}` }).click();
  await expect(admin.getByRole('dialog', { name: 'Terugbetalen' })).toBeVisible();
  await expectFitsAndAccessible(admin);
  await admin.screenshot({ path: '/tmp/h29a-admin-betalingen-390.png', fullPage: true });
  await admin.context().close();
});
