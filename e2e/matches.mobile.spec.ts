import type { Page } from '@playwright/test';
import { makeMatch, makeMatchableClients, makeMatchmaker } from './support/factory';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { pairName, signedInPage } from './support/matches';

async function expectNoSideways(page: Page) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('on a phone: the match pages of a matchmaker and a client fit, and are accessible', async ({
  browser,
  request,
}) => {
  const matchmaker = await makeMatchmaker(request, 'Sofie');
  const [ruben, femke] = await makeMatchableClients(request, matchmaker, ['Ruben', 'Femke']);
  const { id: matchId } = await makeMatch(request, {
    clients: [ruben, femke],
    matchmaker,
    note: 'Twee muziekliefhebbers uit Gent.',
  });
  const sofie = await signedInPage(browser, matchmaker.email, matchmaker.password);
  await sofie.setViewportSize({ width: 390, height: 844 });

  await sofie.goto('/matchmaker/matches');
  await expect(
    sofie.getByRole('button', { name: pairName(ruben.fullName, femke.fullName, 'Details van ') }),
  ).toBeVisible();
  await expectNoSideways(sofie);
  await expectNoAxeViolations(sofie);
  await sofie.getByRole('button', { name: 'Nieuwe match' }).click();
  await expect(sofie.getByRole('dialog', { name: 'Nieuwe match voorstellen' })).toBeVisible();
  await expectNoSideways(sofie);
  await expectNoAxeViolations(sofie);
  await sofie.keyboard.press('Escape');
  await sofie.goto(`/matchmaker/matches?match=${matchId}`);
  const detail = sofie.getByRole('dialog', { name: pairName(ruben.fullName, femke.fullName) });
  await expect(detail.getByText('Nog geen antwoord')).toHaveCount(2);
  await expectNoSideways(sofie);
  await expectNoAxeViolations(sofie);

  const rubenPage = await signedInPage(browser, ruben.email, ruben.password);
  await rubenPage.setViewportSize({ width: 390, height: 844 });
  await rubenPage.goto('/dashboard/proposed-matches');
  const card = rubenPage.getByRole('article', { name: new RegExp(`^${femke.firstName}`) });
  await expect(card.getByText('Twee muziekliefhebbers uit Gent.')).toBeVisible();
  await expectNoSideways(rubenPage);
  await expectNoAxeViolations(rubenPage);
  await card.getByRole('button', { name: 'Nee, bedankt' }).click();
  await expect(card.getByRole('textbox', { name: 'Waarom niet? (optioneel)' })).toBeVisible();
  await expectNoSideways(rubenPage);
  await rubenPage.goto('/dashboard/match-accepted');
  await expect(rubenPage.getByRole('heading', { name: 'Nog geen geaccepteerde match' })).toBeVisible();
  await expectNoSideways(rubenPage);
  await expectNoAxeViolations(rubenPage);

  for (const page of [sofie, rubenPage]) await page.context().close();
});
