import { makeClient, makeMatch, makeMatchableClients, makeMatchmaker } from './support/factory';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { brusselsMinute, pairName, signedInPage, waitForMatchMail } from './support/matches';

const NOTE = 'Allebei dol op koken en lange wandelingen.';
const HOUR = 3_600_000;

/**
 * A match from proposal to feedback, one step per test. Each step starts from a match the factory
 * put in the state the step before leaves it in, so the steps run side by side and alone.
 */
test.describe('a match from proposal to feedback', () => {
  test('the matchmaker proposes two of her clients through the dialog; both get an e-mail', async ({
    browser,
    request,
  }) => {
    const matchmaker = await makeMatchmaker(request, 'Sofie');
    const [emma, noor] = await makeMatchableClients(request, matchmaker, ['Emma', 'Noor']);
    const sofie = await signedInPage(browser, matchmaker.email, matchmaker.password);
    await sofie.goto('/matchmaker/matches');
    await expect(sofie.getByRole('heading', { level: 1, name: 'Matches' })).toBeVisible();
    await expect(
      sofie.getByText('Je hebt nog geen matches. Stel je eerste match voor met de knop hierboven.'),
    ).toBeVisible();
    await expectNoAxeViolations(sofie);

    await sofie.getByRole('button', { name: 'Nieuwe match' }).click();
    const dialog = sofie.getByRole('dialog', { name: 'Nieuwe match voorstellen' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Match voorstellen' }).click();
    await expect(dialog.getByText('Kies twee klanten.')).toBeVisible();

    // Part of the name is enough to find her.
    await dialog
      .getByRole('searchbox', { name: 'Eerste klant' })
      .fill(emma.fullName.slice(0, emma.firstName.length + 4));
    await dialog.getByRole('button', { name: `Kies ${emma.fullName}` }).click();
    await dialog.getByRole('searchbox', { name: 'Tweede klant' }).fill(noor.surname);
    await dialog.getByRole('button', { name: `Kies ${noor.fullName}` }).click();
    await dialog.getByRole('textbox', { name: 'Introductie' }).fill(NOTE);
    await expectNoAxeViolations(sofie);
    await dialog.getByRole('button', { name: 'Match voorstellen' }).click();

    await expect(
      sofie.getByText(
        pairName(emma.fullName, noor.fullName, 'Match voorgesteld: ', '. Beide klanten krijgen een e-mail.'),
      ),
    ).toBeVisible();
    const detail = sofie.getByRole('dialog', { name: pairName(emma.fullName, noor.fullName) });
    await expect(detail).toBeVisible();
    await expect(detail.getByText('Voorgesteld', { exact: true }).first()).toBeVisible();
    await expect(detail.getByText('Nog geen antwoord')).toHaveCount(2);
    await expectNoAxeViolations(sofie);
    const matchId = new URL(sofie.url()).searchParams.get('match')!;
    expect(matchId).toMatch(/^[0-9a-f-]{36}$/);
    await expect(sofie.getByText('1 match', { exact: true })).toBeAttached();

    for (const to of [emma.email, noor.email]) {
      await waitForMatchMail(
        request,
        to,
        'Je matchmaker heeft een match voor je',
        '/dashboard/proposed-matches',
      );
    }
    await sofie.context().close();
  });

  test('both clients see the badge, only a first name, and accept; everyone hears it', async ({
    browser,
    request,
  }) => {
    const matchmaker = await makeMatchmaker(request, 'Sofie');
    const [emma, noor] = await makeMatchableClients(request, matchmaker, ['Emma', 'Noor']);
    const { id: matchId } = await makeMatch(request, { clients: [emma, noor], matchmaker, note: NOTE });

    const noorPage = await signedInPage(browser, noor.email, noor.password);
    await noorPage.goto('/dashboard');
    const nav = noorPage.getByRole('navigation', { name: 'Hoofdmenu' });
    await expect(nav.getByRole('img', { name: '1 voorgestelde match' })).toHaveText('1');
    await nav.getByRole('link', { name: /^Voorgestelde Matches/ }).click();
    const card = noorPage.getByRole('article', { name: new RegExp(`^${emma.firstName}`) });
    await expect(card).toBeVisible();
    await expect(card.getByText(NOTE)).toBeVisible();
    await expect(card.getByText(/Nog 6 dagen en 23 uur|Nog 7 dagen/)).toBeVisible();
    const body = await noorPage.locator('body').innerText();
    expect(body).not.toContain(emma.surname);
    expect(body).not.toContain(emma.email);
    await expectNoAxeViolations(noorPage);
    await card.getByRole('button', { name: `Ja, ik wil ${emma.firstName} leren kennen` }).click();
    await expect(
      card.getByText(`Je hebt ja gezegd. We laten je weten zodra ${emma.firstName} heeft geantwoord.`),
    ).toBeVisible();

    const emmaPage = await signedInPage(browser, emma.email, emma.password);
    await emmaPage.goto('/dashboard');
    await expect(
      emmaPage
        .getByRole('navigation', { name: 'Hoofdmenu' })
        .getByRole('img', { name: '1 voorgestelde match' }),
    ).toBeVisible();
    await emmaPage.goto('/dashboard/proposed-matches');
    const emmaCard = emmaPage.getByRole('article', { name: new RegExp(`^${noor.firstName}`) });
    await expect(emmaCard).toBeVisible();
    const emmaBody = await emmaPage.locator('body').innerText();
    expect(emmaBody).not.toContain(noor.surname);
    expect(emmaBody).not.toContain(noor.email);
    const reply = await emmaPage.request.get('/api/me/proposed-matches');
    const replyText = await reply.text();
    expect(replyText).toContain(noor.firstName);
    expect(replyText).not.toContain(noor.surname);
    expect(replyText).not.toContain(noor.email);
    await expectNoAxeViolations(emmaPage);
    await emmaCard.getByRole('button', { name: `Ja, ik wil ${noor.firstName} leren kennen` }).click();
    await expect(emmaCard).toBeHidden();
    await emmaPage.getByRole('link', { name: 'Bekijk wat er nu gebeurt' }).click();
    await expect(emmaPage).toHaveURL(/\/dashboard\/match-accepted$/);
    // Issue 27: the status as the client reads it.
    await expect(emmaPage.getByRole('article', { name: `Jij en ${noor.firstName}` })).toContainText(
      'Allebei ja',
    );
    await expectNoAxeViolations(emmaPage);

    for (const client of [emma, noor]) {
      await waitForMatchMail(
        request,
        client.email,
        'Jullie willen allebei kennismaken',
        '/dashboard/match-accepted',
      );
    }
    await waitForMatchMail(
      request,
      matchmaker.email,
      'Een match is door beide klanten aanvaard',
      `?match=${matchId}`,
    );
    await noorPage.context().close();
    await emmaPage.context().close();
  });

  test('the matchmaker plans the date and marks it held; a client gives feedback and she reads it', async ({
    browser,
    request,
  }) => {
    const matchmaker = await makeMatchmaker(request, 'Sofie');
    const [emma, noor] = await makeMatchableClients(request, matchmaker, ['Emma', 'Noor']);
    // Both said yes an hour ago: a date half an hour ago lies after that, and its time has come.
    const match = await makeMatch(request, {
      clients: [emma, noor],
      matchmaker,
      status: 'accepted',
      note: NOTE,
      proposedAt: new Date(Date.now() - 3 * HOUR),
    });
    const sofie = await signedInPage(browser, matchmaker.email, matchmaker.password);
    await sofie.goto(`/matchmaker/matches?match=${match.id}`);
    const detail = sofie.getByRole('dialog', { name: pairName(emma.fullName, noor.fullName) });
    await expect(detail.getByText('Geaccepteerd', { exact: true }).first()).toBeVisible();
    await expect(detail.getByText(/^Ja, op /)).toHaveCount(2);
    await detail.getByRole('button', { name: 'Date plannen' }).click();
    await detail.getByLabel('Datum en uur van de date').fill(brusselsMinute(new Date(Date.now() - HOUR / 2)));
    await detail.getByLabel('Plek', { exact: true }).fill('Restaurant De Markt');
    await detail.getByLabel('Adres', { exact: true }).fill('Grote Markt 1, 3000 Leuven');
    await detail
      .getByRole('textbox', { name: 'Notitie (optioneel)' })
      .fill('Restaurant in Leuven gereserveerd.');
    await expectNoAxeViolations(sofie);
    await detail.getByRole('button', { name: 'Bevestigen' }).click();
    await expect(detail.getByText('Gepland', { exact: true }).first()).toBeVisible();
    await expect(detail.getByText('Restaurant in Leuven gereserveerd.')).toBeVisible();

    // A date is marked as held once its time has come: this one's has.
    await detail.getByRole('button', { name: 'Date heeft plaatsgevonden' }).click();
    await detail.getByRole('button', { name: 'Bevestigen' }).click();
    await expect(detail.getByText('Voltooid', { exact: true }).first()).toBeVisible();
    await expect(detail.getByText('Nog geen feedback van de klanten.')).toBeVisible();

    const emmaPage = await signedInPage(browser, emma.email, emma.password);
    await emmaPage.goto('/dashboard/match-accepted');
    const card = emmaPage.getByRole('article', { name: `Jij en ${noor.firstName}` });
    await expect(card.getByText('Jullie date heeft plaatsgevonden')).toBeVisible();
    await expectNoAxeViolations(emmaPage);
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
    await expectNoAxeViolations(emmaPage);
    await emmaPage.context().close();

    await sofie.reload();
    const feedback = sofie.getByRole('dialog', { name: pairName(emma.fullName, noor.fullName) });
    await expect(feedback.getByText(`${emma.fullName}: 5/5`)).toBeVisible();
    await expect(feedback.getByText('Wil elkaar terugzien: ja')).toBeVisible();
    await expect(feedback.getByText('We hebben uren gepraat.')).toBeVisible();
    await expectNoAxeViolations(sofie);
    await sofie.context().close();
  });
});

test('a rejection: the reason reaches the matchmaker and not the other client', async ({
  browser,
  request,
}) => {
  const matchmaker = await makeMatchmaker(request, 'Sofie');
  const lien = await makeClient(request, 'Lien', { matchmaker, activeForMatching: true });
  const jonas = await makeClient(request, 'Jonas', { matchmaker, activeForMatching: true });
  const { id: matchId } = await makeMatch(request, {
    clients: [lien, jonas],
    matchmaker,
    note: 'Twee avonturiers.',
  });
  const reason = `Ik zoek iemand die dichter bij woont (${jonas.surname.slice(-6)})`;

  const jonasPage = await signedInPage(browser, jonas.email, jonas.password);
  await jonasPage.goto('/dashboard/proposed-matches');
  const card = jonasPage.getByRole('article', { name: new RegExp(`^${lien.firstName}`) });
  await expect(card.getByText('Twee avonturiers.')).toBeVisible();
  await card.getByRole('button', { name: 'Nee, bedankt' }).click();
  await card.getByRole('textbox', { name: 'Waarom niet? (optioneel)' }).fill(reason);
  await expectNoAxeViolations(jonasPage);
  await card.getByRole('button', { name: 'Afwijzing versturen' }).click();
  await expect(jonasPage.getByRole('heading', { name: 'Geen voorstellen op dit moment' })).toBeVisible();
  await expectNoAxeViolations(jonasPage);

  await waitForMatchMail(request, matchmaker.email, 'Een voorstel is afgewezen', `?match=${matchId}`);
  const sofie = await signedInPage(browser, matchmaker.email, matchmaker.password);
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

  const lienPage = await signedInPage(browser, lien.email, lien.password);
  for (const path of ['/dashboard/proposed-matches', '/dashboard/match-accepted']) {
    await lienPage.goto(path);
    await expect(lienPage.getByRole('heading', { level: 2 }).first()).toBeVisible();
    expect(await lienPage.locator('body').innerText()).not.toContain(reason);
  }
  // Issue 27 item 4: Lien is told kindly that the proposal does not go on, without the reason.
  const declined = lienPage.getByRole('article', { name: `Jouw voorstel met ${jonas.firstName}` });
  await expect(declined.getByText('Gaat niet verder', { exact: true }).first()).toBeVisible();
  await expect(declined).not.toContainText(reason);
  await waitForMatchMail(request, lien.email, 'Een voorstel gaat niet verder', '/dashboard/match-accepted');
  for (const path of ['/api/me/proposed-matches', '/api/me/matches', `/api/matches/${matchId}`]) {
    const reply = await lienPage.request.get(path);
    expect(await reply.text(), path).not.toContain(reason);
  }
  // Not hers to see: the specific refusal, not just any error.
  const refused = await lienPage.request.get(`/api/matches/${matchId}`);
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'UNAUTHORIZED' });

  for (const page of [sofie, jonasPage, lienPage]) await page.context().close();
});
