import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { makeClient, makeMatchmaker } from './support/factory';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { pairName, signedInPage } from './support/matches';

/** Screenshots of the pages this spec covers (issue 27 item 5), looked at by hand. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-intro';
mkdirSync(SHOTS, { recursive: true });

const INTRODUCTION =
  'Noor en Pieter, jullie houden allebei van koken voor vrienden en van een lange wandeling op zondag. ' +
  'Ik denk dat jullie elkaar veel te vertellen hebben.';

/** Desktop and phone screenshots, the phone width without sideways scrolling and axe clean. */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true });
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/${name}-phone.png`, fullPage: true });
  await page.setViewportSize(size);
}

test('the matchmaker writes an introduction; the client reads it with the facts they share', async ({
  browser,
  request,
}) => {
  const matchmaker = await makeMatchmaker(request, 'Sofie');
  const alike = {
    birth_date: '1989-05-04',
    smoking: 'no' as const,
    wants_children: 'yes' as const,
    relationship_sought: 'long_term',
    languages: ['nl', 'fr'],
  };
  const noor = await makeClient(request, 'Noor', {
    matchmaker,
    activeForMatching: true,
    profile: {
      ...alike,
      gender: 'woman',
      seeking_genders: ['man'],
      religion: 'christian',
      postcode: 3000,
      town: 'Leuven',
      province: 'Vlaams-Brabant',
      interests: ['koken', 'wandelen', 'theater'],
    },
  });
  const pieter = await makeClient(request, 'Pieter', {
    matchmaker,
    activeForMatching: true,
    profile: {
      ...alike,
      gender: 'man',
      seeking_genders: ['woman'],
      religion: 'none',
      postcode: 2800,
      town: 'Mechelen',
      province: 'Antwerpen',
      interests: ['wandelen', 'koken', 'voetbal'],
      languages: ['nl', 'fr', 'en'],
    },
  });

  // Sofie proposes: the introduction is required, and said in Dutch when missing or too short.
  const sofie = await signedInPage(browser, matchmaker.email, matchmaker.password);
  await sofie.goto('/matchmaker/matches');
  await sofie.getByRole('button', { name: 'Nieuwe match' }).click();
  const dialog = sofie.getByRole('dialog', { name: 'Nieuwe match voorstellen' });
  await dialog.getByRole('searchbox', { name: 'Eerste klant' }).fill(noor.surname);
  await dialog.getByRole('button', { name: `Kies ${noor.fullName}` }).click();
  await dialog.getByRole('searchbox', { name: 'Tweede klant' }).fill(pieter.surname);
  await dialog.getByRole('button', { name: `Kies ${pieter.fullName}` }).click();
  await expect(
    dialog.getByText('Deze twee klanten passen bij elkaars wensen en dealbreakers.'),
  ).toBeVisible();
  const introduction = dialog.getByRole('textbox', { name: 'Introductie' });
  await expect(introduction).toHaveAttribute('required', '');
  await dialog.getByRole('button', { name: 'Match voorstellen' }).click();
  const tooShort = 'Schrijf een introductie van minstens 30 tekens: waarom passen deze twee bij elkaar?';
  await expect(dialog.getByText(tooShort)).toBeVisible();
  await introduction.fill('Leuk koppel.');
  await dialog.getByRole('button', { name: 'Match voorstellen' }).click();
  await expect(dialog.getByText(tooShort)).toBeVisible();
  await expect(introduction).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(sofie);
  await introduction.fill(INTRODUCTION);
  await introduction.scrollIntoViewIfNeeded();
  await shoot(sofie, 'dialoog-introductie');
  await dialog.getByRole('button', { name: 'Match voorstellen' }).click();
  await expect(
    sofie.getByText(
      pairName(noor.fullName, pieter.fullName, 'Match voorgesteld: ', '. Beide klanten krijgen een e-mail.'),
    ),
  ).toBeVisible();
  const detail = sofie.getByRole('dialog', { name: pairName(noor.fullName, pieter.fullName) });
  await expect(detail.getByText(INTRODUCTION)).toBeVisible();

  // Noor's proposal card: the introduction and what both profiles say alike, nothing private.
  const noorPage = await signedInPage(browser, noor.email, noor.password);
  await noorPage.goto('/dashboard/proposed-matches');
  const card = noorPage.getByRole('article', { name: new RegExp(`^${pieter.firstName}`) });
  await expect(card.getByRole('heading', { name: 'Waarom je matchmaker jullie voorstelt' })).toBeVisible();
  await expect(card.getByText(INTRODUCTION)).toBeVisible();
  const facts = card.getByRole('heading', { name: 'Wat jullie gemeen hebben' });
  await expect(facts).toBeVisible();
  const factList = card.getByRole('list').first();
  await expect(factList.getByRole('listitem')).toHaveText([
    'Jullie spreken allebei Nederlands en Frans',
    'Jullie roken allebei niet',
    'Jullie zoeken allebei een vaste relatie',
    'Jullie willen allebei kinderen',
    'Jullie wonen ongeveer 25 km van elkaar',
  ]);
  await expect(card.getByRole('list').nth(1).getByRole('listitem')).toHaveText(['wandelen', 'koken']);
  await expect(card).toContainText('Antwerpen');
  for (const secret of ['Mechelen', '2800', 'Christelijk', 'Geen (vrijzinnig', 'Vandamme', 'Man']) {
    await expect(card).not.toContainText(secret);
  }
  await expectNoAxeViolations(noorPage);
  await shoot(noorPage, 'voorstel-klant');

  for (const page of [sofie, noorPage]) await page.context().close();
});

test('magic match\'s "Stel match voor" fills the introduction in from the reasons, to edit', async ({
  browser,
  request,
}) => {
  const matchmaker = await makeMatchmaker(request, 'Sofie');
  // Non-binary clients seeking each other: nobody else's candidates, and each the other's.
  const profile = {
    gender: 'non_binary' as const,
    seeking_genders: ['non_binary' as const],
    birth_date: '1988-03-14',
    interests: ['fotografie', 'musea', 'tuinieren'],
    relationship_sought: 'long_term',
    religion: 'buddhist',
    postcode: 9000,
  };
  const options = { matchmaker, activeForMatching: true, profile };
  const robin = await makeClient(request, 'Robin', options);
  const sam = await makeClient(request, 'Sam', { ...options, profile: { ...profile, postcode: 9050 } });

  const sofie = await signedInPage(browser, matchmaker.email, matchmaker.password);
  await sofie.goto(`/matchmaker/clients/${robin.id}/magic-match/results`);
  const card = sofie.getByRole('article', { name: new RegExp(sam.firstName) });
  await expect(card.getByRole('heading', { name: 'Sterkste redenen' })).toBeVisible();
  await card.getByRole('button', { name: 'Stel match voor' }).click();
  const dialog = sofie.getByRole('dialog', { name: 'Nieuwe match voorstellen' });
  const introduction = dialog.getByRole('textbox', { name: 'Introductie' });
  await expect(introduction).toHaveValue(/^Ik stel jullie graag aan elkaar voor\. Jullie /);
  await expect(introduction).toHaveValue(/Jullie zoeken allebei een vaste relatie\./);
  // The distance as the card says it (rounded), never the score's exact kilometres.
  await expect(introduction).toHaveValue(
    /Jullie wonen minder dan 10 km van elkaar, ruim binnen wat jullie allebei willen\./,
  );
  // Their shared life view is a reason for the score, never a sentence both clients read.
  await expect(introduction).not.toHaveValue(/levensbeschouwing|boeddhistisch/i);
  await introduction.press('End');
  await introduction.pressSequentially(' Een museum en dan koffie?');
  await expectNoAxeViolations(sofie);
  await introduction.scrollIntoViewIfNeeded();
  await shoot(sofie, 'magic-match-introductie');
  const written = await introduction.inputValue();
  await dialog.getByRole('button', { name: 'Match voorstellen' }).click();
  await expect(sofie.getByText(new RegExp(`^Match voorgesteld: .*${robin.fullName}`))).toBeVisible();

  const samPage = await signedInPage(browser, sam.email, sam.password);
  await samPage.goto('/dashboard/proposed-matches');
  const proposal = samPage.getByRole('article', { name: new RegExp(`^${robin.firstName}`) });
  await expect(proposal.getByText(written)).toBeVisible();
  await expect(proposal).toContainText('Jullie zoeken allebei een vaste relatie');
  await expect(proposal).not.toContainText('Boeddhistisch');

  for (const page of [sofie, samPage]) await page.context().close();
});
