import Stripe from 'stripe';
import { z } from 'zod';
import { TIERS, type Tier } from '../../../shared/domain';
import { MESSAGES } from '../../../shared/messages';
import { AppError } from '../../lib/errors';
import {
  CHECKOUT_EVENTS,
  type CheckoutEventType,
  type NewProviderSession,
  type PaymentProvider,
  type ProviderRefund,
  type ProviderSession,
  WebhookSignatureError,
} from './provider';

/** Stripe's own tolerance for a signature's age; one from further in the future is refused too. */
export const SIGNATURE_TOLERANCE_S = 300;

/** Refund events: a charge refunded (with its refunds), or one refund created or updated. */
const REFUND_EVENTS = ['charge.refunded', 'refund.created', 'refund.updated'] as const;
const REFUND_STATUSES = ['pending', 'succeeded', 'failed', 'canceled', 'requires_action'] as const;

const refundSchema = z.looseObject({
  id: z.string().min(1).max(255),
  amount: z.number().int().min(0).max(2_147_483_647),
  currency: z.string().max(16),
  payment_intent: z.union([z.string().min(1).max(255), z.looseObject({ id: z.string() })]),
  status: z.string().nullish(),
  metadata: z.looseObject({ reason: z.string().max(500).optional() }).nullish(),
  reason: z.string().max(100).nullish(),
});
const chargeSchema = z.looseObject({
  payment_intent: z.union([z.string().min(1).max(255), z.looseObject({ id: z.string() })]),
  refunds: z.looseObject({ data: z.array(z.unknown()) }).nullish(),
});

function toProviderRefund(refund: z.infer<typeof refundSchema>, paymentIntent?: string): ProviderRefund {
  const intent =
    paymentIntent ??
    (typeof refund.payment_intent === 'string' ? refund.payment_intent : refund.payment_intent.id);
  return {
    id: refund.id,
    payment_intent: intent,
    amount: refund.amount,
    currency: refund.currency,
    status: REFUND_STATUSES.find((status) => status === refund.status) ?? 'pending',
    reason: refund.metadata?.reason ?? refund.reason ?? null,
  };
}

/** The refunds a verified refund event names; refused with 400 when it holds none we can read. */
function refundsOfEvent(type: (typeof REFUND_EVENTS)[number], object: unknown): ProviderRefund[] {
  if (type !== 'charge.refunded') {
    const refund = refundSchema.safeParse(object);
    if (!refund.success) throw new AppError('BAD_REQUEST', MESSAGES.invalidWebhookEvent);
    return [toProviderRefund(refund.data)];
  }
  const charge = chargeSchema.safeParse(object);
  if (!charge.success) throw new AppError('BAD_REQUEST', MESSAGES.invalidWebhookEvent);
  const intent =
    typeof charge.data.payment_intent === 'string'
      ? charge.data.payment_intent
      : charge.data.payment_intent.id;
  return (charge.data.refunds?.data ?? []).flatMap((item) => {
    const refund = refundSchema.safeParse({ payment_intent: intent, ...(item as object) });
    return refund.success ? [toProviderRefund(refund.data, intent)] : [];
  });
}

/** The `t=` of a Stripe-Signature header, in seconds, or null. */
function signatureTimestamp(signature: string | undefined): number | null {
  const t = signature
    ?.split(',')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === 't')?.[1];
  return t && /^\d+$/.test(t) ? Number(t) : null;
}

interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** e.g. http://localhost:12111: Stripe's API elsewhere (stripe-mock, a test server). */
  apiBase?: string;
  /** Stripe price ids per tier; a tier without one gets the catalogue's price inline. */
  priceIds: Partial<Record<Tier, string>>;
}

const PAYMENT_STATUSES = ['paid', 'unpaid', 'no_payment_required'] as const;
const isTier = (value: unknown): value is Tier => TIERS.includes(value as Tier);

/**
 * What we read of a checkout session in a webhook event. The signature proves the event came from
 * Stripe, not that it holds a session: an event without one (`data.object: null`, a wrong type) is
 * refused with 400 rather than failing in the fulfilment.
 */
const eventSessionSchema = z.looseObject({
  id: z.string().min(1).max(255),
  payment_status: z.string().nullish(),
  client_reference_id: z.string().max(255).nullish(),
  metadata: z.looseObject({ tier: z.unknown() }).nullish(),
  amount_total: z.number().int().min(0).max(2_147_483_647).nullish(),
  currency: z.string().max(16).nullish(),
});

function toProviderSession(session: Stripe.Checkout.Session): ProviderSession {
  const tier = session.metadata?.tier;
  return {
    id: session.id,
    payment_status: PAYMENT_STATUSES.find((status) => status === session.payment_status) ?? 'unpaid',
    client_reference_id: session.client_reference_id ?? null,
    tier: isTier(tier) ? tier : null,
    amount_total: session.amount_total ?? null,
    currency: session.currency ?? null,
    payment_intent:
      typeof session.payment_intent === 'string'
        ? session.payment_intent
        : (session.payment_intent?.id ?? null),
    payment_method: null,
  };
}

/** Stripe Checkout in mode `payment`, through the official SDK. */
export function createStripeProvider({
  secretKey,
  webhookSecret,
  apiBase,
  priceIds,
}: StripeProviderOptions): PaymentProvider {
  const base = apiBase ? new URL(apiBase) : null;
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port) || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });

  return {
    name: 'stripe',
    async createSession(input: NewProviderSession) {
      const priceId = priceIds[input.tier];
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          // Issue 29: most Belgians pay online with Bancontact; cards too. (This API version's
          // filter on the payment methods the account has on; `payment_method_types` is gone.)
          allowed_payment_method_types: ['bancontact', 'card'],
          line_items: [
            priceId
              ? { price: priceId, quantity: 1 }
              : {
                  price_data: {
                    currency: 'eur',
                    unit_amount: input.amountTotal,
                    product_data: { name: input.name, description: input.description },
                  },
                  quantity: 1,
                },
          ],
          client_reference_id: input.clientId,
          customer_email: input.email,
          metadata: { tier: input.tier, client_id: input.clientId },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          expires_at: Math.floor(input.expiresAt.getTime() / 1000),
          locale: 'nl',
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) throw new Error('Stripe returned a session without a URL');
      return { id: session.id, url: session.url };
    },
    async retrieveSession(id) {
      return toProviderSession(await stripe.checkout.sessions.retrieve(id));
    },
    async expireSession(id) {
      const session = await stripe.checkout.sessions.retrieve(id);
      if (session.status === 'open') await stripe.checkout.sessions.expire(id);
    },
    async eventFromWebhook(rawBody, signature) {
      // Stripe's check refuses a signature older than its tolerance, but not one from the future
      // (issue 30): a clock far ahead, or a header made to be replayed later, is refused here.
      const signedAt = signatureTimestamp(signature);
      if (signedAt !== null && signedAt - Date.now() / 1000 > SIGNATURE_TOLERANCE_S) {
        throw new WebhookSignatureError('Timestamp in the future, outside the tolerance zone');
      }
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(
          rawBody,
          signature ?? '',
          webhookSecret,
          SIGNATURE_TOLERANCE_S,
        );
      } catch (error) {
        // Signed, but not JSON.
        if (error instanceof SyntaxError) throw new AppError('BAD_REQUEST', MESSAGES.invalidWebhookEvent);
        throw new WebhookSignatureError((error as Error).message);
      }
      if (typeof event?.type !== 'string') throw new AppError('BAD_REQUEST', MESSAGES.invalidWebhookEvent);
      const refundType = REFUND_EVENTS.find((known) => known === event.type);
      if (refundType) return { type: 'refund', refunds: refundsOfEvent(refundType, event.data?.object) };
      const type = CHECKOUT_EVENTS.find((known) => known === event.type);
      if (!type) return null;
      const session = eventSessionSchema.safeParse(event.data?.object);
      if (!session.success) throw new AppError('BAD_REQUEST', MESSAGES.invalidWebhookEvent);
      return {
        type: type as CheckoutEventType,
        session: toProviderSession(session.data as unknown as Stripe.Checkout.Session),
      };
    },
    async refund({ paymentIntent, amount, reason, idempotencyKey }) {
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntent, amount, metadata: { reason } },
        { idempotencyKey },
      );
      return toProviderRefund(refundSchema.parse(refund), paymentIntent);
    },
  };
}
