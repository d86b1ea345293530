import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { signedInPage } from './support/matches';

const SHOTS = '/tmp/shots-mutual';

/** Sofie opens magic match's results for her client Nele (demo data; only read, nothing changed). */
async function neleResults(page: Page) {
  await page.goto('/matchmaker/magic-match');
  await page.getByRole('searchbox', { name: 'Zoek een klant op naam' }).fill('Nele');
  await page.getByRole('link', { name: /Nele Vermeulen/ }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Magic Match voor Nele Vermeulen' }),
  ).toBeVisible();
  // Issue 28: the shared-language filter can be left out for one search, like the other criteria.
  await expect(page.getByRole('checkbox', { name: 'Gemeenschappelijke taal' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/nele-overview.png`, fullPage: true });
  await page.getByRole('button', { name: 'Zoek matches' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kandidaten voor Nele Vermeulen' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
}

/** The friction texts of one candidate's card ('Let op'). */
const frictionsOf = (page: Page, name: RegExp) =>
  page
    .getByRole('article', { name })
    .getByRole('heading', { name: 'Let op' })
    .locator('xpath=following-sibling::ul[1]/li')
    .allInnerTexts();

/** Issue 28: mutual scoring on the demo data, whose wish each friction is, availability marks. */
test("Nele's results: Olivier above Filip, each friction names whose wish it is, candidates under way marked", async ({
  browser,
}) => {
  const sofie = await signedInPage(browser, 'sofie@koppel.example');
  await neleResults(sofie);
  const names = await sofie
    .getByRole('article')
    .evaluateAll((all) => all.map((a) => a.getAttribute('aria-label') ?? ''));
  const olivier = names.findIndex((n) => n.startsWith('Olivier'));
  const filip = names.findIndex((n) => n.startsWith('Filip'));
  expect(olivier).toBeGreaterThanOrEqual(0);
  expect(filip).toBeGreaterThan(olivier);

  // Every friction names whose wish it concerns: Nele's or the candidate's, by first name.
  for (const name of names) {
    const first = name.split(' ')[0]!;
    for (const text of await frictionsOf(sofie, new RegExp(`^${name}$`))) {
      if (text === 'Geen wrijvingspunten') continue;
      expect(text, `${name}: ${text}`).toMatch(new RegExp(`\\b(Nele|${first})\\b`));
    }
  }
  // Filip smokes and wants friendship first: Nele's wishes, said so.
  const filipFrictions = await frictionsOf(sofie, /^Filip /);
  expect(filipFrictions.join('\n')).toContain('Nele rookt niet; Filip rookt');
  expect(filipFrictions.join('\n')).toContain('Nele zoekt een vaste relatie; Filip wil eerst vriendschap');

  // Under way with someone else: marked (the demo: Filip has a date planned, Xander an open proposal).
  await expect(
    sofie.getByRole('article', { name: /^Filip / }).getByText('Date gepland', { exact: true }),
  ).toBeVisible();
  await expect(
    sofie.getByRole('article', { name: /^Xander / }).getByText('Heeft een open voorstel', { exact: true }),
  ).toBeVisible();
  // The package counter beside each Persoonlijk candidate.
  await expect(sofie.getByRole('article', { name: /^Olivier / }).getByTestId('package-counter')).toHaveText(
    /^Pakket: \d+ van 4 dates gebruikt$/,
  );
  // The band says what the frictions mean: no candidate with a life-goal friction is "Uitstekend".
  await expect(sofie.getByRole('article', { name: /^Filip / }).getByText(/^\d{1,3} · Zwak$/)).toBeVisible();
  await expectNoAxeViolations(sofie);
  await sofie.screenshot({ path: `${SHOTS}/nele-desktop.png`, fullPage: true });

  // A phone-sized screen: nothing wider than the screen, still accessible.
  await sofie.setViewportSize({ width: 390, height: 844 });
  await sofie.reload();
  await expect(sofie.getByRole('article').first()).toBeVisible();
  const scrollWidth = await sofie.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(sofie);
  await sofie.screenshot({ path: `${SHOTS}/nele-phone.png`, fullPage: true });
  await sofie.context().close();
});
