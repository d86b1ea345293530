import { makeClient, makeMatchmaker } from './support/factory';
import { BASE_URL, expect, test, waitForMail } from './support/fixtures';
import { countMails, signedInPage } from './support/matches';

// Moving the server's clock touches everything that waits: this project runs after the rest.
const MINUTE = 60_000;

test.afterEach(async ({ request }) => {
  const reset = await request.post('/dev/clock', { data: { offset_ms: 0 } });
  expect(reset.status()).toBe(200);
});

test('an unread message is mailed after the quiet period, once, and the link opens the conversation', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const matchmaker = await makeMatchmaker(request, 'Sofie');
  const emma = await makeClient(request, 'Emma', {
    matchmaker,
    tier: 'Persoonlijk',
    activeForMatching: true,
  });
  const emmaPage = await signedInPage(browser, emma.email, emma.password);
  for (const body of ['Dag Sofie, mag ik iets vragen?', 'Het gaat over mijn volgende date.']) {
    const sent = await emmaPage.request.post('/api/me/conversation/messages', {
      data: { body },
      headers: { origin: BASE_URL },
    });
    expect(sent.status()).toBe(201);
  }
  const subject = `2 nieuwe berichten van ${emma.fullName}`;

  // Ten minutes later: still the quiet period, no mail.
  await request.post('/dev/clock', { data: { offset_ms: 10 * MINUTE } });
  expect((await request.post('/dev/jobs/message-notifications')).status()).toBe(200);
  expect(await countMails(request, matchmaker.email, subject)).toBe(0);

  // Sixteen minutes later: one mail for both messages, however often the job runs.
  await request.post('/dev/clock', { data: { offset_ms: 16 * MINUTE } });
  for (let i = 0; i < 3; i++)
    expect((await request.post('/dev/jobs/message-notifications')).status()).toBe(200);
  const mail = await waitForMail(request, matchmaker.email, subject);
  expect(mail.text).not.toContain('mag ik iets vragen');
  expect(await countMails(request, matchmaker.email, subject)).toBe(1);

  const link = mail.links.find((l) => l.includes(`/matchmaker/clients/${emma.id}`))!;
  const sofiePage = await signedInPage(browser, matchmaker.email, matchmaker.password);
  await sofiePage.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(
    sofiePage
      .getByRole('log', { name: `Gesprek met ${emma.fullName}` })
      .getByText('Het gaat over mijn volgende date.'),
    // The whole file loads first: slow on a busy machine.
  ).toBeVisible({ timeout: 30_000 });
  await sofiePage.screenshot({ path: '/tmp/h32-shots/c1-from-mail.png', fullPage: true });
  await emmaPage.context().close();
  await sofiePage.context().close();
});
