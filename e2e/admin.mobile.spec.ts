import { DEMO_PASSWORD, expect, expectNoAxeViolations, loginViaApi, test } from './support/fixtures';

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
    'Beheer',
    'Dashboard',
    'Matches',
    'Magic Match',
    'Intake Feedback',
    'Medewerkers',
    'Klanten',
    'Alle Feedback',
    'Cijfers',
    'Betalingen',
    'E-mails',
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

// Issue 17 (item 4): the admin console fits a phone.
test('on a phone the admin console fits: staff, a client, feedback and the numbers', async ({ page }) => {
  await loginViaApi(page, 'beheer@koppel.example');
  for (const [path, heading] of [
    ['/admin/medewerkers', 'Medewerkers'],
    ['/admin/klanten?q=Emma', 'Klanten'],
    ['/admin/feedback', 'Feedback'],
    ['/admin/cijfers', 'Cijfers'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(page.viewportSize()!.width);
    await page.screenshot({ path: test.info().outputPath(`${heading}.png`), fullPage: true });
  }
  await page.goto('/admin/klanten?q=Emma');
  await page.getByRole('link', { name: 'Emma Claes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Emma Claes' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Matchmaker' })).toContainText('Sofie Peeters');
  await expectNoAxeViolations(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
});
