import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brusselsToInstant } from '../../../shared/date-time';
import { createAdmin, createClient, createMatchmaker, createPurchase } from '../../db/factories';
import { checkout_sessions, invoices, payments, refunds, staff_tasks, user } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { issueDocument } from '../payments/invoices.service';
import { retentionFeature } from './index';
import { ERASED_BUYER, paymentRetentionCutoff } from './payment-retention.service';

/**
 * Issue 29, point 7: payments keep who paid for 7 years after the end of their financial year
 * (decisions 014, 032); then the daily job erases it. Run with the test clock moved past that day.
 */
let t: TestApp;
const at = (wall: string) => brusselsToInstant(wall)!;
const job = retentionFeature.jobs!.find((j) => j.name === 'erase-payment-personal-data')!;
const run = async (now: Date) => {
  t.clock.setOffset(now.getTime() - Date.now());
  return job.run(t.ctx);
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  t?.clock.setOffset(0);
  await t?.close();
});

async function paymentOf(clientId: string | null, id?: string) {
  const [row] = await t.db
    .select()
    .from(payments)
    .where(id ? eq(payments.id, id) : eq(payments.client_id, clientId!));
  return row!;
}

describe('the retention of payment records', () => {
  it('the period ends on 1 January of the 8th year after the payment, Brussels time', () => {
    expect(paymentRetentionCutoff(at('2034-01-01T00:00')).toISOString()).toBe(
      at('2027-01-01T00:00').toISOString(),
    );
    expect(paymentRetentionCutoff(at('2033-12-31T23:59')).toISOString()).toBe(
      at('2026-01-01T00:00').toISOString(),
    );
  });

  it('erases who paid once the period is over, keeps the numbers, and only once', async () => {
    const matchmaker = await createMatchmaker(t.db);
    const old = await createClient(t.db, { assigned_matchmaker_id: matchmaker.id });
    const recent = await createClient(t.db);
    const paidOld = at('2026-06-15T10:00');
    await createPurchase(t.db, { client_id: old.id, tier: 'Persoonlijk', paid_at: paidOld, now: paidOld });
    const paidRecent = at('2027-03-10T14:00');
    await createPurchase(t.db, {
      client_id: recent.id,
      tier: 'Relax+',
      paid_at: paidRecent,
      now: paidRecent,
    });
    const before = await paymentOf(old.id);
    // A goodwill refund made in the console, with the admin's reason and the provider's refund id.
    const [refund] = await t.db
      .insert(refunds)
      .values({
        payment_id: before.id,
        provider_refund_id: 're_retention_test_old',
        amount: 20_000,
        reason: 'Mevrouw verhuist naar Spanje',
        created_at: at('2026-06-20T11:00'),
      })
      .returning();
    await t.db.insert(staff_tasks).values({
      kind: 'matchmaker_contact',
      client_id: old.id,
      payment_id: before.id,
      tier: 'Persoonlijk',
      assignee_id: matchmaker.id,
      due_at: at('2026-06-16T10:00'),
      done_at: at('2026-06-15T15:00'),
    });

    // The last minute of 2033: the payment of 2026 is still kept whole.
    expect(await run(at('2033-12-31T23:59'))).toEqual({ erased: 0, documents: 0 });
    expect(await paymentOf(old.id)).toEqual(before);

    // 1 January 2034: its 7 years after the end of 2026 are over.
    expect(await run(at('2034-01-01T00:30'))).toEqual({ erased: 1, documents: 0 });
    const after = await paymentOf(null, before.id);
    expect(after).toMatchObject({
      client_id: null,
      provider_session_id: `gewist:${before.id}`,
      tier: 'Persoonlijk',
      amount_total: 295_000,
      currency: 'eur',
      paid_at: before.paid_at,
    });
    expect(after.personal_data_erased_at).not.toBeNull();
    // Its refund keeps the amount and the date, not the reason nor the provider's id.
    const [refundAfter] = await t.db.select().from(refunds).where(eq(refunds.id, refund!.id));
    expect(refundAfter).toEqual({
      ...refund,
      reason: ERASED_BUYER,
      provider_refund_id: `gewist:${refund!.id}`,
    });
    expect(
      await t.db
        .select()
        .from(checkout_sessions)
        .where(eq(checkout_sessions.provider_session_id, before.provider_session_id)),
    ).toEqual([]);
    expect(await t.db.select().from(staff_tasks).where(eq(staff_tasks.payment_id, before.id))).toEqual([]);
    // The payment of 2027 waits for 2035.
    expect((await paymentOf(recent.id)).client_id).toBe(recent.id);

    // Run again: nothing more to do.
    expect(await run(at('2034-01-02T03:17'))).toEqual({ erased: 0, documents: 0 });
    expect(await run(at('2035-01-01T03:17'))).toEqual({ erased: 1, documents: 0 });
    expect((await t.db.select().from(payments).where(eq(payments.client_id, recent.id))).length).toBe(0);
  });

  it('erases the buyer on invoices and credit notes after the same period; numbers and amounts stay', async () => {
    // Its own years (2028, 2029): the other test's payments of 2026 and 2027 are not due at its moments.
    const kept = await createClient(t.db, { full_name: 'Hilde Claes' });
    const gone = await createClient(t.db, { full_name: 'Jan Maes' });
    const admin = await createAdmin(t.db);
    const invoiceOf = async (client: { id: string; email: string; full_name: string }, paidAt: Date) => {
      await createPurchase(t.db, { client_id: client.id, tier: 'Persoonlijk', paid_at: paidAt, now: paidAt });
      const payment = await paymentOf(client.id);
      return issueDocument(t.db, t.ctx.env, {
        kind: 'invoice',
        payment: { ...payment, client_id: client.id },
        amountTotal: payment.amount_total,
        issuedAt: paidAt,
        buyer: { name: client.full_name, email: client.email },
      });
    };
    const invoice = await invoiceOf(kept, at('2028-05-10T20:45'));
    const orphan = await invoiceOf(gone, at('2028-05-11T20:45'));
    // A goodwill refund in January 2029: its credit note counts from the end of 2029.
    const payment = await paymentOf(kept.id);
    const creditNote = await issueDocument(t.db, t.ctx.env, {
      kind: 'credit_note',
      payment: { ...payment, client_id: kept.id },
      amountTotal: 10_000,
      issuedAt: at('2029-01-08T10:00'),
      buyer: { name: kept.full_name, email: kept.email },
      creditsInvoiceId: invoice.id,
      reason: 'Gebaar',
    });
    // Jan deleted his account: his payment went with it, his invoice stays for the accountant.
    await t.db.delete(user).where(eq(user.id, gone.id));
    const documentOf = async (id: string) =>
      (await t.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
    expect(await documentOf(orphan.id)).toMatchObject({
      payment_id: null,
      client_id: null,
      buyer_name: 'Jan Maes',
    });

    // The last minute of 2035: the documents of 2028 are kept whole.
    expect(await run(at('2035-12-31T23:59'))).toEqual({ erased: 0, documents: 0 });
    expect(await documentOf(invoice.id)).toEqual(invoice);

    // 1 January 2036: the payment of 2028 and both invoices of 2028, the orphan's too.
    expect(await run(at('2036-01-01T00:30'))).toEqual({ erased: 1, documents: 2 });
    for (const before of [invoice, orphan]) {
      const after = await documentOf(before.id);
      expect(after).toEqual({
        ...before,
        client_id: null,
        payment_id: before === orphan ? null : before.payment_id,
        buyer_name: ERASED_BUYER,
        buyer_email: ERASED_BUYER,
        personal_data_erased_at: after.personal_data_erased_at,
      });
      expect(after.personal_data_erased_at).not.toBeNull();
    }
    expect((await paymentOf(null, payment.id)).provider_payment_id).toBeNull();
    // The credit note of 2029 still names Hilde; the accountant's CSV of 2028 no longer does.
    expect((await documentOf(creditNote.id)).buyer_name).toBe('Hilde Claes');
    const csv = await t.request('/api/admin/invoices.csv?year=2028&quarter=2', {
      cookie: await t.login(admin.email),
    });
    const text = await csv.text();
    expect(text).toContain(
      `${invoice.number};factuur;2028-05-10;gewist;gewist;Persoonlijk;2438,02;21;511,98;2950,00`,
    );
    expect(text).not.toMatch(/Hilde|Jan Maes|@/);

    // 1 January 2037: the credit note's turn; then nothing more to do.
    expect(await run(at('2037-01-01T03:17'))).toEqual({ erased: 0, documents: 1 });
    expect(await documentOf(creditNote.id)).toMatchObject({
      buyer_name: ERASED_BUYER,
      amount_total: 10_000,
      number: creditNote.number,
      // The admin's free text may say why the client left (decision 047): it goes with the buyer.
      reason: ERASED_BUYER,
    });
    expect(await run(at('2037-01-02T03:17'))).toEqual({ erased: 0, documents: 0 });
  });
});
