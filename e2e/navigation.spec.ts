import { expect, expectNoAxeViolations, loginViaApi, test } from './support/fixtures';

/** Each role's shell: its sidebar's name, its tag and its navigation list, in order. */
const SHELLS = [
  {
    email: 'emma@koppel.example',
    home: '/dashboard',
    nav: 'Hoofdmenu',
    tag: null,
    // The last link carries the proposal badge's count after its name.
    links: [
      /^Overzicht$/,
      /^Diensten$/,
      /^Mijn aankopen$/,
      /^Profiel$/,
      /^Matchmakers$/,
      /^Intakegesprek$/,
      /^Voorgestelde Matches/,
      // Issue 32: with the unread messages' badge.
      /^Berichten/,
      /^Quiz$/,
    ],
  },
  {
    email: 'sofie@koppel.example',
    home: '/matchmaker',
    nav: 'Matchmakermenu',
    tag: 'MATCHMAKER',
    links: ['Dashboard', 'Klanten', /^Berichten/, 'Matches', 'Magic Match', 'Intake Feedback'],
  },
  {
    email: 'beheer@koppel.example',
    home: '/admin',
    nav: 'Beheermenu',
    tag: 'BEHEER',
    links: [
      'Beheer',
      'Dashboard',
      'Matches',
      'Magic Match',
      'Intake Feedback',
      'Medewerkers',
      'Klanten',
      'Alle Feedback',
      'Cijfers',
      'Betalingen',
      'E-mails',
    ],
  },
] as const;

for (const shell of SHELLS) {
  test(`${shell.nav}: the ${shell.home} shell shows its role's navigation, greeting and settings menu`, async ({
    page,
  }) => {
    await loginViaApi(page, shell.email);
    await page.goto(shell.home);
    const nav = page.getByRole('navigation', { name: shell.nav });
    await expect(nav.getByRole('link')).toHaveText([...shell.links]);
    await expect(nav.getByRole('link').first()).toHaveAttribute('aria-current', 'page');
    for (const other of SHELLS.filter((s) => s !== shell)) {
      await expect(page.getByRole('navigation', { name: other.nav })).toHaveCount(0);
    }
    if (shell.tag) await expect(page.getByText(shell.tag, { exact: true })).toBeVisible();
    await expect(page.getByText(/^Welkom, \S+$/)).toBeVisible();
    await page.getByRole('button', { name: 'Instellingen' }).click();
    await expect(page.getByRole('menuitem', { name: 'Uitloggen' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
