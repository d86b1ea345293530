import type { APIRequest, APIRequestContext } from '@playwright/test';
import { MATCHMAKER_FEEDBACK_SUCCESS, MATCHMAKER_FEEDBACK_WIDGET_KEY } from '../src/shared/feedback';
import { type Account, makeClient, makeMatchmaker } from './support/factory';
import { BASE_URL, expect, expectNoAxeViolations, test } from './support/fixtures';
import { signedInPage } from './support/matches';

const ADMIN = 'beheer@koppel.example';
const DAY = 86_400_000;

/** A matchmaker of this test and her client, asked 8 days ago (of 14) for feedback on her. */
async function clientWithOpenRequest(request: APIRequestContext) {
  const matchmaker = await makeMatchmaker(request, 'Sofie');
  const emma = await makeClient(request, 'Emma', {
    matchmaker,
    tier: 'Persoonlijk',
    activeForMatching: true,
    matchmakerFeedbackRequestedAt: new Date(Date.now() - 8 * DAY),
  });
  return { matchmaker, emma };
}

/** Her anonymous answer through the API (the form is the keyboard test's). */
async function answerAnonymously(apiRequest: APIRequest, emma: Account, text: string) {
  const api = await apiRequest.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { origin: BASE_URL } });
  const login = await api.post('/api/auth/sign-in/email', {
    data: { email: emma.email, password: emma.password },
    headers: { origin: BASE_URL },
  });
  expect(login.status()).toBe(200);
  const { requests } = (await (await api.get('/api/me/feedback-requests')).json()) as {
    requests: { id: string }[];
  };
  const answer = await api.post('/api/matchmaker-feedback', {
    data: {
      feedback_request_id: requests[0]!.id,
      overall_satisfaction_rating: 4,
      communication_rating: 5,
      feedback_text: text,
      improvement_suggestions: 'Iets vaker laten weten hoe het zoeken loopt.',
      is_anonymous: true,
    },
  });
  expect(answer.status()).toBe(201);
  await api.dispose();
}

/**
 * Issue 17: a client's feedback widget, the modal by keyboard alone, and her anonymous feedback as
 * her matchmaker sees it (without a name, in the page and the API) and as the admin sees it (with
 * it). Each test has a matchmaker and a client of its own.
 */
test.describe('feedback on a matchmaker', () => {
  // Dismissing touches only this browser, so her request stays open.
  test('Emma dismisses the widget in one browser: it stays away after a reload, and only there', async ({
    browser,
    request,
  }) => {
    const { matchmaker, emma: client } = await clientWithOpenRequest(request);
    const widgetName = `Hoe vind je de begeleiding van ${matchmaker.fullName}?`;
    const other = await signedInPage(browser, client.email, client.password);
    await other.goto('/dashboard');
    const widget = other.getByRole('region', { name: widgetName });
    await expect(widget).toBeVisible();
    await widget.getByRole('button', { name: 'Feedbackvraag over je matchmaker verbergen' }).click();
    await expect(widget).toBeHidden();

    // After the reload the request is loaded again (the page's HTML carries it, decision 050), and
    // the widget still stays away.
    await other.reload();
    await expect(other.getByRole('heading', { level: 1, name: 'Mijn account' })).toBeVisible();
    const firstData = JSON.parse((await other.locator('#koppel-first-data').textContent()) ?? '{}') as {
      '/api/me/feedback-requests'?: { requests: unknown[] };
    };
    expect(firstData['/api/me/feedback-requests']?.requests).toHaveLength(1);
    await other.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await expect(widget).toHaveCount(0);
    const requests = (await (await other.request.get('/api/me/feedback-requests')).json()) as {
      requests: { id: string }[];
    };
    expect(requests.requests).toHaveLength(1);
    const remembered = await other.evaluate(
      (key) => window.localStorage.getItem(key),
      MATCHMAKER_FEEDBACK_WIDGET_KEY,
    );
    expect(JSON.parse(remembered ?? '[]')).toEqual([requests.requests[0]!.id]);
    await expectNoAxeViolations(other);
    await other.context().close();

    // Her other browser still asks.
    const emma = await signedInPage(browser, client.email, client.password);
    await emma.goto('/dashboard');
    await expect(emma.getByRole('region', { name: widgetName })).toBeVisible();
    await emma.context().close();
  });

  test("Emma's widget shows the days left and opens the modal; she answers by keyboard, anonymously", async ({
    browser,
    request,
  }) => {
    const { matchmaker, emma: client } = await clientWithOpenRequest(request);
    const text = `${matchmaker.firstName} denkt echt mee ${Date.now()}`;
    const emma = await signedInPage(browser, client.email, client.password);
    await emma.goto('/dashboard');
    const widget = emma.getByRole('region', {
      name: `Hoe vind je de begeleiding van ${matchmaker.fullName}?`,
    });
    await expect(widget).toBeVisible();
    // Seeded 8 days ago, expiring after 14: 6 days, rounded up.
    await expect(widget.getByText('Nog 6 dagen')).toBeVisible();
    await expectNoAxeViolations(emma);

    const open = widget.getByRole('button', { name: 'Geef feedback' });
    await open.focus();
    await emma.keyboard.press('Enter');
    const dialog = emma.getByRole('dialog', { name: `Feedback over ${matchmaker.fullName}` });
    await expect(dialog).toBeVisible();
    const submit = dialog.getByRole('button', { name: 'Feedback versturen' });
    await expect(submit).toBeDisabled();
    await expectNoAxeViolations(emma);

    // Focus starts on the close button; the next stop is overall satisfaction (required, first).
    const overall = dialog.getByRole('group', { name: /Algemene tevredenheid/ });
    await emma.keyboard.press('Tab');
    await expect(overall.getByRole('radio', { name: '1 ster' })).toBeFocused();
    await emma.keyboard.press('Space');
    for (let i = 0; i < 3; i++) await emma.keyboard.press('ArrowRight');
    await expect(overall.getByRole('radio', { name: '4 sterren' })).toBeChecked();
    await expect(submit).toBeEnabled();
    // Communication: 5 stars (Space on the first, then four to the right).
    await emma.keyboard.press('Tab');
    await emma.keyboard.press('Space');
    for (let i = 0; i < 4; i++) await emma.keyboard.press('ArrowRight');
    await expect(
      dialog.getByRole('group', { name: /Communicatie/ }).getByRole('radio', { name: '5 sterren' }),
    ).toBeChecked();
    // Past the three other (optional) ratings to the texts.
    for (let i = 0; i < 4; i++) await emma.keyboard.press('Tab');
    await expect(dialog.getByLabel('Je feedback (optioneel)')).toBeFocused();
    await emma.keyboard.type(text);
    await emma.keyboard.press('Tab');
    await emma.keyboard.type('Iets vaker laten weten hoe het zoeken loopt.');
    await emma.keyboard.press('Tab');
    const anonymous = dialog.getByRole('checkbox', { name: 'Anoniem versturen' });
    await expect(anonymous).toBeFocused();
    await expect(
      dialog.getByText(/je matchmaker ziet je scores en tekst, maar niet van wie ze komen/),
    ).toBeVisible();
    await emma.keyboard.press('Space');
    await expect(anonymous).toBeChecked();
    await emma.keyboard.press('Tab');
    await expect(submit).toBeFocused();
    await emma.keyboard.press('Enter');

    await expect(dialog.getByRole('status')).toHaveText(MATCHMAKER_FEEDBACK_SUCCESS);
    await emma.screenshot({ path: test.info().outputPath('feedback-success.png') });
    // It closes by itself (2 s) and the request is gone.
    await expect(dialog).toBeHidden();
    await expect(widget).toBeHidden();
    const requests = await emma.request.get('/api/me/feedback-requests');
    expect(((await requests.json()) as { requests: unknown[] }).requests).toEqual([]);
    await emma.context().close();
  });

  test('Sofie sees the feedback without any name, and the API sends her nothing of Emma', async ({
    browser,
    playwright,
    request,
  }) => {
    const { matchmaker, emma } = await clientWithOpenRequest(request);
    const text = `${matchmaker.firstName} denkt echt mee ${Date.now()}`;
    await answerAnonymously(playwright.request, emma, text);
    const sofie = await signedInPage(browser, matchmaker.email, matchmaker.password);
    await sofie.goto('/matchmaker/feedback');
    const section = sofie.getByRole('region', { name: 'Feedback op jouw begeleiding' });
    await expect(section).toBeVisible();
    const entry = section.getByRole('listitem').filter({ hasText: text });
    await expect(entry).toBeVisible();
    await expect(entry.getByText('Anoniem', { exact: true })).toBeVisible();
    await expect(entry).not.toContainText(emma.firstName);
    // Issue 30 (decision 034): the date only, and not what asked for it.
    await expect(entry).not.toContainText('driemaandelijks');
    await expect(entry).not.toContainText('na een date');
    await expect(entry).not.toContainText(/\d{1,2}:\d{2}/);
    await expect(section.getByRole('img', { name: /Lijngrafiek/ })).toBeVisible();
    await expectNoAxeViolations(sofie);
    await sofie.screenshot({ path: test.info().outputPath('sofie-feedback.png'), fullPage: true });
    await entry.screenshot({ path: '/tmp/h30b-feedback-entry.png' });

    const api = await sofie.request.get('/api/matchmaker-feedback');
    expect(api.status()).toBe(200);
    const raw = await api.text();
    expect(raw).toContain(text);
    expect(raw).not.toContain(emma.id);
    expect(raw).not.toContain(emma.firstName);
    expect(raw).not.toContain(emma.email);
    const mine = (
      JSON.parse(raw) as {
        feedback: { feedback_text: string | null; created_at: string; request_type: string | null }[];
      }
    ).feedback.find((f) => f.feedback_text === text)!;
    expect(mine.created_at).toMatch(/T00:00:00\.000Z$/);
    expect(mine.request_type).toBeNull();
    await sofie.context().close();
  });

  test('the admin sees the same feedback with Emma’s name, marked anonymous', async ({
    browser,
    playwright,
    request,
  }) => {
    const { matchmaker, emma } = await clientWithOpenRequest(request);
    const text = `${matchmaker.firstName} denkt echt mee ${Date.now()}`;
    await answerAnonymously(playwright.request, emma, text);
    const admin = await signedInPage(browser, ADMIN);
    await admin.goto('/matchmaker/feedback');
    const section = admin.getByRole('region', { name: 'Feedback op de matchmakers' });
    await expect(section).toBeVisible();
    const entry = section.getByRole('listitem').filter({ hasText: text });
    await expect(entry.getByText(`${emma.fullName} (anoniem)`)).toBeVisible();
    await expect(entry).toContainText(`matchmaker ${matchmaker.fullName}`);
    await expectNoAxeViolations(admin);
    const api = await admin.request.get('/api/matchmaker-feedback');
    const { feedback } = (await api.json()) as {
      feedback: { feedback_text: string | null; is_anonymous: boolean; client: { id: string } | null }[];
    };
    expect(feedback.find((f) => f.feedback_text === text)).toMatchObject({
      is_anonymous: true,
      client: { id: emma.id },
    });
    await admin.context().close();
  });
});
