import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brusselsToInstant } from '../../../shared/date-time';
import type { FunnelResponse } from '../../../shared/funnel';
import {
  createAdmin,
  createClient,
  createIntakeSession,
  createMatch,
  createMatchmaker,
  createPurchase,
} from '../../db/factories';
import { payments } from '../../db/schema';
import { expectRefused } from '../../test/expect-refused';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Issue 29, point 8: the funnel per sign-up month (decision 032). */
let t: TestApp;
const at = (wall: string) => brusselsToInstant(wall)!;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  t?.clock.setOffset(0);
  await t?.close();
});

describe('GET /api/admin/funnel', () => {
  it('counts, per sign-up month, the clients who reached each step by now', async () => {
    const now = at('2026-12-15T12:00');
    t.clock.setOffset(now.getTime() - Date.now());
    const matchmaker = await createMatchmaker(t.db, { created_at: at('2026-11-03T10:00') });
    const admin = await createAdmin(t.db);
    // November: one all the way to a date, one who paid, one who only signed up; the months are
    // Brussels months (23:30 on 30 November is November's, though UTC is an hour behind).
    const full = await createClient(t.db, { created_at: at('2026-11-02T09:00') });
    const paid = await createClient(t.db, { created_at: at('2026-11-20T21:00') });
    await createClient(t.db, { created_at: at('2026-11-30T23:30') });
    const october = await createClient(t.db, { created_at: at('2026-10-31T23:30') });
    // Signed up before the 12 months: counts nowhere, though the match touches them.
    const partner = await createClient(t.db, { created_at: at('2025-06-01T10:00') });

    await createPurchase(t.db, {
      client_id: full.id,
      tier: 'Persoonlijk',
      paid_at: at('2026-11-02T10:00'),
      now,
    });
    await createPurchase(t.db, { client_id: paid.id, tier: 'Relax+', paid_at: at('2026-11-21T10:00'), now });
    await createPurchase(t.db, {
      client_id: october.id,
      tier: 'Persoonlijk',
      paid_at: at('2026-11-01T10:00'),
      now,
    });
    await createIntakeSession(t.db, {
      user_id: full.id,
      assigned_matchmaker_id: matchmaker.id,
      scheduled_at: at('2026-11-05T10:00'),
      session_type: 'intake',
      status: 'completed',
      completed_at: at('2026-11-05T11:00'),
    });
    // A held intake of October's client would count; a booked one does not.
    await createIntakeSession(t.db, {
      user_id: october.id,
      assigned_matchmaker_id: matchmaker.id,
      scheduled_at: at('2026-12-18T10:00'),
      session_type: 'intake',
      status: 'scheduled',
    });
    await createMatch(t.db, {
      clientA: full.id,
      clientB: partner.id,
      matchmaker_id: matchmaker.id,
      status: 'completed',
      now,
    });
    await createMatch(t.db, {
      clientA: october.id,
      clientB: partner.id,
      matchmaker_id: matchmaker.id,
      status: 'proposed',
      now,
    });

    const response = await t.request('/api/admin/funnel', { cookie: await t.login(admin.email) });
    expect(response.status).toBe(200);
    const { months } = (await response.json()) as FunnelResponse;
    expect(months.map((m) => m.month)).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
    const month = (key: string) => months.find((m) => m.month === key);
    expect(month('2026-11')).toEqual({
      month: '2026-11',
      signed_up: 3,
      paid: 2,
      intake_held: 1,
      first_proposal: 1,
      first_date: 1,
    });
    expect(month('2026-10')).toEqual({
      month: '2026-10',
      signed_up: 1,
      paid: 1,
      intake_held: 0,
      first_proposal: 1,
      first_date: 0,
    });
    // Staff are no sign-ups; every other month is empty.
    const others = months.filter((m) => m.month !== '2026-11' && m.month !== '2026-10');
    expect(others.every((m) => m.signed_up === 0 && m.paid === 0)).toBe(true);
  });

  it('counts as paid only a payment the client kept: not refunded in full, not withdrawn from', async () => {
    // Its own months (2024-07 to 2025-06): the other test's clients count in none of them.
    const now = at('2025-06-15T12:00');
    t.clock.setOffset(now.getTime() - Date.now());
    const admin = await createAdmin(t.db);
    const signedUp = at('2025-05-05T19:00');
    const paidAt = at('2025-05-06T20:00');
    const clients = await Promise.all(
      ['refunded', 'withdrawn', 'withdrawnUnrefunded', 'goodwill', 'boughtAgain', 'kept'].map(
        async (name) => {
          const client = await createClient(t.db, { created_at: signedUp });
          await createPurchase(t.db, { client_id: client.id, tier: 'Persoonlijk', paid_at: paidAt, now });
          return [name, client.id] as const;
        },
      ),
    );
    const id = Object.fromEntries(clients);
    const change = (clientId: string, set: Partial<typeof payments.$inferInsert>) =>
      t.db.update(payments).set(set).where(eq(payments.client_id, clientId));
    // Refunded in full without a withdrawal; withdrawn and refunded in part (what was provided is
    // kept); withdrawn, the refund not made yet; a goodwill refund of €100.
    await change(id.refunded!, { amount_refunded: 295_000 });
    await change(id.withdrawn!, {
      withdrawal_requested_at: at('2025-05-08T10:00'),
      amount_refunded: 250_000,
    });
    await change(id.withdrawnUnrefunded!, { withdrawal_requested_at: at('2025-05-08T10:00') });
    await change(id.goodwill!, { amount_refunded: 10_000 });
    // Refunded in full, then bought again: the second payment counts.
    await change(id.boughtAgain!, { amount_refunded: 295_000 });
    await createPurchase(t.db, {
      client_id: id.boughtAgain!,
      tier: 'Persoonlijk+',
      paid_at: at('2025-06-02T20:00'),
      now,
    });

    const response = await t.request('/api/admin/funnel', { cookie: await t.login(admin.email) });
    expect(response.status).toBe(200);
    const { months } = (await response.json()) as FunnelResponse;
    expect(months.find((m) => m.month === '2025-05')).toMatchObject({ signed_up: 6, paid: 3 });
  });

  it('is for admins only', async () => {
    // Signed up long ago: this test's client counts in no month the other test looks at.
    const matchmaker = await createMatchmaker(t.db);
    const client = await createClient(t.db, { created_at: at('2020-01-06T10:00') });
    await expectRefused(
      await t.request('/api/admin/funnel', { cookie: await t.login(matchmaker.email) }),
      403,
      'UNAUTHORIZED',
    );
    await expectRefused(
      await t.request('/api/admin/funnel', { cookie: await t.login(client.email) }),
      403,
      'UNAUTHORIZED',
    );
    await expectRefused(await t.request('/api/admin/funnel'), 401, 'NOT_AUTHENTICATED');
  });
});
