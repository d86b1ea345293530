import { expect, type Locator, type Page } from '@playwright/test';
import { e2ePort } from './fixtures';

/** The second server of playwright.config.ts: a Koppel without demo data, so without matchmakers. */
export const EMPTY_BASE_URL = `http://localhost:${e2ePort('E2E_EMPTY_PORT')}`;

/** The Calendly link of Sofie Peeters in the demo data. */
export const SOFIE_CALENDLY = 'https://calendly.com/koppel-sofie/intake';

/**
 * Waits until React owns `locator`'s element: hydrated on a prerendered page, rendered by the app
 * otherwise. A click on server-rendered markup before that would do nothing.
 */
export async function waitForReact(locator: Locator) {
  await expect
    .poll(() =>
      locator.evaluate((element) => Object.keys(element).some((k) => k.startsWith('__reactProps$'))),
    )
    .toBe(true);
}

/**
 * The top bar's 'Matchmakers' disclosure: a native `<details>` (issue 31: it opens before its
 * script has run). Its summary is what a visitor clicks; its open state is the element's own.
 */
export function matchmakersDisclosure(page: Page): Locator {
  return page
    .getByRole('banner')
    .locator('details')
    .filter({ has: page.locator('summary', { hasText: /^Matchmakers$/ }) });
}

/** The summary ('Matchmakers') that opens and closes the dropdown. */
export function matchmakersButton(page: Page): Locator {
  return matchmakersDisclosure(page).locator('summary');
}

/** The dropdown's panel (what the `<details>` holds besides its summary). */
export async function matchmakersPanel(page: Page): Promise<Locator> {
  return matchmakersDisclosure(page).locator(':scope > div');
}

/** The narrow screens' 'Menu' disclosure of the top bar, and its summary. */
export function siteMenu(page: Page): { disclosure: Locator; toggle: Locator } {
  const disclosure = page
    .getByRole('banner')
    .locator('details')
    .filter({ has: page.locator('summary', { hasText: /^Menu$/ }) });
  return { disclosure, toggle: disclosure.locator('summary') };
}

/** Expects the `<details>` around `summary` to be open (or closed). */
export async function expectOpen(summary: Locator, open = true) {
  await expect(summary.locator('xpath=..')).toHaveJSProperty('open', open);
}

/** Opens the matchmakers dropdown (after hydration) and returns its panel, visible. */
export async function openMatchmakersDropdown(page: Page): Promise<Locator> {
  const button = matchmakersButton(page);
  await waitForReact(button);
  await expectOpen(button, false);
  await button.click();
  await expectOpen(button, true);
  const panel = await matchmakersPanel(page);
  await expect(panel).toBeVisible();
  return panel;
}

/** A tiny stand-in for Calendly's embed script: initInlineWidget appends an iframe of the URL. */
export const FAKE_CALENDLY_SCRIPT = `window.Calendly = {
  initInlineWidget({ url, parentElement }) {
    const frame = document.createElement('iframe');
    frame.src = url;
    frame.style.width = '100%';
    frame.style.height = '100%';
    parentElement.appendChild(frame);
  },
};`;

/** What the fake Calendly iframe shows. */
export const FAKE_CALENDLY_PAGE =
  '<!doctype html><html lang="nl"><head><title>Calendly (nep)</title></head><body><p>Kies een tijdstip</p></body></html>';
