import { MESSAGES } from '../src/shared/messages';
import { DEMO_PASSWORD, expect, expectNoAxeViolations, loginViaApi, test } from './support/fixtures';

const ADMIN = 'beheer@koppel.example';

test('the admin logs in and lands on the admin home: the matches by status and the matchmakers', async ({
  page,
}) => {
  await page.goto('/inloggen');
  await page.getByLabel('E-mailadres').fill(ADMIN);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Beheer' })).toBeVisible();
  await expect(page.getByText('BEHEER', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: MESSAGES.roleMismatch })).toHaveCount(0);

  // The demo data has matches in every status; other tests add more while this one runs.
  const matches = page.getByRole('region', { name: 'Matches per status' });
  await expect(matches.getByText(/^\d+ matches in totaal$/)).toBeVisible();
  const proposed = matches.getByRole('link', { name: /^Voorgesteld \d+$/ });
  await expect(proposed).toHaveAttribute('href', '/matchmaker/matches?status=proposed');
  for (const label of ['Geaccepteerd', 'Afgewezen', 'Gepland', 'Voltooid', 'Geannuleerd']) {
    await expect(matches.getByRole('link', { name: new RegExp(`^${label} [1-9]\\d*$`) })).toBeVisible();
  }
  const matchmakers = page.getByRole('region', { name: 'Matchmakers' });
  await expect(matchmakers.getByRole('link', { name: 'Publiek profiel van Sofie Peeters' })).toHaveAttribute(
    'href',
    '/sofie-peeters',
  );
  await expect(matchmakers.getByText('Lotte & Wout Janssens', { exact: true })).toBeVisible();
  // Only the active matchmakers, as visitors see them.
  await expect(matchmakers.getByText('Marc Dubois')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // A status opens the staff's match overview, filtered, inside the admin shell.
  await proposed.click();
  await expect(page).toHaveURL(/\/matchmaker\/matches\?status=proposed$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Matches' })).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveValue('proposed');
  await expect(page.getByText(/^\d+ match(es)?$/)).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Beheermenu' });
  await expect(nav.getByRole('link', { name: 'Matches' })).toHaveAttribute('aria-current', 'page');
  await expectNoAxeViolations(page);

  // Settings and change-password, inside the admin shell too.
  await page.getByRole('button', { name: 'Instellingen' }).click();
  await page.getByRole('menuitem', { name: 'Instellingen' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Instellingen' })).toBeVisible();
  await expect(page.getByText(`${ADMIN} · Beheerder`)).toBeVisible();
  await expect(nav).toBeVisible();
  await page.getByRole('link', { name: 'Wachtwoord wijzigen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wachtwoord wijzigen' })).toBeVisible();
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'Overzicht' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test("the admin may not open a matchmaker's own pages (magic match) or a client's, and is sent home from there", async ({
  page,
}) => {
  await loginViaApi(page, ADMIN);
  for (const path of ['/matchmaker/magic-match', '/dashboard']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.roleMismatch }), path).toBeVisible();
  }
  await page.getByRole('link', { name: 'Naar het beheer' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Beheer' })).toBeVisible();
});

test('after login the admin follows ?next= to a staff page, not to a page of another role', async ({
  page,
}) => {
  for (const [next, landing] of [
    ['/matchmaker/matches?status=completed', /\/matchmaker\/matches\?status=completed$/],
    ['/dashboard/producten', /\/admin$/],
  ] as const) {
    await page.context().clearCookies();
    await page.goto(`/inloggen?next=${encodeURIComponent(next)}`);
    await page.getByLabel('E-mailadres').fill(ADMIN);
    await page.getByLabel('Wachtwoord', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await expect(page, next).toHaveURL(landing);
  }
});
