import type { Page } from '@playwright/test';
import {
  createConfirmedAccount,
  expect,
  expectNoAxeViolations,
  test,
  uniqueEmail,
  waitForMail,
} from './support/fixtures';
import { CLIENT_PASSWORD } from './support/matches';
import { freshTotpCode } from './support/totp';

async function expectFitsAndAccessible(page: Page) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectNoAxeViolations(page);
}

async function passwordStep(page: Page, email: string) {
  await page.goto('/inloggen');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(CLIENT_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
}

test('on a phone: a client turns on two-factor login, logs in with a backup code and turns it off', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail('tweestaps-telefoon');
  await createConfirmedAccount(request, { name: 'Tom Tweestaps', email, password: CLIENT_PASSWORD });
  await page.setViewportSize({ width: 390, height: 844 });
  await passwordStep(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/dashboard/settings');
  await page.getByRole('link', { name: 'Tweestapsverificatie aanzetten' }).click();
  await page.getByLabel('Je wachtwoord', { exact: true }).fill(CLIENT_PASSWORD);
  await page.getByRole('button', { name: 'Verder' }).click();
  await expect(page.getByRole('img', { name: /QR-code/ })).toBeVisible();
  await expectFitsAndAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('phone-setup-qr.png'), fullPage: true });
  const key = (await page.getByTestId('totp-key').textContent())!.replace(/\s/g, '');
  await page.getByLabel('Code uit je app').fill(await freshTotpCode(key));
  await page.getByRole('button', { name: 'Tweestapsverificatie aanzetten' }).click();
  const codes = page.getByRole('list', { name: 'Back-upcodes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const backupCode = (await codes.first().textContent())!.trim();
  await expectFitsAndAccessible(page);
  await page.getByRole('link', { name: 'Ik heb mijn back-upcodes bewaard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Without the phone: a backup code.
  await page.context().clearCookies();
  await passwordStep(page, email);
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
  await section.getByLabel('Je wachtwoord', { exact: true }).fill(CLIENT_PASSWORD);
  await expectFitsAndAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('phone-settings-off.png'), fullPage: true });
  await section.getByRole('button', { name: 'Uitzetten' }).click();
  await expect(section).toContainText('Tweestapsverificatie staat uit.');
  await waitForMail(request, email, 'Tweestapsverificatie staat uit voor je Koppel-account');
});
