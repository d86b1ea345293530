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

/** The top bar's 'Matchmakers' disclosure button. */
export function matchmakersButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Matchmakers', exact: true });
}

/** The panel the 'Matchmakers' button controls (found through aria-controls). */
export async function matchmakersPanel(page: Page): Promise<Locator> {
  const id = await matchmakersButton(page).getAttribute('aria-controls');
  expect(id, 'aria-controls of the Matchmakers button').toBeTruthy();
  return page.locator(`[id="${id}"]`);
}

/** Opens the matchmakers dropdown (after hydration) and returns its panel, visible. */
export async function openMatchmakersDropdown(page: Page): Promise<Locator> {
  const button = matchmakersButton(page);
  await waitForReact(button);
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
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
