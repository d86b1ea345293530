import { readFile } from 'node:fs/promises';
import { MESSAGES } from '../src/shared/messages';
import { letters, makeClient } from './support/factory';
import { BASE_URL, expect, expectNoAxeViolations, test, waitForMail } from './support/fixtures';
import { signedInPage } from './support/matches';

const NEW_PASSWORD = 'e2e-nieuw-wachtwoord-2026';

test('a client chooses Sofie as matchmaker, who hears it; changing asks first', async ({
  browser,
  request,
}) => {
  const greet = await makeClient(request, 'Greet', { exactFirstName: true, surname: `Kiezer${letters()}` });
  const page = await signedInPage(browser, greet.email, greet.password);

  await page.goto('/dashboard/matchmakers');
  await expect(page.getByRole('heading', { level: 2, name: 'Sofie Peeters' })).toBeVisible();
  await expect(page.getByText('12 jaar ervaring')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Kies Sofie Peeters' }).click();
  await expect(page.getByText('Sofie Peeters is nu je matchmaker.')).toBeVisible();
  await expect(page.getByText('Jouw matchmaker')).toBeVisible();
  await waitForMail(request, 'sofie@koppel.example', 'Een klant koos jou als matchmaker', (m) =>
    m.text.includes(greet.fullName),
  );
  // Changing asks first.
  await page.getByRole('button', { name: 'Kies Lotte & Wout Janssens' }).click();
  const change = page.getByRole('dialog', { name: 'Van matchmaker wisselen?' });
  await expect(change).toBeVisible();
  await expectNoAxeViolations(page);
  await change.getByRole('button', { name: 'Annuleren' }).click();
  await expect(change).toBeHidden();
  await expect(page.getByText('Jouw matchmaker')).toBeVisible();
  await page.context().close();
});

test('a client changes the password (the old session ends), downloads the export, deletes the account and cannot log in', async ({
  browser,
  request,
}) => {
  const greet = await makeClient(request, 'Greet', { exactFirstName: true, surname: `Gegevens${letters()}` });
  const { email } = greet;
  const page = await signedInPage(browser, email, greet.password);
  const otherDevice = await signedInPage(browser, email, greet.password);

  // Changing the password: the other device is signed out, this one stays in.
  await page.goto('/dashboard/change-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Wachtwoord wijzigen' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Huidig wachtwoord').fill('niet-het-juiste-wachtwoord');
  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Herhaal het nieuwe wachtwoord').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await expect(page.getByText('Je huidige wachtwoord klopt niet.')).toBeVisible();
  await page.getByLabel('Huidig wachtwoord').fill(greet.password);
  await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await expect(page.getByText('Je wachtwoord is gewijzigd.')).toBeVisible();
  await expectNoAxeViolations(page);
  await waitForMail(request, email, 'Je wachtwoord bij Koppel is gewijzigd');
  await otherDevice.goto('/dashboard/settings');
  await expect(otherDevice).toHaveURL(/\/inloggen/);
  await otherDevice.context().close();

  // Settings: e-mails, pause, and the export as a download.
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('heading', { level: 2, name: 'Mijn gegevens' })).toBeVisible();
  await expect(
    page.getByRole('checkbox', { name: 'Herinnering als een matchvoorstel bijna verloopt' }),
  ).toBeChecked();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Matching pauzeren' }).click();
  await expect(page.getByText(/Je matching staat op pauze sinds/)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download mijn gegevens' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^koppel-mijn-gegevens-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    onderdelen: Record<string, Record<string, unknown>[]>;
  };
  // Issue 30: Dutch headings and names, e-mails without their links.
  expect(exported.onderdelen.Account?.[0]).toMatchObject({ 'E-mailadres': email, Naam: greet.fullName });
  expect(exported.onderdelen.Instellingen?.[0]?.['Matching gepauzeerd op']).toBeTruthy();
  expect(exported.onderdelen['E-mails aan jou']?.map((m) => m.Onderwerp)).toContain(
    'Je wachtwoord bij Koppel is gewijzigd',
  );
  expect(JSON.stringify(exported)).not.toMatch(/https?:\/\/[^"]*token/);

  // Deleting the account.
  await page.getByRole('button', { name: 'Account verwijderen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Account verwijderen?' });
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(page);
  await confirm.getByLabel('Je wachtwoord').fill(NEW_PASSWORD);
  // Issue 30: the word counts in lower case too (newcomer.spec.ts shows the message for another word).
  await confirm.getByLabel('Typ VERWIJDER om te bevestigen').fill('verwijder');
  await confirm.getByRole('button', { name: 'Definitief verwijderen' }).click();
  await expect(page).toHaveURL(/\/inloggen\?verwijderd=1/);
  await expect(page.getByText('Je account is verwijderd.')).toBeVisible();
  await expectNoAxeViolations(page);
  await waitForMail(request, email, 'Je Koppel-account is verwijderd');

  const login = await request.post('/api/auth/sign-in/email', {
    data: { email, password: NEW_PASSWORD },
    headers: { origin: BASE_URL },
  });
  expect(login.status()).toBe(401);
  expect(await login.json()).toMatchObject({
    code: 'INVALID_EMAIL_OR_PASSWORD',
    error: MESSAGES.loginFailed,
  });
  await page.context().close();
});

test('the privacy statement is prerendered and linked from the footer, the sign-up form and the settings', async ({
  page,
}) => {
  const response = await page.goto('/privacy');
  expect(await response!.text()).toContain('Wie je zoekt is bijzonder gevoelig');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacyverklaring' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/');
  await expect(
    page.getByRole('navigation', { name: 'Voettekst' }).getByRole('link', { name: 'Privacy' }),
  ).toHaveAttribute('href', '/privacy');
  await page.goto('/aanmelden');
  await expect(page.getByRole('link', { name: /privacyverklaring/ })).toHaveAttribute('href', '/privacy');
});
