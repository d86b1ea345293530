import type { Page } from '@playwright/test';
import { makeMatch, makeMatchableClients, makeMatchmaker } from './support/factory';
import { BASE_URL, expect, expectNoAxeViolations, test } from './support/fixtures';
import { signedInPage } from './support/matches';
import { testPhoto } from './support/profile';

const SHOTS = '/tmp/shots-dates';

async function expectNoSideways(page: Page) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('on a phone: the planned date with the photo, the place, the countdown and "Kan je niet?" fits and is accessible', async ({
  browser,
  request,
}) => {
  const matchmaker = await makeMatchmaker(request, 'Sofie');
  const [noor, pieter] = await makeMatchableClients(request, matchmaker, ['Noor', 'Pieter']);
  const match = await makeMatch(request, { clients: [noor, pieter], matchmaker, status: 'accepted' });
  const pieterPage = await signedInPage(browser, pieter.email, pieter.password);
  await pieterPage.request.post('/api/me/photos', {
    multipart: { photo: { name: 'pieter.jpg', mimeType: 'image/jpeg', buffer: await testPhoto() } },
    headers: { origin: BASE_URL },
  });
  // Sofie plans it through the API (the dialog has its own test on a desktop).
  const sofie = await signedInPage(browser, matchmaker.email, matchmaker.password);
  const planned = await sofie.request.post(`/api/matches/${match.id}/outcome`, {
    headers: { origin: BASE_URL },
    data: {
      outcome: 'scheduled',
      scheduled_at: new Date(Date.now() + 2 * 86_400_000 + 3 * 3_600_000).toISOString(),
      place_name: 'Brasserie Het Zuiderterras',
      place_address: 'Ernest van Dijckkaai 37, 2000 Antwerpen',
      place_url: 'https://zuiderterras.example.be',
      message: 'Jullie zitten buiten op het terras als het droog is. Geniet ervan!',
    },
  });
  expect(planned.status()).toBe(200);

  const noorPage = await signedInPage(browser, noor.email, noor.password);
  await noorPage.setViewportSize({ width: 390, height: 844 });
  await noorPage.goto('/dashboard/match-accepted');
  const card = noorPage.getByRole('article', { name: `Jij en ${pieter.firstName}` });
  await expect(card.getByRole('img', { name: `Foto 1 van ${pieter.firstName}` })).toBeVisible();
  await expect(card.getByText('Brasserie Het Zuiderterras')).toBeVisible();
  await expect(card.getByTestId('countdown')).toHaveText(/^Nog 2 dagen/);
  await expectNoSideways(noorPage);
  await expectNoAxeViolations(noorPage);
  await noorPage.screenshot({ path: `${SHOTS}/5-client-planned-phone.png`, fullPage: true });
  await card.getByRole('button', { name: 'Kan je niet?' }).click();
  await card.getByRole('button', { name: 'Vraag om te verzetten' }).click();
  await expect(card.getByRole('alert')).toHaveText('Laat je matchmaker weten wanneer je wel kan');
  await expectNoSideways(noorPage);
  await expectNoAxeViolations(noorPage);
  await noorPage.screenshot({ path: `${SHOTS}/6-cannot-make-it-phone.png`, fullPage: true });

  await sofie.setViewportSize({ width: 390, height: 844 });
  await sofie.goto(`/matchmaker/matches?match=${match.id}`);
  await sofie.getByRole('button', { name: 'Date verzetten' }).click();
  await expect(sofie.getByLabel('Adres', { exact: true })).toHaveValue(
    'Ernest van Dijckkaai 37, 2000 Antwerpen',
  );
  await expectNoSideways(sofie);
  await expectNoAxeViolations(sofie);
  await sofie.screenshot({ path: `${SHOTS}/7-move-date-phone.png`, fullPage: true });
  for (const page of [sofie, noorPage, pieterPage]) await page.context().close();
});
