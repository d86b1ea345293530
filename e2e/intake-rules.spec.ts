import type { Page } from '@playwright/test';
import { formatDateTime } from '../src/shared/format';
import { MESSAGES } from '../src/shared/messages';
import { makeClient, makeMatchmaker } from './support/factory';
import { expect, expectNoAxeViolations, test, waitForMail } from './support/fixtures';
import { signedInPage } from './support/matches';

/**
 * Issue 26, the client's side of the intake's rules: one upcoming booking, moved or cancelled up to
 * 24 hours before its start (the matchmaker is mailed), and what a Relax member reads about the
 * intake. Factory accounts only.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SHOTS = '/tmp/shots-intake';

async function expectFits(page: Page) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('a client moves her intake to a free moment; her matchmaker gets the mail', async ({
  browser,
  request,
}) => {
  const sofie = await makeMatchmaker(request, 'Sofie');
  const hanne = await makeClient(request, 'Hanne', {
    tier: 'Persoonlijk',
    matchmaker: sofie,
    intake: { scheduledAt: new Date(Date.now() + 3 * DAY), status: 'scheduled' },
  });
  const page = await signedInPage(browser, hanne.email, hanne.password);
  await page.goto('/dashboard/intake-planning');
  const session = page.getByRole('list', { name: 'Je gesprekken' }).getByRole('listitem');
  await expect(session).toHaveCount(1);
  await expect(session.getByText('Verplaatsen of annuleren kan tot 24 uur vooraf.')).toBeVisible();
  // One upcoming booking: no scheduler to book a second.
  await expect(page.getByText('Je hebt al een gesprek gepland.', { exact: false })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Testagenda' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/b1-planning-with-booking.png`, fullPage: true });

  await session.getByRole('button', { name: 'Verplaatsen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gesprek verplaatsen' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio').first()).toBeAttached();
  // A moment more than a day ahead, so that it can be moved again below; the first free one may
  // fall within 24 hours, depending on the time of day the test runs.
  const values = await dialog
    .getByRole('radio')
    .evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value));
  const chosen = values.find((value) => Date.parse(value) > Date.now() + DAY + 2 * HOUR);
  expect(chosen, values.join(', ')).toBeDefined();
  const slot = dialog.locator(`input[type="radio"][value="${chosen}"]`);
  await slot.check({ force: true });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/b2-move-dialog.png` });
  await dialog.getByRole('button', { name: 'Bevestig nieuw moment' }).click();
  await expect(dialog).toBeHidden();
  await expect(session.getByText(formatDateTime(chosen!))).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/b3-moved.png`, fullPage: true });

  const mail = await waitForMail(request, sofie.email, 'Een intakegesprek is verplaatst', (m) =>
    m.text.includes(hanne.fullName),
  );
  expect(mail.text).toContain(formatDateTime(chosen!));
  await waitForMail(request, hanne.email, 'Een intakegesprek is verplaatst');

  // On a phone the page and the dialog fit.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(session.getByRole('button', { name: 'Verplaatsen' })).toBeVisible();
  await expectFits(page);
  await page.screenshot({ path: `${SHOTS}/b4-phone-planning.png`, fullPage: true });
  await session.getByRole('button', { name: 'Verplaatsen' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Gesprek verplaatsen' }).getByRole('radio').first(),
  ).toBeAttached();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/b5-phone-move-dialog.png` });
  await page.context().close();
});

test('within 24 hours the client is told to contact the matchmaker; before, she can cancel', async ({
  browser,
  request,
}) => {
  const sofie = await makeMatchmaker(request, 'Sofie');
  const soon = await makeClient(request, 'Femke', {
    tier: 'Persoonlijk',
    matchmaker: sofie,
    intake: { scheduledAt: new Date(Date.now() + 20 * HOUR), status: 'scheduled' },
  });
  const page = await signedInPage(browser, soon.email, soon.password);
  await page.goto('/dashboard/intake-planning');
  const session = page.getByRole('list', { name: 'Je gesprekken' }).getByRole('listitem');
  await expect(session.getByText(/neem nu contact op met je matchmaker/)).toBeVisible();
  await expect(session.getByRole('button', { name: 'Verplaatsen' })).toHaveCount(0);
  await expect(session.getByRole('button', { name: 'Annuleren' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/b6-within-24h.png`, fullPage: true });
  const { sessions } = (await (await page.request.get('/api/me/intake-sessions')).json()) as {
    sessions: { id: string }[];
  };
  const refused = await page.request.patch(`/api/intake-sessions/${sessions[0]!.id}`, {
    data: { status: 'cancelled' },
  });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toEqual({
    error: MESSAGES.intakeChangeTooLate,
    code: 'INTAKE_CHANGE_TOO_LATE',
  });
  await page.context().close();

  const later = await makeClient(request, 'Ilse', {
    tier: 'Persoonlijk',
    matchmaker: sofie,
    intake: { scheduledAt: new Date(Date.now() + 4 * DAY), status: 'scheduled' },
  });
  const ilse = await signedInPage(browser, later.email, later.password);
  await ilse.goto('/dashboard/intake-planning');
  const hers = ilse.getByRole('list', { name: 'Je gesprekken' }).getByRole('listitem');
  await hers.getByRole('button', { name: 'Annuleren' }).click();
  const dialog = ilse.getByRole('dialog', { name: 'Gesprek annuleren' });
  await expectNoAxeViolations(ilse);
  await dialog.getByRole('button', { name: 'Gesprek annuleren' }).click();
  await expect(dialog).toBeHidden();
  await expect(hers.getByText('Geannuleerd')).toBeVisible();
  // Without an upcoming booking the scheduler is back.
  await expect(ilse.getByRole('region', { name: 'Testagenda' })).toBeVisible();
  await waitForMail(request, sofie.email, 'Een intakegesprek is geannuleerd', (m) =>
    m.text.includes(later.fullName),
  );
  await ilse.context().close();
});

test('a Relax member reads that personal matchmaking with an intake is part of the Persoonlijk packages', async ({
  browser,
  request,
}) => {
  const relax = await makeClient(request, 'Wout', { tier: 'Relax' });
  const page = await signedInPage(browser, relax.email, relax.password);
  await page.goto('/dashboard/intake-planning');
  await expect(page.getByRole('heading', { name: 'Wat is een intakegesprek?' })).toBeVisible();
  await expect(
    page.getByText(
      /Persoonlijke matchmaking met een intake hoort bij de pakketten Persoonlijk en Persoonlijk\+/,
    ),
  ).toBeVisible();
  const link = page.getByRole('link', { name: 'Bekijk de lidmaatschappen' });
  await expect(link).toHaveAttribute('href', '/dashboard/producten');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/c1-relax-planning.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFits(page);
  await page.screenshot({ path: `${SHOTS}/c2-relax-planning-phone.png`, fullPage: true });
  await link.click();
  await expect(page).toHaveURL(/\/dashboard\/producten$/);
  await page.context().close();
});
