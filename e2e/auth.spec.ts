import { MESSAGES } from '../src/shared/messages';
import { makeClient } from './support/factory';
import {
  DEMO_PASSWORD,
  expect,
  expectNoAxeViolations,
  loginViaApi,
  test,
  uniqueEmail,
  waitForMail,
} from './support/fixtures';

test('sign up with every validation error, confirm by e-mail, log in and land on /dashboard', async ({
  page,
}) => {
  const email = uniqueEmail('nieuw');
  await page.goto('/aanmelden');
  await expect(page.getByRole('heading', { level: 1, name: 'Aanmelden' })).toBeVisible();
  await expectNoAxeViolations(page);

  const submit = page.getByRole('button', { name: 'Account aanmaken' });
  await submit.click();
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.allFieldsRequired })).toBeVisible();

  await page.getByLabel('Volledige naam').fill('Nina Vermeulen');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill('kort');
  await submit.click();
  await expect(page.getByText(MESSAGES.passwordTooShort)).toBeVisible();

  await page.getByLabel('Wachtwoord', { exact: true }).fill('password');
  await submit.click();
  await expect(page.getByText(MESSAGES.passwordTooCommon)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Wachtwoord', { exact: true }).fill('zomer-aan-zee-2026');
  await submit.click();
  await expect(page).toHaveURL(/\/bevestiging/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bevestig je e-mailadres' })).toBeVisible();
  await expectNoAxeViolations(page);

  // An unconfirmed account cannot log in yet, and is told why.
  await page.goto('/inloggen');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill('zomer-aan-zee-2026');
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page.getByText(MESSAGES.emailNotVerified)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stuur de bevestigingsmail opnieuw' })).toBeVisible();

  const mail = await waitForMail(page.request, email, 'Bevestig je e-mailadres bij Koppel');
  expect(mail.text).toContain('Dag Nina Vermeulen');
  await page.goto(mail.links.find((l) => l.includes('/api/auth/verify-email'))!);
  await expect(page).toHaveURL(/\/inloggen\?bevestigd=1/);
  await expect(page.getByText('Je e-mailadres is bevestigd')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill('zomer-aan-zee-2026');
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welkom, Nina')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Mijn account' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a wrong password shows the spec text', async ({ page }) => {
  await page.goto('/inloggen');
  await page.getByLabel('E-mailadres').fill('emma@koppel.example');
  await page.getByLabel('Wachtwoord', { exact: true }).fill('niet-het-wachtwoord');
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page.getByText(MESSAGES.loginFailed)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a matchmaker logs in and lands on /matchmaker', async ({ page }) => {
  await page.goto('/inloggen');
  await page.getByLabel('E-mailadres').fill('sofie@koppel.example');
  await page.getByLabel('Wachtwoord', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page).toHaveURL(/\/matchmaker$/);
  await expect(page.getByText('MATCHMAKER', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Matchmakermenu' });
  for (const item of ['Dashboard', 'Klanten', 'Matches', 'Magic Match', 'Intake Feedback']) {
    await expect(nav.getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  await expectNoAxeViolations(page);
  // The settings menu in the header, as in every role's shell.
  await page.getByRole('button', { name: 'Instellingen' }).click();
  await page.getByRole('menuitem', { name: 'Instellingen' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Instellingen' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('forgot password: the mail, the reset, the redirect; the new password works and the old one not', async ({
  page,
}) => {
  const { email } = await makeClient(page.request, 'Olga', { password: 'oud-wachtwoord-11' });

  await page.goto('/inloggen');
  await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wachtwoord vergeten' })).toBeVisible();
  await page.getByRole('button', { name: 'Verstuur reset link' }).click();
  await expect(page.getByText(MESSAGES.emailRequired)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Terug naar inloggen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();
  await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByRole('button', { name: 'Verstuur reset link' }).click();
  await expect(page.getByText(MESSAGES.resetEmailSent)).toBeVisible();

  const mail = await waitForMail(page.request, email, 'Stel een nieuw wachtwoord in voor Koppel');
  const link = mail.links.find((l) => l.includes('/reset-password#access_token='))!;
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Nieuw wachtwoord instellen' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('nieuw-wachtwoord-22');
  await page.getByLabel('Bevestig wachtwoord', { exact: true }).fill('iets-anders-33');
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByText(MESSAGES.passwordsDoNotMatch)).toBeVisible();
  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('kort');
  await page.getByLabel('Bevestig wachtwoord', { exact: true }).fill('kort');
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByText(MESSAGES.passwordTooShort)).toBeVisible();
  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('nieuw-wachtwoord-22');
  await page.getByLabel('Bevestig wachtwoord', { exact: true }).fill('nieuw-wachtwoord-22');
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByText(MESSAGES.resetPasswordSuccess)).toBeVisible();
  await expectNoAxeViolations(page);
  await expect(page).toHaveURL(/\/inloggen$/);

  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill('oud-wachtwoord-11');
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page.getByText(MESSAGES.loginFailed)).toBeVisible();
  await page.getByLabel('Wachtwoord', { exact: true }).fill('nieuw-wachtwoord-22');
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the reset page without a token says so', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText(MESSAGES.noAccessTokenInUrl)).toBeVisible();
  await expect(page.getByText(MESSAGES.invalidResetLink)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('log out from the settings menu ends the session', async ({ page }) => {
  await loginViaApi(page, 'lucas@koppel.example');
  await page.goto('/dashboard');
  await expect(page.getByText('Welkom, Lucas')).toBeVisible();
  await page.getByRole('button', { name: 'Instellingen' }).click();
  await expectNoAxeViolations(page);
  await page.getByRole('menuitem', { name: 'Uitloggen' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/inloggen/);
});
