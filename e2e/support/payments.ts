import type { APIRequestContext, Browser } from '@playwright/test';
import { createConfirmedAccount, expect, uniqueEmail } from './fixtures';
import { CLIENT_PASSWORD, signedInPage } from './matches';

/** A fresh confirmed client on Relax, signed in on a page of its own. */
export async function freshClientPage(browser: Browser, request: APIRequestContext, name: string) {
  const email = uniqueEmail(name.toLowerCase());
  await createConfirmedAccount(request, { name: `${name} Betaler`, email, password: CLIENT_PASSWORD });
  const page = await signedInPage(browser, email, CLIENT_PASSWORD);
  return { page, email };
}

/** Buys a tier through the API and the demo provider ("Betalen" without the page); the session id. */
export async function buyWithDemoPayment(request: APIRequestContext, tier: string): Promise<string> {
  const start = await request.post('/api/checkout-sessions', { data: { tier } });
  expect(start.status()).toBe(201);
  const id = ((await start.json()) as { url: string }).url.split('/').pop()!;
  const pay = await request.post(`/api/demo-checkout/${id}/pay`);
  expect(pay.status()).toBe(200);
  return id;
}
