import { DEMO_PASSWORD, expect, expectNoAxeViolations, test } from './support/fixtures';

test('on a phone the admin lands on the admin home; its navigation lives in the drawer', async ({ page }) => {
  await page.goto('/inloggen');
  await page.getByLabel('E-mailadres').fill('beheer@koppel.example');
  await page.getByLabel('Wachtwoord', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Beheer' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Matches per status' }).getByText(/^\d+ matches in totaal$/),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Publiek profiel van Sofie Peeters' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Beheermenu' })).toBeHidden();
  await expectNoAxeViolations(page);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(page.viewportSize()!.width);

  await page.getByRole('button', { name: 'Menu openen' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('link')).toHaveText([
    'Overzicht',
    'Dashboard',
    'Klanten',
    'Matches',
    'Intake Feedback',
    'Instellingen',
  ]);
  await expect(drawer.getByRole('button', { name: 'Uitloggen' })).toBeVisible();
  await expectNoAxeViolations(page);
  await drawer.getByRole('link', { name: 'Matches' }).click();
  await expect(page).toHaveURL(/\/matchmaker\/matches$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Matches' })).toBeVisible();
  await expect(page.getByText(/^\d+ match(es)?$/)).toBeVisible();
  await expectNoAxeViolations(page);
  const matchesWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(matchesWidth).toBeLessThanOrEqual(page.viewportSize()!.width);
});
