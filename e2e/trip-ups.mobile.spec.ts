import type { Locator, Page } from '@playwright/test';
import { makeClient, makeMatch, makeMatchmaker } from './support/factory';
import { BASE_URL, expect, expectNoAxeViolations, loginViaApi, test } from './support/fixtures';
import { signedInPage } from './support/matches';
import { siteMenu, waitForReact } from './support/site';

test.use({ viewport: { width: 390, height: 844 } });

/** Every visible child of the header row sits on one line: the same vertical band. */
async function expectOneRow(row: Locator) {
  const boxes = await row.evaluate((element) =>
    [...element.children]
      .map((child) => child.getBoundingClientRect())
      .filter((box) => box.width > 0 && box.height > 0)
      .map((box) => ({ top: box.top, bottom: box.bottom })),
  );
  expect(boxes.length).toBeGreaterThan(1);
  const lowestTop = Math.max(...boxes.map((b) => b.top));
  const highestBottom = Math.min(...boxes.map((b) => b.bottom));
  expect(lowestTop, 'a header item starts below another one ends: the row wrapped').toBeLessThan(
    highestBottom,
  );
}

async function shot(page: Page, name: string, clip?: Locator) {
  await (clip ?? page).screenshot({ path: `test-results/screens/${name}.png` });
}

test('at 390 px the signed-in header fits on one row, for every role', async ({ browser }) => {
  for (const [email, name] of [
    ['emma@koppel.example', 'client'],
    ['sofie@koppel.example', 'matchmaker'],
    ['beheer@koppel.example', 'admin'],
  ] as const) {
    const page = await signedInPage(browser, email);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(name === 'client' ? '/dashboard' : name === 'matchmaker' ? '/matchmaker' : '/admin');
    const banner = page.getByRole('banner');
    if (name === 'client') await expect(banner.getByText(/^Welkom, Emma/)).toBeVisible();
    else
      await expect(
        banner.getByText(name === 'admin' ? 'BEHEER' : 'MATCHMAKER', { exact: true }),
      ).toBeVisible();
    await expectOneRow(banner.locator('xpath=./div'));
    await shot(page, `header-signed-in-${name}-390`, banner);
    await page.context().close();
  }
});

test('at 390 px the signed-out header offers Inloggen and the sections in its menu', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('banner');
  const menuButton = siteMenu(page).toggle;
  await waitForReact(menuButton);
  await shot(page, 'header-signed-out-390', banner);
  await menuButton.click();
  await expect(banner.getByRole('link', { name: 'Inloggen', exact: true })).toBeVisible();
  await expect(banner.getByRole('navigation', { name: 'Menu' }).getByRole('link')).toHaveCount(4);
  await shot(page, 'header-signed-out-menu-390');
  await expectNoAxeViolations(page);
  await banner.getByRole('link', { name: 'Inloggen', exact: true }).click();
  await expect(page).toHaveURL(`${BASE_URL}/inloggen`);
});

test("the '9+' badge stays on one line beside its label", async ({ browser, request }) => {
  // Ten open proposals to one client.
  const matchmaker = await makeMatchmaker(request, 'Sofie');
  const popular = await makeClient(request, 'Populair', { matchmaker, activeForMatching: true });
  for (let i = 0; i < 10; i++) {
    const other = await makeClient(request, `Kandidaat${i}`, { matchmaker, activeForMatching: true });
    await makeMatch(request, { clients: [popular, other], matchmaker });
  }

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await loginViaApi(page, popular.email, popular.password);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Menu openen' }).click();
  const link = page.getByRole('dialog').getByRole('link', { name: /Voorgestelde Matches/ });
  const badge = link.getByRole('img', { name: '10 voorgestelde matches' });
  await expect(badge).toHaveText('9+');
  const badgeBox = (await badge.boundingBox())!;
  expect(badgeBox.height, 'the badge is one line high').toBeLessThan(30);
  expect(badgeBox.width).toBeGreaterThan(badgeBox.height * 0.9);
  await shot(page, 'badge-9plus-390', link);
  await expectNoAxeViolations(page);
  await context.close();
});
