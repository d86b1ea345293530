import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { createConfirmedAccount, expect, uniqueEmail } from './fixtures';
import { CLIENT_PASSWORD, signedInPage } from './matches';
import { buyWithDemoPayment } from './payments';

/** The demo matchmakers by the name the Testagenda shows as host. */
export const MATCHMAKER_EMAILS: Record<string, string> = {
  'Sofie Peeters': 'sofie@koppel.example',
  'Lotte & Wout Janssens': 'lotte.wout@koppel.example',
};

const letters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** A fresh confirmed client with a unique name who bought Persoonlijk, signed in on a page. */
export async function persoonlijkClient(browser: Browser, request: APIRequestContext, first: string) {
  const fullName = `${first} Wouters${letters()}`;
  const email = uniqueEmail(first.toLowerCase());
  await createConfirmedAccount(request, { name: fullName, email, password: CLIENT_PASSWORD });
  const page = await signedInPage(browser, email, CLIENT_PASSWORD);
  await buyWithDemoPayment(page.request, 'Persoonlijk');
  return { page, email, fullName };
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
