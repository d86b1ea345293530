import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  DOWNGRADE_TIER,
  GRACE_PERIOD_DAYS,
  PAID_TIER_TERM_MONTHS,
  type SubscriptionStatus,
  type Tier,
} from '../../../shared/domain';
import { firstName, formatDate, formatEuro } from '../../../shared/format';
import { type CheckoutSessionResponse, canBuyTier, tierRank } from '../../../shared/payments';
import { ROUTES } from '../../../shared/routes';
import { tierInfo } from '../../../shared/tiers';
import type { Db } from '../../db/client';
import { checkout_sessions, payments, user, user_profiles } from '../../db/schema';
import type { Outbox } from '../../integrations/mail/outbox';
import {
  intakeInvitationEmail,
  newPaidClientEmail,
  subscriptionCancelledEmail,
  subscriptionExpiredEmail,
  subscriptionGraceEmail,
  welcomeRelaxPlusEmail,
} from '../../integrations/mail/templates';
import type { PaymentProvider, ProviderSession } from '../../integrations/payments/provider';
import type { Actor } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';

/** How long a checkout session may be paid; a second click in that time reopens the same one. */
const CHECKOUT_OPEN_MS = 60 * 60_000;
/** A session about to close is not handed out again. */
const REUSE_MARGIN_MS = 5 * 60_000;

export interface PaymentsContext {
  db: Db;
  outbox: Outbox;
  provider: PaymentProvider;
  appUrl: string;
  logger: Logger;
  /** Stripe price ids per tier, when configured. */
  priceIds: Partial<Record<Tier, string>>;
}

function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

const greeting = (fullName: string | null | undefined) => firstName(fullName) || 'daar';

/**
 * POST /api/checkout-sessions: the price comes from the catalogue, never from the request. While
 * a session for the same tier is open, the client gets that one again (one row lock per client
 * makes two quick clicks wait for each other).
 */
export async function createCheckoutSession(
  ctx: PaymentsContext,
  actor: Actor,
  tier: Tier,
  now: Date,
): Promise<{ url: string }> {
  const info = tierInfo(tier);
  return ctx.db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ tier: user_profiles.tier, subscription_status: user_profiles.subscription_status })
      .from(user_profiles)
      .where(eq(user_profiles.id, actor.user.id))
      .for('update');
    if (!profile || !canBuyTier(profile, tier)) throw new AppError('TIER_NOT_AVAILABLE');

    const [open] = await tx
      .select({ url: checkout_sessions.url })
      .from(checkout_sessions)
      .where(
        and(
          eq(checkout_sessions.client_id, actor.user.id),
          eq(checkout_sessions.tier, tier),
          eq(checkout_sessions.status, 'open'),
          eq(checkout_sessions.provider, ctx.provider.name),
          gt(checkout_sessions.expires_at, new Date(now.getTime() + REUSE_MARGIN_MS)),
        ),
      )
      .limit(1);
    if (open?.url) return { url: open.url };

    const expiresAt = new Date(now.getTime() + CHECKOUT_OPEN_MS);
    const priceId = ctx.priceIds[tier] ?? info.price_id;
    const amountTotal = info.price * 100;
    let session: { id: string; url: string };
    try {
      session = await ctx.provider.createSession({
        clientId: actor.user.id,
        email: actor.user.email,
        tier,
        priceId,
        name: info.name,
        description: info.description,
        amountTotal,
        successUrl: `${ctx.appUrl}${ROUTES.success}?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${ctx.appUrl}${ROUTES.products}`,
        expiresAt,
        idempotencyKey: `checkout-${randomUUID()}`,
      });
    } catch (error) {
      ctx.logger.error({ err: (error as Error).message, provider: ctx.provider.name }, 'checkout failed');
      throw new AppError('PAYMENT_PROVIDER');
    }
    await tx.insert(checkout_sessions).values({
      provider: ctx.provider.name,
      provider_session_id: session.id,
      client_id: actor.user.id,
      tier,
      price_id: priceId,
      amount_total: amountTotal,
      currency: 'eur',
      url: session.url,
      expires_at: expiresAt,
    });
    return { url: session.url };
  });
}

export type FulfilmentResult = 'fulfilled' | 'already_fulfilled' | 'not_paid' | 'unknown_session';

/**
 * The one fulfilment, from the webhook, the success page and the demo checkout: a paid session we
 * created records one payment under the provider's session id (unique), sets the tier and a new
 * term, and queues the promised e-mails. Any later call for the same session changes nothing.
 */
export async function fulfilCheckout(
  ctx: PaymentsContext,
  session: ProviderSession,
  now: Date,
): Promise<FulfilmentResult> {
  if (session.payment_status !== 'paid') return 'not_paid';
  const result = await ctx.db.transaction(async (tx) => {
    const [checkout] = await tx
      .select()
      .from(checkout_sessions)
      .where(eq(checkout_sessions.provider_session_id, session.id))
      .for('update');
    if (
      !checkout ||
      (session.client_reference_id !== null && session.client_reference_id !== checkout.client_id) ||
      (session.amount_total !== null && session.amount_total !== checkout.amount_total)
    ) {
      return { outcome: 'unknown_session' as const };
    }
    const [payment] = await tx
      .insert(payments)
      .values({
        provider: checkout.provider,
        provider_session_id: checkout.provider_session_id,
        client_id: checkout.client_id,
        tier: checkout.tier,
        amount_total: checkout.amount_total,
        currency: session.currency ?? checkout.currency,
        paid_at: now,
      })
      .onConflictDoNothing({ target: payments.provider_session_id })
      .returning({ id: payments.id });
    if (!payment) return { outcome: 'already_fulfilled' as const, checkout };

    await tx
      .update(checkout_sessions)
      .set({ status: 'paid', updated_at: now })
      .where(eq(checkout_sessions.id, checkout.id));
    const [profile] = await tx
      .select()
      .from(user_profiles)
      .where(eq(user_profiles.id, checkout.client_id))
      .for('update');
    if (!profile) return { outcome: 'unknown_session' as const };

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
    return { outcome: 'fulfilled' as const, checkout };
  });

  if (result.outcome === 'unknown_session') {
    ctx.logger.warn({ provider: ctx.provider.name }, 'paid checkout session that is not ours: ignored');
    return result.outcome;
  }
  // Queued after the commit with a key per session: a crash before this line is repaired by the
  // next delivery of the same event, and a repeat never sends twice.
  await mailPurchase(ctx, result.checkout);
  return result.outcome;
}

async function mailPurchase(ctx: PaymentsContext, checkout: typeof checkout_sessions.$inferSelect) {
  const [client] = await ctx.db
    .select({ email: user.email, full_name: user_profiles.full_name })
    .from(user)
    .innerJoin(user_profiles, eq(user_profiles.id, user.id))
    .where(eq(user.id, checkout.client_id));
  if (!client) return;
  const info = tierInfo(checkout.tier);
  const key = checkout.provider_session_id;
  if (checkout.tier === 'Relax+') {
    await ctx.outbox.queue({
      to: client.email,
      dedupe_key: `payment-welcome:${key}`,
      ...welcomeRelaxPlusEmail({ name: greeting(client.full_name), url: `${ctx.appUrl}${ROUTES.dashboard}` }),
    });
  } else {
    await ctx.outbox.queue({
      to: client.email,
      dedupe_key: `payment-intake:${key}`,
      ...intakeInvitationEmail({
        name: greeting(client.full_name),
        tierName: info.name,
        url: `${ctx.appUrl}${ROUTES.intakePlanning}`,
      }),
    });
  }
  const admins = await ctx.db
    .select({ email: user.email })
    .from(user)
    .innerJoin(user_profiles, eq(user_profiles.id, user.id))
    .where(eq(user_profiles.role, 'admin'));
  for (const admin of admins) {
    await ctx.outbox.queue({
      to: admin.email,
      dedupe_key: `payment-admin:${key}:${admin.email}`,
      ...newPaidClientEmail({
        clientName: client.full_name ?? client.email,
        tierName: info.name,
        amount: formatEuro(checkout.amount_total / 100),
        url: `${ctx.appUrl}${ROUTES.matchmakerClients}`,
      }),
    });
  }
}

/**
 * GET /api/checkout-session: spec section 3's shape, only for the client whose session it is. A
 * paid session is fulfilled here too, so the page never waits for the webhook.
 */
export async function lookupCheckoutSession(
  ctx: PaymentsContext,
  actor: Actor,
  sessionId: string,
  now: Date,
): Promise<{ status: 200 | 404 | 502; body: CheckoutSessionResponse }> {
  const failure = (status: 404 | 502, error: string) => ({
    status,
    body: { success: false, session: null, error },
  });
  const [checkout] = await ctx.db
    .select()
    .from(checkout_sessions)
    .where(
      and(
        eq(checkout_sessions.provider_session_id, sessionId),
        eq(checkout_sessions.client_id, actor.user.id),
      ),
    );
  if (!checkout) return failure(404, 'Deze aankoop werd niet gevonden.');

  let session: ProviderSession;
  try {
    session = await ctx.provider.retrieveSession(sessionId);
  } catch (error) {
    ctx.logger.error(
      { err: (error as Error).message, provider: ctx.provider.name },
      'checkout lookup failed',
    );
    return failure(502, 'De betaalprovider antwoordt niet. Probeer het over een paar minuten opnieuw.');
  }
  if (session.payment_status === 'paid') await fulfilCheckout(ctx, session, now);
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
      ...(paid
        ? {}
        : { error: 'Je betaling is nog niet bevestigd. Je krijgt een e-mail zodra ze binnen is.' }),
    },
  };
}

/** The demo checkout page's session, only for its own client. */
export async function findDemoCheckout(db: Db, actor: Actor, sessionId: string) {
  const [checkout] = await db
    .select()
    .from(checkout_sessions)
    .where(
      and(
        eq(checkout_sessions.provider_session_id, sessionId),
        eq(checkout_sessions.client_id, actor.user.id),
        eq(checkout_sessions.provider, 'demo'),
      ),
    );
  if (!checkout) throw new AppError('NOT_FOUND');
  return checkout;
}

/** "Betalen" on the demo page: the session becomes paid and goes through the same fulfilment. */
export async function payDemoCheckout(ctx: PaymentsContext, actor: Actor, sessionId: string, now: Date) {
  const checkout = await findDemoCheckout(ctx.db, actor, sessionId);
  if (checkout.status === 'open' && checkout.expires_at && checkout.expires_at <= now) {
    await closeDemoCheckout(ctx.db, checkout.id, now);
    throw new AppError('CHECKOUT_NOT_OPEN');
  }
  if (checkout.status !== 'open' && checkout.status !== 'paid') throw new AppError('CHECKOUT_NOT_OPEN');
  await ctx.db
    .update(checkout_sessions)
    .set({ status: 'paid', updated_at: now })
    .where(and(eq(checkout_sessions.id, checkout.id), eq(checkout_sessions.status, 'open')));
  await fulfilCheckout(ctx, await ctx.provider.retrieveSession(sessionId), now);
  return { url: `${ctx.appUrl}${ROUTES.success}?session_id=${encodeURIComponent(sessionId)}` };
}

/** "Annuleren" on the demo page: the session closes unpaid, nothing else changes. */
export async function cancelDemoCheckout(ctx: PaymentsContext, actor: Actor, sessionId: string, now: Date) {
  const checkout = await findDemoCheckout(ctx.db, actor, sessionId);
  await closeDemoCheckout(ctx.db, checkout.id, now);
  return { url: `${ctx.appUrl}${ROUTES.products}` };
}

async function closeDemoCheckout(db: Db, id: string, now: Date) {
  await db
    .update(checkout_sessions)
    .set({ status: 'expired', updated_at: now })
    .where(and(eq(checkout_sessions.id, id), eq(checkout_sessions.status, 'open')));
}

/** Cancelling in the settings: `cancelled` and back to Relax at once (no refund of a one-time payment). */
export async function cancelSubscription(ctx: PaymentsContext, actor: Actor, now: Date) {
  const previousTier = actor.profile.tier;
  const [profile] = await ctx.db
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
        eq(user_profiles.id, actor.user.id),
        inArray(user_profiles.subscription_status, ['active', 'grace_period'] satisfies SubscriptionStatus[]),
        sql`${user_profiles.tier} <> ${DOWNGRADE_TIER}`,
      ),
    )
    .returning();
  if (!profile) throw new AppError('NOTHING_TO_CANCEL');
  await ctx.outbox.queue({
    to: actor.user.email,
    dedupe_key: `subscription-cancelled:${profile.id}:${now.toISOString()}`,
    ...subscriptionCancelledEmail({
      name: greeting(profile.full_name),
      tierName: tierInfo(previousTier).name,
      url: `${ctx.appUrl}${ROUTES.products}`,
    }),
  });
  return profile;
}

/**
 * The daily lifecycle (a pg-boss schedule): `active` past its term goes to `grace_period` for 14
 * days; `grace_period` past that goes to `expired` with tier Relax. Each step with an e-mail, and
 * safe to run any number of times.
 */
export async function sweepSubscriptions(ctx: Pick<PaymentsContext, 'db' | 'outbox' | 'appUrl'>, now: Date) {
  const renewUrl = `${ctx.appUrl}${ROUTES.products}`;
  const toGrace = await ctx.db
    .update(user_profiles)
    .set({
      subscription_status: 'grace_period',
      grace_period_end_date: sql`${user_profiles.subscription_ends_at} + make_interval(days => ${GRACE_PERIOD_DAYS})`,
      updated_at: now,
    })
    .where(
      and(
        eq(user_profiles.subscription_status, 'active'),
        sql`${user_profiles.subscription_ends_at} <= ${now}`,
      ),
    )
    .returning();
  for (const profile of toGrace) {
    const email = await emailOf(ctx.db, profile.id);
    if (!email || !profile.grace_period_end_date) continue;
    await ctx.outbox.queue({
      to: email,
      dedupe_key: `subscription-grace:${profile.id}:${new Date(profile.grace_period_end_date).toISOString()}`,
      ...subscriptionGraceEmail({
        name: greeting(profile.full_name),
        tierName: tierInfo(profile.tier).name,
        graceEnd: formatDate(profile.grace_period_end_date),
        url: renewUrl,
      }),
    });
  }

  const expiring = await ctx.db
    .select({ id: user_profiles.id, tier: user_profiles.tier })
    .from(user_profiles)
    .where(
      and(
        eq(user_profiles.subscription_status, 'grace_period'),
        sql`${user_profiles.grace_period_end_date} <= ${now}`,
      ),
    );
  let expired = 0;
  for (const { id, tier } of expiring) {
    const [profile] = await ctx.db
      .update(user_profiles)
      .set({ subscription_status: 'expired', tier: DOWNGRADE_TIER, updated_at: now })
      .where(and(eq(user_profiles.id, id), eq(user_profiles.subscription_status, 'grace_period')))
      .returning();
    if (!profile) continue;
    expired++;
    const email = await emailOf(ctx.db, id);
    if (!email) continue;
    await ctx.outbox.queue({
      to: email,
      dedupe_key: `subscription-expired:${id}:${profile.grace_period_end_date?.toISOString()}`,
      ...subscriptionExpiredEmail({
        name: greeting(profile.full_name),
        tierName: tierInfo(tier).name,
        url: renewUrl,
      }),
    });
  }
  return { grace_period: toGrace.length, expired };
}

async function emailOf(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, id));
  return row?.email;
}
