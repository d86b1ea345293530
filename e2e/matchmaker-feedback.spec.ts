import type { Page } from '@playwright/test';
import { MATCHMAKER_FEEDBACK_SUCCESS, MATCHMAKER_FEEDBACK_WIDGET_KEY } from '../src/shared/feedback';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { signedInPage } from './support/matches';

const EMMA = 'emma@koppel.example';
const SOFIE = 'sofie@koppel.example';
const ADMIN = 'beheer@koppel.example';

/**
 * Issue 17: Emma's feedback widget, the modal by keyboard alone, and her anonymous feedback as
 * Sofie sees it (without a name, in the page and the API) and as the admin sees it (with it).
 */
test.describe('feedback on a matchmaker', () => {
  test.describe.configure({ mode: 'serial' });
  const text = `Sofie denkt echt mee ${Date.now()}`;
  let emma: Page;
  let emmaId: string;

  test.beforeAll(async ({ browser }) => {
    emma = await signedInPage(browser, EMMA);
    const me = await emma.request.get('/api/me');
    emmaId = ((await me.json()) as { user: { id: string } }).user.id;
  });
  test.afterAll(async () => {
    await emma.context().close();
  });

  // Before her answer below: dismissing touches only this browser, so her request stays open.
  test('Emma dismisses the widget in one browser: it stays away after a reload, and only there', async ({
    browser,
  }) => {
    const other = await signedInPage(browser, EMMA);
    await other.goto('/dashboard');
    const widget = other.getByRole('region', { name: 'Hoe vind je de begeleiding van Sofie Peeters?' });
    await expect(widget).toBeVisible();
    await widget.getByRole('button', { name: 'Feedbackvraag over je matchmaker verbergen' }).click();
    await expect(widget).toBeHidden();

    // After the reload the request is loaded again, and the widget still stays away.
    const loaded = other.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/me/feedback-requests' && r.ok(),
    );
    await other.reload();
    await loaded;
    await expect(other.getByRole('heading', { level: 1, name: 'Mijn account' })).toBeVisible();
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
    await emma.goto('/dashboard');
    await expect(
      emma.getByRole('region', { name: 'Hoe vind je de begeleiding van Sofie Peeters?' }),
    ).toBeVisible();
  });

  test("Emma's widget shows the days left and opens the modal; she answers by keyboard, anonymously", async () => {
    await emma.goto('/dashboard');
    const widget = emma.getByRole('region', { name: 'Hoe vind je de begeleiding van Sofie Peeters?' });
    await expect(widget).toBeVisible();
    // Seeded 8 days ago, expiring after 14: 6 days, rounded up.
    await expect(widget.getByText('Nog 6 dagen')).toBeVisible();
    await expectNoAxeViolations(emma);

    const open = widget.getByRole('button', { name: 'Geef feedback' });
    await open.focus();
    await emma.keyboard.press('Enter');
    const dialog = emma.getByRole('dialog', { name: 'Feedback over Sofie Peeters' });
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
    await expect(dialog).toBeHidden({ timeout: 5_000 });
    await expect(widget).toBeHidden();
    const requests = await emma.request.get('/api/me/feedback-requests');
    expect(((await requests.json()) as { requests: unknown[] }).requests).toEqual([]);
  });

  test('Sofie sees the feedback without any name, and the API sends her nothing of Emma', async ({
    browser,
  }) => {
    const sofie = await signedInPage(browser, SOFIE);
    await sofie.goto('/matchmaker/feedback');
    const section = sofie.getByRole('region', { name: 'Feedback op jouw begeleiding' });
    await expect(section).toBeVisible();
    const entry = section.getByRole('listitem').filter({ hasText: text });
    await expect(entry).toBeVisible();
    await expect(entry.getByText('Anoniem', { exact: true })).toBeVisible();
    await expect(entry).not.toContainText('Emma');
    await expect(section.getByRole('img', { name: /Lijngrafiek/ })).toBeVisible();
    await expectNoAxeViolations(sofie);
    await sofie.screenshot({ path: test.info().outputPath('sofie-feedback.png'), fullPage: true });

    const api = await sofie.request.get('/api/matchmaker-feedback');
    expect(api.status()).toBe(200);
    const raw = await api.text();
    expect(raw).toContain(text);
    expect(raw).not.toContain(emmaId);
    expect(raw).not.toContain('Emma');
    expect(raw).not.toContain(EMMA);
    await sofie.context().close();
  });

  test('the admin sees the same feedback with Emma’s name, marked anonymous', async ({ browser }) => {
    const admin = await signedInPage(browser, ADMIN);
    await admin.goto('/matchmaker/feedback');
    const section = admin.getByRole('region', { name: 'Feedback op de matchmakers' });
    await expect(section).toBeVisible();
    const entry = section.getByRole('listitem').filter({ hasText: text });
    await expect(entry.getByText('Emma Claes (anoniem)')).toBeVisible();
    await expect(entry).toContainText('matchmaker Sofie Peeters');
    await expectNoAxeViolations(admin);
    const api = await admin.request.get('/api/matchmaker-feedback');
    const { feedback } = (await api.json()) as {
      feedback: { feedback_text: string | null; is_anonymous: boolean; client: { id: string } | null }[];
    };
    expect(feedback.find((f) => f.feedback_text === text)).toMatchObject({
      is_anonymous: true,
      client: { id: emmaId },
    });
    await admin.context().close();
  });
});
