import { expect, expectNoAxeViolations, test } from './support/fixtures';
import {
  CLIENT_PASSWORD,
  countMails,
  createTestClient,
  pairName,
  proposeViaApi,
  signedInPage,
  waitForMatchMail,
} from './support/matches';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// Moving the server's clock touches every open proposal, so this project runs after all others.
test.afterEach(async ({ request }) => {
  const reset = await request.post('/dev/clock', { data: { offset_ms: 0 } });
  expect(reset.status()).toBe(200);
});

test('a proposal past its deadline: a reminder the day before, then cancelled and Sofie told', async ({
  browser,
  request,
}) => {
  const sofie = await signedInPage(browser, 'sofie@koppel.example');
  const hanne = await createTestClient(request, sofie.request, 'Hanne');
  const pieter = await createTestClient(request, sofie.request, 'Pieter');
  const matchId = await proposeViaApi(sofie.request, hanne.id, pieter.id);

  // Hanne says yes; Pieter never answers.
  const hannePage = await signedInPage(browser, hanne.email, CLIENT_PASSWORD);
  const accept = await hannePage.request.post(`/api/matches/${matchId}/response`, {
    data: { response: 'accepted' },
  });
  expect(accept.status()).toBe(200);

  // Half a day before the deadline: only the one who has not answered is reminded.
  await request.post('/dev/clock', { data: { offset_ms: 7 * DAY - 12 * HOUR } });
  expect((await request.post('/dev/jobs/match-deadlines')).status()).toBe(200);
  await waitForMatchMail(
    request,
    pieter.email,
    'Nog één dag om te antwoorden op je voorstel',
    '/dashboard/proposed-matches',
  );
  expect(await countMails(request, hanne.email, 'Nog één dag om te antwoorden op je voorstel')).toBe(0);
  await sofie.goto(`/matchmaker/matches?match=${matchId}`);
  const detail = sofie.getByRole('dialog', { name: pairName(hanne.fullName, pieter.fullName) });
  await expect(detail.getByText('Voorgesteld', { exact: true }).first()).toBeVisible();

  // A day later the deadline has passed: the sweep cancels the proposal and tells Sofie.
  await request.post('/dev/clock', { data: { offset_ms: 8 * DAY } });
  const sweep = await request.post('/dev/jobs/match-deadlines');
  expect(((await sweep.json()) as { cancelled: number }).cancelled).toBeGreaterThanOrEqual(1);
  await waitForMatchMail(request, 'sofie@koppel.example', 'Een voorstel is verlopen', `?match=${matchId}`);
  await sofie.reload();
  await expect(detail.getByText('Geannuleerd', { exact: true }).first()).toBeVisible();
  await expect(detail.getByText('Deze match is afgerond; er zijn geen stappen meer.')).toBeVisible();
  await expectNoAxeViolations(sofie);

  await hannePage.goto('/dashboard/proposed-matches');
  await expect(hannePage.getByRole('heading', { name: 'Geen voorstellen op dit moment' })).toBeVisible();
  const late = await hannePage.request.post(`/api/matches/${matchId}/response`, {
    data: { response: 'rejected' },
  });
  expect(late.status()).toBe(409);

  for (const page of [sofie, hannePage]) await page.context().close();
});
