import type { APIRequestContext, Page } from '@playwright/test';
import { BASE_URL, expect, expectNoAxeViolations, test } from './support/fixtures';
import {
  CLIENT_PASSWORD,
  createTestClient,
  nextMinuteInBrussels,
  pairName,
  proposeViaApi,
  signedInPage,
  type TestClient,
  waitForMatchMail,
} from './support/matches';

const EMMA = { email: 'emma@koppel.example', firstName: 'Emma', surname: 'Claes' };

/** The journey of one match, step by step: each test builds on the one before. */
test.describe('a match from proposal to feedback', () => {
  test.describe.configure({ mode: 'serial' });

  let sofie: Page;
  let anonymous: APIRequestContext;
  let noor: TestClient;
  let matchId: string;

  test.beforeAll(async ({ browser, playwright }) => {
    anonymous = await playwright.request.newContext({ baseURL: BASE_URL });
    sofie = await signedInPage(browser, 'sofie@koppel.example');
    noor = await createTestClient(anonymous, sofie.request, 'Noor');
  });

  test.afterAll(async () => {
    await sofie.context().close();
    await anonymous.dispose();
  });

  test('Sofie proposes Emma and a new client through the dialog; both get an e-mail', async () => {
    await sofie.goto('/matchmaker/matches');
    await expect(sofie.getByRole('heading', { level: 1, name: 'Matches' })).toBeVisible();
    await expect(sofie.getByText(/^\d+ match(es)?$/)).toBeVisible();
    await expectNoAxeViolations(sofie);

    await sofie.getByRole('button', { name: 'Nieuwe match' }).click();
    const dialog = sofie.getByRole('dialog', { name: 'Nieuwe match voorstellen' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Match voorstellen' }).click();
    await expect(dialog.getByText('Kies twee klanten.')).toBeVisible();

    await dialog.getByRole('searchbox', { name: 'Eerste klant' }).fill('Emma Cl');
    await dialog.getByRole('button', { name: 'Kies Emma Claes' }).click();
    await dialog.getByRole('searchbox', { name: 'Tweede klant' }).fill(noor.surname);
    await dialog.getByRole('button', { name: `Kies ${noor.fullName}` }).click();
    await dialog
      .getByRole('textbox', { name: 'Waarom passen ze bij elkaar? (optioneel)' })
      .fill('Allebei dol op koken en lange wandelingen.');
    await expectNoAxeViolations(sofie);
    await dialog.getByRole('button', { name: 'Match voorstellen' }).click();

    await expect(
      sofie.getByText(
        pairName('Emma Claes', noor.fullName, 'Match voorgesteld: ', '. Beide klanten krijgen een e-mail.'),
      ),
    ).toBeVisible();
    const detail = sofie.getByRole('dialog', { name: pairName('Emma Claes', noor.fullName) });
    await expect(detail).toBeVisible();
    await expect(detail.getByText('Voorgesteld', { exact: true }).first()).toBeVisible();
    await expect(detail.getByText('Nog geen antwoord')).toHaveCount(2);
    await expectNoAxeViolations(sofie);
    matchId = new URL(sofie.url()).searchParams.get('match')!;
    expect(matchId).toMatch(/^[0-9a-f-]{36}$/);

    for (const to of [EMMA.email, noor.email]) {
      await waitForMatchMail(
        anonymous,
        to,
        'Je matchmaker heeft een match voor je',
        '/dashboard/proposed-matches',
      );
    }
  });

  test('both clients see the badge, only a first name, and accept; everyone hears it', async ({
    browser,
  }) => {
    const noorPage = await signedInPage(browser, noor.email, CLIENT_PASSWORD);
    await noorPage.goto('/dashboard');
    const nav = noorPage.getByRole('navigation', { name: 'Hoofdmenu' });
    await expect(nav.getByRole('img', { name: '1 voorgestelde match' })).toHaveText('1');
    await nav.getByRole('link', { name: /^Voorgestelde Matches/ }).click();
    const card = noorPage.getByRole('article', { name: /^Emma/ });
    await expect(card).toBeVisible();
    await expect(card.getByText('Allebei dol op koken en lange wandelingen.')).toBeVisible();
    await expect(card.getByText(/Nog 6 dagen en 23 uur|Nog 7 dagen/)).toBeVisible();
    const body = await noorPage.locator('body').innerText();
    expect(body).not.toContain(EMMA.surname);
    expect(body).not.toContain(EMMA.email);
    await expectNoAxeViolations(noorPage);
    await card.getByRole('button', { name: 'Ja, ik wil Emma leren kennen' }).click();
    await expect(
      card.getByText('Je hebt ja gezegd. We laten je weten zodra Emma heeft geantwoord.'),
    ).toBeVisible();

    const emma = await signedInPage(browser, EMMA.email);
    await emma.goto('/dashboard');
    await expect(
      emma.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('img', { name: /voorgestelde match/ }),
    ).toBeVisible();
    await emma.goto('/dashboard/proposed-matches');
    const emmaCard = emma.getByRole('article', { name: new RegExp(`^${noor.firstName}`) });
    await expect(emmaCard).toBeVisible();
    const emmaBody = await emma.locator('body').innerText();
    expect(emmaBody).not.toContain(noor.surname);
    expect(emmaBody).not.toContain(noor.email);
    const reply = await emma.request.get('/api/me/proposed-matches');
    const replyText = await reply.text();
    expect(replyText).toContain(noor.firstName);
    expect(replyText).not.toContain(noor.surname);
    expect(replyText).not.toContain(noor.email);
    await expectNoAxeViolations(emma);
    await emmaCard.getByRole('button', { name: `Ja, ik wil ${noor.firstName} leren kennen` }).click();
    await expect(emmaCard).toBeHidden();
    await emma.getByRole('link', { name: 'Bekijk wat er nu gebeurt' }).click();
    await expect(emma).toHaveURL(/\/dashboard\/match-accepted$/);
    await expect(emma.getByRole('article', { name: `Jij en ${noor.firstName}` })).toContainText(
      'Geaccepteerd',
    );
    await expectNoAxeViolations(emma);

    await waitForMatchMail(
      anonymous,
      EMMA.email,
      'Jullie willen allebei kennismaken',
      '/dashboard/match-accepted',
    );
    await waitForMatchMail(
      anonymous,
      noor.email,
      'Jullie willen allebei kennismaken',
      '/dashboard/match-accepted',
    );
    await waitForMatchMail(
      anonymous,
      'sofie@koppel.example',
      'Een match is door beide klanten aanvaard',
      `?match=${matchId}`,
    );
    await noorPage.context().close();
    await emma.context().close();
  });

  test('Sofie plans the date and marks it held; Emma gives feedback and Sofie reads it', async ({
    browser,
  }) => {
    // The date is planned a minute after the acceptance (never before it), then waited for.
    test.setTimeout(180_000);
    await sofie.goto(`/matchmaker/matches?match=${matchId}`);
    const detail = sofie.getByRole('dialog', { name: pairName('Emma Claes', noor.fullName) });
    await expect(detail.getByText('Geaccepteerd', { exact: true }).first()).toBeVisible();
    await expect(detail.getByText(/^Ja, op /)).toHaveCount(2);
    await detail.getByRole('button', { name: 'Date plannen' }).click();
    const planned = nextMinuteInBrussels();
    await detail.getByLabel('Datum en uur van de date').fill(planned.input);
    await detail
      .getByRole('textbox', { name: 'Notitie (optioneel)' })
      .fill('Restaurant in Leuven gereserveerd.');
    await expectNoAxeViolations(sofie);
    await detail.getByRole('button', { name: 'Bevestigen' }).click();
    await expect(detail.getByText('Gepland', { exact: true }).first()).toBeVisible();
    await expect(detail.getByText('Restaurant in Leuven gereserveerd.')).toBeVisible();

    // A date is marked as held once its time has come.
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, planned.at.getTime() - Date.now() + 2_000)),
    );
    await detail.getByRole('button', { name: 'Date heeft plaatsgevonden' }).click();
    await detail.getByRole('button', { name: 'Bevestigen' }).click();
    await expect(detail.getByText('Voltooid', { exact: true }).first()).toBeVisible();
    await expect(detail.getByText('Nog geen feedback van de klanten.')).toBeVisible();

    const emma = await signedInPage(browser, EMMA.email);
    await emma.goto('/dashboard/match-accepted');
    const card = emma.getByRole('article', { name: `Jij en ${noor.firstName}` });
    await expect(card.getByText('Jullie date heeft plaatsgevonden')).toBeVisible();
    await expectNoAxeViolations(emma);
    await card.getByRole('button', { name: 'Feedback versturen' }).click();
    await expect(card.getByText('Kies een score en of je elkaar wilt terugzien.')).toBeVisible();
    await card
      .getByRole('group', { name: `Hoe was je date met ${noor.firstName}?` })
      .getByRole('radio', { name: '5 · Heel goed' })
      .check();
    await card
      .getByRole('group', { name: `Wil je ${noor.firstName} nog eens terugzien?` })
      .getByRole('radio', { name: 'Ja, graag' })
      .check();
    await card
      .getByRole('textbox', { name: 'Wil je nog iets kwijt? (optioneel)' })
      .fill('We hebben uren gepraat.');
    await card.getByRole('button', { name: 'Feedback versturen' }).click();
    await expect(
      card.getByText(`Bedankt voor je feedback over je date met ${noor.firstName}.`),
    ).toBeVisible();
    await expectNoAxeViolations(emma);
    await emma.context().close();

    await sofie.reload();
    const feedback = sofie.getByRole('dialog', { name: pairName('Emma Claes', noor.fullName) });
    await expect(feedback.getByText('Emma Claes: 5/5')).toBeVisible();
    await expect(feedback.getByText('Wil elkaar terugzien: ja')).toBeVisible();
    await expect(feedback.getByText('We hebben uren gepraat.')).toBeVisible();
    await expectNoAxeViolations(sofie);
  });
});

test('a rejection: the reason reaches Sofie and not the other client', async ({ browser, request }) => {
  const sofie = await signedInPage(browser, 'sofie@koppel.example');
  const [lien, jonas] = [
    await createTestClient(request, sofie.request, 'Lien'),
    await createTestClient(request, sofie.request, 'Jonas'),
  ];
  const matchId = await proposeViaApi(sofie.request, lien.id, jonas.id, 'Twee avonturiers.');
  const reason = `Ik zoek iemand die dichter bij woont (${jonas.surname.slice(-6)})`;

  const jonasPage = await signedInPage(browser, jonas.email, CLIENT_PASSWORD);
  await jonasPage.goto('/dashboard/proposed-matches');
  const card = jonasPage.getByRole('article', { name: new RegExp(`^${lien.firstName}`) });
  await card.getByRole('button', { name: 'Nee, bedankt' }).click();
  await card.getByRole('textbox', { name: 'Waarom niet? (optioneel)' }).fill(reason);
  await expectNoAxeViolations(jonasPage);
  await card.getByRole('button', { name: 'Afwijzing versturen' }).click();
  await expect(jonasPage.getByRole('heading', { name: 'Geen voorstellen op dit moment' })).toBeVisible();
  await expectNoAxeViolations(jonasPage);

  await waitForMatchMail(request, 'sofie@koppel.example', 'Een voorstel is afgewezen', `?match=${matchId}`);
  await sofie.goto(`/matchmaker/matches?match=${matchId}`);
  const detail = sofie.getByRole('dialog', { name: pairName(lien.fullName, jonas.fullName) });
  await expect(detail.getByText('Afgewezen', { exact: true }).first()).toBeVisible();
  await expect(detail.getByText(`Reden: ${reason}`)).toBeVisible();
  await expect(detail.getByText('Deze match is afgewezen; er zijn geen stappen meer.')).toBeVisible();
  // Closed: when it was rejected shows in the timeline, and nothing offers feedback or a follow-up.
  await expect(detail.locator('dt', { hasText: 'Afgewezen' })).toBeVisible();
  await expect(detail.getByRole('heading', { name: 'Feedback na de date' })).toHaveCount(0);
  await expect(detail.getByRole('heading', { name: 'Opvolging toevoegen' })).toHaveCount(0);
  await expectNoAxeViolations(sofie);

  const lienPage = await signedInPage(browser, lien.email, CLIENT_PASSWORD);
  for (const path of ['/dashboard/proposed-matches', '/dashboard/match-accepted']) {
    await lienPage.goto(path);
    await expect(lienPage.getByRole('heading', { level: 2 }).first()).toBeVisible();
    expect(await lienPage.locator('body').innerText()).not.toContain(reason);
  }
  await expect(lienPage.getByRole('heading', { name: 'Nog geen geaccepteerde match' })).toBeVisible();
  for (const path of ['/api/me/proposed-matches', '/api/me/matches', `/api/matches/${matchId}`]) {
    const reply = await lienPage.request.get(path);
    expect(await reply.text(), path).not.toContain(reason);
  }
  expect((await lienPage.request.get(`/api/matches/${matchId}`)).status()).toBe(403);

  for (const page of [sofie, jonasPage, lienPage]) await page.context().close();
});
