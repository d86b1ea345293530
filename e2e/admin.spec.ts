import { MESSAGES } from '../src/shared/messages';
import { makeAdmin, makeClient } from './support/factory';
import {
  BASE_URL,
  DEMO_PASSWORD,
  expect,
  expectNoAxeViolations,
  loginViaApi,
  test,
  uniqueEmail,
  waitForMail,
} from './support/fixtures';

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
  await nav.getByRole('link', { name: 'Beheer', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test("the admin opens magic match from the admin menu, may not open a client's pages, and is sent home from there", async ({
  page,
}) => {
  await loginViaApi(page, ADMIN);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Beheermenu' })
    .getByRole('link', { name: 'Magic Match' })
    .click();
  await expect(page).toHaveURL(/\/matchmaker\/magic-match$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Magic Match' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: MESSAGES.roleMismatch })).toBeVisible();
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

// Issue 17 (item 4): the admin console, each test with an admin of its own (the tests of a
// matchmaker's public page are in matchmaker-pages.team.spec.ts).
test.describe('the admin console', () => {
  test('the admin invites a matchmaker, who sets a password through the link and logs in', async ({
    page,
    browser,
    request,
  }) => {
    const email = uniqueEmail('nieuwe-matchmaker');
    const admin = await makeAdmin(request);
    await loginViaApi(page, admin.email, admin.password);
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Beheermenu' })
      .getByRole('link', { name: 'Medewerkers' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Medewerkers' })).toBeVisible();
    const staff = page.getByRole('region', { name: 'Matchmakers' });
    await expect(staff.getByText('Marc Dubois', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    const invite = page.getByRole('region', { name: 'Een matchmaker uitnodigen' });
    await invite.getByRole('button', { name: 'Uitnodiging versturen' }).click();
    await expect(invite.getByText('Vul een naam in')).toBeVisible();
    await invite.getByLabel('Naam').fill('Nora Nieuwkomer');
    await invite.getByLabel('E-mailadres').fill(email);
    await invite.getByRole('button', { name: 'Uitnodiging versturen' }).click();
    await expect(invite.getByText(`De uitnodiging is verstuurd naar ${email}.`)).toBeVisible();
    await expect(staff.getByText('Nora Nieuwkomer', { exact: true })).toBeVisible();
    await expect(staff.getByRole('listitem').filter({ hasText: 'Nora Nieuwkomer' })).toContainText(
      'Uitgenodigd',
    );
    await expectNoAxeViolations(page);

    const mail = await waitForMail(page.request, email, 'Je bent uitgenodigd als matchmaker bij Koppel');
    expect(mail.text).toContain(`${admin.fullName} nodigt je uit als matchmaker bij Koppel`);
    const link = mail.links.find((l) => l.includes('/reset-password#access_token='))!;

    // Her own browser (axe needs a page of a context of its own).
    const context = await browser.newContext({ baseURL: BASE_URL });
    const newcomer = await context.newPage();
    await newcomer.goto(link);
    await expect(
      newcomer.getByRole('heading', { level: 1, name: 'Nieuw wachtwoord instellen' }),
    ).toBeVisible();
    await newcomer.getByLabel('Nieuw wachtwoord', { exact: true }).fill('nora-kiest-2026');
    await newcomer.getByLabel('Bevestig wachtwoord', { exact: true }).fill('nora-kiest-2026');
    await newcomer.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
    await expect(newcomer).toHaveURL(/\/inloggen$/);
    await newcomer.getByLabel('E-mailadres').fill(email);
    await newcomer.getByLabel('Wachtwoord', { exact: true }).fill('nora-kiest-2026');
    await newcomer.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await expect(newcomer).toHaveURL(/\/matchmaker$/);
    await expect(newcomer.getByText('MATCHMAKER', { exact: true })).toBeVisible();

    // Her own public profile, in her settings: the admin's form, without "Actief".
    await newcomer.goto('/dashboard/settings');
    const own = newcomer.getByRole('region', { name: 'Mijn publieke profiel' });
    await expect(own.getByLabel('Naam')).toHaveValue('Nora Nieuwkomer');
    await expect(own.getByLabel('Actief')).toHaveCount(0);
    await own.getByLabel('Korte bio').fill('Ik help je graag op weg.');
    await own.getByRole('button', { name: 'Profiel bewaren' }).click();
    await expect(own.getByText('Het profiel is bewaard.')).toBeVisible();
    await expectNoAxeViolations(newcomer);
    await context.close();

    await page.reload();
    await expect(staff.getByRole('listitem').filter({ hasText: 'Nora Nieuwkomer' })).not.toContainText(
      'Uitgenodigd',
    );
  });

  test('clients, all feedback and the numbers: search, reassign, pause, audit trail, CSV, charts', async ({
    page,
    request,
  }) => {
    // A client of this test's own, so pausing touches nobody else's story.
    const { fullName: name } = await makeClient(request, 'Pieter', {
      surname: `Pauze${Date.now() % 100_000}`,
    });
    const admin = await makeAdmin(request);
    await loginViaApi(page, admin.email, admin.password);
    await page.goto('/admin/klanten');
    await expect(page.getByRole('heading', { level: 1, name: 'Klanten' })).toBeVisible();
    await page.getByLabel('Naam van de klant').fill(name);
    await page.getByRole('button', { name: 'Zoeken' }).click();
    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Lidmaatschap' })).toContainText('Relax');
    await expectNoAxeViolations(page);

    const history = page.getByRole('region', { name: 'Historiek' });
    await page.getByRole('button', { name: 'Matching pauzeren' }).click();
    await expect(
      history.getByRole('row', { name: new RegExp(`${admin.fullName} Matching gepauzeerd`) }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Matching hervatten' }).click();
    await expect(
      history.getByRole('row', { name: new RegExp(`${admin.fullName} Matching hervat`) }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('klant.png'), fullPage: true });

    await page
      .getByRole('navigation', { name: 'Beheermenu' })
      .getByRole('link', { name: 'Alle Feedback' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
    const list = page.getByRole('region', { name: 'Feedback', exact: true });
    await expect(list.getByText('Anoniem voor de matchmaker').first()).toBeVisible();
    await page.getByLabel('Matchmaker', { exact: true }).selectOption({ label: 'Sofie Peeters' });
    await page.getByRole('button', { name: 'Filteren' }).click();
    await expect(page).toHaveURL(/matchmaker_id=/);
    await expect(list.getByText(/over Lotte & Wout Janssens/)).toHaveCount(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Exporteren als CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('koppel-feedback.csv');
    await expectNoAxeViolations(page);

    await page.getByRole('navigation', { name: 'Beheermenu' }).getByRole('link', { name: 'Cijfers' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cijfers' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Omzet per maand, de laatste 12 maanden' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Klanten per lidmaatschap' })).toContainText(
      'Persoonlijk+',
    );
    await expectNoAxeViolations(page);
  });
});
