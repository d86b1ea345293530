import { MESSAGES } from '../src/shared/messages';
import { makeClient, makeMatchmaker } from './support/factory';
import { expect, expectNoAxeViolations, test, waitForMail } from './support/fixtures';
import { signedInPage } from './support/matches';

/**
 * Issue 26, the intake's rules that need the clock: an intake is completed only from its start time
 * on (the button is not offered before, the server refuses), and intake feedback is taken for 7
 * days, not after. Moving the server's clock touches every open proposal and subscription: this
 * runs in the 'clock' project, after the rest, one file at a time.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SHOTS = '/tmp/shots-intake';

test.describe.configure({ mode: 'serial' });

test.afterEach(async ({ request }) => {
  const reset = await request.post('/dev/clock', { data: { offset_ms: 0 } });
  expect(reset.status()).toBe(200);
});

test('no "Intake afronden" on a future intake until its time has come; the feedback closes after 7 days', async ({
  browser,
  request,
}) => {
  const sofie = await makeMatchmaker(request, 'Sofie');
  const start = new Date(Date.now() + 3 * DAY);
  const noor = await makeClient(request, 'Noor', {
    tier: 'Persoonlijk',
    matchmaker: sofie,
    intake: { scheduledAt: start, status: 'scheduled' },
  });
  const page = await signedInPage(browser, sofie.email, sofie.password);
  const client = await signedInPage(browser, noor.email, noor.password);

  /** Server and browsers both move to `at`. */
  const moveTo = async (at: number) => {
    expect((await request.post('/dev/clock', { data: { offset_ms: at - Date.now() } })).status()).toBe(200);
    for (const p of [page, client]) await p.clock.setFixedTime(new Date(at));
  };

  // Three days ahead: the intake is listed, without the button; the server refuses too.
  await page.goto('/matchmaker');
  const upcoming = page.getByRole('region', { name: 'Geplande intakes' });
  const row = upcoming.getByRole('listitem').filter({ hasText: noor.fullName });
  await expect(row).toBeVisible();
  await expect(row.getByText('Af te ronden vanaf het begin van het gesprek.')).toBeVisible();
  await expect(row.getByRole('button', { name: /afronden/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/a1-future-intake-no-button.png` });
  const { sessions } = (await (await page.request.get('/api/intake-sessions?status=scheduled')).json()) as {
    sessions: { id: string; user_id: string }[];
  };
  const session = sessions.find((s) => s.user_id === noor.id);
  expect(session).toBeTruthy();
  const early = await page.request.post(`/api/intake-sessions/${session!.id}/complete`, {
    data: { matchmaker_notes: 'Nog niet gesproken.' },
  });
  expect(early.status()).toBe(409);
  expect(await early.json()).toEqual({ error: MESSAGES.intakeNotStarted, code: 'INTAKE_NOT_STARTED' });

  // Five minutes after its start: the button is there, and completing works.
  await moveTo(start.getTime() + 5 * MINUTE);
  await page.reload();
  const button = row.getByRole('button', { name: `Intake afronden met ${noor.fullName}` });
  await expect(button).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/a2-started-intake-button.png` });
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Intake afronden' });
  await dialog
    .getByRole('textbox', { name: 'Notities van het gesprek' })
    .fill('Noor is open en warm, houdt van wandelen en wil graag kinderen.');
  await dialog.getByRole('button', { name: 'Intake afronden' }).click();
  await expect(dialog).toBeHidden();
  const past = page.getByRole('region', { name: 'Afgeronde en geannuleerde intakes' });
  await expect(
    past.getByRole('listitem').filter({ hasText: noor.fullName }).getByText('Afgerond'),
  ).toBeVisible();
  await waitForMail(request, noor.email, 'Bedankt voor je intakegesprek');

  // Six and a half days later the widget counts the hours; a day after the due date it is gone,
  // and the form is closed.
  await moveTo(start.getTime() + 6.5 * DAY);
  await client.goto('/dashboard');
  const widget = client.getByRole('region', { name: 'Hoe was je intakegesprek?' });
  await expect(widget.getByText(/^Nog 1[23] uur$/)).toBeVisible();
  const link = widget.getByRole('link', { name: 'Geef feedback' });
  const feedbackPath = await link.getAttribute('href');
  expect(feedbackPath).toMatch(/\/dashboard\/feedback\/[0-9a-f-]{36}$/);

  await moveTo(start.getTime() + 8 * DAY);
  await client.goto('/dashboard');
  await expect(client.getByText(`Welkom, ${noor.firstName}`)).toBeVisible();
  await expect(client.getByRole('region', { name: 'Hoe was je intakegesprek?' })).toHaveCount(0);
  await client.goto(feedbackPath!);
  await expect(client.getByText(MESSAGES.intakeFeedbackClosed)).toBeVisible();
  await expect(client.getByRole('button', { name: 'Feedback versturen' })).toHaveCount(0);
  await expectNoAxeViolations(client);
  await client.screenshot({ path: `${SHOTS}/a3-feedback-closed.png`, fullPage: true });
  const late = await client.request.patch(`/api/intake-feedback/${feedbackPath!.split('/').pop()}`, {
    data: { overall_satisfaction_rating: 5 },
  });
  expect(late.status()).toBe(409);
  expect((await late.json()).code).toBe('INTAKE_FEEDBACK_CLOSED');

  for (const p of [page, client]) await p.context().close();
});
