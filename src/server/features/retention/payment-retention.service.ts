import { and, inArray, isNull, lt, sql } from 'drizzle-orm';
import { brusselsToInstant, toBrusselsDayValue } from '../../../shared/date-time';
import type { AppContext } from '../../context';
import { checkout_sessions, invoices, payments, refunds, staff_tasks } from '../../db/schema';

/**
 * Decision 014 and the privacy statement keep payment records 7 years, as the Belgian Code of
 * Economic Law (art. III.86) asks of accounting documents: counted, as that law counts them, from
 * the end of the (calendar) financial year of the payment (decision 032).
 */
export const PAYMENT_RETENTION_YEARS = 7;

/** Payments made before this instant are past their retention period at `now`. */
export function paymentRetentionCutoff(now: Date): Date {
  const year = Number(toBrusselsDayValue(now).slice(0, 4));
  return brusselsToInstant(`${year - PAYMENT_RETENTION_YEARS}-01-01`, '00:00')!;
}

/** What an erased invoice or credit note says of its buyer. */
export const ERASED_BUYER = 'gewist';

/**
 * The `erase-payment-personal-data` job: a payment past its retention period keeps only what the
 * numbers need (tier, amount, currency, date) and loses who paid: the client's id, the provider's
 * session and payment ids (under which the provider holds the buyer's details), its checkout
 * session and the tasks it promised; its refunds lose their reason and the provider's refund id. An
 * invoice or credit note issued before the same cutoff loses its buyer (name, e-mail address,
 * client; no address is stored) and a credit note its reason; each keeps its number, date,
 * amounts, VAT and seller for the accountant, whether its payment is still there or went with a
 * deleted account. Safe to run any number of times.
 */
export async function erasePaymentPersonalData({ ctx }: { ctx: Pick<AppContext, 'db' | 'clock'> }) {
  const now = ctx.clock.now();
  const cutoff = paymentRetentionCutoff(now);
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: payments.id, session_id: payments.provider_session_id })
      .from(payments)
      .where(and(lt(payments.paid_at, cutoff), isNull(payments.personal_data_erased_at)))
      .for('update', { skipLocked: true });
    if (due.length > 0) {
      const ids = due.map((p) => p.id);
      await tx.delete(checkout_sessions).where(
        inArray(
          checkout_sessions.provider_session_id,
          due.map((p) => p.session_id),
        ),
      );
      await tx.delete(staff_tasks).where(inArray(staff_tasks.payment_id, ids));
      await tx
        .update(payments)
        .set({
          client_id: null,
          provider_session_id: sql`'gewist:' || ${payments.id}::text`,
          provider_payment_id: null,
          personal_data_erased_at: now,
        })
        .where(inArray(payments.id, ids));
      // A refund's reason is the admin's free text (it may say why this client left) and the
      // provider keeps the buyer's details under its refund id: both go, the amount stays.
      await tx
        .update(refunds)
        .set({ reason: ERASED_BUYER, provider_refund_id: sql`'gewist:' || ${refunds.id}::text` })
        .where(inArray(refunds.payment_id, ids));
    }
    const documents = await tx
      .update(invoices)
      .set({
        client_id: null,
        buyer_name: ERASED_BUYER,
        buyer_email: ERASED_BUYER,
        // A credit note's reason: the same free text as its refund's.
        reason: sql`CASE WHEN ${invoices.reason} IS NULL THEN NULL ELSE ${ERASED_BUYER} END`,
        personal_data_erased_at: now,
      })
      .where(and(lt(invoices.issued_at, cutoff), isNull(invoices.personal_data_erased_at)))
      .returning({ id: invoices.id });
    return { erased: due.length, documents: documents.length };
  });
}
