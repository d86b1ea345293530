import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { letters, makeClient } from './factory';
import { expect } from './fixtures';
import { signedInPage } from './matches';

/** A fresh confirmed client with a unique name who bought Persoonlijk (no matchmaker yet), signed in on a page. */
export async function persoonlijkClient(browser: Browser, request: APIRequestContext, first: string) {
  const client = await makeClient(request, first, {
    exactFirstName: true,
    surname: `Wouters${letters()}`,
    tier: 'Persoonlijk',
  });
  const page = await signedInPage(browser, client.email, client.password);
  return { page, email: client.email, fullName: client.fullName };
}

/**
 * Books the first slot of the Testagenda on the intake planning page; returns the host's name and
 * the browser message the scheduler posted (to post it again).
 */
export async function bookFirstSlot(page: Page) {
  const agenda = page.getByRole('region', { name: 'Testagenda' });
  await expect(agenda.getByText(/Gastheer of gastvrouw: /)).toBeVisible();
  const host = ((await agenda.getByText(/Gastheer of gastvrouw: /).textContent()) ?? '')
    .replace(/.*Gastheer of gastvrouw: /, '')
    .replace(/\.$/, '')
    .trim();
  await agenda
    .getByRole('group', { name: 'Kies een moment' })
    .getByRole('radio')
    .first()
    .check({ force: true });
  const booking = page.waitForResponse(
    (r) => r.url().endsWith('/api/testagenda/bookings') && r.request().method() === 'POST',
  );
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/intake-sessions') && r.request().method() === 'POST',
  );
  await agenda.getByRole('button', { name: 'Bevestig afspraak' }).click();
  const { message } = (await (await booking).json()) as { message: unknown };
  expect([200, 201]).toContain((await saved).status());
  return { host, message };
}
