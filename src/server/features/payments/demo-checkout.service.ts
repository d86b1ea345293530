import { and, eq } from 'drizzle-orm';
import type { PaymentMethod } from '../../../shared/payments';
import { ROUTES } from '../../../shared/routes';
import type { Actor, AppContext } from '../../context';
import type { Db } from '../../db/client';
import { checkout_sessions } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { findOwnCheckout, fulfilCheckout, handleCheckoutEvent } from './payments.service';

/* The demo provider's test checkout ("Testbetaling", local installs only): the same fulfilment. */

/** A demo session's status as the page sees it: an open session past its hour is expired. */
export const demoCheckoutStatus = (checkout: typeof checkout_sessions.$inferSelect, now: Date) =>
  checkout.status === 'open' && checkout.expires_at && checkout.expires_at <= now
    ? 'expired'
    : checkout.status;

/** The demo checkout page's session, only for its own client. */
export async function findDemoCheckout({
  ctx,
  actor,
  sessionId,
}: {
  ctx: Pick<AppContext, 'db'>;
  actor: Actor;
  sessionId: string;
}) {
  const checkout = await findOwnCheckout(ctx.db, actor, sessionId);
  if (checkout?.provider !== 'demo') throw new AppError('NOT_FOUND');
  return checkout;
}

/** "Betalen" on the demo page: the session becomes paid and goes through the same fulfilment. */
export async function payDemoCheckout({
  ctx,
  actor,
  sessionId,
  method = 'card',
  confirms = 'now',
}: {
  ctx: AppContext;
  actor: Actor;
  sessionId: string;
  /** Issue 29: Bancontact or a card, as on Stripe's page. */
  method?: PaymentMethod;
  /** Issue 29: `later` for a payment the bank confirms later (the session waits, unpaid). */
  confirms?: 'now' | 'later';
}) {
  const now = ctx.clock.now();
  const checkout = await findDemoCheckout({ ctx, actor, sessionId });
  const status = demoCheckoutStatus(checkout, now);
  if (confirms === 'later') return holdDemoPayment({ ctx, checkout, status, method, now });
  if (status !== 'open' && status !== 'paid') {
    await closeDemoCheckout(ctx.db, checkout.id, now);
    throw new AppError('CHECKOUT_NOT_OPEN');
  }
  // Open to paid in one statement: a session closed in the meantime (cancelled, or closed because
  // another purchase of this client made its tier unbuyable) is not paid. Issue 19's load test
  // found 5 of 44 such sessions answered as paid without a payment.
  const [opened] = await ctx.db
    .update(checkout_sessions)
    .set({ status: 'paid', payment_method: method, updated_at: now })
    .where(and(eq(checkout_sessions.id, checkout.id), eq(checkout_sessions.status, 'open')))
    .returning({ id: checkout_sessions.id });
  if (!opened) {
    const [current] = await ctx.db
      .select({ status: checkout_sessions.status })
      .from(checkout_sessions)
      .where(eq(checkout_sessions.id, checkout.id));
    // Paid by a second click meanwhile: the fulfilment below finds it done.
    if (current?.status !== 'paid') throw new AppError('CHECKOUT_NOT_OPEN');
  }
  const outcome = await fulfilCheckout({ ctx, session: await ctx.payments.retrieveSession(sessionId) });
  if (outcome !== 'fulfilled' && outcome !== 'already_fulfilled') throw new AppError('CHECKOUT_NOT_OPEN');
  return { url: successUrl(ctx, sessionId) };
}

const successUrl = (ctx: AppContext, sessionId: string) =>
  `${ctx.env.APP_URL}${ROUTES.success}?session_id=${encodeURIComponent(sessionId)}`;

/**
 * "Betalen" with the bank confirming later: what Stripe's `checkout.session.completed` of an unpaid
 * session does (the same `handleCheckoutEvent`): the session waits as `processing`, nothing is
 * fulfilled, and /success says the payment is not confirmed yet.
 */
async function holdDemoPayment({
  ctx,
  checkout,
  status,
  method,
  now,
}: {
  ctx: AppContext;
  checkout: typeof checkout_sessions.$inferSelect;
  status: string;
  method: PaymentMethod;
  now: Date;
}) {
  if (status !== 'open' && status !== 'processing') {
    await closeDemoCheckout(ctx.db, checkout.id, now);
    throw new AppError('CHECKOUT_NOT_OPEN');
  }
  await ctx.db
    .update(checkout_sessions)
    .set({ payment_method: method, updated_at: now })
    .where(and(eq(checkout_sessions.id, checkout.id), eq(checkout_sessions.status, 'open')));
  const session = await ctx.payments.retrieveSession(checkout.provider_session_id);
  await handleCheckoutEvent({ ctx, event: { type: 'checkout.session.completed', session } });
  const [current] = await ctx.db
    .select({ status: checkout_sessions.status })
    .from(checkout_sessions)
    .where(eq(checkout_sessions.id, checkout.id));
  // Closed in the meantime (cancelled, or its tier no longer buyable): nothing is held.
  if (current?.status !== 'processing') throw new AppError('CHECKOUT_NOT_OPEN');
  return { url: successUrl(ctx, checkout.provider_session_id) };
}

/**
 * The test bank's decision on a payment it held: confirmed, the session is paid and goes through
 * Stripe's `checkout.session.async_payment_succeeded` (the fulfilment); declined, through
 * `async_payment_failed` (the session fails, nothing is bought). Only a held session.
 */
export async function settleDemoPayment({
  ctx,
  actor,
  sessionId,
  outcome,
}: {
  ctx: AppContext;
  actor: Actor;
  sessionId: string;
  outcome: 'confirmed' | 'declined';
}) {
  const now = ctx.clock.now();
  const checkout = await findDemoCheckout({ ctx, actor, sessionId });
  if (outcome === 'confirmed') {
    const [settled] = await ctx.db
      .update(checkout_sessions)
      .set({ status: 'paid', updated_at: now })
      .where(and(eq(checkout_sessions.id, checkout.id), eq(checkout_sessions.status, 'processing')))
      .returning({ id: checkout_sessions.id });
    if (!settled) throw new AppError('CHECKOUT_NOT_OPEN');
    const session = await ctx.payments.retrieveSession(sessionId);
    const fulfilled = await handleCheckoutEvent({
      ctx,
      event: { type: 'checkout.session.async_payment_succeeded', session },
    });
    if (fulfilled !== 'fulfilled' && fulfilled !== 'already_fulfilled')
      throw new AppError('CHECKOUT_NOT_OPEN');
    return { url: successUrl(ctx, sessionId) };
  }
  if (checkout.status !== 'processing') throw new AppError('CHECKOUT_NOT_OPEN');
  const session = await ctx.payments.retrieveSession(sessionId);
  await handleCheckoutEvent({ ctx, event: { type: 'checkout.session.async_payment_failed', session } });
  return { url: `${ctx.env.APP_URL}${ROUTES.products}` };
}

/** "Annuleren" on the demo page: the session closes unpaid, nothing else changes. */
export async function cancelDemoCheckout({
  ctx,
  actor,
  sessionId,
}: {
  ctx: AppContext;
  actor: Actor;
  sessionId: string;
}) {
  const checkout = await findDemoCheckout({ ctx, actor, sessionId });
  await closeDemoCheckout(ctx.db, checkout.id, ctx.clock.now());
  return { url: `${ctx.env.APP_URL}${ROUTES.products}` };
}

async function closeDemoCheckout(db: Db, id: string, now: Date) {
  await db
    .update(checkout_sessions)
    .set({ status: 'expired', updated_at: now })
    .where(and(eq(checkout_sessions.id, id), eq(checkout_sessions.status, 'open')));
}
