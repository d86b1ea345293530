import { type Browser, request } from '@playwright/test';
import { brusselsToInstant } from '../src/shared/date-time';
import { BASE_URL, expect, expectNoAxeViolations, loginViaApi, test } from './support/fixtures';
import {
  CLIENT_PASSWORD,
  createTestClient,
  pairName,
  proposeViaApi,
  signedInPage,
  type TestClient,
} from './support/matches';

/** "yyyy-MM-dd" of the Brussels calendar, `days` from now. */
function brusselsDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** An accepted match between two fresh clients, proposed by Sofie and answered through the API. */
async function acceptedMatch(browser: Browser) {
  const anonymous = await request.newContext({ baseURL: BASE_URL });
  const sofie = await signedInPage(browser, 'sofie@koppel.example');
  const clients: TestClient[] = [
    await createTestClient(anonymous, sofie.request, 'Ine'),
    await createTestClient(anonymous, sofie.request, 'Bert'),
  ];
  const matchId = await proposeViaApi(sofie.request, clients[0]!.id, clients[1]!.id);
  for (const client of clients) {
    const page = await signedInPage(browser, client.email, CLIENT_PASSWORD);
    const answer = await page.request.post(`/api/matches/${matchId}/response`, {
      data: { response: 'accepted' },
    });
    expect(answer.status()).toBe(200);
    await page.context().close();
  }
  await sofie.context().close();
  await anonymous.dispose();
  return { matchId, clients };
}

test('a matchmaker in a UTC-zoned browser plans a date at 19:30 Brussels time and sees 19:30', async ({
  browser,
}) => {
  const { matchId, clients } = await acceptedMatch(browser);
  const context = await browser.newContext({ timezoneId: 'UTC', locale: 'nl-BE' });
  const sofie = await context.newPage();
  await loginViaApi(sofie, 'sofie@koppel.example');
  // The browser's clock really is UTC.
  expect(await sofie.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('UTC');

  await sofie.goto(`/matchmaker/matches?match=${matchId}`);
  const detail = sofie.getByRole('dialog', { name: pairName(clients[0]!.fullName, clients[1]!.fullName) });
  await detail.getByRole('button', { name: 'Date plannen' }).click();
  const field = detail.getByLabel('Datum en uur van de date');
  await expect(detail.getByText('Belgische tijd (Brussel)')).toBeVisible();
  const day = brusselsDay(3);
  await field.fill(`${day}T19:30`);
  await expectNoAxeViolations(sofie);
  await detail.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(detail.getByText('Gepland', { exact: true }).first()).toBeVisible();

  // Stored as the instant 19:30 in Brussels names, shown as 19:30, and read back into the form as 19:30.
  const stored = await sofie.request.get(`/api/matches/${matchId}`);
  const { match } = (await stored.json()) as { match: { scheduled_at: string } };
  expect(match.scheduled_at).toBe(brusselsToInstant(`${day}T19:30`)!.toISOString());
  await expect(detail.locator('dd', { hasText: /19:30$/ })).toBeVisible();
  await detail.getByRole('button', { name: 'Date verzetten' }).click();
  await expect(detail.getByLabel('Datum en uur van de date')).toHaveValue(`${day}T19:30`);
  await context.close();
});
