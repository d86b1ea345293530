import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEuroCents } from '../../../shared/format';
import type { CheckoutSessionResponse } from '../../../shared/payments';
import { type CreatedUser, createAdmin, createClient, createMatchmaker } from '../../db/factories';
import { checkout_sessions, email_outbox, payments, user_profiles } from '../../db/schema';
import { TERMS_ACCEPTED } from '../../test/checkout';
import { expectRefused } from '../../test/expect-refused';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe';
import { APP_URL, createTestApp, type TestApp } from '../../test/test-app';

const WEBHOOK_SECRET = 'whsec_koppel_test_secret';
let stripe: FakeStripe;
let t: TestApp;
let admin: CreatedUser;
const cookies: Record<string, string> = {};

/** A new Relax client, signed in. */
async function newClient(tier: 'Relax' | 'Relax+' | 'Persoonlijk' = 'Relax') {
  const client = await createClient(t.db, { full_name: 'Lucas Wouters', tier });
  return { ...client, cookie: await t.login(client.email) };
}

async function startCheckout(cookie: string, tier = 'Relax+') {
  const response = await t.request('/api/checkout-sessions', { cookie, json: { tier, ...TERMS_ACCEPTED } });
  expect(response.status).toBe(201);
  const { url } = (await response.json()) as { url: string };
  const id = url.split('/').pop()!;
  return { url, id };
}

function deliver(payload: string, signature?: string) {
  return t.request('/api/webhooks/stripe', {
    method: 'POST',
    body: payload,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
  });
}

async function state(clientId: string, sessionId: string) {
  const [profile] = await t.db.select().from(user_profiles).where(eq(user_profiles.id, clientId));
  const paid = await t.db.select().from(payments).where(eq(payments.provider_session_id, sessionId));
  const mails = await t.db
    .select()
    .from(email_outbox)
    .where(like(email_outbox.dedupe_key, `payment-%:${sessionId}%`));
  return { profile: profile!, payments: paid, mails };
}

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({
    PAYMENTS: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_koppel',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
  });
  admin = await createAdmin(t.db, { email: 'beheer@test.koppel.example' });
  const matchmaker = await createMatchmaker(t.db, {});
  cookies.matchmaker = await t.login(matchmaker.email);
  cookies.admin = await t.login(admin.email);
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

describe('POST /api/checkout-sessions with Stripe', () => {
  it('creates a Checkout Session in mode payment with the catalogue price, the client and the tier', async () => {
    const lucas = await newClient();
    const response = await t.request('/api/checkout-sessions', {
      cookie: lucas.cookie,
      // A price in the request is ignored: the server takes it from the catalogue.
      json: { tier: 'Relax+', ...TERMS_ACCEPTED, price: 1, amount_total: 100, price_id: 'price_cheap' },
    });
    expect(response.status).toBe(201);
    const { url } = (await response.json()) as { url: string };
    const session = [...stripe.sessions.values()].find((s) => s.url === url)!;
    expect(session).toBeDefined();
    expect(session.mode).toBe('payment');
    expect(session.client_reference_id).toBe(lucas.id);
    expect(session.metadata.tier).toBe('Relax+');
    expect(session.amount_total).toBe(16_500);
    expect(session.currency).toBe('eur');
    expect(session.success_url).toBe(`${APP_URL}/success?session_id={CHECKOUT_SESSION_ID}`);
    expect(session.cancel_url).toBe(`${APP_URL}/dashboard/producten`);
    const create = stripe.creates.at(-1)!;
    expect(create.authorization).toBe('Bearer sk_test_koppel');
    expect(create.idempotencyKey).toMatch(/^checkout-/);
    const [row] = await t.db
      .select()
      .from(checkout_sessions)
      .where(eq(checkout_sessions.provider_session_id, session.id));
    expect(row).toMatchObject({ client_id: lucas.id, tier: 'Relax+', amount_total: 16_500, status: 'open' });
  });

  it('a second click, also at the same moment, opens the same session instead of a second payable one', async () => {
    const lucas = await newClient();
    const before = stripe.creates.length;
    const replies = await Promise.all(
      [1, 2, 3].map(() =>
        t.request('/api/checkout-sessions', {
          cookie: lucas.cookie,
          json: { tier: 'Persoonlijk', ...TERMS_ACCEPTED },
        }),
      ),
    );
    const urls = await Promise.all(replies.map(async (r) => ((await r.json()) as { url: string }).url));
    expect(replies.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(new Set(urls).size).toBe(1);
    const again = await startCheckout(lucas.cookie, 'Persoonlijk');
    expect(again.url).toBe(urls[0]);
    expect(stripe.creates.length - before).toBe(1);
    // Another tier is another session.
    const other = await startCheckout(lucas.cookie, 'Persoonlijk+');
    expect(other.url).not.toBe(urls[0]);
  });

  it('refuses bad input, the free tier, a tier not above the current one, and anyone but a client', async () => {
    const lucas = await newClient('Persoonlijk');
    for (const json of [{}, { tier: 'Relax' }, { tier: 'Goud' }, { tier: 5 }]) {
      const response = await t.request('/api/checkout-sessions', { cookie: lucas.cookie, json });
      await expectRefused(response, 400, 'BAD_REQUEST', { label: JSON.stringify(json) });
      expect(((await response.json()) as { error: string }).error).toMatch(/lidmaatschap|Ongeldige/);
    }
    const lower = await t.request('/api/checkout-sessions', {
      cookie: lucas.cookie,
      json: { tier: 'Relax+', ...TERMS_ACCEPTED },
    });
    expect(lower.status).toBe(409);
    expect(await lower.json()).toMatchObject({ code: 'TIER_NOT_AVAILABLE' });
    const same = await t.request('/api/checkout-sessions', {
      cookie: lucas.cookie,
      json: { tier: 'Persoonlijk', ...TERMS_ACCEPTED },
    });
    await expectRefused(same, 409, 'TIER_NOT_AVAILABLE');
    await expectRefused(
      await t.request('/api/checkout-sessions', { json: { tier: 'Relax+', ...TERMS_ACCEPTED } }),
      401,
      'NOT_AUTHENTICATED',
    );
    for (const cookie of [cookies.matchmaker, cookies.admin]) {
      const response = await t.request('/api/checkout-sessions', {
        cookie,
        json: { tier: 'Relax+', ...TERMS_ACCEPTED },
      });
      await expectRefused(response, 403, 'UNAUTHORIZED', 'Unauthorized access');
    }
  });

  it('answers 502 in Dutch when Stripe fails, keeps nothing payable, and the next click starts afresh', async () => {
    const lucas = await newClient();
    stripe.failNextRequests(3);
    const response = await t.request('/api/checkout-sessions', {
      cookie: lucas.cookie,
      json: { tier: 'Relax+', ...TERMS_ACCEPTED },
    });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'PAYMENT_PROVIDER' });
    const rows = await t.db.select().from(checkout_sessions).where(eq(checkout_sessions.client_id, lucas.id));
    expect(rows.map((r) => [r.status, r.url])).toEqual([['failed', null]]);
    // The next click starts afresh.
    const retry = await startCheckout(lucas.cookie);
    expect(retry.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
  });
});

describe('POST /api/webhooks/stripe', () => {
  it('a valid checkout.session.completed for a paid session fulfils once: payment, tier, term, e-mails', async () => {
    const lucas = await newClient();
    const { id } = await startCheckout(lucas.cookie);
    const session = stripe.complete(id);
    const { payload, signature } = stripe.signedEvent('checkout.session.completed', session, {
      secret: WEBHOOK_SECRET,
    });
    const response = await deliver(payload, signature);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });

    const after = await state(lucas.id, id);
    expect(after.payments).toHaveLength(1);
    expect(after.payments[0]).toMatchObject({
      provider: 'stripe',
      tier: 'Relax+',
      amount_total: 16_500,
      currency: 'eur',
    });
    expect(after.profile.tier).toBe('Relax+');
    expect(after.profile.subscription_status).toBe('active');
    const months =
      (after.profile.subscription_ends_at!.getTime() - t.clock.now().getTime()) / (30.44 * 86_400_000);
    expect(months).toBeGreaterThan(11.9);
    expect(months).toBeLessThan(12.1);
    const subjects = after.mails.map((m) => `${m.to_address}: ${m.subject}`).sort();
    expect(subjects).toEqual([
      `${admin.email}: Nieuwe betalende klant: Relax+`,
      `${lucas.email}: Welkom bij Relax+`,
    ]);
  });

  it('the same event 5 times at once and then replayed fulfils once', async () => {
    const lucas = await newClient();
    const { id } = await startCheckout(lucas.cookie);
    const event = stripe.signedEvent('checkout.session.completed', stripe.complete(id), {
      secret: WEBHOOK_SECRET,
    });
    const replies = await Promise.all([1, 2, 3, 4, 5].map(() => deliver(event.payload, event.signature)));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const first = await state(lucas.id, id);
    const replay = await deliver(event.payload, event.signature);
    expect(replay.status).toBe(200);
    const after = await state(lucas.id, id);
    expect(after.payments).toHaveLength(1);
    expect(after.mails).toHaveLength(2);
    expect(after.profile.subscription_ends_at).toEqual(first.profile.subscription_ends_at);
    expect(after.profile.updated_at).toEqual(first.profile.updated_at);
  });

  it('async_payment_succeeded before completed fulfils once; completed while unpaid fulfils nothing', async () => {
    const lucas = await newClient();
    const { id } = await startCheckout(lucas.cookie, 'Persoonlijk');
    const unpaid = stripe.signedEvent('checkout.session.completed', stripe.complete(id, 'unpaid'), {
      secret: WEBHOOK_SECRET,
    });
    expect((await deliver(unpaid.payload, unpaid.signature)).status).toBe(200);
    expect((await state(lucas.id, id)).payments).toHaveLength(0);
    expect((await state(lucas.id, id)).profile.tier).toBe('Relax');

    const paidSession = stripe.complete(id, 'paid');
    const succeeded = stripe.signedEvent('checkout.session.async_payment_succeeded', paidSession, {
      secret: WEBHOOK_SECRET,
    });
    const completed = stripe.signedEvent('checkout.session.completed', paidSession, {
      secret: WEBHOOK_SECRET,
    });
    expect((await deliver(succeeded.payload, succeeded.signature)).status).toBe(200);
    expect((await deliver(completed.payload, completed.signature)).status).toBe(200);
    const after = await state(lucas.id, id);
    expect(after.payments).toHaveLength(1);
    expect(after.profile.tier).toBe('Persoonlijk');
    const invitation = after.mails.find((m) => m.subject === 'Plan je intakegesprek bij Koppel');
    expect(invitation?.to_address).toBe(lucas.email);
    expect(invitation?.html).toContain(`${APP_URL}/dashboard/intake-planning`);
    expect(after.mails).toHaveLength(2);
  });

  it('a tampered body, a wrong secret, a stale timestamp or no signature get 400 and change nothing', async () => {
    const lucas = await newClient();
    const { id } = await startCheckout(lucas.cookie);
    const session = stripe.complete(id);
    const good = stripe.signedEvent('checkout.session.completed', session, { secret: WEBHOOK_SECRET });
    const tampered = good.payload.replace('"paid"', '"paid" ');
    const wrongSecret = stripe.signedEvent('checkout.session.completed', session, {
      secret: 'whsec_not_ours',
    });
    const stale = stripe.signedEvent('checkout.session.completed', session, {
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 60 * 60,
    });
    for (const [payload, signature] of [
      [tampered, good.signature],
      [wrongSecret.payload, wrongSecret.signature],
      [stale.payload, stale.signature],
      [good.payload, undefined],
      [good.payload, 't=1,v1=abc'],
    ] as const) {
      const response = await deliver(payload, signature);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'Ongeldige handtekening', code: 'BAD_REQUEST' });
    }
    const after = await state(lucas.id, id);
    expect(after.payments).toHaveLength(0);
    expect(after.mails).toHaveLength(0);
    expect(after.profile.tier).toBe('Relax');
    expect(after.profile.subscription_status).toBeNull();
  });

  it('acknowledges other events and sessions that are not ours, and does nothing with them', async () => {
    const lucas = await newClient();
    const { id } = await startCheckout(lucas.cookie);
    const session = stripe.complete(id);
    const other = stripe.signedEvent('checkout.session.expired', session, { secret: WEBHOOK_SECRET });
    expect((await deliver(other.payload, other.signature)).status).toBe(200);
    const intent = stripe.signedEvent(
      'payment_intent.succeeded',
      { id: 'pi_123', object: 'payment_intent' },
      {
        secret: WEBHOOK_SECRET,
      },
    );
    expect((await deliver(intent.payload, intent.signature)).status).toBe(200);
    const foreign = stripe.signedEvent(
      'checkout.session.completed',
      { ...session, id: 'cs_test_someone_else', client_reference_id: 'x' },
      { secret: WEBHOOK_SECRET },
    );
    expect((await deliver(foreign.payload, foreign.signature)).status).toBe(200);
    expect((await state(lucas.id, id)).payments).toHaveLength(0);
    expect(
      await t.db.select().from(payments).where(eq(payments.provider_session_id, 'cs_test_someone_else')),
    ).toEqual([]);
  });

  it('a correctly signed event without its object (data.object null, a string, an array) gets a 4xx in Dutch', async () => {
    for (const type of ['checkout.session.completed', 'checkout.session.async_payment_succeeded']) {
      for (const object of [null, 'cs_test_x', []]) {
        const event = stripe.signedEvent(type, object, { secret: WEBHOOK_SECRET });
        const response = await deliver(event.payload, event.signature);
        await expectRefused(response, 400, 'BAD_REQUEST', {
          error: 'Ongeldige gebeurtenis',
          label: `${type} ${JSON.stringify(object)}`,
        });
        const body = (await response.json()) as { error: string; code: string };
        expect(typeof body.error).toBe('string');
        expect(typeof body.code).toBe('string');
      }
    }
  });

  it('issue 30: a paid session whose amount or currency differs from the order is not fulfilled, and every admin is alerted once', async () => {
    for (const differs of [{ amount_total: 15_000 }, { currency: 'usd' }]) {
      const lucas = await newClient();
      const { id } = await startCheckout(lucas.cookie);
      const event = stripe.signedEvent(
        'checkout.session.completed',
        { ...stripe.complete(id), ...differs },
        { secret: WEBHOOK_SECRET },
      );
      // Delivered twice (Stripe retries): still one alert per admin, and no purchase.
      expect((await deliver(event.payload, event.signature)).status).toBe(200);
      expect((await deliver(event.payload, event.signature)).status).toBe(200);
      const after = await state(lucas.id, id);
      expect(after.payments, JSON.stringify(differs)).toEqual([]);
      expect(after.profile.tier).toBe('Relax');
      const alerts = await t.db
        .select()
        .from(email_outbox)
        .where(like(email_outbox.dedupe_key, `payment-mismatch:${id}:%`));
      expect(alerts.map((a) => a.to_address)).toEqual([admin.email]);
      expect(alerts[0]!.subject).toBe('Betaling niet verwerkt: bedrag of munt klopt niet');
      expect(alerts[0]!.text).toContain(`vroegen ${formatEuroCents(16_500)}`);
    }
  });

  it('issue 30: a signature dated beyond the tolerance in the future is refused; one within it is accepted', async () => {
    const lucas = await newClient();
    const { id } = await startCheckout(lucas.cookie);
    const object = stripe.complete(id);
    const now = Math.floor(Date.now() / 1000);
    const future = stripe.signedEvent('checkout.session.completed', object, {
      secret: WEBHOOK_SECRET,
      timestamp: now + 3600,
    });
    await expectRefused(await deliver(future.payload, future.signature), 400, 'BAD_REQUEST', {
      error: 'Ongeldige handtekening',
    });
    expect((await state(lucas.id, id)).payments).toEqual([]);
    const nearlyNow = stripe.signedEvent('checkout.session.completed', object, {
      secret: WEBHOOK_SECRET,
      timestamp: now + 30,
    });
    expect((await deliver(nearlyNow.payload, nearlyNow.signature)).status).toBe(200);
    expect((await state(lucas.id, id)).payments).toHaveLength(1);
  });

  it('issue 29: checkout offers Bancontact and cards; a Bancontact payment that settles later is fulfilled when it does', async () => {
    const lucas = await newClient();
    const { id } = await startCheckout(lucas.cookie, 'Persoonlijk');
    expect(stripe.sessions.get(id)!.allowed_payment_method_types).toEqual(['bancontact', 'card']);
    const completed = stripe.signedEvent('checkout.session.completed', stripe.complete(id, 'unpaid'), {
      secret: WEBHOOK_SECRET,
    });
    expect((await deliver(completed.payload, completed.signature)).status).toBe(200);
    // While it settles, the success page's lookup says it is not paid yet, and nothing is bought.
    const waiting = await t.request(`/api/checkout-session?session_id=${id}`, { cookie: lucas.cookie });
    expect(((await waiting.json()) as CheckoutSessionResponse).success).toBe(false);
    expect((await state(lucas.id, id)).payments).toEqual([]);
    const succeeded = stripe.signedEvent('checkout.session.async_payment_succeeded', stripe.complete(id), {
      secret: WEBHOOK_SECRET,
    });
    expect((await deliver(succeeded.payload, succeeded.signature)).status).toBe(200);
    const after = await state(lucas.id, id);
    expect(after.payments).toHaveLength(1);
    expect(after.payments[0]!.provider_payment_id).toBe(stripe.sessions.get(id)!.payment_intent);
    expect(after.profile.tier).toBe('Persoonlijk');
  });

  it('a delayed payment still settling blocks a new checkout for that tier; once it fails, a new one can start', async () => {
    const lucas = await newClient();
    const { id } = await startCheckout(lucas.cookie, 'Persoonlijk');
    const completed = stripe.signedEvent('checkout.session.completed', stripe.complete(id, 'unpaid'), {
      secret: WEBHOOK_SECRET,
    });
    expect((await deliver(completed.payload, completed.signature)).status).toBe(200);
    const [row] = await t.db
      .select()
      .from(checkout_sessions)
      .where(eq(checkout_sessions.provider_session_id, id));
    expect(row!.status).toBe('processing');
    const blocked = await t.request('/api/checkout-sessions', {
      cookie: lucas.cookie,
      json: { tier: 'Persoonlijk', ...TERMS_ACCEPTED },
    });
    expect(blocked.status).toBe(409);
    expect(await blocked.json()).toMatchObject({ code: 'PAYMENT_PROCESSING' });

    const failed = stripe.signedEvent('checkout.session.async_payment_failed', stripe.sessions.get(id), {
      secret: WEBHOOK_SECRET,
    });
    expect((await deliver(failed.payload, failed.signature)).status).toBe(200);
    const again = await startCheckout(lucas.cookie, 'Persoonlijk');
    expect(again.id).not.toBe(id);
    expect((await state(lucas.id, id)).payments).toHaveLength(0);
  });

  it('the webhook and the success page at the same moment fulfil once', async () => {
    const lucas = await newClient();
    const { id } = await startCheckout(lucas.cookie);
    const event = stripe.signedEvent('checkout.session.completed', stripe.complete(id), {
      secret: WEBHOOK_SECRET,
    });
    const replies = await Promise.all([
      deliver(event.payload, event.signature),
      t.request(`/api/checkout-session?session_id=${id}`, { cookie: lucas.cookie }),
      deliver(event.payload, event.signature),
      t.request(`/api/checkout-session?session_id=${id}`, { cookie: lucas.cookie }),
    ]);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const after = await state(lucas.id, id);
    expect(after.payments).toHaveLength(1);
    expect(after.mails).toHaveLength(2);
  });

  it('after a purchase, open sessions for that tier or a lower one are closed at Stripe; a higher one stays', async () => {
    const lucas = await newClient();
    const lower = await startCheckout(lucas.cookie, 'Relax+');
    const higher = await startCheckout(lucas.cookie, 'Persoonlijk+');
    const bought = await startCheckout(lucas.cookie, 'Persoonlijk');
    const event = stripe.signedEvent('checkout.session.completed', stripe.complete(bought.id), {
      secret: WEBHOOK_SECRET,
    });
    expect((await deliver(event.payload, event.signature)).status).toBe(200);
    expect(stripe.expired).toContain(lower.id);
    expect(stripe.expired).not.toContain(higher.id);
    const rows = await t.db.select().from(checkout_sessions).where(eq(checkout_sessions.client_id, lucas.id));
    const status = Object.fromEntries(rows.map((r) => [r.tier, r.status]));
    expect(status).toEqual({ 'Relax+': 'expired', Persoonlijk: 'paid', 'Persoonlijk+': 'open' });
  });
});

describe('GET /api/checkout-session', () => {
  it("gives the paying client spec section 3's shape, and fulfils a paid session the webhook has not brought yet", async () => {
    const lucas = await newClient();
    const { id } = await startCheckout(lucas.cookie);
    stripe.complete(id);
    const response = await t.request(`/api/checkout-session?session_id=${encodeURIComponent(id)}`, {
      cookie: lucas.cookie,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as CheckoutSessionResponse;
    expect(body.success).toBe(true);
    expect(body.error).toBeUndefined();
    expect(body.session).toMatchObject({
      id,
      currency: 'eur',
      amount_total: 16_500,
      metadata: { tier: 'Relax+' },
    });
    expect(body.session!.line_items.data[0]!.price).toEqual({
      id: 'price_relax_plus',
      product: {
        name: 'Relax+',
        description: 'De community met een persoonlijk adviesgesprek en voorrang bij activiteiten.',
      },
    });
    const after = await state(lucas.id, id);
    expect(after.payments).toHaveLength(1);
    expect(after.profile.tier).toBe('Relax+');
    // The webhook arriving afterwards changes nothing.
    const event = stripe.signedEvent('checkout.session.completed', stripe.sessions.get(id), {
      secret: WEBHOOK_SECRET,
    });
    expect((await deliver(event.payload, event.signature)).status).toBe(200);
    expect((await state(lucas.id, id)).payments).toHaveLength(1);
    expect((await state(lucas.id, id)).mails).toHaveLength(2);
  });

  it('an unpaid session: success false with a Dutch error, nothing fulfilled', async () => {
    const lucas = await newClient();
    const { id } = await startCheckout(lucas.cookie);
    const response = await t.request(`/api/checkout-session?session_id=${id}`, { cookie: lucas.cookie });
    expect(response.status).toBe(200);
    const body = (await response.json()) as CheckoutSessionResponse;
    expect(body.success).toBe(false);
    expect(body.error).toMatch(/nog niet bevestigd/);
    expect((await state(lucas.id, id)).payments).toHaveLength(0);
  });

  it("refuses another client's session id without showing their purchase, and bad input", async () => {
    const lucas = await newClient();
    const emma = await newClient();
    const { id } = await startCheckout(lucas.cookie);
    stripe.complete(id);
    const response = await t.request(`/api/checkout-session?session_id=${id}`, { cookie: emma.cookie });
    await expectRefused(response, 404, 'NOT_FOUND');
    const body = (await response.json()) as CheckoutSessionResponse;
    expect(body).toMatchObject({ success: false, session: null });
    expect(JSON.stringify(body)).not.toContain('16500');
    expect((await state(lucas.id, id)).payments).toHaveLength(0);
    await expectRefused(await t.request(`/api/checkout-session?session_id=${id}`), 401, 'NOT_AUTHENTICATED');
    await expectRefused(
      await t.request(`/api/checkout-session?session_id=${id}`, { cookie: cookies.matchmaker }),
      403,
      'UNAUTHORIZED',
    );
    await expectRefused(
      await t.request('/api/checkout-session', { cookie: lucas.cookie }),
      400,
      'BAD_REQUEST',
    );
    await expectRefused(
      await t.request('/api/checkout-session?session_id=cs_test_nope', { cookie: lucas.cookie }),
      404,
      'NOT_FOUND',
    );
  });

  it('keeps the term running: an upgrade during an active term extends from its end', async () => {
    const emma = await newClient('Relax+');
    const end = new Date(t.clock.now().getTime() + 100 * 86_400_000);
    await t.db
      .update(user_profiles)
      .set({ subscription_status: 'active', subscription_ends_at: end })
      .where(eq(user_profiles.id, emma.id));
    const { id } = await startCheckout(emma.cookie, 'Persoonlijk');
    stripe.complete(id);
    await t.request(`/api/checkout-session?session_id=${id}`, { cookie: emma.cookie });
    const [profile] = await t.db
      .select()
      .from(user_profiles)
      .where(and(eq(user_profiles.id, emma.id)));
    expect(profile!.tier).toBe('Persoonlijk');
    const expected = new Date(end);
    expected.setUTCMonth(expected.getUTCMonth() + 12);
    expect(profile!.subscription_ends_at).toEqual(expected);
  });
});

describe('with Stripe prices configured (STRIPE_PRICE_*)', () => {
  it("sends the configured price id instead of an inline price, and fulfils with Stripe's amount", async () => {
    const priced = await startFakeStripe({ prices: { price_live_relax_plus: 16_500 } });
    const app = await createTestApp({
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_koppel',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: priced.url,
      STRIPE_PRICE_RELAX_PLUS: 'price_live_relax_plus',
    });
    try {
      const client = await createClient(app.db, {});
      const cookie = await app.login(client.email);
      const response = await app.request('/api/checkout-sessions', {
        cookie,
        json: { tier: 'Relax+', ...TERMS_ACCEPTED },
      });
      expect(response.status).toBe(201);
      const id = ((await response.json()) as { url: string }).url.split('/').pop()!;
      expect(priced.creates[0]!.form.line_items).toEqual({
        '0': { price: 'price_live_relax_plus', quantity: '1' },
      });
      priced.complete(id);
      const lookup = await app.request(`/api/checkout-session?session_id=${id}`, { cookie });
      const body = (await lookup.json()) as CheckoutSessionResponse;
      expect(body.success).toBe(true);
      expect(body.session!.line_items.data[0]!.price.id).toBe('price_live_relax_plus');
      const [payment] = await app.db.select().from(payments).where(eq(payments.provider_session_id, id));
      expect(payment).toMatchObject({ amount_total: 16_500, tier: 'Relax+' });
    } finally {
      await app.close();
      await priced.close();
    }
  });
});
