import { makeAdmin } from './support/factory';
import {
  BASE_URL,
  expect,
  expectNoAxeViolations,
  loginViaApi,
  test,
  uniqueEmail,
  waitForMail,
} from './support/fixtures';

const CONFIRMATION_SUBJECT = 'Bevestig je e-mailadres bij Koppel';

// Issue 18 (point 5), decision 007: the admin sees the e-mails that gave up and puts one back.
// A local install sends nothing, so the mail server's 3-day refusal is played by /dev (the real
// delivery code with a refusing server); this is the only spec that makes a message fail.
test('the admin sees a failed e-mail on E-mails, resends it and it leaves the failed list', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('mislukt');
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: { name: 'Mira Mislukt', email, password: 'een-lang-wachtwoord-2026', callbackURL: '/inloggen' },
    headers: { origin: BASE_URL },
  });
  expect(signUp.status()).toBe(200);
  const mail = await waitForMail(request, email, CONFIRMATION_SUBJECT);
  const refused = await request.post(`/dev/mailbox/${mail.id}/refuse`);
  expect(refused.status()).toBe(200);
  expect(await refused.json()).toEqual({ status: 'failed' });

  // An admin of this test's own: the resend is hers.
  const admin = await makeAdmin(request);
  await loginViaApi(page, admin.email, admin.password);
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Beheermenu' });
  await nav.getByRole('link', { name: 'E-mails' }).click();
  await expect(page).toHaveURL(/\/admin\/e-mails$/);
  await expect(page.getByRole('heading', { level: 1, name: 'E-mails' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'E-mails' })).toHaveAttribute('aria-current', 'page');

  const list = page.getByRole('region', { name: 'Mislukte e-mails' });
  const row = list.getByRole('listitem').filter({ hasText: `Aan ${email.toLowerCase()}` });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(CONFIRMATION_SUBJECT, { exact: true })).toBeVisible();
  await expect(row.getByText('Mislukt', { exact: true })).toBeVisible();
  const fact = (label: string) => row.locator(`dt:text-is("${label}") + dd`);
  await expect(fact('Sjabloon')).toHaveText('confirm-email');
  await expect(fact('Pogingen')).toHaveText('2');
  await expect(fact('Laatste fout')).toContainText('451');
  // Dates in Dutch, Brussels time: "25 november 2026 om 18:40".
  const dutchDateTime =
    /^\d{1,2} (januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december) \d{4}\D+\d{2}:\d{2}$/;
  for (const label of ['In de wachtrij gezet', 'Eerste mislukte poging', 'Opgegeven']) {
    await expect(fact(label), label).toHaveText(dutchDateTime);
  }
  await expect(list.getByText(/^\d+ mislukte e-mails?, nieuwste eerst\.$/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('e-mails.png'), fullPage: true });

  // A phone: the long address and error wrap, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row.getByRole('button', { name: 'Opnieuw versturen' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('e-mails-390.png'), fullPage: true });

  await row.getByRole('button', { name: 'Opnieuw versturen' }).click();
  await expect(row.getByText('In de wachtrij', { exact: true })).toBeVisible();
  await expect(row.getByRole('status')).toContainText('Staat weer in de wachtrij');
  await expect(row.getByRole('button', { name: 'Opnieuw versturen' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // On the server too: pending again, and no longer among the failed.
  const failed = await page.request.get('/api/outbox?status=failed');
  expect(failed.status()).toBe(200);
  const { messages } = (await failed.json()) as { messages: { id: string }[] };
  expect(messages.map((m) => m.id)).not.toContain(mail.id);

  await list.getByRole('button', { name: 'Vernieuwen' }).click();
  await expect(row).toHaveCount(0);
  // No other spec makes a message fail, so the list is empty now.
  await expect(list.getByText('Geen mislukte e-mails.')).toBeVisible();
  await expectNoAxeViolations(page);
});
