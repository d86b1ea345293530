import { brusselsToInstant } from '../src/shared/date-time';
import { makeMatch, makeMatchableClients, makeMatchmaker } from './support/factory';
import {
  BASE_URL,
  expect,
  expectNoAxeViolations,
  loginViaApi,
  type MailboxMessage,
  test,
  waitForMail,
} from './support/fixtures';
import { pairName, signedInPage } from './support/matches';
import { testPhoto } from './support/profile';

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
  await detail.getByLabel('Plek', { exact: true }).fill('Café De Zwaan');
  await detail.getByLabel('Adres', { exact: true }).fill('Grote Markt 1, 2000 Antwerpen');
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

const SHOTS = '/tmp/shots-dates';

/** The one .ics of a mail, as the mailbox holds it. */
function icsOf(mail: MailboxMessage) {
  expect(mail.attachments.map((a) => a.content_type)).toEqual([expect.stringMatching(/^text\/calendar/)]);
  return mail.attachments[0]!.content;
}
const uidOf = (ics: string) => /^UID:(.+)$/m.exec(ics)?.[1]?.trim();

test('Sofie plans a date with a place and a message: both get the invitation, Noor sees Pieter, the place and the countdown; a move reaches both; "Kan je niet?" reaches Sofie', async ({
  browser,
  request,
}) => {
  const matchmaker = await makeMatchmaker(request, 'Sofie');
  const [noor, pieter] = await makeMatchableClients(request, matchmaker, ['Noor', 'Pieter']);
  const match = await makeMatch(request, { clients: [noor, pieter], matchmaker, status: 'accepted' });
  // Pieter has a photo on his profile.
  const pieterPage = await signedInPage(browser, pieter.email, pieter.password);
  const upload = await pieterPage.request.post('/api/me/photos', {
    multipart: { photo: { name: 'pieter.jpg', mimeType: 'image/jpeg', buffer: await testPhoto() } },
    headers: { origin: BASE_URL },
  });
  expect(upload.status()).toBe(201);

  const sofie = await signedInPage(browser, matchmaker.email, matchmaker.password);
  await sofie.goto(`/matchmaker/matches?match=${match.id}`);
  const detail = sofie.getByRole('dialog', { name: pairName(noor.fullName, pieter.fullName) });
  await detail.getByRole('button', { name: 'Date plannen' }).click();
  const day = brusselsDay(4);
  await detail.getByLabel('Datum en uur van de date').fill(`${day}T19:30`);
  await detail.getByLabel('Plek', { exact: true }).fill('Café De Zwaan');
  await detail.getByLabel('Adres', { exact: true }).fill('Grote Markt 1, 2000 Antwerpen');
  await detail.getByLabel('Website van de plek (optioneel)').fill('https://dezwaan.example.be');
  await detail
    .getByLabel('Bericht aan de klanten (optioneel)')
    .fill('Ik heb een tafel bij het raam gereserveerd. Veel plezier!');
  await detail.getByLabel('Notitie (optioneel)').fill('Intern: tafel op naam van Koppel.');
  await expectNoAxeViolations(sofie);
  await sofie.screenshot({ path: `${SHOTS}/1-plan-date-desktop.png`, fullPage: true });
  await detail.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(detail.getByText('Gepland', { exact: true }).first()).toBeVisible();

  // Both mailboxes: the details and the invitation.
  let uid: string | undefined;
  for (const [client, other] of [
    [noor, pieter],
    [pieter, noor],
  ] as const) {
    const mail = await waitForMail(request, client.email, `Jullie date met ${other.firstName} is gepland`);
    expect(mail.text).toContain('Waar: Café De Zwaan, Grote Markt 1, 2000 Antwerpen');
    expect(mail.text).toContain('Ik heb een tafel bij het raam gereserveerd.');
    expect(mail.text).not.toContain('Intern');
    const ics = icsOf(mail);
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain('SEQUENCE:0');
    expect(ics).toContain(`DTSTART;TZID=Europe/Brussels:${day.replace(/-/g, '')}T193000`);
    uid ??= uidOf(ics);
    expect(uidOf(ics)).toBe(uid);
  }

  // Noor's page: Pieter's photo, the place with its map link, the countdown, Sofie's message.
  const noorPage = await signedInPage(browser, noor.email, noor.password);
  await noorPage.goto('/dashboard/match-accepted');
  const card = noorPage.getByRole('article', { name: `Jij en ${pieter.firstName}` });
  const photo = card.getByRole('img', { name: `Foto 1 van ${pieter.firstName}` });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(card.getByText('Café De Zwaan')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Bekijk op de kaart (OpenStreetMap)' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.openstreetmap\.org\/search\?query=Grote\+Markt\+1/,
  );
  await expect(card.getByTestId('countdown')).toHaveText(/^Nog (3|4) dagen/);
  await expect(card.getByText('Ik heb een tafel bij het raam gereserveerd. Veel plezier!')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Google Agenda' })).toHaveAttribute(
    'href',
    /^https:\/\/calendar\.google\.com\//,
  );
  const download = await noorPage.request.get(
    (await card.getByRole('link', { name: 'Download (.ics)' }).getAttribute('href'))!,
  );
  expect(download.status()).toBe(200);
  expect(uidOf(await download.text())).toBe(uid);
  await expect(noorPage.locator('[aria-current="step"]')).toContainText('Jullie eerste date');
  await expectNoAxeViolations(noorPage);
  await noorPage.screenshot({ path: `${SHOTS}/2-client-planned-desktop.png`, fullPage: true });

  // Sofie moves the date: both get the update, the same UID, the next SEQUENCE.
  await detail.getByRole('button', { name: 'Date verzetten' }).click();
  await expect(detail.getByLabel('Plek', { exact: true })).toHaveValue('Café De Zwaan');
  const later = brusselsDay(5);
  await detail.getByLabel('Datum en uur van de date').fill(`${later}T20:00`);
  await detail.getByRole('button', { name: 'Bevestigen' }).click();
  for (const [client, other] of [
    [noor, pieter],
    [pieter, noor],
  ] as const) {
    const mail = await waitForMail(request, client.email, `Jullie date met ${other.firstName} is verzet`);
    const ics = icsOf(mail);
    expect(uidOf(ics)).toBe(uid);
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).toContain(`DTSTART;TZID=Europe/Brussels:${later.replace(/-/g, '')}T200000`);
  }

  // "Kan je niet?": Noor asks, Sofie is mailed and reads it in the match's timeline.
  await noorPage.reload();
  await card.getByRole('button', { name: 'Kan je niet?' }).click();
  await card
    .getByRole('textbox', { name: /Kan je niet\?/ })
    .fill('Die avond moet ik werken. De week erna kan ik elke avond.');
  await expectNoAxeViolations(noorPage);
  await card.getByRole('button', { name: 'Vraag om te verzetten' }).click();
  await expect(card.getByText('Je matchmaker weet dat je niet kan')).toBeVisible();
  const request_mail = await waitForMail(
    request,
    matchmaker.email,
    `${noor.firstName} vraagt de date te verzetten`,
  );
  expect(request_mail.text).toContain('De week erna kan ik elke avond.');
  await sofie.reload();
  await expect(
    detail.getByText('Vraagt de date te verzetten: Die avond moet ik werken.', { exact: false }),
  ).toBeVisible();
  await sofie.screenshot({ path: `${SHOTS}/3-move-request-in-timeline.png`, fullPage: true });
  for (const page of [sofie, noorPage, pieterPage]) await page.context().close();
});

test('a decline tells the other client kindly, without the reason', async ({ browser, request }) => {
  const matchmaker = await makeMatchmaker(request, 'Sofie');
  const [noor, pieter] = await makeMatchableClients(request, matchmaker, ['Noor', 'Pieter']);
  await makeMatch(request, {
    clients: [noor, pieter],
    matchmaker,
    status: 'proposed',
    acceptedBy: noor,
    proposedAt: new Date(Date.now() - 2 * 86_400_000),
  });
  const pieterPage = await signedInPage(browser, pieter.email, pieter.password);
  await pieterPage.goto('/dashboard/proposed-matches');
  const proposal = pieterPage.getByRole('article', { name: new RegExp(`^${noor.firstName}`) });
  await proposal.getByRole('button', { name: 'Nee, bedankt' }).click();
  await proposal.getByRole('textbox', { name: 'Waarom niet? (optioneel)' }).fill('Te ver weg voor mij.');
  await proposal.getByRole('button', { name: 'Afwijzing versturen' }).click();

  const mail = await waitForMail(request, noor.email, 'Een voorstel gaat niet verder');
  expect(mail.text).toContain('Je matchmaker blijft voor je zoeken');
  expect(mail.text).not.toContain('Te ver weg');
  const noorPage = await signedInPage(browser, noor.email, noor.password);
  await noorPage.goto('/dashboard/match-accepted');
  const card = noorPage.getByRole('article', { name: `Jouw voorstel met ${pieter.firstName}` });
  await expect(card.getByText('Dit voorstel gaat niet verder')).toBeVisible();
  await expect(noorPage.getByText('Te ver weg')).toHaveCount(0);
  await expect(noorPage.getByText('Je matchmaker zoekt verder')).toBeVisible();
  await expectNoAxeViolations(noorPage);
  await noorPage.screenshot({ path: `${SHOTS}/4-declined-desktop.png`, fullPage: true });
  for (const page of [noorPage, pieterPage]) await page.context().close();
});
