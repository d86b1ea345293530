import { MESSAGES } from '../src/shared/messages';
import { REDIRECTS } from '../src/shared/routes';
import { expect, expectNoAxeViolations, loginViaApi, test } from './support/fixtures';

test('signed out, a client page sends you to /inloggen', async ({ page }) => {
  await page.goto('/dashboard/profiel-overzicht');
  await expect(page).toHaveURL(/\/inloggen/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();
});

test('a client on /matchmaker sees the role message', async ({ page }) => {
  await loginViaApi(page, 'lucas@koppel.example');
  await page.goto('/matchmaker');
  await expect(page.getByRole('heading', { level: 1, name: MESSAGES.roleMismatch })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a matchmaker on a client page sees the role message', async ({ page }) => {
  await loginViaApi(page, 'sofie@koppel.example');
  await page.goto('/dashboard/producten');
  await expect(page.getByRole('heading', { level: 1, name: MESSAGES.roleMismatch })).toBeVisible();
});

test('every redirect of the spec, and an unknown path to /', async ({ page }) => {
  await loginViaApi(page, 'lucas@koppel.example');
  for (const [from, to] of REDIRECTS) {
    await page.goto(from);
    await expect(page, `${from} → ${to}`).toHaveURL(new RegExp(`${to.replace(/\//g, '\\/')}$`));
  }
  await page.goto('/dit/bestaat/niet');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Iemand ontmoeten die écht bij je past' }),
  ).toBeVisible();
});

test('the client shell: navigation to every child page, the badge, each page accessible', async ({
  page,
}) => {
  // Seven pages, each with axe: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  await loginViaApi(page, 'emma@koppel.example');
  await page.goto('/dashboard');
  await expect(page.getByText('Welkom, Emma')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
  // The demo's one open proposal to Emma (no test proposes to her: they have clients of their own).
  await expect(nav.getByRole('img', { name: '1 voorgestelde match' })).toHaveText('1');
  const pages: [string, string, RegExp][] = [
    ['Overzicht', 'Mijn account', /\/dashboard$/],
    ['Diensten', 'Diensten', /\/dashboard\/producten$/],
    ['Profiel', 'Mijn profiel', /\/dashboard\/profiel-overzicht$/],
    ['Matchmakers', 'Matchmakers', /\/dashboard\/matchmakers$/],
    ['Intakegesprek', 'Intakegesprek plannen', /\/dashboard\/intake-planning$/],
    ['Voorgestelde Matches', 'Voorgestelde matches', /\/dashboard\/proposed-matches$/],
    ['Berichten', 'Berichten', /\/dashboard\/berichten$/],
  ];
  for (const [link, heading, url] of pages) {
    await nav.getByRole('link', { name: new RegExp(`^${link}`) }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

test('the client shell: the pages outside the menu open in it too', async ({ page }) => {
  await loginViaApi(page, 'emma@koppel.example');
  for (const [path, heading] of [
    ['/dashboard/profiel-formulier', 'Profielformulier'],
    ['/dashboard/match-accepted', 'Match geaccepteerd'],
    ['/dashboard/quiz', 'Persoonlijkheidsquiz'],
    ['/dashboard/quiz/resultaten', 'Je quizresultaten'],
    ['/dashboard/change-password', 'Wachtwoord wijzigen'],
    ['/dashboard/feedback/123', 'Feedback'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
});

/** Sofie's pages (read only), in two halves that run side by side; `emma` is Emma's id. */
const MATCHMAKER_PAGES: [string, (emma: string) => [path: string, heading: string][]][] = [
  [
    'its lists',
    () => [
      ['/matchmaker/clients', 'Klanten'],
      ['/matchmaker/berichten', 'Berichten'],
      ['/matchmaker/matches', 'Matches'],
      ['/matchmaker/magic-match', 'Magic Match'],
      ['/matchmaker/feedback', 'Intake feedback'],
    ],
  ],
  [
    "a client's file and magic match",
    (emma) => [
      [`/matchmaker/clients/${emma}`, 'Emma Claes'],
      [`/matchmaker/clients/${emma}/magic-match-overview`, 'Magic Match voor Emma Claes'],
      [`/matchmaker/clients/${emma}/magic-match/results`, 'Kandidaten voor Emma Claes'],
    ],
  ],
];

for (const [half, pages] of MATCHMAKER_PAGES) {
  test(`the matchmaker shell reaches every child page: ${half}`, async ({ page }) => {
    test.setTimeout(120_000);
    await loginViaApi(page, 'sofie@koppel.example');
    const found = await page.request.get('/api/matchmaker/clients?q=Emma%20Claes');
    const emma = ((await found.json()) as { clients: { id: string }[] }).clients[0]!.id;
    for (const [path, heading] of pages(emma)) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
}
