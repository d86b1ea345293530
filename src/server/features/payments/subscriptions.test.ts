import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutSessionResponse, DemoCheckout } from '../../../shared/payments';
import { createAdmin, createClient, createMatchmaker } from '../../db/factories';
import { checkout_sessions, email_outbox, payments, user_profiles } from '../../db/schema';
import { TERMS_ACCEPTED } from '../../test/checkout';
import { expectRefused } from '../../test/expect-refused';
import { APP_URL, createTestApp, type TestApp } from '../../test/test-app';
import { addMonths } from './payments.service';
import { sweepSubscriptions } from './subscriptions.service';

const DAY = 86_400_000;
let t: TestApp;
let matchmakerCookie: string;

async function newClient(fields: Partial<Omit<typeof user_profiles.$inferInsert, 'id' | 'full_name'>> = {}) {
  const client = await createClient(t.db, { full_name: 'Lucas Wouters', ...fields });
  return { ...client, cookie: await t.login(client.email) };
}

async function profileOf(id: string) {
  const [profile] = await t.db.select().from(user_profiles).where(eq(user_profiles.id, id));
  return profile!;
}

async function mailsTo(email: string) {
  return t.db.select().from(email_outbox).where(eq(email_outbox.to_address, email));
}

/** The demo checkout: start it and return the session id from the local checkout page's URL. */
async function startDemoCheckout(cookie: string, tier: string) {
  const response = await t.request('/api/checkout-sessions', { cookie, json: { tier, ...TERMS_ACCEPTED } });
  expect(response.status).toBe(201);
  const { url } = (await response.json()) as { url: string };
  expect(url).toMatch(new RegExp(`^${APP_URL}/testbetaling/cs_demo_`));
  return url.split('/').pop()!;
}

beforeAll(async () => {
  t = await createTestApp();
  await createAdmin(t.db, { email: 'beheer@test.koppel.example' });
  const matchmaker = await createMatchmaker(t.db, {});
  matchmakerCookie = await t.login(matchmaker.email);
});

afterAll(async () => {
  await t?.close();
});

describe('the demo provider (local installs)', () => {
  it('shows the test checkout to its own client only', async () => {
    const lucas = await newClient();
    const other = await newClient();
    const id = await startDemoCheckout(lucas.cookie, 'Relax+');
    const response = await t.request(`/api/demo-checkout/${id}`, { cookie: lucas.cookie });
    expect(response.status).toBe(200);
    expect((await response.json()) as DemoCheckout).toEqual({
      id,
      tier: 'Relax+',
      name: 'Relax+',
      description: 'De community met een persoonlijk adviesgesprek en voorrang bij activiteiten.',
      amount_total: 16_500,
      currency: 'eur',
      status: 'open',
    });
    for (const path of [
      `/api/demo-checkout/${id}`,
      `/api/demo-checkout/${id}/pay`,
      `/api/demo-checkout/${id}/cancel`,
    ]) {
      const method = path.endsWith(`checkout/${id}`) ? 'GET' : 'POST';
      await expectRefused(await t.request(path, { method, cookie: other.cookie }), 404, 'NOT_FOUND', {
        label: path,
      });
      await expectRefused(await t.request(path, { method }), 401, 'NOT_AUTHENTICATED', { label: path });
      await expectRefused(await t.request(path, { method, cookie: matchmakerCookie }), 403, 'UNAUTHORIZED', {
        label: path,
      });
    }
    expect((await profileOf(lucas.id)).tier).toBe('Relax');
  });

  it('"Betalen" goes through the same fulfilment once, and /success finds the purchase', async () => {
    const lucas = await newClient();
    const id = await startDemoCheckout(lucas.cookie, 'Relax+');
    const pays = await Promise.all(
      [1, 2, 3].map(() =>
        t.request(`/api/demo-checkout/${id}/pay`, { method: 'POST', cookie: lucas.cookie }),
      ),
    );
    expect(pays.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await pays[0]!.json()).toEqual({ url: `${APP_URL}/success?session_id=${id}` });
    const lookup = await t.request(`/api/checkout-session?session_id=${id}`, { cookie: lucas.cookie });
    const body = (await lookup.json()) as CheckoutSessionResponse;
    expect(body.success).toBe(true);
    expect(body.session).toMatchObject({ id, amount_total: 16_500, currency: 'eur' });
    expect(body.session!.line_items.data[0]!.price.product.name).toBe('Relax+');

    expect(await t.db.select().from(payments).where(eq(payments.provider_session_id, id))).toHaveLength(1);
    const profile = await profileOf(lucas.id);
    expect(profile).toMatchObject({
      tier: 'Relax+',
      subscription_status: 'active',
      grace_period_end_date: null,
    });
    const welcome = (await mailsTo(lucas.email)).filter((m) => m.subject === 'Welkom bij Relax+');
    expect(welcome).toHaveLength(1);
    const adminNotices = await t.db
      .select()
      .from(email_outbox)
      .where(like(email_outbox.dedupe_key, `payment-admin:${id}%`));
    expect(adminNotices).toHaveLength(1);
    // After paying, the same tier cannot be bought again.
    const again = await t.request('/api/checkout-sessions', {
      cookie: lucas.cookie,
      json: { tier: 'Relax+', ...TERMS_ACCEPTED },
    });
    await expectRefused(again, 409, 'TIER_NOT_AVAILABLE');
  });

  it('"Annuleren" closes the session unpaid: nothing bought, and it cannot be paid afterwards', async () => {
    const lucas = await newClient();
    const id = await startDemoCheckout(lucas.cookie, 'Persoonlijk');
    const cancel = await t.request(`/api/demo-checkout/${id}/cancel`, {
      method: 'POST',
      cookie: lucas.cookie,
    });
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toEqual({ url: `${APP_URL}/dashboard/producten` });
    const pay = await t.request(`/api/demo-checkout/${id}/pay`, { method: 'POST', cookie: lucas.cookie });
    expect(pay.status).toBe(409);
    expect(await pay.json()).toMatchObject({ code: 'CHECKOUT_NOT_OPEN' });
    expect((await profileOf(lucas.id)).tier).toBe('Relax');
    expect(await t.db.select().from(payments).where(eq(payments.client_id, lucas.id))).toHaveLength(0);
    const lookup = await t.request(`/api/checkout-session?session_id=${id}`, { cookie: lucas.cookie });
    expect(((await lookup.json()) as CheckoutSessionResponse).success).toBe(false);
    // A new click starts a new session.
    const next = await startDemoCheckout(lucas.cookie, 'Persoonlijk');
    expect(next).not.toBe(id);
  });

  it('a session closed by another purchase while it is being paid is never answered as paid without a payment', async () => {
    // Relax+ and Persoonlijk open side by side; paying Persoonlijk closes Relax+ (now unbuyable).
    // Paid at the same moment, Relax+ is either paid and recorded, or refused: never a 200 alone.
    const answers: { status: number; id: string }[] = [];
    for (let round = 0; round < 4; round++) {
      const lucas = await newClient();
      const lower = await startDemoCheckout(lucas.cookie, 'Relax+');
      const higher = await startDemoCheckout(lucas.cookie, 'Persoonlijk');
      const pays = await Promise.all(
        [higher, lower].map(async (id) => {
          const response = await t.request(`/api/demo-checkout/${id}/pay`, {
            method: 'POST',
            cookie: lucas.cookie,
          });
          return { status: response.status, id };
        }),
      );
      answers.push(...pays);
      expect((await profileOf(lucas.id)).tier).toBe('Persoonlijk');
    }
    for (const { status, id } of answers) {
      expect([200, 409]).toContain(status);
      const recorded = await t.db.select().from(payments).where(eq(payments.provider_session_id, id));
      expect(recorded, `${status} ${id}`).toHaveLength(status === 200 ? 1 : 0);
    }
  });

  it('a session past its hour cannot be paid, and a new click opens a new one', async () => {
    const lucas = await newClient();
    const id = await startDemoCheckout(lucas.cookie, 'Relax+');
    t.clock.setOffset(2 * 60 * 60_000);
    try {
      const pay = await t.request(`/api/demo-checkout/${id}/pay`, { method: 'POST', cookie: lucas.cookie });
      await expectRefused(pay, 409, 'CHECKOUT_NOT_OPEN');
      const next = await startDemoCheckout(lucas.cookie, 'Relax+');
      expect(next).not.toBe(id);
    } finally {
      t.clock.setOffset(0);
    }
    const [row] = await t.db
      .select()
      .from(checkout_sessions)
      .where(eq(checkout_sessions.provider_session_id, id));
    expect(row!.status).toBe('expired');
  });

  it('has no Stripe webhook', async () => {
    const response = await t.request('/api/webhooks/stripe', { method: 'POST', body: '{}' });
    await expectRefused(response, 404, 'NOT_FOUND');
  });
});

describe('the subscription lifecycle', () => {
  it('active past its term: grace period for 14 days, then expired with tier Relax; an e-mail each', async () => {
    const now = t.clock.now();
    const ended = new Date(now.getTime() - DAY);
    const emma = await newClient({
      tier: 'Persoonlijk',
      subscription_status: 'active',
      subscription_started_at: new Date(now.getTime() - 366 * DAY),
      subscription_ends_at: ended,
    });
    const running = await newClient({
      tier: 'Relax+',
      subscription_status: 'active',
      subscription_ends_at: new Date(now.getTime() + 30 * DAY),
    });

    await sweepSubscriptions({ ctx: t.ctx, now: now });
    const grace = await profileOf(emma.id);
    expect(grace.subscription_status).toBe('grace_period');
    expect(grace.tier).toBe('Persoonlijk');
    expect(grace.grace_period_end_date).toEqual(new Date(ended.getTime() + 14 * DAY));
    expect((await profileOf(running.id)).subscription_status).toBe('active');
    // Running it again changes nothing and sends nothing more.
    await sweepSubscriptions({ ctx: t.ctx, now: now });
    expect((await profileOf(emma.id)).updated_at).toEqual(grace.updated_at);
    expect((await mailsTo(emma.email)).map((m) => m.subject)).toEqual([
      'Je Persoonlijk-lidmaatschap is afgelopen',
    ]);

    const later = new Date(ended.getTime() + 14 * DAY + 60_000);
    await sweepSubscriptions({ ctx: t.ctx, now: later });
    await sweepSubscriptions({ ctx: t.ctx, now: later });
    const expired = await profileOf(emma.id);
    expect(expired).toMatchObject({ subscription_status: 'expired', tier: 'Relax' });
    expect((await mailsTo(emma.email)).map((m) => m.subject).sort()).toEqual([
      'Je Persoonlijk-lidmaatschap is afgelopen',
      'Je lidmaatschap is teruggezet naar Relax',
    ]);
  });

  it('renewing during the grace period starts a new term and ends the grace period', async () => {
    const now = t.clock.now();
    const lotte = await newClient({
      tier: 'Relax+',
      subscription_status: 'grace_period',
      subscription_ends_at: new Date(now.getTime() - 3 * DAY),
      grace_period_end_date: new Date(now.getTime() + 11 * DAY),
    });
    const id = await startDemoCheckout(lotte.cookie, 'Relax+');
    await t.request(`/api/demo-checkout/${id}/pay`, { method: 'POST', cookie: lotte.cookie });
    const profile = await profileOf(lotte.id);
    expect(profile).toMatchObject({
      tier: 'Relax+',
      subscription_status: 'active',
      grace_period_end_date: null,
    });
    const expected = new Date(now);
    expected.setUTCMonth(expected.getUTCMonth() + 12);
    expect(Math.abs(profile.subscription_ends_at!.getTime() - expected.getTime())).toBeLessThan(60_000);
  });
});

describe('POST /api/me/subscription/cancel', () => {
  it('sets cancelled and tier Relax at once, with an e-mail; a second time there is nothing to cancel', async () => {
    const emma = await newClient({
      tier: 'Persoonlijk+',
      subscription_status: 'active',
      subscription_ends_at: new Date(t.clock.now().getTime() + 200 * DAY),
    });
    const response = await t.request('/api/me/subscription/cancel', { method: 'POST', cookie: emma.cookie });
    expect(response.status).toBe(200);
    const { profile } = (await response.json()) as { profile: { tier: string; subscription_status: string } };
    expect(profile).toMatchObject({ tier: 'Relax', subscription_status: 'cancelled' });
    expect(await profileOf(emma.id)).toMatchObject({ tier: 'Relax', subscription_status: 'cancelled' });
    expect((await mailsTo(emma.email)).map((m) => m.subject)).toEqual(['Je lidmaatschap is opgezegd']);
    const again = await t.request('/api/me/subscription/cancel', { method: 'POST', cookie: emma.cookie });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      code: 'NOTHING_TO_CANCEL',
      error: 'Je hebt geen lopend lidmaatschap om op te zeggen.',
    });
  });

  it('refuses a Relax client, anonymous visitors and staff, and changes nothing', async () => {
    const lucas = await newClient();
    await expectRefused(
      await t.request('/api/me/subscription/cancel', { method: 'POST', cookie: lucas.cookie }),
      409,
      'NOTHING_TO_CANCEL',
    );
    await expectRefused(
      await t.request('/api/me/subscription/cancel', { method: 'POST' }),
      401,
      'NOT_AUTHENTICATED',
    );
    const staff = await t.request('/api/me/subscription/cancel', {
      method: 'POST',
      cookie: matchmakerCookie,
    });
    await expectRefused(staff, 403, 'UNAUTHORIZED');
    expect(await profileOf(lucas.id)).toMatchObject({ tier: 'Relax', subscription_status: null });
    // A cross-site form post is refused before anything happens.
    const emma = await newClient({ tier: 'Relax+', subscription_status: 'active' });
    const crossSite = await t.request('/api/me/subscription/cancel', {
      method: 'POST',
      cookie: emma.cookie,
      headers: { origin: 'https://evil.example' },
    });
    await expectRefused(crossSite, 403, 'UNAUTHORIZED');
    expect((await profileOf(emma.id)).tier).toBe('Relax+');
    expect(await mailsTo(emma.email)).toEqual([]);
    expect(await mailsTo(lucas.email)).toEqual([]);
  });
});

describe('addMonths (the 12-month term)', () => {
  it('keeps the day, or takes the last day of a shorter month', () => {
    expect(addMonths(new Date('2026-11-23T10:00:00Z'), 12).toISOString()).toBe('2027-11-23T10:00:00.000Z');
    expect(addMonths(new Date('2028-02-29T08:00:00Z'), 12).toISOString()).toBe('2029-02-28T08:00:00.000Z');
    expect(addMonths(new Date('2027-01-31T00:00:00Z'), 1).toISOString()).toBe('2027-02-28T00:00:00.000Z');
    expect(addMonths(new Date('2027-03-31T23:30:00Z'), 12).toISOString()).toBe('2028-03-31T23:30:00.000Z');
  });
});
