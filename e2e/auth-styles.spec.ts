import type { Page } from '@playwright/test';
import { MESSAGES } from '../src/shared/messages';
import { expect, test, uniqueEmail } from './support/fixtures';

/**
 * Decision 051: the login and sign-up pages inline a stylesheet of their own (auth.css), built from
 * the files that draw them. Every class these pages show, in every state their script or the server
 * gives them, must have its rule there when the app's stylesheet has one: a class from a file
 * auth.css does not list would otherwise go unstyled without anyone noticing.
 */

/**
 * The classes shown on the page that the app's own stylesheet (that of every app page) styles but
 * the page's stylesheets do not, read by the browser's own CSS parser.
 */
async function unstyledClasses(page: Page): Promise<string[]> {
  const { used, own, app } = await page.evaluate(async () => {
    const classesOf = (rules: CSSRuleList, names = new Set<string>()) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule)
          for (const match of rule.selectorText.matchAll(/\.((?:\\.|[\w-])+)/g))
            names.add(match[1]!.replace(/\\(.)/g, '$1'));
        if ('cssRules' in rule) classesOf((rule as CSSGroupingRule).cssRules, names);
      }
      return names;
    };
    const html = await (await fetch('/bevestiging')).text();
    const href = html.match(/href="(\/assets\/index-[^"]+\.css)"/)?.[1];
    if (!href) throw new Error('no app stylesheet in /bevestiging');
    const appSheet = new CSSStyleSheet();
    appSheet.replaceSync(await (await fetch(href)).text());
    const own = new Set<string>();
    for (const sheet of Array.from(document.styleSheets)) classesOf(sheet.cssRules, own);
    const used = new Set<string>();
    for (const element of Array.from(document.querySelectorAll('[class]')))
      for (const name of (element.getAttribute('class') ?? '').split(/\s+/)) if (name) used.add(name);
    return { used: [...used], own: [...own], app: [...classesOf(appSheet.cssRules)] };
  });
  expect(app.length, "the app's stylesheet").toBeGreaterThan(500);
  expect(own.length, "the page's stylesheet").toBeGreaterThan(50);
  expect(own.length, "the page's stylesheet is smaller than the app's").toBeLessThan(app.length);
  expect(used.length, 'the classes the page shows').toBeGreaterThan(20);
  const ownSet = new Set(own);
  const appSet = new Set(app);
  return used.filter((name) => appSet.has(name) && !ownSet.has(name)).sort();
}

test('the login and sign-up pages style every class they show, in every state', async ({ page }) => {
  await page.goto('/inloggen?bevestigd=1&verwijderd=1');
  // The page's stylesheet is its own, inlined, and smaller than the app's.
  expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
  expect(await page.locator('style').count()).toBe(1);
  expect(await unstyledClasses(page)).toEqual([]);

  await page.goto('/inloggen?error=INVALID_TOKEN');
  expect(await unstyledClasses(page)).toEqual([]);

  // The script's own states: the form-level alert, the busy button, the refusal, the toggle.
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.allFieldsRequired })).toBeVisible();
  expect(await unstyledClasses(page)).toEqual([]);
  await page.getByLabel('E-mailadres').fill('emma@koppel.example');
  await page.getByLabel('Wachtwoord', { exact: true }).fill('niet-het-wachtwoord');
  await page.getByRole('button', { name: 'Wachtwoord tonen' }).click();
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page.getByText(MESSAGES.loginFailed)).toBeVisible();
  expect(await unstyledClasses(page)).toEqual([]);

  // Sign-up: the field errors, the strength hint; then the unconfirmed account's message and resend.
  const email = uniqueEmail('stijl');
  await page.goto('/aanmelden');
  const submit = page.getByRole('button', { name: 'Account aanmaken' });
  await submit.click();
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.allFieldsRequired })).toBeVisible();
  expect(await unstyledClasses(page)).toEqual([]);
  await page.getByLabel('Volledige naam').fill('Stijn Stijlvol');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill('kort');
  await submit.click();
  await expect(page.getByText(MESSAGES.passwordTooShort)).toBeVisible();
  expect(await unstyledClasses(page)).toEqual([]);
  await page.getByLabel('Wachtwoord', { exact: true }).fill('zomer-aan-zee-2026');
  await submit.click();
  await expect(page).toHaveURL(/\/bevestiging/);

  await page.goto('/inloggen');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill('zomer-aan-zee-2026');
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await page.getByRole('button', { name: MESSAGES.resendConfirmation }).click();
  await expect(page.getByText(MESSAGES.confirmationResent)).toBeVisible();
  expect(await unstyledClasses(page)).toEqual([]);
});
