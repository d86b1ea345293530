import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, loginViaApi, test } from './support/fixtures';
import { matchmakersButton, openMatchmakersDropdown, siteMenu, waitForReact } from './support/site';

const CALENDLY_ASSETS = 'https://assets.calendly.com/**';

/** Nothing sticks out sideways: the page never scrolls horizontally. */
async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `horizontal overflow on ${page.url()}`).toBeLessThanOrEqual(innerWidth);
}

test('the landing page at phone width: the top bar, no overflow, accessible', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('banner');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Iemand ontmoeten die écht bij je past' }),
  ).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Word gratis lid' })).toBeVisible();
  await expect(matchmakersButton(page)).toBeVisible();
  // Below the sm breakpoint the login link and the in-page anchors move into the menu.
  await expect(banner.getByRole('link', { name: 'Inloggen', exact: true })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Op deze pagina' })).toBeHidden();
  await waitForReact(siteMenu(page).toggle);
  await siteMenu(page).toggle.click();
  const menu = banner.getByRole('navigation', { name: 'Menu' });
  for (const section of ['Hoe het werkt', 'Lidmaatschap', 'Ervaringen', 'Over ons']) {
    await expect(menu.getByRole('link', { name: section })).toBeVisible();
  }
  await expect(banner.getByRole('link', { name: 'Inloggen', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await menu.getByRole('link', { name: 'Lidmaatschap' }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: 'Lidmaatschap' })).toBeInViewport();
  await expect(page.getByRole('main').getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);
});

test.describe('on a narrow phone (320 px)', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('signed in, the top bar wraps instead of overflowing; Dashboard and Uitloggen stay reachable', async ({
    page,
  }) => {
    await loginViaApi(page, 'emma@koppel.example');
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Uitloggen' })).toBeInViewport();
    await expectNoHorizontalOverflow(page);
    await page.goto('/sofie-peeters');
    await expectNoHorizontalOverflow(page);
  });
});

test('the dropdown at phone width fits on the screen and is accessible', async ({ page }) => {
  await page.goto('/');
  const panel = await openMatchmakersDropdown(page);
  await expect(panel.getByRole('list', { name: 'Actieve matchmakers' }).getByRole('link')).toHaveCount(2);
  const box = await panel.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, 'panel box').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);

  // A tap outside (below the panel, which covers the heading) closes it; a tap on a matchmaker
  // opens the profile.
  await page.getByText(/^Geen eindeloos swipen/).click();
  await expect(panel).toBeHidden();
  await matchmakersButton(page).click();
  await panel.getByRole('link', { name: /^Lotte & Wout Janssens/ }).click();
  await expect(page).toHaveURL(/\/lotte-and-wout-janssens$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lotte & Wout Janssens' })).toBeVisible();
});

// With Calendly configured, its script is fetched only near the screen: site-calendly.team.spec.ts.
test("a profile at phone width: no overflow, accessible, and on this local install never Calendly's script", async ({
  page,
}) => {
  const calendlyRequests: string[] = [];
  await page.route(CALENDLY_ASSETS, (route) => {
    calendlyRequests.push(route.request().url());
    return route.abort();
  });
  await page.goto('/sofie-peeters');
  await expect(page.getByRole('heading', { level: 1, name: 'Sofie Peeters' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);

  const heading = page.getByRole('heading', { name: 'Plan een kennismaking met Sofie Peeters' });
  await heading.scrollIntoViewIfNeeded();
  await expect(page.getByText('Op deze testinstallatie is Calendly niet ingesteld')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(calendlyRequests).toEqual([]);
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);
});

test('the not-found page at phone width', async ({ page }) => {
  const response = await page.goto('/marc-dubois');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Matchmaker Niet Gevonden' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);
});
