import type { Page } from '@playwright/test';
import { MESSAGES } from '../src/shared/messages';
import { type Account, letters, type Matchmaker, makeClient, makeMatchmaker } from './support/factory';
import { expect, expectNoAxeViolations, test, waitForMail } from './support/fixtures';
import { bookFirstSlot, persoonlijkClient } from './support/intake';
import { signedInPage } from './support/matches';

/**
 * Issue 13: a paying client books an intake, the matchmaker holds it, the client gives feedback.
 * Issue 26: an intake is completed only from its start time on, so the host completes the intake
 * of Lotte (held an hour ago) while Lucas's, booked for a later day, has no button yet.
 * A client without a matchmaker books with the active matchmaker who has the fewest clients: this
 * test's own, new one (first in the alphabet among those without clients). An active matchmaker is
 * on the public pages, so this runs in the 'team' project, after the tests that check those.
 */
test.describe('an intake from booking to feedback', () => {
  test.describe.configure({ mode: 'serial' });

  let hostMatchmaker: Matchmaker;
  let lucas: Page;
  let lucasEmail: string;
  let lucasName: string;
  let host: string;
  let matchmaker: Page;
  let lotte: Account;
  let lottePage: Page;

  test.beforeAll(async ({ browser, request }) => {
    hostMatchmaker = await makeMatchmaker(request, 'Aafke', {
      surname: `Aaltjes${letters()}`,
      isActive: true,
      bio: 'Matchmaker van deze test.',
    });
    ({
      page: lucas,
      email: lucasEmail,
      fullName: lucasName,
    } = await persoonlijkClient(browser, request, 'Lucas'));
  });
  test.afterAll(async () => {
    await lucas.context().close();
    await matchmaker?.context().close();
    await lottePage?.context().close();
  });

  test('Lucas books a slot in the Testagenda, sees the success alert and his session', async ({
    request,
  }) => {
    await lucas.goto('/dashboard');
    await lucas
      .getByRole('navigation', { name: 'Hoofdmenu' })
      .getByRole('link', { name: 'Intakegesprek' })
      .click();
    await expect(lucas).toHaveURL(/\/dashboard\/intake-planning$/);
    await expect(lucas.getByRole('heading', { level: 1, name: 'Intakegesprek plannen' })).toBeVisible();
    await expect(
      lucas.getByText('Je hebt nog geen gesprek gepland. Kies hieronder een moment.'),
    ).toBeVisible();
    await expect(lucas.getByRole('heading', { name: 'Zo bereid je je voor' })).toBeVisible();
    await expect(lucas.getByText('Test: geen echte afspraak')).toBeVisible();
    await expectNoAxeViolations(lucas);

    const booked = await bookFirstSlot(lucas);
    host = booked.host;
    expect(host).toBe(hostMatchmaker.fullName);
    await expect(lucas.getByRole('status').filter({ hasText: MESSAGES.bookingSuccess })).toBeVisible();
    const sessions = lucas.getByRole('list', { name: 'Je gesprekken' }).getByRole('listitem');
    await expect(sessions).toHaveCount(1);
    await expect(sessions.first().getByText('Gepland')).toBeVisible();
    await expect(sessions.first().getByText(host)).toBeVisible();
    await expect(
      sessions.first().getByRole('link', { name: 'Deelnemen aan het online gesprek' }),
    ).toBeVisible();
    await expectNoAxeViolations(lucas);

    // The same booking message again (Calendly may repeat it): nothing new.
    const again = lucas.waitForResponse(
      (r) => r.url().endsWith('/api/intake-sessions') && r.request().method() === 'POST',
    );
    await lucas.evaluate((message) => window.postMessage(message, window.location.origin), booked.message);
    expect((await again).status()).toBe(200);
    const mine = (await (await lucas.request.get('/api/me/intake-sessions')).json()) as {
      sessions: unknown[];
    };
    expect(mine.sessions).toHaveLength(1);
    await expect(sessions).toHaveCount(1);
    await lucas.screenshot({ path: test.info().outputPath('1-intake-planning-booked.png'), fullPage: true });

    // A client without a matchmaker now has the host as theirs; both got the confirmation.
    await waitForMail(request, lucasEmail, 'Je intakegesprek is gepland');
    await waitForMail(request, hostMatchmaker.email, 'Een nieuw intakegesprek is gepland', (m) =>
      m.text.includes(lucasName),
    );
  });

  test("the host completes Lotte's held intake with notes; Lucas's later one is not offered yet", async ({
    browser,
    request,
  }) => {
    lotte = await makeClient(request, 'Lotte', {
      tier: 'Persoonlijk',
      matchmaker: hostMatchmaker,
      intake: { scheduledAt: new Date(Date.now() - 3_600_000), status: 'scheduled' },
    });
    lottePage = await signedInPage(browser, lotte.email, lotte.password);
    matchmaker = await signedInPage(browser, hostMatchmaker.email, hostMatchmaker.password);
    await matchmaker.goto('/matchmaker');
    await expect(matchmaker.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const upcoming = matchmaker.getByRole('region', { name: 'Geplande intakes' });
    const lucasRow = upcoming.getByRole('listitem').filter({ hasText: lucasName });
    await expect(lucasRow).toBeVisible();
    await expect(lucasRow.getByText('Af te ronden vanaf het begin van het gesprek.')).toBeVisible();
    await expect(lucasRow.getByRole('button', { name: /afronden/ })).toHaveCount(0);
    const row = upcoming.getByRole('listitem').filter({ hasText: lotte.fullName });
    await expect(row).toBeVisible();
    await expectNoAxeViolations(matchmaker);

    await row.getByRole('button', { name: `Intake afronden met ${lotte.fullName}` }).click();
    const dialog = matchmaker.getByRole('dialog', { name: 'Intake afronden' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Intake afronden' }).click();
    await expect(dialog.getByText('Schrijf je notities van het gesprek')).toBeVisible();
    await dialog
      .getByRole('textbox', { name: 'Notities van het gesprek' })
      .fill('Lotte is rustig en sportief, rookt niet en wil graag kinderen.');
    await expectNoAxeViolations(matchmaker);
    await matchmaker.screenshot({ path: test.info().outputPath('2-complete-dialog.png') });
    await dialog.getByRole('button', { name: 'Intake afronden' }).click();
    await expect(dialog).toBeHidden();
    const past = matchmaker.getByRole('region', { name: 'Afgeronde en geannuleerde intakes' });
    await expect(
      past.getByRole('listitem').filter({ hasText: lotte.fullName }).getByText('Afgerond'),
    ).toBeVisible();
    await expect(upcoming.getByRole('listitem').filter({ hasText: lotte.fullName })).toHaveCount(0);

    const me = (await (await lottePage.request.get('/api/me')).json()) as {
      profile: { contract_status: string };
    };
    expect(me.profile.contract_status).toBe('active_for_matching');
    await waitForMail(request, lotte.email, 'Bedankt voor je intakegesprek');
  });

  test('Lotte sees the feedback widget and gives feedback; the matchmaker reads it without her name', async () => {
    await lottePage.goto('/dashboard');
    const widget = lottePage.getByRole('region', { name: 'Hoe was je intakegesprek?' });
    await expect(widget).toBeVisible();
    await expect(widget.getByText('Nog 7 dagen')).toBeVisible();
    await expectNoAxeViolations(lottePage);
    await lottePage.screenshot({ path: test.info().outputPath('0-dashboard-widget.png') });
    await widget.getByRole('link', { name: 'Geef feedback' }).click();
    await expect(lottePage).toHaveURL(/\/dashboard\/feedback\/[0-9a-f-]{36}$/);
    await expect(lottePage.getByRole('heading', { level: 1, name: 'Feedback op je intake' })).toBeVisible();
    await expect(lottePage.getByText(MESSAGES.intakeFeedbackAnonymous)).toBeVisible();
    const send = lottePage.getByRole('button', { name: 'Feedback versturen' });
    await expect(send).toBeDisabled();
    await expectNoAxeViolations(lottePage);

    await lottePage
      .getByRole('group', { name: 'Algemene tevredenheid (verplicht)' })
      .locator('label')
      .filter({ hasText: '4 sterren' })
      .click();
    await lottePage
      .getByRole('group', { name: 'Communicatie (optioneel)' })
      .locator('label')
      .filter({ hasText: '5 sterren' })
      .click();
    const text = `Graag wat meer uitleg vooraf ${Date.now()}`;
    await lottePage.getByRole('textbox', { name: 'Wat kunnen we beter doen? (optioneel)' }).fill(text);
    await expect(send).toBeEnabled();
    await lottePage.screenshot({ path: test.info().outputPath('3-feedback-form.png'), fullPage: true });
    await send.click();
    await expect(lottePage.getByText(MESSAGES.intakeFeedbackSuccess)).toBeVisible();
    await expectNoAxeViolations(lottePage);
    await lottePage.goto('/dashboard');
    await expect(lottePage.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(lottePage.getByRole('region', { name: 'Hoe was je intakegesprek?' })).toHaveCount(0);

    await matchmaker.goto('/matchmaker/feedback');
    await expect(matchmaker.getByRole('heading', { level: 1, name: 'Intake feedback' })).toBeVisible();
    const entry = matchmaker.getByRole('listitem').filter({ hasText: text });
    await expect(entry).toBeVisible();
    await expect(entry).toContainText('algemeen 4/5');
    await expect(matchmaker.getByText('Verdeling algemene tevredenheid')).toBeVisible();
    await expect(matchmaker.getByText(lotte.fullName)).toHaveCount(0);
    await expect(matchmaker.getByText(new RegExp(lotte.surname))).toHaveCount(0);
    await expectNoAxeViolations(matchmaker);
    await matchmaker.screenshot({
      path: test.info().outputPath('4-matchmaker-feedback.png'),
      fullPage: true,
    });
  });
});
