import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedUser, createAdmin, createClient } from '../../db/factories';
import { invoices, payments, refunds, user_profiles } from '../../db/schema';
import { TERMS_ACCEPTED } from '../../test/checkout';
import { expectRefused } from '../../test/expect-refused';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Issue 29: a refund is applied once per Stripe refund id, whether it started in the admin console
 * or in Stripe's dashboard, however often and in whatever order its events arrive.
 */

const WEBHOOK_SECRET = 'whsec_koppel_refunds';
let stripe: FakeStripe;
let t: TestApp;
let admin: CreatedUser;
let adminCookie: string;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({
    PAYMENTS: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_koppel',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
  });
  admin = await createAdmin(t.db, { email: 'beheer@refunds.koppel.example' });
  adminCookie = await t.login(admin.email);
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

function deliver(type: string, object: unknown) {
  const { payload, signature } = stripe.signedEvent(type, object, { secret: WEBHOOK_SECRET });
  return t.request('/api/webhooks/stripe', {
    method: 'POST',
    body: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

/** A client who bought Persoonlijk (€ 2.950) through Stripe; the payment row and its intent. */
async function paidClient() {
  const client = await createClient(t.db, { full_name: 'Nina Peeters', tier: 'Relax' });
  const cookie = await t.login(client.email);
  const start = await t.request('/api/checkout-sessions', {
    cookie,
    json: { tier: 'Persoonlijk', ...TERMS_ACCEPTED },
  });
  const id = ((await start.json()) as { url: string }).url.split('/').pop()!;
  const session = stripe.complete(id);
  expect((await deliver('checkout.session.completed', session)).status).toBe(200);
  const [payment] = await t.db.select().from(payments).where(eq(payments.provider_session_id, id));
  return { client, cookie, payment: payment!, intent: session.payment_intent! };
}

async function recorded(paymentId: string) {
  const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
  const rows = await t.db.select().from(refunds).where(eq(refunds.payment_id, paymentId));
  const notes = (await t.db.select().from(invoices).where(eq(invoices.payment_id, paymentId))).filter(
    (d) => d.kind === 'credit_note',
  );
  const [profile] = await t.db.select().from(user_profiles).where(eq(user_profiles.id, payment!.client_id!));
  return { payment: payment!, refunds: rows, notes, profile: profile! };
}

const refundObject = (
  id: string,
  intent: string,
  amount: number,
  status = 'succeeded',
  metadata: Record<string, string> = {},
) => ({
  id,
  object: 'refund',
  amount,
  currency: 'eur',
  payment_intent: intent,
  status,
  metadata,
  reason: null,
});

describe('refunds through Stripe', () => {
  it('a console refund calls Stripe with the intent, amount and reason; its later events change nothing', async () => {
    const { payment, intent } = await paidClient();
    const response = await t.request(`/api/admin/payments/${payment.id}/refunds`, {
      cookie: adminCookie,
      json: { amount: 50_000, reason: 'Coulance: intake verplaatst' },
    });
    expect(response.status).toBe(200);
    const made = [...stripe.refunds.values()].filter((r) => r.payment_intent === intent);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ amount: 50_000, metadata: { reason: 'Coulance: intake verplaatst' } });
    // Stripe's events for that same refund, replayed and in any order.
    const refund = refundObject(made[0]!.id, intent, 50_000, 'succeeded', made[0]!.metadata);
    for (const [type, object] of [
      ['refund.updated', refund],
      ['charge.refunded', { object: 'charge', payment_intent: intent, refunds: { data: [refund] } }],
      ['refund.created', refund],
      ['refund.created', refund],
    ] as const) {
      expect((await deliver(type, object)).status).toBe(200);
    }
    const after = await recorded(payment.id);
    expect(after.payment.amount_refunded).toBe(50_000);
    expect(after.refunds).toHaveLength(1);
    expect(after.refunds[0]).toMatchObject({ refunded_by: admin.id, reason: 'Coulance: intake verplaatst' });
    expect(after.notes.map((n) => n.amount_total)).toEqual([50_000]);
    // A partial refund without a withdrawal leaves the term running.
    expect(after.profile).toMatchObject({ tier: 'Persoonlijk', subscription_status: 'active' });
  });

  it('refunds made at Stripe are applied once each, replayed and reordered; the full amount ends the term', async () => {
    const { payment, intent } = await paidClient();
    const first = refundObject('re_dashboard_1', intent, 95_000);
    const second = refundObject('re_dashboard_2', intent, 200_000);
    const charge = { object: 'charge', payment_intent: intent, refunds: { data: [second, first] } };
    // The charge's event (naming both) arrives first, then each refund's, some twice.
    for (const [type, object] of [
      ['charge.refunded', charge],
      ['refund.updated', second],
      ['refund.created', first],
      ['charge.refunded', charge],
      ['refund.created', second],
    ] as const) {
      expect((await deliver(type, object)).status).toBe(200);
    }
    const after = await recorded(payment.id);
    expect(after.refunds.map((r) => r.provider_refund_id).sort()).toEqual([
      're_dashboard_1',
      're_dashboard_2',
    ]);
    expect(after.refunds.every((r) => r.reason === 'Terugbetaald bij de betaalprovider')).toBe(true);
    expect(after.payment.amount_refunded).toBe(295_000);
    expect(after.notes).toHaveLength(2);
    expect(after.profile).toMatchObject({ tier: 'Relax', subscription_status: 'cancelled' });
  });

  it('a pending refund is applied; a failed one, or one of a payment that is not ours, changes nothing', async () => {
    const { payment, intent } = await paidClient();
    expect(
      (await deliver('refund.created', refundObject('re_failed', intent, 10_000, 'failed'))).status,
    ).toBe(200);
    expect((await deliver('refund.created', refundObject('re_other', 'pi_not_ours', 10_000))).status).toBe(
      200,
    );
    expect((await recorded(payment.id)).refunds).toEqual([]);
    expect(
      (await deliver('refund.created', refundObject('re_pending', intent, 10_000, 'pending'))).status,
    ).toBe(200);
    expect((await recorded(payment.id)).payment.amount_refunded).toBe(10_000);
  });

  it('refuses a signed refund event it cannot read with 400, and an unsigned one', async () => {
    for (const object of [
      null,
      { id: 're_x' },
      { id: 're_x', amount: 'veel', currency: 'eur', payment_intent: 'pi' },
    ]) {
      await expectRefused(await deliver('refund.created', object), 400, 'BAD_REQUEST', {
        label: JSON.stringify(object),
      });
    }
    const unsigned = await t.request('/api/webhooks/stripe', {
      method: 'POST',
      body: JSON.stringify({ type: 'refund.created', data: { object: refundObject('re_y', 'pi', 1) } }),
      headers: { 'content-type': 'application/json' },
    });
    await expectRefused(unsigned, 400, 'BAD_REQUEST');
  });

  it('a refund Stripe refuses is a 502 in Dutch and records nothing', async () => {
    const { payment } = await paidClient();
    stripe.failNextRequests(3);
    const response = await t.request(`/api/admin/payments/${payment.id}/refunds`, {
      cookie: adminCookie,
      json: { amount: 1_000, reason: 'Test van een storing' },
    });
    await expectRefused(response, 502, 'REFUND_FAILED');
    expect((await recorded(payment.id)).refunds).toEqual([]);
  });
});
