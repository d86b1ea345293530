import { expect, expectNoAxeViolations, loginViaApi, test } from './support/fixtures';

test('on a phone the client navigation lives in a drawer, with settings and logout', async ({ page }) => {
  await loginViaApi(page, 'emma@koppel.example');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Mijn account' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeHidden();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Menu openen' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  for (const item of ['Overzicht', 'Diensten', 'Profiel', 'Matchmakers', 'Intakegesprek', 'Instellingen']) {
    await expect(drawer.getByRole('link', { name: new RegExp(`^${item}`) })).toBeVisible();
  }
  await expect(drawer.getByRole('button', { name: 'Uitloggen' })).toBeVisible();
  await expectNoAxeViolations(page);
  await drawer.getByRole('link', { name: /^Diensten/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/producten$/);
  await expect(drawer).toBeHidden();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(page.viewportSize()!.width);
});

test('the sign-up and login pages work at phone width', async ({ page }) => {
  for (const path of ['/aanmelden', '/inloggen', '/bevestiging', '/reset-password', '/']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, path).toBeLessThanOrEqual(page.viewportSize()!.width);
  }
});
