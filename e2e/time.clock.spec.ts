import { makeMatch, makeMatchableClients, makeMatchmaker } from './support/factory';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { countMails, pairName, signedInPage, waitForMatchMail } from './support/matches';
import { buyWithDemoPayment, freshClientPage } from './support/payments';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// Moving the server's clock touches every open proposal and subscription: this project runs after
// all others, and its tests one at a time.
test.describe.configure({ mode: 'serial' });

test.afterEach(async ({ request }) => {
  const reset = await request.post('/dev/clock', { data: { offset_ms: 0 } });
  expect(reset.status()).toBe(200);
});

test('a proposal past its deadline: a reminder the day before, then cancelled and Sofie told', async ({
  browser,
  request,
}) => {
  const matchmaker = await makeMatchmaker(request, 'Sofie');
  const [hanne, pieter] = await makeMatchableClients(request, matchmaker, ['Hanne', 'Pieter']);
  const { id: matchId } = await makeMatch(request, { clients: [hanne, pieter], matchmaker });
  const sofie = await signedInPage(browser, matchmaker.email, matchmaker.password);

  // Hanne says yes; Pieter never answers.
  const hannePage = await signedInPage(browser, hanne.email, hanne.password);
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
  await waitForMatchMail(request, matchmaker.email, 'Een voorstel is verlopen', `?match=${matchId}`);
  await sofie.reload();
  await expect(detail.getByText('Geannuleerd', { exact: true }).first()).toBeVisible();
  await expect(detail.getByText('Deze match is geannuleerd; er zijn geen stappen meer.')).toBeVisible();
  await expect(detail.locator('dt', { hasText: 'Geannuleerd' })).toBeVisible();
  await expect(detail.getByRole('heading', { name: 'Feedback na de date' })).toHaveCount(0);
  await expect(detail.getByRole('heading', { name: 'Opvolging toevoegen' })).toHaveCount(0);
  await expectNoAxeViolations(sofie);

  await hannePage.goto('/dashboard/proposed-matches');
  await expect(hannePage.getByRole('heading', { name: 'Geen voorstellen op dit moment' })).toBeVisible();
  const late = await hannePage.request.post(`/api/matches/${matchId}/response`, {
    data: { response: 'rejected' },
  });
  expect(late.status()).toBe(409);
  expect(await late.json()).toMatchObject({ code: 'MATCH_NOT_OPEN' });

  for (const page of [sofie, hannePage]) await page.context().close();
});

test('the subscription banner: nothing while active, yellow in the grace period, red after expiry', async ({
  browser,
  request,
}) => {
  const { page, email } = await freshClientPage(browser, request, 'Femke');
  await buyWithDemoPayment(page.request, 'Relax+');
  const me = (await (await page.request.get('/api/me')).json()) as {
    profile: { subscription_ends_at: string };
  };
  const endsAt = new Date(me.profile.subscription_ends_at).getTime();

  /** Server and browser both move to `at`; then the daily lifecycle runs. */
  const moveTo = async (at: number) => {
    await request.post('/dev/clock', { data: { offset_ms: at - Date.now() } });
    await page.clock.setFixedTime(new Date(at));
    expect((await request.post('/dev/jobs/subscription-lifecycle')).status()).toBe(200);
  };

  await page.goto('/dashboard');
  await expect(page.getByText('Welkom, Femke')).toBeVisible();
  await expect(page.getByText(/Je abonnement is/)).toHaveCount(0);

  // A day after the 12-month term: 13 days of grace left.
  await moveTo(endsAt + DAY);
  await page.goto('/dashboard');
  await expect(page.getByText('Je abonnement is afgelopen. Nog 13 dagen om te verlengen.')).toBeVisible();
  await expectNoAxeViolations(page);
  await waitForMatchMail(request, email, 'Je Relax+-lidmaatschap is afgelopen', '/dashboard/producten');
  await page.getByRole('link', { name: 'Abonnement verlengen' }).click();
  await expect(page).toHaveURL(/\/dashboard\/producten$/);
  await expect(
    page.getByRole('article', { name: 'Relax+' }).getByRole('button', { name: 'Verlengen' }),
  ).toBeVisible();

  // Half a day before the grace period ends, the days are rounded up.
  await moveTo(endsAt + 14 * DAY - 12 * HOUR);
  await page.goto('/dashboard');
  await expect(page.getByText('Je abonnement is afgelopen. Nog 1 dag om te verlengen.')).toBeVisible();

  // Past the grace period: expired, back to Relax, and the red banner.
  await moveTo(endsAt + 15 * DAY);
  await page.goto('/dashboard');
  await expect(
    page.getByText(/Je abonnement is verlopen\. Je lidmaatschap is teruggezet naar Relax\./),
  ).toBeVisible();
  await expect(page.getByText('Premiumfuncties zijn niet langer beschikbaar.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Upgrade je lidmaatschap' }).click();
  await expect(page).toHaveURL(/\/dashboard\/producten$/);
  await expect(
    page.getByRole('article', { name: 'Relax', exact: true }).getByText('Je huidige lidmaatschap'),
  ).toBeVisible();
  await waitForMatchMail(request, email, 'Je lidmaatschap is teruggezet naar Relax', '/dashboard/producten');
  await page.context().close();
});
