import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, or } from 'drizzle-orm';
import { PAID_TIER_TERM_MONTHS, type Tier } from '../../../shared/domain';
import { formatEuro, formatEuroCents } from '../../../shared/format';
import { MESSAGES } from '../../../shared/messages';
import { TERMS_VERSION } from '../../../shared/money';
import { addMonths, type CheckoutSessionResponse, canBuyTier, tierRank } from '../../../shared/payments';
import { ROUTES } from '../../../shared/routes';
import { tierInfo } from '../../../shared/tiers';
import { type Actor, type AppContext, type OutgoingEmail, stripePriceIds, type Tx } from '../../context';
import type { Db } from '../../db/client';
import { checkout_sessions, type invoices, payments, user, user_profiles } from '../../db/schema';
import { greetingName } from '../../integrations/mail/layout';
import {
  type CheckoutEvent,
  type ProviderSession,
  providerErrorFields,
} from '../../integrations/payments/provider';
import { AppError } from '../../lib/errors';
import { createPromisedTasks } from '../tasks/promised-tasks';
import { invoiceAttachment, invoiceBuyer, issueDocument } from './invoices.service';
import { syncMatchingWithMembership } from './membership';
import { paymentMismatchEmail } from './money.mail';
import { intakeInvitationEmail, newPaidClientEmail, welcomeRelaxPlusEmail } from './payments.mail';

/** How long a checkout session may be paid; a second click in that time reopens the same one. */
const CHECKOUT_OPEN_MS = 60 * 60_000;
/** A session is treated as payable this long after its expiry: the provider's clock may lag ours. */
const CLOCK_SKEW_MS = 2 * 60_000;
/** A session still being created after this long never will be. */
const CREATING_TIMEOUT_MS = 60_000;

// The term's calendar rule lives in src/shared, so the demo seed builds terms with it too.
export { addMonths };

/**
 * POST /api/checkout-sessions: the price comes from the catalogue, never from the request. While
 * a session for the same tier can still be paid, the client gets that one again. The decision is
 * taken under a row lock on the client's profile, which is released before the provider is
 * called: a placeholder row marks the session being created, and a second click meanwhile waits
 * for its URL.
 */
export async function createCheckoutSession({
  ctx,
  actor,
  tier,
}: {
  ctx: AppContext;
  actor: Actor;
  /** The schema holds the terms accepted and the express request to start (decision 031). */
  tier: Tier;
}): Promise<{ url: string }> {
  const now = ctx.clock.now();
  const info = tierInfo(tier);
  const priceId = stripePriceIds(ctx.env)[tier] ?? info.price_id;
  const amountTotal = info.price * 100;
  const expiresAt = new Date(now.getTime() + CHECKOUT_OPEN_MS);

  const claim = await ctx.db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ tier: user_profiles.tier, subscription_status: user_profiles.subscription_status })
      .from(user_profiles)
      .where(eq(user_profiles.id, actor.user.id))
      .for('update');
    if (!profile || !canBuyTier(profile, tier)) throw new AppError('TIER_NOT_AVAILABLE');

    const [current] = await tx
      .select()
      .from(checkout_sessions)
      .where(
        and(
          eq(checkout_sessions.client_id, actor.user.id),
          eq(checkout_sessions.tier, tier),
          eq(checkout_sessions.provider, ctx.payments.name),
          or(
            eq(checkout_sessions.status, 'processing'),
            and(
              eq(checkout_sessions.status, 'open'),
              // Until the provider has surely closed it too (clocks differ a little).
              gt(checkout_sessions.expires_at, new Date(now.getTime() - CLOCK_SKEW_MS)),
            ),
          ),
        ),
      )
      .orderBy(desc(checkout_sessions.created_at))
      .limit(1);
    if (current?.status === 'processing') throw new AppError('PAYMENT_PROCESSING');
    if (current?.url) {
      // Decision 031: the consent given with this click is the one the payment will carry.
      await tx
        .update(checkout_sessions)
        .set({ terms_version: TERMS_VERSION, terms_accepted_at: now, start_requested_at: now })
        .where(eq(checkout_sessions.id, current.id));
      return { kind: 'open' as const, url: current.url };
    }
    if (current && current.created_at.getTime() > now.getTime() - CREATING_TIMEOUT_MS) {
      return { kind: 'creating' as const, id: current.id };
    }
    if (current) {
      // A creation that never finished (the process stopped): it was never shown to anyone.
      await tx
        .update(checkout_sessions)
        .set({ status: 'failed', updated_at: now })
        .where(eq(checkout_sessions.id, current.id));
    }
    const [placeholder] = await tx
      .insert(checkout_sessions)
      .values({
        provider: ctx.payments.name,
        provider_session_id: `creating_${randomUUID()}`,
        client_id: actor.user.id,
        tier,
        price_id: priceId,
        amount_total: amountTotal,
        currency: 'eur',
        url: null,
        expires_at: expiresAt,
        terms_version: TERMS_VERSION,
        terms_accepted_at: now,
        start_requested_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning({ id: checkout_sessions.id });
    return { kind: 'create' as const, id: placeholder!.id };
  });

  if (claim.kind === 'open') return { url: claim.url };
  if (claim.kind === 'creating') return { url: await waitForCheckoutUrl(ctx.db, claim.id) };

  let session: { id: string; url: string };
  try {
    session = await ctx.payments.createSession({
      clientId: actor.user.id,
      email: actor.user.email,
      tier,
      priceId,
      name: info.name,
      description: info.description,
      amountTotal,
      successUrl: `${ctx.env.APP_URL}${ROUTES.success}?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${ctx.env.APP_URL}${ROUTES.products}`,
      expiresAt,
      idempotencyKey: `checkout-${claim.id}`,
    });
  } catch (error) {
    ctx.logger.error({ provider: ctx.payments.name, ...providerErrorFields(error) }, 'checkout failed');
    await ctx.db
      .update(checkout_sessions)
      .set({ status: 'failed', updated_at: now })
      .where(eq(checkout_sessions.id, claim.id));
    throw new AppError('PAYMENT_PROVIDER');
  }
  await ctx.db
    .update(checkout_sessions)
    .set({ provider_session_id: session.id, url: session.url, updated_at: now })
    .where(eq(checkout_sessions.id, claim.id));
  return { url: session.url };
}

/** A second click while the first is still creating its session: the first one's URL. */
async function waitForCheckoutUrl(db: Db, id: string): Promise<string> {
  const deadline = Date.now() + CREATING_TIMEOUT_MS / 2;
  while (Date.now() < deadline) {
    const [row] = await db
      .select({ url: checkout_sessions.url, status: checkout_sessions.status })
      .from(checkout_sessions)
      .where(eq(checkout_sessions.id, id));
    if (row?.url) return row.url;
    if (row?.status !== 'open') break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new AppError('PAYMENT_PROVIDER');
}

export type FulfilmentResult =
  | 'fulfilled'
  | 'already_fulfilled'
  | 'not_paid'
  | 'unknown_session'
  | 'amount_mismatch';

/**
 * The one fulfilment, from the webhook, the success page and the demo checkout: a paid session we
 * created records one payment under the provider's session id (unique), sets the tier and the
 * term, brings an ended client back to matching (decision 024) and stores the promised e-mails,
 * all in one transaction. Any later call for the same
 * session changes nothing.
 */
export async function fulfilCheckout({
  ctx,
  session,
}: {
  ctx: AppContext;
  session: ProviderSession;
}): Promise<FulfilmentResult> {
  if (session.payment_status !== 'paid') return 'not_paid';
  const now = ctx.clock.now();
  const result = await ctx.transaction(async (t) => {
    const tx = t.db;
    const [checkout] = await tx
      .select()
      .from(checkout_sessions)
      .where(eq(checkout_sessions.provider_session_id, session.id))
      .for('update');
    if (!checkout) return { outcome: 'unknown_session' as const };
    // Issue 30: our row decides who bought what and for how much. A session paid with another
    // amount or currency (a misconfigured Stripe price, a tampered session) or for another client
    // is not fulfilled; every admin is alerted once, to refund or grant it by hand.
    const amountPaid = session.amount_total ?? checkout.amount_total;
    const currency = session.currency ?? checkout.currency;
    if (
      amountPaid !== checkout.amount_total ||
      currency !== checkout.currency ||
      (session.client_reference_id !== null && session.client_reference_id !== checkout.client_id)
    ) {
      ctx.logger.error(
        { provider: checkout.provider, amount_paid: amountPaid, currency },
        'paid checkout session differs from what we asked (amount, currency or client): not fulfilled',
      );
      await queueMismatchAlerts(ctx, t, checkout, formatAmount(amountPaid, currency));
      return { outcome: 'amount_mismatch' as const };
    }
    // The profile is locked before the payment row is written: that insert's foreign key takes a
    // share lock on the profile, and two purchases of one client at once (two sessions paid side
    // by side) would each hold one and wait for the other's (a deadlock, seen as a 500 in issue 19).
    const [profile] = await tx
      .select()
      .from(user_profiles)
      .where(eq(user_profiles.id, checkout.client_id))
      .for('update');
    // Cascading deletes make this impossible; should it happen, nothing is kept half-done.
    if (!profile) throw new Error('paid checkout session without a client profile');
    const [payment] = await tx
      .insert(payments)
      .values({
        provider: checkout.provider,
        provider_session_id: checkout.provider_session_id,
        client_id: checkout.client_id,
        tier: checkout.tier,
        amount_total: amountPaid,
        currency,
        paid_at: now,
        provider_payment_id: session.payment_intent ?? null,
        payment_method: session.payment_method ?? checkout.payment_method,
        terms_version: checkout.terms_version,
        terms_accepted_at: checkout.terms_accepted_at,
        start_requested_at: checkout.start_requested_at,
      })
      .onConflictDoNothing({ target: payments.provider_session_id })
      .returning();
    if (!payment) return { outcome: 'already_fulfilled' as const };

    await tx
      .update(checkout_sessions)
      .set({ status: 'paid', updated_at: now })
      .where(eq(checkout_sessions.id, checkout.id));

    const running =
      profile.subscription_status === 'active' || profile.subscription_status === 'grace_period';
    // A renewal or an upgrade continues the running term; a lower tier never replaces a higher one.
    const termStart =
      running && profile.subscription_ends_at && profile.subscription_ends_at > now
        ? profile.subscription_ends_at
        : now;
    const tier = running && tierRank(profile.tier) > tierRank(checkout.tier) ? profile.tier : checkout.tier;
    await tx
      .update(user_profiles)
      .set({
        tier,
        subscription_status: 'active',
        subscription_started_at: running ? (profile.subscription_started_at ?? now) : now,
        subscription_ends_at: addMonths(termStart, PAID_TIER_TERM_MONTHS),
        grace_period_end_date: null,
        updated_at: now,
      })
      .where(eq(user_profiles.id, profile.id));
    // Decision 024: a client whose matching ended comes back with the new paid term.
    await syncMatchingWithMembership(t, { clientIds: [profile.id], now, appUrl: ctx.env.APP_URL });
    // Issue 29: the invoice, numbered in this transaction (decision 031), naming the buyer as the
    // client is now: their name, else their address.
    const [client] = await tx.select({ email: user.email }).from(user).where(eq(user.id, checkout.client_id));
    const invoice = await issueDocument(tx, ctx.env, {
      kind: 'invoice',
      payment: { ...payment, client_id: checkout.client_id },
      amountTotal: payment.amount_total,
      issuedAt: now,
      buyer: invoiceBuyer({ full_name: profile.full_name, email: client!.email }),
    });
    await queuePurchaseMails(ctx, t, {
      checkout,
      email: client!.email,
      fullName: profile.full_name,
      invoice,
    });
    await createPromisedTasks(tx, { ...checkout, payment_id: payment.id, paid_at: now });
    return { outcome: 'fulfilled' as const, checkout, tier };
  });

  if (result.outcome === 'unknown_session') {
    ctx.logger.warn({ provider: ctx.payments.name }, 'paid checkout session that is not ours: ignored');
    return result.outcome;
  }
  if (result.outcome === 'fulfilled') {
    await closeSessionsNoLongerBuyable(ctx, result.checkout.client_id, result.tier, now);
  }
  return result.outcome;
}

/**
 * After a purchase, the client's other open sessions for tiers they can no longer buy (the same or
 * a lower one) are closed at the provider, so none of them can be paid by mistake.
 */
async function closeSessionsNoLongerBuyable(ctx: AppContext, clientId: string, tier: Tier, now: Date) {
  const open = await ctx.db
    .select({
      id: checkout_sessions.id,
      session_id: checkout_sessions.provider_session_id,
      tier: checkout_sessions.tier,
    })
    .from(checkout_sessions)
    .where(and(eq(checkout_sessions.client_id, clientId), eq(checkout_sessions.status, 'open')));
  for (const row of open) {
    if (tierRank(row.tier) > tierRank(tier) || row.session_id.startsWith('creating_')) continue;
    try {
      await ctx.payments.expireSession(row.session_id);
      await ctx.db
        .update(checkout_sessions)
        .set({ status: 'expired', updated_at: now })
        .where(and(eq(checkout_sessions.id, row.id), eq(checkout_sessions.status, 'open')));
    } catch (error) {
      // Still payable: if it is paid after all, the fulfilment records it and keeps the higher tier.
      ctx.logger.warn(
        { provider: ctx.payments.name, ...providerErrorFields(error) },
        'could not close a checkout session',
      );
    }
  }
}

/** What each event means: a paid session is fulfilled, or an unpaid one moves to this status. */
const EVENT_OUTCOME: Record<
  CheckoutEvent['type'],
  { fulfils: boolean; unpaid: 'processing' | 'failed' | 'expired' | null }
> = {
  // Completed but unpaid: a delayed payment method still settling.
  'checkout.session.completed': { fulfils: true, unpaid: 'processing' },
  'checkout.session.async_payment_succeeded': { fulfils: true, unpaid: null },
  'checkout.session.async_payment_failed': { fulfils: false, unpaid: 'failed' },
  'checkout.session.expired': { fulfils: false, unpaid: 'expired' },
};

/**
 * A verified checkout event: `completed` and `async_payment_succeeded` of a paid session fulfil;
 * otherwise the session's status follows (a delayed payment still settling blocks a new checkout
 * for that tier meanwhile; one that failed or expired reopens it).
 */
export async function handleCheckoutEvent({ ctx, event }: { ctx: AppContext; event: CheckoutEvent }) {
  const outcome = EVENT_OUTCOME[event.type];
  if (event.session.payment_status === 'paid') {
    return outcome.fulfils ? fulfilCheckout({ ctx, session: event.session }) : ('not_paid' as const);
  }
  const now = ctx.clock.now();
  if (outcome.unpaid) {
    await ctx.db
      .update(checkout_sessions)
      .set({ status: outcome.unpaid, updated_at: now })
      .where(
        and(
          eq(checkout_sessions.provider_session_id, event.session.id),
          inArray(
            checkout_sessions.status,
            outcome.unpaid === 'processing' ? ['open'] : ['open', 'processing'],
          ),
        ),
      );
  }
  return 'not_paid' as const;
}

/** The promised follow-ups of spec section 9, stored with the purchase: one set per session. */
async function queuePurchaseMails(
  ctx: AppContext,
  t: Tx,
  {
    checkout,
    email,
    fullName,
    invoice,
  }: {
    checkout: typeof checkout_sessions.$inferSelect;
    email: string;
    fullName: string | null;
    invoice: typeof invoices.$inferSelect;
  },
) {
  const tx = t.db;
  const client = { email };
  const info = tierInfo(checkout.tier);
  const key = checkout.provider_session_id;
  // Issue 29: the purchase e-mail carries the invoice (its number, total and VAT, and its PDF).
  const receipt = {
    invoice: {
      number: invoice.number,
      total: formatEuroCents(invoice.amount_total),
      vat: formatEuroCents(invoice.vat_amount),
    },
    attachments: [await invoiceAttachment(tx, invoice)],
  };
  const messages: OutgoingEmail[] = [
    checkout.tier === 'Relax+'
      ? {
          to: client.email,
          dedupe_key: `payment-welcome:${key}`,
          ...welcomeRelaxPlusEmail({
            name: greetingName(fullName),
            url: `${ctx.env.APP_URL}${ROUTES.dashboard}`,
            invoice: receipt.invoice,
          }),
          attachments: receipt.attachments,
        }
      : {
          to: client.email,
          dedupe_key: `payment-intake:${key}`,
          ...intakeInvitationEmail({
            name: greetingName(fullName),
            tierName: info.name,
            url: `${ctx.env.APP_URL}${ROUTES.intakePlanning}`,
            invoice: receipt.invoice,
          }),
          attachments: receipt.attachments,
        },
  ];
  const admins = await tx
    .select({ email: user.email })
    .from(user)
    .innerJoin(user_profiles, eq(user_profiles.id, user.id))
    .where(eq(user_profiles.role, 'admin'));
  for (const admin of admins) {
    messages.push({
      to: admin.email,
      dedupe_key: `payment-admin:${key}:${admin.email}`,
      ...newPaidClientEmail({
        clientName: fullName ?? client.email,
        tierName: info.name,
        amount: formatEuro(checkout.amount_total / 100),
        // An admin opens the admin area; /matchmaker/clients is the matchmakers' own.
        url: `${ctx.env.APP_URL}${ROUTES.admin}`,
      }),
    });
  }
  // The client's e-mail and one to every admin in one `queueMails` (one opt-out read, one INSERT).
  await t.queueMails(messages);
}

const formatAmount = (cents: number, currency: string) =>
  currency === 'eur' ? formatEuroCents(cents) : `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

/** Issue 30: every admin learns, once per session, of a paid session that was not fulfilled. */
async function queueMismatchAlerts(
  ctx: AppContext,
  t: Tx,
  checkout: typeof checkout_sessions.$inferSelect,
  received: string,
) {
  const admins = await t.db
    .select({ email: user.email })
    .from(user)
    .innerJoin(user_profiles, eq(user_profiles.id, user.id))
    .where(eq(user_profiles.role, 'admin'));
  await t.queueMails(
    admins.map((admin) => ({
      to: admin.email,
      dedupe_key: `payment-mismatch:${checkout.provider_session_id}:${admin.email}`,
      ...paymentMismatchEmail({
        sessionId: checkout.provider_session_id,
        expected: formatAmount(checkout.amount_total, checkout.currency),
        received,
        url: `${ctx.env.APP_URL}${ROUTES.adminPayments}`,
      }),
    })),
  );
}

/**
 * GET /api/checkout-session: spec section 3's shape, only for the client whose session it is. A
 * paid session is fulfilled here too, so the page never waits for the webhook.
 */
export async function lookupCheckoutSession({
  ctx,
  actor,
  sessionId,
}: {
  ctx: AppContext;
  actor: Actor;
  sessionId: string;
}): Promise<{ status: 200 | 404 | 502; body: CheckoutSessionResponse }> {
  const failure = (status: 404 | 502, error: string) => ({
    status,
    body: { success: false, session: null, error },
  });
  const checkout = await findOwnCheckout(ctx.db, actor, sessionId);
  if (!checkout) return failure(404, MESSAGES.purchaseNotFound);

  let session: ProviderSession;
  try {
    session = await ctx.payments.retrieveSession(sessionId);
  } catch (error) {
    ctx.logger.error(
      { provider: ctx.payments.name, ...providerErrorFields(error) },
      'checkout lookup failed',
    );
    return failure(502, MESSAGES.paymentProviderUnavailable);
  }
  if (session.payment_status === 'paid') await fulfilCheckout({ ctx, session });
  const info = tierInfo(checkout.tier);
  const paid = session.payment_status === 'paid';
  return {
    status: 200,
    body: {
      success: paid,
      session: {
        id: checkout.provider_session_id,
        currency: session.currency ?? checkout.currency,
        amount_total: session.amount_total ?? checkout.amount_total,
        payment_status: session.payment_status,
        metadata: { tier: checkout.tier },
        line_items: {
          data: [
            { price: { id: checkout.price_id, product: { name: info.name, description: info.description } } },
          ],
        },
      },
      // Issue 29: a payment the bank refused or that expired is final: the page stops waiting.
      ...(paid
        ? {}
        : checkout.status === 'failed' || checkout.status === 'expired'
          ? { error: MESSAGES.paymentDeclined, code: 'PAYMENT_DECLINED' }
          : { error: MESSAGES.paymentNotConfirmed }),
    },
  };
}

/** A checkout session of this client (never another's), by the provider's session id. */
export async function findOwnCheckout(db: Db, actor: Actor, sessionId: string) {
  const [checkout] = await db
    .select()
    .from(checkout_sessions)
    .where(
      and(
        eq(checkout_sessions.provider_session_id, sessionId),
        eq(checkout_sessions.client_id, actor.user.id),
      ),
    );
  return checkout;
}
