import type { Page, Route } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { expectOpen, matchmakersButton, matchmakersPanel, siteMenu, waitForReact } from './support/site';

// Issue 31 item 3: the public pages' disclosures (the top bar's 'Matchmakers' and the narrow
// screens' 'Menu') are native <details> that the islands' script only enhances: a visitor's first
// click works before that script has run, and without it. Not timed: the script is held back by
// route interception until the test lets it go.

const SCREENS = 'test-results/screens';

/** Holds every script of the page until `release()`: the page is shown, its islands not hydrated. */
async function holdScripts(page: Page): Promise<{ held: () => number; release: () => Promise<void> }> {
  const waiting: Route[] = [];
  let released = false;
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    (route) => {
      if (released) return route.continue();
      waiting.push(route);
      return undefined;
    },
  );
  return {
    held: () => waiting.length,
    release: async () => {
      released = true;
      await Promise.all(waiting.splice(0).map((route) => route.continue()));
    },
  };
}

test.describe('with the islands script held back', () => {
  test("the top bar's Matchmakers opens, lists the matchmakers and still works once hydrated", async ({
    page,
  }) => {
    const scripts = await holdScripts(page);
    // Not until 'load' (nor DOMContentLoaded): both wait for the module script that is held.
    await page.goto('/', { waitUntil: 'commit' });
    const button = matchmakersButton(page);
    await expect(button).toBeVisible();
    await expect.poll(scripts.held, 'the page asked for its script, which is held').toBeGreaterThan(0);
    expect(
      await button.evaluate((element) => Object.keys(element).some((k) => k.startsWith('__reactProps$'))),
      'not hydrated yet',
    ).toBe(false);

    await button.click();
    await expectOpen(button, true);
    const panel = await matchmakersPanel(page);
    await expect(panel.getByRole('link', { name: /^Sofie Peeters/ })).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/first-click-matchmakers-before-script.png` });
    await expectNoAxeViolations(page);

    // The script arrives while the panel is open: it stays open, and the enhancements now work.
    await scripts.release();
    await waitForReact(button);
    await expectOpen(button, true);
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expectOpen(button, false);
    await expect(panel).toBeHidden();
    await button.click();
    await expectOpen(button, true);
    await page.getByRole('heading', { level: 1 }).click();
    await expectOpen(button, false);
  });

  test.describe('at phone width', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('the Menu opens with the sections and Inloggen, and a section link works', async ({ page }) => {
      const scripts = await holdScripts(page);
      await page.goto('/', { waitUntil: 'commit' });
      const { toggle } = siteMenu(page);
      await expect(toggle).toBeVisible();
      await expect.poll(scripts.held).toBeGreaterThan(0);

      await toggle.tap();
      await expectOpen(toggle, true);
      const banner = page.getByRole('banner');
      const menu = banner.getByRole('navigation', { name: 'Menu' });
      await expect(menu.getByRole('link')).toHaveCount(4);
      await expect(banner.getByRole('link', { name: 'Inloggen', exact: true })).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/first-click-menu-before-script-390.png` });
      await expectNoAxeViolations(page);
      await menu.getByRole('link', { name: 'Lidmaatschap' }).tap();
      await expect(page).toHaveURL(/#lidmaatschap$/);
      await expect(page.getByRole('heading', { level: 2, name: 'Lidmaatschap' })).toBeInViewport();
      await scripts.release();
    });
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("the top bar's Matchmakers opens and closes, and leads to a matchmaker", async ({ page }) => {
    await page.goto('/');
    const button = matchmakersButton(page);
    await button.click();
    await expectOpen(button, true);
    const panel = await matchmakersPanel(page);
    await expect(panel.getByRole('link', { name: 'Bekijk alle matchmakers' })).toBeVisible();
    await button.click();
    await expectOpen(button, false);
    await expect(panel).toBeHidden();
    await button.click();
    await panel.getByRole('link', { name: /^Sofie Peeters/ }).click();
    await expect(page).toHaveURL(/\/sofie-peeters$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sofie Peeters' })).toBeVisible();
  });

  test.describe('at phone width', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the Menu opens with the sections and Inloggen', async ({ page }) => {
      await page.goto('/');
      const { toggle } = siteMenu(page);
      await toggle.click();
      await expectOpen(toggle, true);
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('navigation', { name: 'Menu' }).getByRole('link')).toHaveCount(4);
      await expect(banner.getByRole('link', { name: 'Inloggen', exact: true })).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/first-click-menu-no-js-390.png` });
      await toggle.click();
      await expectOpen(toggle, false);
    });
  });
});
