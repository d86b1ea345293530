import type { Page } from '@playwright/test';
import { makeClient } from './support/factory';
import { expect, expectNoAxeViolations, loginViaApi, test, waitForMail } from './support/fixtures';
import { totpCode } from './support/totp';

async function expectFitsAndAccessible(page: Page) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectNoAxeViolations(page);
}

async function passwordStep(page: Page, { email, password }: { email: string; password: string }) {
  await page.goto('/inloggen');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
}

test('on a phone: a client turns on two-factor login, logs in with a backup code and turns it off', async ({
  page,
  request,
}, testInfo) => {
  const tom = await makeClient(request, 'Tom');
  await page.setViewportSize({ width: 390, height: 844 });
  // Before two-factor login, the password alone (through the API: the form comes below).
  await loginViaApi(page, tom.email, tom.password);

  await page.goto('/dashboard/settings');
  await page.getByRole('link', { name: 'Tweestapsverificatie aanzetten' }).click();
  await page.getByLabel('Je wachtwoord', { exact: true }).fill(tom.password);
  await page.getByRole('button', { name: 'Verder' }).click();
  await expect(page.getByRole('img', { name: /QR-code/ })).toBeVisible();
  await expectFitsAndAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('phone-setup-qr.png'), fullPage: true });
  const key = (await page.getByTestId('totp-key').textContent())!.replace(/\s/g, '');
  await page.getByLabel('Code uit je app').fill(totpCode(key));
  await page.getByRole('button', { name: 'Tweestapsverificatie aanzetten' }).click();
  const codes = page.getByRole('list', { name: 'Back-upcodes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const backupCode = (await codes.first().textContent())!.trim();
  await expectFitsAndAccessible(page);
  await page.getByRole('link', { name: 'Ik heb mijn back-upcodes bewaard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Without the phone: a backup code.
  await page.context().clearCookies();
  await passwordStep(page, tom);
  await expect(page.getByRole('heading', { level: 1, name: 'Tweestapsverificatie' })).toBeVisible();
  await expectFitsAndAccessible(page);
  await page.getByRole('button', { name: /back-upcode gebruiken/ }).click();
  await page.getByLabel('Back-upcode').fill(backupCode);
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/dashboard/settings');
  const section = page.getByRole('region', { name: 'Tweestapsverificatie' });
  await expect(section).toContainText('Staat aan');
  await section.getByRole('button', { name: 'Tweestapsverificatie uitzetten' }).click();
  await section.getByLabel('Je wachtwoord', { exact: true }).fill(tom.password);
  await expectFitsAndAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('phone-settings-off.png'), fullPage: true });
  await section.getByRole('button', { name: 'Uitzetten' }).click();
  await expect(section).toContainText('Tweestapsverificatie staat uit.');
  await waitForMail(request, tom.email, 'Tweestapsverificatie staat uit voor je Koppel-account');
});
