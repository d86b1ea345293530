import type { Locator } from '@playwright/test';

/** On how many lines an element's text is laid out (issue 30: a label that must not wrap). */
export function lineCount(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}
