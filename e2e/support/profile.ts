import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';

/** A small photo made on the spot (no binary files in git). */
export function testPhoto() {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 190, g: 90, b: 110 } } })
    .jpeg()
    .toBuffer();
}

/** Step 1 of the profile form, filled in and saved. */
export async function fillAboutStep(page: Page) {
  await page.getByLabel('Geboortedatum').fill('1990-04-12');
  await page.getByRole('group', { name: 'Geslacht' }).getByLabel('Vrouw').check();
  await page.getByLabel('Postcode').fill('3000');
  await expect(page.getByText('Provincie: Vlaams-Brabant')).toBeVisible();
  await page.getByLabel('Woonplaats').fill('Leuven');
  await page.getByLabel('Lengte (in cm)').fill('170');
  await page.getByLabel('Opleiding').selectOption({ label: 'Master' });
  await page.getByLabel('Beroep').fill('Architecte');
  await page.getByRole('group', { name: 'Welke talen spreek je?' }).getByLabel('Nederlands').check();
  await page.getByRole('button', { name: 'Opslaan en verder' }).click();
  await expect(page.getByRole('heading', { name: 'Stap 2 van 5: Wie zoek je' })).toBeVisible();
}
