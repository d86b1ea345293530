import { MESSAGES } from '../src/shared/messages';
import { makeClient, makeMatchmaker } from './support/factory';
import { expect, expectNoAxeViolations, loginViaApi, test } from './support/fixtures';

/**
 * Issue 15 end to end: Sofie's dashboard leads to the intake she held this morning (as the seed's
 * klant35, but with a matchmaker and a client of this test's own); she completes it with notes,
 * and within seconds her client's file shows the tagger's suggestions with their evidence. She
 * confirms two, rejects one, adds one; the file and Inge's own profile overview show the
 * confirmed ones.
 */
test('Sofie completes an intake from her dashboard and turns the notes into confirmed traits', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const shot = (name: string) =>
    page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  const sofie = await makeMatchmaker(request, 'Sofie');
  const inge = await makeClient(request, 'Inge', {
    tier: 'Persoonlijk',
    matchmaker: sofie,
    intake: { scheduledAt: new Date(Date.now() - 2.4 * 3_600_000), status: 'scheduled' },
  });
  await loginViaApi(page, sofie.email, sofie.password);
  await page.goto('/matchmaker');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const todo = page.getByRole('heading', { name: /Intakes af te ronden/ }).locator('..');
  await expect(todo).toContainText(inge.fullName);
  await expectNoAxeViolations(page);
  await shot('dashboard');

  await todo.getByRole('link', { name: inge.fullName }).click();
  const dialog = page.getByRole('dialog', { name: 'Intake afronden' });
  await expect(dialog).toBeVisible();
  await dialog
    .getByLabel('Notities van het gesprek')
    .fill(
      'Inge werkt als boekhouder in Gent. Ze loopt elke ochtend en fietst in het weekend. Ze rookt niet. Ze reist graag en was net in Japan. Ze twijfelt nog over kinderen.',
    );
  await dialog.getByRole('button', { name: 'Intake afronden' }).click();
  await expect(dialog).toBeHidden();

  await page.goto(`/matchmaker/clients?q=${inge.firstName}`);
  await page.getByRole('link', { name: inge.fullName }).click();
  await expect(page.getByRole('heading', { level: 1, name: inge.fullName })).toBeVisible();
  const suggested = page.getByRole('region', { name: /Voorgesteld/ });
  // The tagging run starts after the completion's commit: suggestions within seconds.
  for (const label of ['Sportief', 'Rookt niet', 'Reislustig']) {
    await expect(suggested.getByRole('button', { name: `Bevestig ${label}` })).toBeVisible({
      timeout: 10_000,
    });
  }
  await expect(suggested.getByRole('button', { name: 'Bevestig Kinderwens' })).toHaveCount(0);
  // The evidence is marked in the note.
  await expect(page.locator('mark', { hasText: 'Ze rookt niet.' })).toBeVisible();
  // Issue 28: where each suggestion came from, and how sure it is from its evidence.
  const suggestion = (label: string) => suggested.getByRole('listitem').filter({ hasText: label });
  await expect(suggestion('Rookt niet')).toContainText(
    'AI uit de intakenotities · staat er letterlijk (zekerheid 90%)',
  );
  await expect(suggestion('Sportief')).toContainText('AI uit de intakenotities · afgeleid (zekerheid 70%)');
  await expectNoAxeViolations(page);
  await shot('dossier-voorstellen');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(suggestion('Rookt niet')).toContainText('AI uit de intakenotities');
  await expectNoAxeViolations(page);
  await shot('dossier-voorstellen-telefoon');
  await page.setViewportSize({ width: 1280, height: 720 });

  await suggested.getByRole('button', { name: 'Bevestig Sportief' }).click();
  await expect(suggested.getByRole('button', { name: 'Bevestig Sportief' })).toHaveCount(0);
  await suggested.getByRole('button', { name: 'Bevestig Rookt niet' }).click();
  await expect(suggested.getByRole('button', { name: 'Bevestig Rookt niet' })).toHaveCount(0);
  await suggested.getByRole('button', { name: 'Wijs af Reislustig' }).click();
  await expect(suggested.getByRole('button', { name: 'Wijs af Reislustig' })).toHaveCount(0);
  await page.getByLabel('Eigenschap toevoegen').selectOption({ label: 'Humoristisch' });
  await page.getByLabel('Waar zag je het? (optioneel)').fill('Lachte het hele gesprek.');
  await page.getByRole('button', { name: 'Voeg toe' }).click();

  const confirmed = page.getByRole('region', { name: /Bevestigd/ });
  for (const label of ['Sportief', 'Rookt niet', 'Humoristisch']) {
    await expect(confirmed.getByText(label)).toBeVisible();
  }
  await expect(confirmed).toContainText('Afgewezen: Reislustig');
  await page.getByText(/Geschiedenis/).click();
  await expect(page.getByText(`Reislustig afgewezen door ${sofie.fullName}`, { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot('dossier-bevestigd');

  // Inge sees her confirmed traits, and only those.
  const ingePage = await browser.newPage();
  await loginViaApi(ingePage, inge.email, inge.password);
  await ingePage.goto('/dashboard/profiel-overzicht');
  await expect(ingePage.getByRole('heading', { name: 'Mijn eigenschappen' })).toBeVisible();
  for (const label of ['Sportief', 'Rookt niet', 'Humoristisch']) {
    await expect(ingePage.getByRole('listitem').filter({ hasText: new RegExp(`^${label}$`) })).toBeVisible();
  }
  await expect(ingePage.getByText('Reislustig')).toHaveCount(0);
  await ingePage.close();
});

test('another matchmaker cannot open the file; the admin sees the agency dashboard and every client', async ({
  page,
}) => {
  await loginViaApi(page, 'beheer@koppel.example');
  await page.goto('/matchmaker');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cijfers' })).toBeVisible();
  await page.getByLabel('Matchmaker').selectOption({ label: 'Sofie Peeters' });
  await expect(page.getByRole('heading', { name: 'Cijfers van Sofie Peeters' })).toBeVisible();
  await page.goto('/matchmaker/clients?q=Emma');
  await page.getByRole('link', { name: 'Emma Claes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Emma Claes' })).toBeVisible();
  await expectNoAxeViolations(page);
  const emmasFile = new URL(page.url()).pathname;

  // Lotte does not guide Emma: not in her list, and her file and its magic match say 'Geen Toegang'.
  await page.context().clearCookies();
  await loginViaApi(page, 'lotte.wout@koppel.example');
  await page.goto('/matchmaker/clients?q=Emma');
  await expect(page.getByText('Geen klanten gevonden')).toBeVisible();
  const emma = await page.request.get('/api/matchmaker/clients?q=Emma%20Claes', {});
  expect((await emma.json()).clients).toEqual([]);
  for (const path of [emmasFile, `${emmasFile}/magic-match-overview`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.roleMismatch }), path).toBeVisible();
    await expect(page.getByText('Emma')).toHaveCount(0);
  }
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: '← Terug naar Magic Match' }).click();
  await expect(page).toHaveURL(/\/matchmaker\/magic-match$/);
});

test('a first load that waits for its code shows the spinner after a moment, then the page', async ({
  page,
}) => {
  await loginViaApi(page, 'sofie@koppel.example');
  // The workspace page's own chunk is held back, so the first load waits for it.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/workspace-page-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/matchmaker', { waitUntil: 'commit' });
  await expect(page.getByRole('status')).toContainText('Laden...');
  release();
  await expect(page.getByRole('heading', { name: 'Vandaag te doen' })).toBeVisible();
  await expect(page.getByText('Laden...', { exact: true })).toHaveCount(0);
});
