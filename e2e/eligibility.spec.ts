import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { type Account, makeClient, makeMatchmaker } from './support/factory';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { pairName, signedInPage } from './support/matches';

/** Screenshots of the pages this spec covers (issue 26), looked at by hand. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-eligibility';
mkdirSync(SHOTS, { recursive: true });

/** A birth date that makes someone `age` years old today (a month past the birthday). */
function bornYearsAgo(age: number) {
  const day = new Date(Date.now() - 30 * 86_400_000);
  day.setUTCFullYear(day.getUTCFullYear() - age);
  return day.toISOString().slice(0, 10);
}

/** Noor, 34, a woman seeking men of 30 to 42 within 40 km of Leuven, and her matchmaker. */
async function noorAndHerMatchmaker(request: APIRequestContext) {
  const matchmaker = await makeMatchmaker(request, 'Sofie');
  const noor = await makeClient(request, 'Noor', {
    matchmaker,
    activeForMatching: true,
    tier: 'Persoonlijk',
    profile: {
      gender: 'woman',
      birth_date: bornYearsAgo(34),
      seeking_genders: ['man'],
      age_min: 30,
      age_max: 42,
      max_distance_km: 40,
      postcode: 3000,
      town: 'Leuven',
      province: 'Vlaams-Brabant',
    },
  });
  return { matchmaker, noor };
}

async function openDialogWith(page: Page, first: Account, second: Account) {
  await page.goto('/matchmaker/matches');
  await page.getByRole('button', { name: 'Nieuwe match' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe match voorstellen' });
  await dialog.getByRole('searchbox', { name: 'Eerste klant' }).fill(first.surname);
  await dialog.getByRole('button', { name: `Kies ${first.fullName}` }).click();
  await dialog.getByRole('searchbox', { name: 'Tweede klant' }).fill(second.surname);
  await dialog.getByRole('button', { name: `Kies ${second.fullName}` }).click();
  // Issue 27: every proposal carries an introduction.
  await dialog
    .getByRole('textbox', { name: 'Introductie' })
    .fill('Jullie wandelen allebei graag in het bos.');
  return dialog;
}

/** Desktop and phone screenshots with `shown` (inside the scrolling dialog) in view. */
async function shoot(page: Page, name: string, shown: Locator) {
  await shown.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true });
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await shown.scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/${name}-phone.png`, fullPage: true });
  await page.setViewportSize(size);
}

test('the new-match dialog refuses two women who both seek men, and says which rule', async ({
  browser,
  request,
}) => {
  const { matchmaker, noor } = await noorAndHerMatchmaker(request);
  const emma = await makeClient(request, 'Emma', {
    matchmaker,
    activeForMatching: true,
    profile: {
      gender: 'woman',
      birth_date: bornYearsAgo(33),
      seeking_genders: ['man'],
      age_min: 30,
      age_max: 40,
      postcode: 3000,
    },
  });
  const sofie = await signedInPage(browser, matchmaker.email, matchmaker.password);
  const dialog = await openDialogWith(sofie, noor, emma);

  const refusal = dialog.getByRole('alert').filter({ hasText: 'Dit voorstel kan niet:' });
  await expect(refusal).toContainText(`${noor.firstName} zoekt mannen en ${emma.firstName} is een vrouw.`);
  await expect(refusal).toContainText(`${emma.firstName} zoekt mannen en ${noor.firstName} is een vrouw.`);
  await expect(refusal).toContainText('Gezocht geslacht');
  await expect(dialog.getByRole('button', { name: 'Match voorstellen' })).toBeDisabled();
  await expect(dialog.getByRole('textbox', { name: /Waarom stel je ze toch voor/ })).toHaveCount(0);
  await expectNoAxeViolations(sofie);
  await shoot(sofie, 'twee-vrouwen-geweigerd', refusal);

  // The server refuses it too, with the rule in Dutch; nothing was made.
  const refused = await sofie.request.post('/api/matches', {
    data: { client1_id: noor.id, client2_id: emma.id, override_reason: 'Toch proberen' },
  });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toEqual({
    code: 'MATCH_GENDER_NOT_SOUGHT',
    error: `${noor.firstName} zoekt mannen en ${emma.firstName} is een vrouw.`,
  });
  const list = await sofie.request.get(`/api/matches?client_id=${noor.id}`);
  expect(((await list.json()) as { matches: unknown[] }).matches).toEqual([]);
  await sofie.context().close();
});

test('a soft wish: the dialog asks why, and the match keeps the reason in its timeline', async ({
  browser,
  request,
}) => {
  const { matchmaker, noor } = await noorAndHerMatchmaker(request);
  const pieter = await makeClient(request, 'Pieter', {
    matchmaker,
    activeForMatching: true,
    profile: {
      gender: 'man',
      birth_date: bornYearsAgo(45),
      seeking_genders: ['woman'],
      age_min: 28,
      age_max: 50,
      postcode: 3001,
    },
  });
  const sofie = await signedInPage(browser, matchmaker.email, matchmaker.password);
  const dialog = await openDialogWith(sofie, noor, pieter);

  const warning = dialog.getByRole('status').filter({ hasText: 'Dit voorstel wijkt af van een wens' });
  await expect(warning).toContainText(
    `${pieter.firstName} is 45; ${noor.firstName} zoekt iemand van 30 tot 42 jaar (3 jaar te oud).`,
  );
  const reason = dialog.getByRole('textbox', { name: /Waarom stel je ze toch voor/ });
  await expect(reason).toBeVisible();
  await dialog.getByRole('button', { name: 'Toch voorstellen' }).click();
  await expect(dialog.getByText('Schrijf waarom je ze toch voorstelt.')).toBeVisible();
  await expectNoAxeViolations(sofie);
  await reason.fill('Noor vroeg zelf naar iemand iets ouder; Pieter is jong van geest.');
  await shoot(sofie, 'afwijking-met-reden', reason);
  await dialog.getByRole('button', { name: 'Toch voorstellen' }).click();

  await expect(
    sofie.getByText(
      pairName(noor.fullName, pieter.fullName, 'Match voorgesteld: ', '. Beide klanten krijgen een e-mail.'),
    ),
  ).toBeVisible();
  const detail = sofie.getByRole('dialog', { name: pairName(noor.fullName, pieter.fullName) });
  await expect(detail.getByText('Afgeweken van', { exact: true })).toBeVisible();
  await expect(detail.getByText('Gezochte leeftijd', { exact: true })).toBeVisible();
  await expect(
    detail.getByText('Noor vroeg zelf naar iemand iets ouder; Pieter is jong van geest.'),
  ).toBeVisible();
  await expectNoAxeViolations(sofie);
  await shoot(sofie, 'tijdlijn-met-afwijking', detail.getByText('Reden van afwijking', { exact: true }));
  await sofie.context().close();
});
