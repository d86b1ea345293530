import { makeMatch, makeMatchableClients, makeMatchmaker } from './support/factory';
import { BASE_URL, expect, expectNoAxeViolations, test, waitForMail } from './support/fixtures';
import { countMails, pairName, signedInPage } from './support/matches';

// Moving the server's clock touches every open proposal and date: this project runs after the rest.
const DAY = 86_400_000;
const HOUR = 3_600_000;
const SHOTS = '/tmp/shots-dates';

test.describe.configure({ mode: 'serial' });

test.afterEach(async ({ request }) => {
  const reset = await request.post('/dev/clock', { data: { offset_ms: 0 } });
  expect(reset.status()).toBe(200);
});

test('the day before the date both are reminded once; after it Sofie marks it held, both see the planned time and give feedback through the mailed link', async ({
  browser,
  request,
}) => {
  const matchmaker = await makeMatchmaker(request, 'Sofie');
  const [noor, pieter] = await makeMatchableClients(request, matchmaker, ['Noor', 'Pieter']);
  const match = await makeMatch(request, { clients: [noor, pieter], matchmaker, status: 'accepted' });
  const sofie = await signedInPage(browser, matchmaker.email, matchmaker.password);
  // Three days from now, to the minute.
  const at = new Date(Math.floor((Date.now() + 3 * DAY) / 60_000) * 60_000);
  const planned = await sofie.request.post(`/api/matches/${match.id}/outcome`, {
    headers: { origin: BASE_URL },
    data: {
      outcome: 'scheduled',
      scheduled_at: at.toISOString(),
      place_name: 'Café De Zwaan',
      place_address: 'Grote Markt 1, 2000 Antwerpen',
    },
  });
  expect(planned.status()).toBe(200);

  // The day before: the job, run twice, reminds each of them once.
  await request.post('/dev/clock', { data: { offset_ms: at.getTime() - 20 * HOUR - Date.now() } });
  for (let i = 0; i < 2; i++) expect((await request.post('/dev/jobs/date-reminders')).status()).toBe(200);
  await waitForMail(request, noor.email, `Morgen: je date met ${pieter.firstName}`);
  await waitForMail(request, pieter.email, `Morgen: je date met ${noor.firstName}`);
  expect(await countMails(request, noor.email, `Morgen: je date met ${pieter.firstName}`)).toBe(1);

  // The morning after the date, Sofie marks it held (server and browsers on that time).
  const after = at.getTime() + DAY + 2 * HOUR;
  await request.post('/dev/clock', { data: { offset_ms: after - Date.now() } });
  await sofie.clock.setFixedTime(new Date(after));
  await sofie.goto(`/matchmaker/matches?match=${match.id}`);
  const detail = sofie.getByRole('dialog', { name: pairName(noor.fullName, pieter.fullName) });
  await detail.getByRole('button', { name: 'Date heeft plaatsgevonden' }).click();
  await detail.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(detail.getByText('Voltooid', { exact: true }).first()).toBeVisible();
  const stored = (await (await sofie.request.get(`/api/matches/${match.id}`)).json()) as {
    match: { completed_at: string; completed_recorded_at: string };
  };
  expect(stored.match.completed_at).toBe(at.toISOString());

  const shownAt = new Intl.DateTimeFormat('nl-NL', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Brussels',
  }).format(at);
  for (const [client, other] of [
    [noor, pieter],
    [pieter, noor],
  ] as const) {
    const mail = await waitForMail(request, client.email, `Hoe was je date met ${other.firstName}?`);
    const link = mail.links.find((l) => l.includes(`feedback=${match.id}`))!;
    expect(link).toContain(`#date-${match.id}`);
    const page = await signedInPage(browser, client.email, client.password);
    await page.clock.setFixedTime(new Date(after));
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    const card = page.getByRole('article', { name: `Jij en ${other.firstName}` });
    await expect(card.getByText(`Jullie date heeft plaatsgevonden op ${shownAt}`)).toBeVisible();
    await expect(page.locator('[aria-current="step"]')).toContainText('Vertel hoe het was');
    await expectNoAxeViolations(page);
    if (client === noor)
      await page.screenshot({ path: `${SHOTS}/8-held-feedback-desktop.png`, fullPage: true });
    await card
      .getByRole('group', { name: `Hoe was je date met ${other.firstName}?` })
      .getByRole('radio', { name: '4 · Goed' })
      .check();
    await card
      .getByRole('group', { name: `Wil je ${other.firstName} nog eens terugzien?` })
      .getByRole('radio', { name: 'Ja, graag' })
      .check();
    await card.getByRole('button', { name: 'Feedback versturen' }).click();
    await expect(
      card.getByText(`Bedankt voor je feedback over je date met ${other.firstName}.`),
    ).toBeVisible();
    await expect(page.getByText('Bedankt voor je feedback (gedaan)', { exact: true })).toBeVisible();
    if (client === noor)
      await page.screenshot({ path: `${SHOTS}/9-feedback-given-desktop.png`, fullPage: true });
    await page.context().close();
  }
  await sofie.context().close();
});
