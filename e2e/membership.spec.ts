import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { makeClient, makeMatch, makeMatchmaker } from './support/factory';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { signedInPage } from './support/matches';

const DAY = 86_400_000;
const SHOTS = '/tmp/shots-membership';
const PHONE = { width: 412, height: 915 };

/** A screenshot of the whole page at desktop size and at a phone's. */
async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const desktop = page.viewportSize();
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/${name}-phone.png`, fullPage: true });
  if (desktop) await page.setViewportSize(desktop);
}

/**
 * Issue 26 (decision 024): a client who cancels their paid term leaves the matchmaker's magic match
 * waiting list at once, and their own account no longer says "Actief voor matching".
 */
test('a client who cancels leaves magic match’s waiting list, and her account says matching ended', async ({
  browser,
  request,
}) => {
  const matchmaker = await makeMatchmaker(request, 'Mila');
  const klara = await makeClient(request, 'Klara', {
    matchmaker,
    tier: 'Persoonlijk',
    paidAt: new Date(Date.now() - 40 * DAY),
    activeForMatching: true,
    intake: { scheduledAt: new Date(Date.now() - 30 * DAY), status: 'completed' },
    profile: { gender: 'woman', birth_date: '1990-04-02', seeking_genders: ['man'] },
  });
  const stays = await makeClient(request, 'Blijft', {
    matchmaker,
    tier: 'Persoonlijk',
    activeForMatching: true,
    intake: { scheduledAt: new Date(Date.now() - 20 * DAY), status: 'completed' },
  });

  const mila = await signedInPage(browser, matchmaker.email, matchmaker.password);
  await mila.goto('/matchmaker/magic-match');
  await expect(mila.getByRole('heading', { level: 1, name: 'Magic Match' })).toBeVisible();
  const waiting = mila.getByRole('main').getByRole('list');
  await expect(waiting.getByText(klara.fullName, { exact: true })).toBeVisible();
  await expect(waiting.getByText(stays.fullName, { exact: true })).toBeVisible();

  // Klara cancels in her settings.
  const own = await signedInPage(browser, klara.email, klara.password);
  await own.goto('/dashboard');
  await expect(own.getByText('Actief voor matching', { exact: true })).toBeVisible();
  await own.goto('/dashboard/settings');
  await own.getByRole('button', { name: 'Lidmaatschap opzeggen' }).click();
  const dialog = own.getByRole('dialog', { name: 'Lidmaatschap opzeggen?' });
  await expect(dialog.getByText(/openstaande voorstellen vervallen/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Ja, opzeggen' }).click();
  await expect(dialog).toBeHidden();

  // Her account: Relax, matching ended, never "Actief voor matching".
  await own.goto('/dashboard');
  await expect(own.getByRole('heading', { level: 1, name: 'Mijn account' })).toBeVisible();
  const status = own.getByRole('definition').filter({ hasText: 'Zonder lopend lidmaatschap' });
  await expect(status).toContainText(/^Beëindigd/);
  await expect(own.getByText('Actief voor matching')).toHaveCount(0);
  await expect(own.getByText(/Met een nieuw lidmaatschap zoekt je matchmaker weer mee/)).toBeVisible();
  await expectNoAxeViolations(own);
  await shoot(own, 'client-after-cancel');

  // The waiting list: Klara is gone, the other client stays; a search by name does not find her.
  await mila.reload();
  await expect(waiting.getByText(stays.fullName, { exact: true })).toBeVisible();
  await expect(mila.getByText(klara.fullName, { exact: true })).toHaveCount(0);
  await mila.getByRole('searchbox', { name: 'Zoek een klant op naam' }).fill(klara.firstName);
  await expect(mila.getByText('Geen klant met die naam die actief is voor matching.')).toBeVisible();
  await mila.getByRole('searchbox', { name: 'Zoek een klant op naam' }).fill('');
  await expect(waiting.getByText(stays.fullName, { exact: true })).toBeVisible();
  await expectNoAxeViolations(mila);
  await shoot(mila, 'magic-match-waiting-list');

  await own.context().close();
  await mila.context().close();
});

/**
 * Issue 26: the e-mail after a date ("Hoe was je date met …?") opens that date's feedback, not the
 * three-monthly modal; a link to the dashboard for such a request leads to the date as well.
 */
test('the request after a date opens the date’s feedback form, and the modal asks about that date', async ({
  browser,
  request,
}) => {
  const matchmaker = await makeMatchmaker(request, 'Saar');
  const held = { scheduledAt: new Date(Date.now() - 40 * DAY), status: 'completed' } as const;
  const ines = await makeClient(request, 'Ines', {
    matchmaker,
    tier: 'Persoonlijk',
    activeForMatching: true,
    intake: held,
  });
  const jonas = await makeClient(request, 'Jonas', {
    matchmaker,
    tier: 'Persoonlijk',
    activeForMatching: true,
    intake: held,
  });
  const date = await makeMatch(request, {
    clients: [ines, jonas],
    matchmaker,
    status: 'completed',
    feedbackRequestedOf: ines,
  });
  const page = await signedInPage(browser, ines.email, ines.password);
  const { requests } = (await (await page.request.get('/api/me/feedback-requests')).json()) as {
    requests: { id: string; request_type: string; match_id: string | null }[];
  };
  expect(requests).toEqual([expect.objectContaining({ request_type: 'post_match', match_id: date.id })]);

  // The e-mail's link (feedback.mail.ts): the date's page, that date first and focused, its form open.
  await page.goto(`/dashboard/match-accepted?datum=${date.id}&feedbackverzoek=${requests[0]!.id}`);
  const card = page.getByRole('article', { name: `Jij en ${jonas.firstName}` });
  await expect(card.getByRole('heading', { name: `Jij en ${jonas.firstName}` })).toBeFocused();
  await expect(card.getByRole('group', { name: `Hoe was je date met ${jonas.firstName}?` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dashboard/match-accepted\\?datum=${date.id}$`));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, 'date-feedback-from-mail');

  // The widget asks about the matchmaker's guidance for this date, not the last three months.
  const widget = page.getByRole('region', { name: `Hoe vind je de begeleiding van ${matchmaker.fullName}?` });
  await widget.getByRole('button', { name: 'Geef feedback' }).click();
  const modal = page.getByRole('dialog', { name: `Feedback over ${matchmaker.fullName}` });
  await expect(modal.getByText(/je bij je recente date/)).toBeVisible();
  await expect(modal.getByText(/drie maanden/)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  // An older link to the dashboard for this request leads to the date too.
  await page.goto(`/dashboard?feedbackverzoek=${requests[0]!.id}`);
  await expect(page).toHaveURL(new RegExp(`/dashboard/match-accepted\\?datum=${date.id}$`));
  await expect(card.getByRole('heading', { name: `Jij en ${jonas.firstName}` })).toBeFocused();
  await page.context().close();
});

/** Issue 26 item 4: the demo's deactivated matchmaker, Marc, gets the Dutch page and no staff page. */
test('marc@ of the demo, deactivated, sees that his account is no longer active', async ({ browser }) => {
  const marc = await signedInPage(browser, 'marc@koppel.example');
  for (const path of ['/matchmaker', '/matchmaker/magic-match']) {
    await marc.goto(path);
    await expect(
      marc.getByRole('heading', { level: 1, name: 'Je account is niet meer actief' }),
    ).toBeVisible();
  }
  await expect(marc.getByRole('button', { name: 'Uitloggen' })).toBeVisible();
  const refused = await marc.request.get('/api/matchmaker/clients');
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('ACCOUNT_INACTIVE');
  await expectNoAxeViolations(marc);
  await shoot(marc, 'marc-demo-inactive');
  await marc.context().close();
});
