import { and, eq, inArray } from 'drizzle-orm';
import { DOWNGRADE_TIER } from '../../../shared/domain';
import { formatDate, formatEuroCents } from '../../../shared/format';
import { withdrawalDeadline } from '../../../shared/money';
import { RUNNING_TERM_STATUSES } from '../../../shared/payments';
import { ROUTES } from '../../../shared/routes';
import { tierInfo } from '../../../shared/tiers';
import type { Actor, AppContext, OutgoingEmail, Tx } from '../../context';
import { invoices, payments, refunds, user, user_profiles } from '../../db/schema';
import { greetingName } from '../../integrations/mail/layout';
import { type ProviderRefund, providerErrorFields } from '../../integrations/payments/provider';
import { AppError } from '../../lib/errors';
import { invoiceAttachment, issueDocument } from './invoices.service';
import { syncMatchingWithMembership } from './membership';
import { refundEmail, withdrawalConfirmationEmail, withdrawalStaffEmail } from './money.mail';

/*
 * Issue 29 (decision 031): the 14-day withdrawal and refunds. A refund is applied by one function,
 * `applyRefund`, whether it started in the admin console or at the provider (its webhook), once
 * per provider refund id: a replayed or reordered event changes nothing.
 */

/** The reason of a refund made at the provider without one of ours. */
const PROVIDER_REFUND_REASON = 'Terugbetaald bij de betaalprovider';

export type RefundOutcome = 'applied' | 'already_applied' | 'unknown_payment' | 'not_refunded' | 'too_high';

/**
 * Applies a provider's refund once: records it under its id (unique), adds it to the payment,
 * issues the credit note (next number of the series), ends the paid term when the payment is
 * refunded in full or was withdrawn (and the client's tier is still the one paid for), and queues
 * the client's e-mail with the credit note, all in one transaction.
 */
export async function applyRefund(
  ctx: AppContext,
  refund: ProviderRefund,
  { reason, refundedBy = null }: { reason?: string | null; refundedBy?: string | null } = {},
): Promise<RefundOutcome> {
  if (refund.status === 'failed' || refund.status === 'canceled' || refund.amount <= 0) return 'not_refunded';
  const now = ctx.clock.now();
  const outcome = await ctx.transaction(async (t) => {
    const tx = t.db;
    const [found] = await tx
      .select()
      .from(payments)
      .where(eq(payments.provider_payment_id, refund.payment_intent))
      .for('update');
    // A payment whose personal data the retention job erased (decision 032) is nobody's any more.
    if (!found || found.client_id === null) return 'unknown_payment' as const;
    const payment = { ...found, client_id: found.client_id };
    const [known] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(eq(refunds.provider_refund_id, refund.id));
    if (known) return 'already_applied' as const;
    if (payment.amount_refunded + refund.amount > payment.amount_total) return 'too_high' as const;
    const [row] = await tx
      .insert(refunds)
      .values({
        payment_id: payment.id,
        provider_refund_id: refund.id,
        amount: refund.amount,
        reason: reason ?? refund.reason ?? PROVIDER_REFUND_REASON,
        refunded_by: refundedBy,
        created_at: now,
      })
      .onConflictDoNothing({ target: refunds.provider_refund_id })
      .returning();
    if (!row) return 'already_applied' as const;
    const refunded = payment.amount_refunded + refund.amount;
    await tx.update(payments).set({ amount_refunded: refunded }).where(eq(payments.id, payment.id));

    const [profile] = await tx
      .select({ profile: user_profiles, email: user.email })
      .from(user_profiles)
      .innerJoin(user, eq(user.id, user_profiles.id))
      .where(eq(user_profiles.id, payment.client_id))
      .for('update', { of: user_profiles });
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.payment_id, payment.id), eq(invoices.kind, 'invoice')));
    const creditNote = await issueDocument(tx, ctx.env, {
      kind: 'credit_note',
      payment,
      amountTotal: refund.amount,
      issuedAt: now,
      buyer: {
        name: invoice?.buyer_name ?? profile?.profile.full_name ?? profile?.email ?? '',
        email: invoice?.buyer_email ?? profile?.email ?? '',
      },
      refundId: row.id,
      creditsInvoiceId: invoice?.id ?? null,
      reason: row.reason,
    });
    const endsTerm =
      (refunded === payment.amount_total || payment.withdrawal_requested_at !== null) &&
      (await endTermOfPayment(t, ctx, payment, now));
    if (profile) {
      await t.queueMail({
        to: profile.email,
        dedupe_key: `refund:${refund.id}`,
        ...refundEmail({
          name: greetingName(profile.profile.full_name),
          tierName: tierInfo(payment.tier).name,
          amount: formatEuroCents(refund.amount),
          number: creditNote.number,
          endsTerm,
          url: `${ctx.env.APP_URL}${ROUTES.purchases}`,
        }),
        attachments: [await invoiceAttachment(tx, creditNote)],
      });
    }
    return 'applied' as const;
  });
  if (outcome !== 'applied' && outcome !== 'already_applied') {
    ctx.logger.warn({ provider: ctx.payments.name, outcome }, 'refund not applied');
  }
  return outcome;
}

/**
 * Decision 031: a payment refunded in full, or withdrawn, ends the paid term it bought: the client
 * goes back to Relax (`cancelled`) and matching ends, as with cancelling (decision 024). Only when
 * the client's tier is still that payment's; a refund of an older, superseded payment ends nothing.
 */
async function endTermOfPayment(
  t: Tx,
  ctx: AppContext,
  payment: typeof payments.$inferSelect & { client_id: string },
  now: Date,
): Promise<boolean> {
  const [ended] = await t.db
    .update(user_profiles)
    .set({
      subscription_status: 'cancelled',
      tier: DOWNGRADE_TIER,
      subscription_ends_at: now,
      grace_period_end_date: null,
      updated_at: now,
    })
    .where(
      and(
        eq(user_profiles.id, payment.client_id),
        eq(user_profiles.tier, payment.tier),
        inArray(user_profiles.subscription_status, RUNNING_TERM_STATUSES),
      ),
    )
    .returning({ id: user_profiles.id });
  if (!ended) return false;
  await syncMatchingWithMembership(t, { clientIds: [ended.id], now, appUrl: ctx.env.APP_URL });
  return true;
}

/**
 * POST /api/admin/payments/{id}/refunds: an admin refunds (part of) a payment at the provider with
 * a reason; the refund is then applied like the provider's own event. A double click sends the same
 * idempotency key, so the provider makes one refund.
 */
export async function refundPayment({
  ctx,
  actor,
  paymentId,
  amount,
  reason,
}: {
  ctx: AppContext;
  actor: Actor;
  paymentId: string;
  amount: number;
  reason: string;
}) {
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw new AppError('NOT_FOUND');
  if (amount > payment.amount_total - payment.amount_refunded) throw new AppError('REFUND_TOO_HIGH');
  let refund: ProviderRefund;
  try {
    const paymentIntent =
      payment.provider_payment_id ??
      (await ctx.payments.retrieveSession(payment.provider_session_id)).payment_intent;
    if (!paymentIntent) throw new Error('payment without a provider payment id');
    if (!payment.provider_payment_id) {
      await ctx.db
        .update(payments)
        .set({ provider_payment_id: paymentIntent })
        .where(eq(payments.id, payment.id));
    }
    refund = await ctx.payments.refund({
      paymentIntent,
      amount,
      reason,
      idempotencyKey: `refund-${payment.id}-${payment.amount_refunded}-${amount}`,
    });
  } catch (error) {
    ctx.logger.error({ provider: ctx.payments.name, ...providerErrorFields(error) }, 'refund failed');
    throw new AppError('REFUND_FAILED');
  }
  const outcome = await applyRefund(ctx, refund, { reason, refundedBy: actor.user.id });
  if (outcome === 'too_high') throw new AppError('REFUND_TOO_HIGH');
  if (outcome === 'not_refunded') throw new AppError('REFUND_FAILED');
  return outcome;
}

/**
 * POST /api/me/purchases/{id}/withdrawal: the client withdraws within 14 days of paying. Recorded
 * once, confirmed by e-mail, and told to every admin, who settles it with a refund.
 */
export async function requestWithdrawal({
  ctx,
  actor,
  paymentId,
}: {
  ctx: AppContext;
  actor: Actor;
  paymentId: string;
}) {
  const now = ctx.clock.now();
  await ctx.transaction(async (t) => {
    const tx = t.db;
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.client_id, actor.user.id)))
      .for('update');
    if (!payment) throw new AppError('NOT_FOUND');
    if (payment.withdrawal_requested_at) throw new AppError('WITHDRAWAL_ALREADY_REQUESTED');
    if (now > withdrawalDeadline(payment.paid_at)) throw new AppError('WITHDRAWAL_PERIOD_OVER');
    await tx.update(payments).set({ withdrawal_requested_at: now }).where(eq(payments.id, payment.id));
    const tierName = tierInfo(payment.tier).name;
    const clientName = actor.profile.full_name ?? actor.user.email;
    const admins = await tx
      .select({ email: user.email })
      .from(user)
      .innerJoin(user_profiles, eq(user_profiles.id, user.id))
      .where(eq(user_profiles.role, 'admin'));
    const messages: OutgoingEmail[] = [
      {
        to: actor.user.email,
        dedupe_key: `withdrawal:${payment.id}`,
        ...withdrawalConfirmationEmail({
          name: greetingName(actor.profile.full_name),
          tierName,
          paidOn: formatDate(payment.paid_at),
          url: `${ctx.env.APP_URL}${ROUTES.purchases}`,
        }),
      },
      ...admins.map((admin) => ({
        to: admin.email,
        dedupe_key: `withdrawal-staff:${payment.id}:${admin.email}`,
        ...withdrawalStaffEmail({
          clientName,
          tierName,
          amount: formatEuroCents(payment.amount_total),
          url: `${ctx.env.APP_URL}${ROUTES.adminPayments}`,
        }),
      })),
    ];
    await t.queueMails(messages);
  });
}
