import { randomUUID } from 'node:crypto';
import type { APIRequest, Browser, Page } from '@playwright/test';
import { makeAdmin, makeMatchmaker } from './support/factory';
import { expect, expectNoAxeViolations, test, uniqueEmail, waitForMail } from './support/fixtures';
import { EMPTY_BASE_URL } from './support/site';
import { totpCode } from './support/totp';

/**
 * Issue 17 item 5: a staff member turns on two-factor login and logs in with a code computed from
 * the secret, then from a trusted browser without one. The e2e server is a local install
 * (STAFF_2FA=optional, so the other specs log in with the password alone); "required" is covered
 * by the API tests (src/server/features/two-factor/two-factor.test.ts) and, below, on the second
 * server (no demo data, STAFF_2FA=required): a matchmaker led to the setup, and an invited
 * matchmaker's whole way in. Every account here is the test's own.
 */
/** The fixed demo key of a local install (decision 018), printed at start and in the README. */
const DEMO_KEY = 'JNXXA4DFNRCGK3LPKRXXI4CTNRSXK5DFNQZDAMRWJRXWWYLBNQYA';

test('a matchmaker turns on two-factor login, logs in with a code, and a trusted browser skips it', async ({
  page,
  request,
}, testInfo) => {
  // An address of the demo's domain: a local install gives it the fixed key (decision 018).
  const marc = await makeMatchmaker(request, 'Marc', {
    email: `tweestap-${randomUUID().slice(0, 8)}@koppel.example`,
  });
  // The password alone, as on every local install.
  await page.goto('/inloggen');
  await page.getByLabel('E-mailadres').fill(marc.email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(marc.password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/matchmaker$/);

  await page.goto('/dashboard/settings');
  const section = page.getByRole('region', { name: 'Tweestapsverificatie' });
  await expect(section).toContainText('Staat uit.');
  await section.getByRole('link', { name: 'Tweestapsverificatie aanzetten' }).click();

  await expect(page).toHaveURL(/\/tweestapsverificatie$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tweestapsverificatie instellen' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Je wachtwoord', { exact: true }).fill('niet-mijn-wachtwoord');
  await page.getByRole('button', { name: 'Verder' }).click();
  await expect(page.getByRole('alert')).toContainText('Ongeldige inloggegevens');
  await page.getByLabel('Je wachtwoord', { exact: true }).fill(marc.password);
  await page.getByRole('button', { name: 'Verder' }).click();

  // The QR code is drawn in the page (no request leaves the site); the key is there to type over.
  await expect(page.getByRole('img', { name: /QR-code voor je authenticator-app/ })).toBeVisible();
  const key = (await page.getByTestId('totp-key').textContent())!.replace(/\s/g, '');
  expect(key).toBe(DEMO_KEY);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('setup-qr.png'), fullPage: true });
  await page.getByLabel('Code uit je app').fill('123');
  await page.getByRole('button', { name: 'Tweestapsverificatie aanzetten' }).click();
  await expect(page.getByText('Typ de 6 cijfers uit je authenticator-app.')).toBeVisible();
  await page.getByLabel('Code uit je app').fill(totpCode(key));
  await page.getByRole('button', { name: 'Tweestapsverificatie aanzetten' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Bewaar je back-upcodes' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Back-upcodes' }).getByRole('listitem')).toHaveCount(10);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('backup-codes.png'), fullPage: true });
  await page.getByRole('link', { name: 'Ik heb mijn back-upcodes bewaard' }).click();
  await expect(page).toHaveURL(/\/matchmaker$/);
  await waitForMail(request, marc.email, 'Tweestapsverificatie staat aan voor je Koppel-account');

  // A new login: the password, then a code from the app.
  await page.context().clearCookies();
  await page.goto('/inloggen');
  await page.getByLabel('E-mailadres').fill(marc.email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(marc.password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tweestapsverificatie' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.getByLabel('Code uit je app').fill('000000');
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(page.getByRole('alert')).toContainText('Deze code klopt niet.');
  await page.screenshot({ path: testInfo.outputPath('login-code.png'), fullPage: true });
  await page.getByLabel('Code uit je app').fill(totpCode(key));
  await page.getByLabel(/Vertrouw deze browser 30 dagen/).check();
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(page).toHaveURL(/\/matchmaker$/);

  // The session ends; the trusted browser logs in with the password alone.
  const cookies = await page.context().cookies();
  const trust = cookies.find((c) => c.name === 'koppel.trust_device');
  expect(trust, 'trust cookie').toBeTruthy();
  expect(trust!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  await page.context().clearCookies();
  await page.context().addCookies([trust!]);
  await page.goto('/inloggen');
  await page.getByLabel('E-mailadres').fill(marc.email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(marc.password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/matchmaker$/);

  // Settings: on.
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('region', { name: 'Tweestapsverificatie' })).toContainText('Staat aan');
  await expectNoAxeViolations(page);
});

test.describe('a server with STAFF_2FA=required', () => {
  // Its pages are on the second server: that server's own Origin (the config's is the first's).
  test.use({ extraHTTPHeaders: { origin: EMPTY_BASE_URL } });
  const requiredUrl = EMPTY_BASE_URL;

  /** Requests to the required server, whose factory makes this test's accounts there. */
  const requiredServer = (playwright: { request: APIRequest }) =>
    playwright.request.newContext({ baseURL: requiredUrl, extraHTTPHeaders: { origin: requiredUrl } });

  test('a matchmaker without a second factor is led to set it up and reaches nothing else until done', async ({
    page,
    playwright,
  }, testInfo) => {
    const factory = await requiredServer(playwright);
    const sofie = await makeMatchmaker(factory, 'Sofie');
    await factory.dispose();
    await page.goto(`${requiredUrl}/inloggen`);
    await page.getByLabel('E-mailadres').fill(sofie.email);
    await page.getByLabel('Wachtwoord', { exact: true }).fill(sofie.password);
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await expect(page).toHaveURL(/\/tweestapsverificatie$/);
    await expect(page.getByText('tot dan kun je niets anders openen')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath('setup-required.png'), fullPage: true });

    // Another staff page leads back here; the API answers 403 in Dutch.
    await page.goto(`${requiredUrl}/matchmaker/matches`);
    await expect(page).toHaveURL(/\/tweestapsverificatie$/);
    const refused = await page.request.get(`${requiredUrl}/api/matches`);
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });

    await page.getByLabel('Je wachtwoord', { exact: true }).fill(sofie.password);
    await page.getByRole('button', { name: 'Verder' }).click();
    const key = (await page.getByTestId('totp-key').textContent())!.replace(/\s/g, '');
    await page.getByLabel('Code uit je app').fill(totpCode(key));
    await page.getByRole('button', { name: 'Tweestapsverificatie aanzetten' }).click();
    await page.getByRole('link', { name: 'Ik heb mijn back-upcodes bewaard' }).click();
    await expect(page).toHaveURL(/\/matchmaker$/);
    expect((await page.request.get(`${requiredUrl}/api/matches`)).status()).toBe(200);

    // Staff cannot turn it off here.
    await page.goto(`${requiredUrl}/dashboard/settings`);
    const section = page.getByRole('region', { name: 'Tweestapsverificatie' });
    await expect(section).toContainText('je kunt ze niet uitzetten');
    await expect(section.getByRole('button', { name: 'Tweestapsverificatie uitzetten' })).toHaveCount(0);
  });

  /** A browser of its own on the required server, signed in (password only, as the API allows). */
  async function signedInOnRequired(
    browser: Browser,
    { email, password }: { email: string; password: string },
  ): Promise<Page> {
    const context = await browser.newContext({
      baseURL: requiredUrl,
      extraHTTPHeaders: { origin: requiredUrl },
    });
    const page = await context.newPage();
    const response = await page.request.post('/api/auth/sign-in/email', {
      data: { email, password },
      headers: { origin: requiredUrl },
    });
    expect(response.status(), `login ${email}`).toBe(200);
    return page;
  }

  test('the admin invites a matchmaker, who sets a password and a second factor and logs in with a code', async ({
    browser,
    playwright,
  }, testInfo) => {
    const factory = await requiredServer(playwright);
    const beheer = await makeAdmin(factory, 'Bea');
    await factory.dispose();
    // The admin needs a second factor here too: set up through the API (her journey is not this test's).
    const admin = await signedInOnRequired(browser, beheer);
    const enabled = await admin.request.post('/api/auth/two-factor/enable', {
      data: { password: beheer.password },
      headers: { origin: requiredUrl },
    });
    expect(enabled.status()).toBe(200);
    const { totpURI } = (await enabled.json()) as { totpURI: string };
    const adminKey = new URL(totpURI).searchParams.get('secret')!;
    const confirmed = await admin.request.post('/api/auth/two-factor/verify-totp', {
      data: { code: totpCode(adminKey) },
      headers: { origin: requiredUrl },
    });
    expect(confirmed.status()).toBe(200);

    // The invitation, through the admin console.
    const email = uniqueEmail('nina-tweestap');
    await admin.goto('/admin/medewerkers');
    await expect(admin.getByRole('heading', { level: 1, name: 'Medewerkers' })).toBeVisible();
    const invite = admin.getByRole('region', { name: 'Een matchmaker uitnodigen' });
    await invite.getByLabel('Naam').fill('Nina Tweestap');
    await invite.getByLabel('E-mailadres').fill(email);
    await invite.getByRole('button', { name: 'Uitnodiging versturen' }).click();
    await expect(invite.getByText(`De uitnodiging is verstuurd naar ${email}.`)).toBeVisible();
    const mail = await waitForMail(admin.request, email, 'Je bent uitgenodigd als matchmaker bij Koppel');
    const link = mail.links.find((l) => l.includes('/reset-password#access_token='));
    expect(link, 'invitation link').toBeTruthy();
    expect(new URL(link!).origin).toBe(requiredUrl);

    // Her own browser: a password through the link, then the login form.
    const context = await browser.newContext({
      baseURL: requiredUrl,
      extraHTTPHeaders: { origin: requiredUrl },
    });
    const nina = await context.newPage();
    await nina.goto(link!);
    await expect(nina.getByRole('heading', { level: 1, name: 'Nieuw wachtwoord instellen' })).toBeVisible();
    const password = 'nina-kiest-tweestap-2026';
    await nina.getByLabel('Nieuw wachtwoord', { exact: true }).fill(password);
    await nina.getByLabel('Bevestig wachtwoord', { exact: true }).fill(password);
    await nina.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
    await expect(nina).toHaveURL(/\/inloggen$/);
    await nina.getByLabel('E-mailadres').fill(email);
    await nina.getByLabel('Wachtwoord', { exact: true }).fill(password);
    await nina.getByRole('button', { name: 'Inloggen', exact: true }).click();

    // Led to the setup, and nothing else until it is done.
    await expect(nina).toHaveURL(/\/tweestapsverificatie$/);
    await expect(
      nina.getByRole('heading', { level: 1, name: 'Tweestapsverificatie instellen' }),
    ).toBeVisible();
    await expect(nina.getByText('tot dan kun je niets anders openen')).toBeVisible();
    await expectNoAxeViolations(nina);
    const refused = await nina.request.get('/api/matchmaker/dashboard');
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });

    await nina.getByLabel('Je wachtwoord', { exact: true }).fill(password);
    await nina.getByRole('button', { name: 'Verder' }).click();
    await expect(
      nina.getByRole('img', { name: `QR-code voor je authenticator-app (Koppel, ${email})` }),
    ).toBeVisible();
    // Her own secret (not the demo accounts' fixed one), read from beside the QR code.
    const key = (await nina.getByTestId('totp-key').textContent())!.replace(/\s/g, '');
    expect(key).toMatch(/^[A-Z2-7]{16,}$/);
    expect(key).not.toBe(DEMO_KEY);
    await expectNoAxeViolations(nina);
    await nina.screenshot({ path: testInfo.outputPath('invitee-setup-qr.png'), fullPage: true });
    await nina.getByLabel('Code uit je app').fill(totpCode(key));
    await nina.getByRole('button', { name: 'Tweestapsverificatie aanzetten' }).click();

    await expect(nina.getByRole('heading', { level: 1, name: 'Bewaar je back-upcodes' })).toBeVisible();
    await expect(nina.getByRole('list', { name: 'Back-upcodes' }).getByRole('listitem')).toHaveCount(10);
    await expectNoAxeViolations(nina);
    await nina.getByRole('link', { name: 'Ik heb mijn back-upcodes bewaard' }).click();
    await expect(nina).toHaveURL(/\/matchmaker$/);
    await expect(nina.getByText('MATCHMAKER', { exact: true })).toBeVisible();
    await waitForMail(nina.request, email, 'Tweestapsverificatie staat aan voor je Koppel-account');

    // Signing out, and in again: the password, then a code from the secret.
    await nina.getByRole('button', { name: 'Instellingen' }).click();
    await nina.getByRole('menuitem', { name: 'Uitloggen' }).click();
    await expect(nina).toHaveURL(`${requiredUrl}/`);
    const signedOut = await nina.request.get('/api/matchmaker/dashboard');
    expect(signedOut.status()).toBe(401);
    expect(await signedOut.json()).toMatchObject({ code: 'NOT_AUTHENTICATED' });
    await nina.goto('/inloggen');
    await nina.getByLabel('E-mailadres').fill(email);
    await nina.getByLabel('Wachtwoord', { exact: true }).fill(password);
    await nina.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await expect(nina.getByRole('heading', { level: 1, name: 'Tweestapsverificatie' })).toBeFocused();
    await nina.getByLabel('Code uit je app').fill(totpCode(key));
    await nina.getByRole('button', { name: 'Bevestigen' }).click();
    await expect(nina).toHaveURL(/\/matchmaker$/);
    await expect(nina.getByText('MATCHMAKER', { exact: true })).toBeVisible();
    expect((await nina.request.get('/api/matchmaker/dashboard')).status()).toBe(200);

    await context.close();
    await admin.context().close();
  });
});
