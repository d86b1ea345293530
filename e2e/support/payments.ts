import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { letters, makeClient } from './factory';
import { expect } from './fixtures';
import { signedInPage } from './matches';

/** A fresh confirmed client on Relax (first name `name`), signed in on a page of its own. */
export async function freshClientPage(browser: Browser, request: APIRequestContext, name: string) {
  const client = await makeClient(request, name, { exactFirstName: true, surname: `Betaler${letters()}` });
  const page = await signedInPage(browser, client.email, client.password);
  return { page, email: client.email, client };
}

/** Buys a tier through the API and the demo provider ("Betalen" without the page); the session id. */
export async function buyWithDemoPayment(request: APIRequestContext, tier: string): Promise<string> {
  const start = await request.post('/api/checkout-sessions', {
    data: { tier, accept_terms: true, start_now: true },
  });
  expect(start.status()).toBe(201);
  const id = ((await start.json()) as { url: string }).url.split('/').pop()!;
  const pay = await request.post(`/api/demo-checkout/${id}/pay`);
  expect(pay.status()).toBe(200);
  return id;
}

/** Decision 031: ticks the terms and the express request to start, as checkout asks first. */
export async function acceptCheckoutTerms(page: Page) {
  await page.getByRole('checkbox', { name: /Ik aanvaard de algemene voorwaarden/ }).check();
  await page.getByRole('checkbox', { name: /Ik vraag uitdrukkelijk dat Koppel meteen start/ }).check();
}
