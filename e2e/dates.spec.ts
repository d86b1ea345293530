import { brusselsToInstant } from '../src/shared/date-time';
import { makeMatch, makeMatchableClients, makeMatchmaker } from './support/factory';
import { expect, expectNoAxeViolations, loginViaApi, test } from './support/fixtures';
import { pairName } from './support/matches';

/** "yyyy-MM-dd" of the Brussels calendar, `days` from now. */
function brusselsDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

test('a matchmaker in a UTC-zoned browser plans a date at 19:30 Brussels time and sees 19:30', async ({
  browser,
  request,
}) => {
  // Both of her clients said yes (an accepted match, as the factory makes it).
  const matchmaker = await makeMatchmaker(request, 'Sofie');
  const clients = await makeMatchableClients(request, matchmaker, ['Ine', 'Bert']);
  const { id: matchId } = await makeMatch(request, { clients, matchmaker, status: 'accepted' });
  const context = await browser.newContext({ timezoneId: 'UTC', locale: 'nl-BE' });
  const sofie = await context.newPage();
  await loginViaApi(sofie, matchmaker.email, matchmaker.password);
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
