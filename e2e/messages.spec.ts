import { makeAdmin, makeClient, makeMatch, makeMatchableClients, makeMatchmaker } from './support/factory';
import { BASE_URL, expect, expectNoAxeViolations, loginViaApi, test } from './support/fixtures';
import { pairName, signedInPage } from './support/matches';

/**
 * Issue 32: the conversation between a client and their matchmaker. Each test makes its own
 * matchmaker and clients (named like the demo's Sofie and Emma), so nothing of the demo changes.
 */
const SHOTS = '/tmp/h32-shots';

test('Emma writes to Sofie; Sofie sees the unread count, answers from Emma’s file; Emma sees the answer without reloading', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const matchmaker = await makeMatchmaker(request, 'Sofie');
  const emma = await makeClient(request, 'Emma', {
    matchmaker,
    tier: 'Persoonlijk',
    activeForMatching: true,
  });

  // Emma writes from Berichten in her navigation. Markup and a link stay the text she typed.
  const emmaPage = await signedInPage(browser, emma.email, emma.password);
  await emmaPage.goto('/dashboard');
  await emmaPage
    .getByRole('navigation', { name: 'Hoofdmenu' })
    .getByRole('link', { name: /^Berichten/ })
    .click();
  await expect(emmaPage).toHaveURL(/\/dashboard\/berichten$/);
  await expect(emmaPage.getByRole('heading', { level: 1, name: 'Berichten' })).toBeVisible();
  const emmaLog = emmaPage.getByRole('log', { name: `Gesprek met ${matchmaker.fullName}` });
  await expect(emmaLog).toContainText('Nog geen berichten');
  await expectNoAxeViolations(emmaPage);
  const question = 'Dag Sofie, kan je me bellen? Zie <b>dit</b> en https://example.be/info';
  await emmaPage.getByLabel(`Bericht aan ${matchmaker.fullName}`).fill(question);
  await emmaPage.getByRole('button', { name: 'Verstuur' }).click();
  await expect(emmaLog.getByText(question, { exact: true })).toBeVisible();
  await expect(emmaLog.locator('b')).toHaveCount(0);
  await expect(emmaLog.getByRole('link')).toHaveCount(0);
  await expect(emmaLog.getByText('Nog niet gelezen')).toBeVisible();
  await expect(emmaPage.getByLabel(`Bericht aan ${matchmaker.fullName}`)).toHaveValue('');
  // Emma keeps this page open from here on: a reload would reset the marker.
  await emmaPage.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  // Sofie: the unread badge in her navigation and "wacht op antwoord" on her dashboard.
  const sofiePage = await signedInPage(browser, matchmaker.email, matchmaker.password);
  await sofiePage.goto('/matchmaker');
  const nav = sofiePage.getByRole('navigation', { name: 'Matchmakermenu' });
  await expect(nav.getByRole('img', { name: '1 ongelezen bericht' })).toHaveText('1');
  const waiting = sofiePage.getByRole('heading', { name: /Berichten: wacht op antwoord/ });
  await expect(waiting).toContainText('1');
  await expectNoAxeViolations(sofiePage);
  await sofiePage.screenshot({ path: `${SHOTS}/1-sofie-dashboard.png`, fullPage: true });

  // The inbox: Emma waits, with her first line.
  await nav.getByRole('link', { name: /^Berichten/ }).click();
  await expect(sofiePage).toHaveURL(/\/matchmaker\/berichten$/);
  const inbox = sofiePage.getByRole('list', { name: 'Gesprekken, wie het langst wacht eerst' });
  const entry = inbox.getByRole('link', { name: new RegExp(emma.fullName) });
  await expect(entry).toContainText('Wacht op antwoord sinds');
  await expect(entry).toContainText('Dag Sofie, kan je me bellen?');
  await expectNoAxeViolations(sofiePage);
  await sofiePage.screenshot({ path: `${SHOTS}/2-sofie-inbox.png`, fullPage: true });

  // Emma's file: the conversation, and Sofie answers from there.
  await entry.click();
  await expect(sofiePage.getByRole('heading', { level: 1, name: emma.fullName })).toBeVisible();
  const sofieLog = sofiePage.getByRole('log', { name: `Gesprek met ${emma.fullName}` });
  await expect(sofieLog.getByText(question, { exact: true })).toBeVisible();
  const answer = 'Dag Emma, ik bel je morgen om 10:00. Tot dan!';
  await sofiePage.getByLabel(`Bericht aan ${emma.firstName}`).fill(answer);
  await sofiePage.getByRole('button', { name: 'Verstuur' }).click();
  await expect(sofieLog.getByText(answer, { exact: true })).toBeVisible();
  // Opened: nothing unread anymore for Sofie.
  await expect(nav.getByRole('img', { name: /ongelezen/ })).toHaveCount(0, { timeout: 40_000 });

  // Emma's open page shows the answer and the read receipt of her own message, without a reload.
  await expect(emmaLog.getByText(answer, { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(emmaLog.getByText(/^Gelezen/).first()).toBeVisible();
  expect(await emmaPage.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
    true,
  );
  await expectNoAxeViolations(emmaPage);
  await emmaPage.screenshot({ path: `${SHOTS}/3-emma-answer.png`, fullPage: true });

  // And Sofie's page in turn shows that Emma read the answer.
  await expect(sofieLog.getByText(/^Gelezen/).last()).toBeVisible({ timeout: 10_000 });
  await expectNoAxeViolations(sofiePage);
  await sofiePage
    .getByRole('region', { name: 'Berichten' })
    .screenshot({ path: `${SHOTS}/4-sofie-file-conversation.png` });
  await emmaPage.context().close();
  await sofiePage.context().close();
});

test('after a held date the matchmaker’s debrief question arrives; the answer sits beside the date in the file', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const matchmaker = await makeMatchmaker(request, 'Sofie');
  const [noor, pieter] = await makeMatchableClients(request, matchmaker, ['Noor', 'Pieter']);
  const match = await makeMatch(request, {
    clients: [noor, pieter],
    matchmaker,
    status: 'scheduled',
    scheduledAt: new Date(Date.now() - 3 * 3_600_000),
  });
  const sofiePage = await signedInPage(browser, matchmaker.email, matchmaker.password);
  await sofiePage.goto(`/matchmaker/matches?match=${match.id}`);
  const detail = sofiePage.getByRole('dialog', { name: pairName(noor.fullName, pieter.fullName) });
  await detail.getByRole('button', { name: 'Date heeft plaatsgevonden' }).click();
  await detail.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(detail.getByText('Voltooid', { exact: true }).first()).toBeVisible();

  const noorPage = await signedInPage(browser, noor.email, noor.password);
  await noorPage.goto('/dashboard');
  await expect(
    noorPage.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('img', { name: '1 ongelezen bericht' }),
  ).toBeVisible();
  await noorPage.goto('/dashboard/berichten');
  const log = noorPage.getByRole('log', { name: `Gesprek met ${matchmaker.fullName}` });
  await expect(log.getByText('Vraag na je date')).toBeVisible();
  await expect(log).toContainText(`Hoe was je date met ${pieter.firstName}?`);
  await expectNoAxeViolations(noorPage);
  const debriefAnswer = 'Heel gezellig! We wandelden en praatten uren. Ik zie Pieter graag terug.';
  await noorPage.getByLabel(`Bericht aan ${matchmaker.fullName}`).fill(debriefAnswer);
  await noorPage.getByRole('button', { name: 'Verstuur' }).click();
  await expect(log.getByText('Antwoord na de date')).toBeVisible();
  await noorPage.screenshot({ path: `${SHOTS}/5-noor-debrief.png`, fullPage: true });

  await sofiePage.goto(`/matchmaker/clients/${noor.id}`);
  const matches = sofiePage.getByRole('region', { name: 'Matches' });
  await expect(matches.getByText('Debrief na de date')).toBeVisible();
  await expect(matches.getByText(debriefAnswer)).toBeVisible();
  await expectNoAxeViolations(sofiePage);
  await matches.screenshot({ path: `${SHOTS}/6-file-debrief.png` });
  await noorPage.context().close();
  await sofiePage.context().close();
});

test('an admin reads a conversation on purpose, and the reading is in the audit trail of the console', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const matchmaker = await makeMatchmaker(request, 'Sofie');
  const client = await makeClient(request, 'Klacht', {
    matchmaker,
    tier: 'Persoonlijk',
    activeForMatching: true,
  });
  const clientPage = await signedInPage(browser, client.email, client.password);
  const sent = await clientPage.request.post('/api/me/conversation/messages', {
    data: { body: 'Ik wil een klacht indienen over de opvolging.' },
    headers: { origin: BASE_URL },
  });
  expect(sent.status()).toBe(201);
  await clientPage.context().close();

  const admin = await makeAdmin(request);
  await loginViaApi(page, admin.email, admin.password);
  await page.goto(`/matchmaker/clients/${client.id}`);
  const section = page.getByRole('region', { name: 'Berichten' });
  await expect(section.getByText('Elke inzage door een beheerder wordt vastgelegd')).toBeVisible();
  await expect(section.getByRole('log')).toHaveCount(0);
  await section.getByRole('button', { name: 'Lees het gesprek (kwaliteit of klacht)' }).click();
  await expect(section.getByText('Ik wil een klacht indienen over de opvolging.')).toBeVisible();
  // An admin reads; only the client's matchmaker writes.
  await expect(section.getByRole('button', { name: 'Verstuur' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goto(`/admin/klanten/${client.id}`);
  await expect(page.getByText('Gesprek met de matchmaker ingezien (kwaliteit en klachten)')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/7-admin-audit.png`, fullPage: true });
});

test('the demo: Emma’s conversation with Sofie holds the debrief of her date with Stijn', async ({
  page,
}) => {
  await loginViaApi(page, 'emma@koppel.example');
  await page.goto('/dashboard/berichten');
  const log = page.getByRole('log', { name: 'Gesprek met Sofie Peeters' });
  await expect(log).toContainText('Hoe was je date met Stijn?');
  await expect(log).toContainText('Het was een fijne avond!');
  await expect(log).toContainText('ik zag je voorstel met Thomas');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/0-demo-emma.png`, fullPage: true });
});
