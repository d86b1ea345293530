import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages';
import { createClient, createMatchmaker } from '../../db/factories';
import { checkout_sessions, invoices, payments, user_profiles } from '../../db/schema';
import { TERMS_ACCEPTED } from '../../test/checkout';
import { expectRefused } from '../../test/expect-refused';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Issue 29 (decision 031): a payment the bank confirms later, in the demo checkout (the local
 * default) through the same events as Stripe's: `checkout.session.completed` of an unpaid session
 * holds it, `async_payment_succeeded` fulfils it, `async_payment_failed` ends it.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function newClient() {
  const client = await createClient(t.db, { tier: 'Relax' });
  return { ...client, cookie: await t.login(client.email) };
}

/** Starts a Persoonlijk checkout: the demo session id. */
async function start(cookie: string) {
  const response = await t.request('/api/checkout-sessions', {
    cookie,
    json: { tier: 'Persoonlijk', ...TERMS_ACCEPTED },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { url: string }).url.split('/').pop()!;
}

async function payLater(cookie: string, id: string) {
  return t.request(`/api/demo-checkout/${id}/pay`, {
    cookie,
    json: { method: 'bancontact', confirms: 'later' },
  });
}

const bank = (cookie: string | undefined, id: string, outcome: string) =>
  t.request(`/api/demo-checkout/${id}/bank`, { ...(cookie ? { cookie } : {}), json: { outcome } });

async function stateOf(clientId: string, sessionId: string) {
  const [checkout] = await t.db
    .select()
    .from(checkout_sessions)
    .where(eq(checkout_sessions.provider_session_id, sessionId));
  const paid = await t.db.select().from(payments).where(eq(payments.client_id, clientId));
  const documents = await t.db.select().from(invoices).where(eq(invoices.client_id, clientId));
  const [profile] = await t.db.select().from(user_profiles).where(eq(user_profiles.id, clientId));
  return { status: checkout!.status, paid, documents, tier: profile!.tier };
}

describe('a payment the bank confirms later (demo checkout)', () => {
  it('waits unpaid with the message on /success, then the bank confirms it and it is fulfilled once', async () => {
    const client = await newClient();
    const id = await start(client.cookie);
    const held = await payLater(client.cookie, id);
    expect(held.status).toBe(200);
    expect(((await held.json()) as { url: string }).url).toContain(`/success?session_id=${id}`);

    const waiting = await t.request(`/api/checkout-session?session_id=${id}`, { cookie: client.cookie });
    expect(waiting.status).toBe(200);
    expect(await waiting.json()).toMatchObject({
      success: false,
      session: { payment_status: 'unpaid' },
      error: MESSAGES.paymentNotConfirmed,
    });
    expect(await stateOf(client.id, id)).toMatchObject({
      status: 'processing',
      paid: [],
      documents: [],
      tier: 'Relax',
    });
    // Meanwhile the same tier cannot be bought a second time.
    await expectRefused(
      await t.request('/api/checkout-sessions', {
        cookie: client.cookie,
        json: { tier: 'Persoonlijk', ...TERMS_ACCEPTED },
      }),
      409,
      'PAYMENT_PROCESSING',
    );

    const confirmed = await bank(client.cookie, id, 'confirmed');
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as { url: string }).url).toContain(`/success?session_id=${id}`);
    const after = await stateOf(client.id, id);
    expect(after).toMatchObject({ status: 'paid', tier: 'Persoonlijk' });
    expect(after.paid).toHaveLength(1);
    expect(after.paid[0]!.payment_method).toBe('bancontact');
    expect(after.documents.map((d) => d.kind)).toEqual(['invoice']);
    const lookup = await t.request(`/api/checkout-session?session_id=${id}`, { cookie: client.cookie });
    expect(await lookup.json()).toMatchObject({ success: true, session: { payment_status: 'paid' } });

    // The bank's word comes once: a second confirmation is refused and changes nothing.
    await expectRefused(await bank(client.cookie, id, 'confirmed'), 409, 'CHECKOUT_NOT_OPEN');
    expect((await stateOf(client.id, id)).documents).toHaveLength(1);
  });

  it('declined by the bank: nothing is bought and the tier can be bought again', async () => {
    const client = await newClient();
    const id = await start(client.cookie);
    expect((await payLater(client.cookie, id)).status).toBe(200);
    const declined = await bank(client.cookie, id, 'declined');
    expect(declined.status).toBe(200);
    expect(((await declined.json()) as { url: string }).url).toMatch(/\/dashboard\/producten$/);
    expect(await stateOf(client.id, id)).toMatchObject({
      status: 'failed',
      paid: [],
      documents: [],
      tier: 'Relax',
    });
    await expectRefused(await bank(client.cookie, id, 'confirmed'), 409, 'CHECKOUT_NOT_OPEN');
    // The success page still open on it is told so, and stops waiting (a final answer).
    const lookup = await t.request(`/api/checkout-session?session_id=${id}`, { cookie: client.cookie });
    expect(lookup.status).toBe(200);
    expect(await lookup.json()).toMatchObject({
      success: false,
      error: MESSAGES.paymentDeclined,
      code: 'PAYMENT_DECLINED',
    });
    await start(client.cookie);
  });

  it("refuses another client's session (404), staff (403), no session (401), bad input (400), and a session not held (409)", async () => {
    const client = await newClient();
    const other = await newClient();
    const matchmaker = await createMatchmaker(t.db);
    const id = await start(client.cookie);
    // Not paid yet, so not held: the bank has nothing to decide.
    await expectRefused(await bank(client.cookie, id, 'confirmed'), 409, 'CHECKOUT_NOT_OPEN');
    await expectRefused(
      await t.request(`/api/demo-checkout/${id}/pay`, {
        cookie: client.cookie,
        json: { confirms: 'morgen' },
      }),
      400,
      'BAD_REQUEST',
    );
    expect((await payLater(client.cookie, id)).status).toBe(200);
    await expectRefused(await bank(other.cookie, id, 'confirmed'), 404, 'NOT_FOUND');
    await expectRefused(await bank(await t.login(matchmaker.email), id, 'confirmed'), 403, 'UNAUTHORIZED');
    await expectRefused(await bank(undefined, id, 'confirmed'), 401, 'NOT_AUTHENTICATED');
    await expectRefused(await bank(client.cookie, id, 'misschien'), 400, 'BAD_REQUEST');
    await expectRefused(await bank(client.cookie, 'cs_demo_onbekend', 'confirmed'), 404, 'NOT_FOUND');
    // None of it touched the held payment.
    expect(await stateOf(client.id, id)).toMatchObject({ status: 'processing', paid: [] });
  });
});
