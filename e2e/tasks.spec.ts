import type { APIRequestContext, Page } from '@playwright/test';
import { formatDateTime } from '../src/shared/format';
import type { StaffTasksResponse } from '../src/shared/tasks';
import { letters, makeClient } from './support/factory';
import { expect, expectNoAxeViolations, test, waitForMail } from './support/fixtures';
import { signedInPage } from './support/matches';
import { acceptCheckoutTerms } from './support/payments';

/**
 * Issue 29 (part B, decision 032): a purchase's promises become tasks for staff, due in working
 * hours; /success promises only what will happen; deleting a paid account says what it forfeits
 * and tells the matchmaker.
 */

// The staff dashboard is a large page: axe and its numbers take a while on a busy machine.
test.describe.configure({ timeout: 180_000 });

async function sofieId(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/matchmakers/sofie-peeters');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { matchmaker: { id: string } }).matchmaker.id;
}

async function openTasksOf(page: Page) {
  const response = await page.request.get('/api/tasks');
  expect(response.status()).toBe(200);
  return (await response.json()) as StaffTasksResponse;
}

test('a client buys Persoonlijk with the test payment; Sofie sees the promised tasks with their due times', async ({
  browser,
  request,
}) => {
  const matchmaker = { id: await sofieId(request) };
  const client = await makeClient(request, 'Tessa', {
    exactFirstName: true,
    surname: `Taak${letters()}`,
    matchmaker,
  });
  const page = await signedInPage(browser, client.email, client.password);
  await page.goto('/dashboard/producten');
  await acceptCheckoutTerms(page);
  await page.getByRole('button', { name: 'Kies Persoonlijk', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Testbetaling' })).toBeVisible();
  await page.getByRole('button', { name: 'Betalen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Betaling geslaagd' })).toBeVisible();
  const followUps = page.getByRole('region', { name: 'Wat gebeurt er nu?' });
  await expect(
    followUps.getByText(
      /^Sofie Peeters, je matchmaker, neemt uiterlijk .+ om \d\d:\d\d contact met je op\.$/,
    ),
  ).toBeVisible();
  await expect(
    followUps.getByText(
      /^Je krijgt uiterlijk .+ om \d\d:\d\d een persoonlijke uitnodiging voor je intakegesprek\.$/,
    ),
  ).toBeVisible();
  await expect(followUps.getByText('Je eerste matches volgen binnen 2 weken.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '/tmp/h29b-success-persoonlijk.png', fullPage: true });

  const sofie = await signedInPage(browser, 'sofie@koppel.example');
  const tasks = (await openTasksOf(sofie)).tasks.filter((task) => task.client_id === client.id);
  expect(tasks.map((task) => task.kind)).toEqual(['matchmaker_contact', 'intake_invitation']);
  await sofie.goto('/matchmaker');
  const section = sofie.getByRole('region', { name: 'Beloofde taken' });
  await expect(section).toBeVisible();
  for (const task of tasks) {
    const item = section
      .getByRole('listitem')
      .filter({ hasText: client.fullName })
      .filter({ hasText: task.label });
    await expect(item).toBeVisible();
    await expect(item.getByText(formatDateTime(task.due_at))).toBeVisible();
  }
  await expectNoAxeViolations(sofie);
  await section.getByRole('listitem').filter({ hasText: client.fullName }).first().scrollIntoViewIfNeeded();
  await sofie.screenshot({ path: '/tmp/h29b-sofie-tasks.png', fullPage: false });

  // Sofie calls: the contact task is done and leaves the list.
  const contact = section
    .getByRole('listitem')
    .filter({ hasText: client.fullName })
    .filter({ hasText: 'Contact opnemen met de klant' });
  await contact.getByRole('button', { name: 'Afgerond' }).click();
  await expect(contact).toHaveCount(0);
  await expect(section.getByRole('listitem').filter({ hasText: client.fullName })).toHaveCount(1);
  for (const p of [page, sofie]) await p.context().close();
});

test('the admin hands a queued Persoonlijk+ call to Sofie, who is mailed', async ({ browser, request }) => {
  const client = await makeClient(request, 'Quinten', {
    exactFirstName: true,
    surname: `Wachtrij${letters()}`,
  });
  const page = await signedInPage(browser, client.email, client.password);
  await page.goto('/dashboard/producten');
  await acceptCheckoutTerms(page);
  await page.getByRole('button', { name: 'Kies Persoonlijk+' }).click();
  await page.getByRole('button', { name: 'Betalen' }).click();
  const followUps = page.getByRole('region', { name: 'Wat gebeurt er nu?' });
  // "Vandaag nog" only within working hours; otherwise the real day. Never a matchmaker's name.
  await expect(
    followUps.getByText(/^We bellen je (vandaag nog, vóór 17:00|.+ tussen 9:00 en 17:00)\.$/),
  ).toBeVisible();
  await expect(followUps.getByText(/matchmaker/)).toHaveCount(0);

  const admin = await signedInPage(browser, 'beheer@koppel.example');
  await admin.goto('/matchmaker');
  const item = admin
    .getByRole('region', { name: 'Beloofde taken' })
    .getByRole('listitem')
    .filter({ hasText: client.fullName });
  await expect(item.getByText('Nog niet toegewezen (wachtrij)')).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(admin);
  await item.getByLabel('Toewijzen aan').selectOption({ label: 'Sofie Peeters' });
  await item.getByRole('button', { name: 'Toewijzen' }).click();
  await expect(item.getByText('Toegewezen aan Sofie Peeters')).toBeVisible();
  await waitForMail(request, 'sofie@koppel.example', 'Nieuwe taak: Klant bellen (dezelfde werkdag)');

  // The owner's funnel, per sign-up month: this month counts this test's client among the paid.
  // Other tests sign clients up on the same server meanwhile: the page's count of this month lies
  // between what the API says just before the page loaded and just after it was read.
  const funnelMonths = async () =>
    (
      (await (await admin.request.get('/api/admin/funnel')).json()) as {
        months: { month: string; signed_up: number; paid: number }[];
      }
    ).months;
  const funnel = admin.getByRole('region', { name: 'Funnel per maand', exact: true });
  /** The API's month before, the page's count, the API's month after (one page load). */
  const measure = async () => {
    const before = (await funnelMonths()).at(-1)!;
    await admin.goto('/admin/cijfers');
    await expect(funnel.getByRole('columnheader', { name: 'Eerste date' })).toBeVisible();
    const shown = funnel.getByRole('row').nth(1).getByRole('cell').first();
    await expect(shown).toHaveText(/^\d+$/);
    return { before, shown: Number(await shown.textContent()), after: (await funnelMonths()).at(-1)! };
  };
  let seen = await measure();
  // A new month began between the two reads (midnight at a month's end): once more.
  if (seen.after.month !== seen.before.month) seen = await measure();
  expect(seen.before.paid).toBeGreaterThanOrEqual(1);
  expect(seen.shown).toBeGreaterThanOrEqual(seen.before.signed_up);
  expect(seen.shown).toBeLessThanOrEqual(seen.after.signed_up);
  await expectNoAxeViolations(admin);
  await funnel.scrollIntoViewIfNeeded();
  await admin.screenshot({ path: '/tmp/h29b-funnel.png', fullPage: false });
  for (const p of [page, admin]) await p.context().close();
});

test('deleting a paid account: what is forfeited comes before the password, and Sofie is told', async ({
  browser,
  request,
}) => {
  const matchmaker = { id: await sofieId(request) };
  const intakeAt = new Date(Date.now() + 5 * 86_400_000);
  intakeAt.setUTCHours(9, 0, 0, 0);
  const client = await makeClient(request, 'Vera', {
    exactFirstName: true,
    surname: `Weg${letters()}`,
    tier: 'Persoonlijk',
    paidAt: new Date(Date.now() - 2 * 86_400_000),
    matchmaker,
    intake: { scheduledAt: intakeAt, status: 'scheduled' },
  });
  const page = await signedInPage(browser, client.email, client.password);
  await page.goto('/dashboard/settings');
  await page.getByRole('button', { name: 'Account verwijderen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Account verwijderen?' });
  const forfeits = dialog.getByRole('region', { name: 'Wat je verliest' });
  await expect(forfeits.getByText(/Je betaalde lidmaatschap Persoonlijk, dat nog loopt tot/)).toBeVisible();
  await expect(forfeits.getByRole('link', { name: 'voorwaarden' })).toHaveAttribute('href', '/voorwaarden');
  await expect(forfeits.getByRole('link', { name: 'Mijn aankopen' })).toHaveAttribute(
    'href',
    '/dashboard/aankopen',
  );
  await expect(
    forfeits.getByText(`Je intakegesprek van ${formatDateTime(intakeAt)} wordt geannuleerd`, {
      exact: false,
    }),
  ).toBeVisible();
  await expect(forfeits.getByText('Sofie Peeters, je matchmaker, krijgt bericht')).toBeVisible();
  // What is forfeited comes before the password is asked.
  const order = await dialog.evaluate((root) => {
    const region = root.querySelector('[aria-labelledby="verlies-titel"]');
    const password = root.querySelector('input[type="password"]');
    return region && password
      ? region.compareDocumentPosition(password) & Node.DOCUMENT_POSITION_FOLLOWING
      : 0;
  });
  expect(order).toBeTruthy();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '/tmp/h29b-delete-paid.png', fullPage: false });

  await dialog.getByLabel('Je wachtwoord').fill(client.password);
  await dialog.getByLabel('Typ VERWIJDER om te bevestigen').fill('VERWIJDER');
  await dialog.getByRole('button', { name: 'Definitief verwijderen' }).click();
  await expect(page).toHaveURL(/\/inloggen\?verwijderd=1/);
  const told = await waitForMail(
    request,
    'sofie@koppel.example',
    'Een klant heeft het account verwijderd',
    (m) => m.text.includes(`Het intakegesprek van ${formatDateTime(intakeAt)} is geannuleerd`),
  );
  expect(told.text).toContain('De klant had Persoonlijk');
  expect(told.text).not.toContain(client.fullName);
  await page.context().close();
});
