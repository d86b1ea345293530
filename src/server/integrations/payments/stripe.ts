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
  type ProviderSession,
  WebhookSignatureError,
} from './provider';

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
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature ?? '', webhookSecret);
      } catch (error) {
        // Signed, but not JSON.
        if (error instanceof SyntaxError) throw new AppError('BAD_REQUEST', MESSAGES.invalidWebhookEvent);
        throw new WebhookSignatureError((error as Error).message);
      }
      if (typeof event?.type !== 'string') throw new AppError('BAD_REQUEST', MESSAGES.invalidWebhookEvent);
      const type = CHECKOUT_EVENTS.find((known) => known === event.type);
      if (!type) return null;
      const session = eventSessionSchema.safeParse(event.data?.object);
      if (!session.success) throw new AppError('BAD_REQUEST', MESSAGES.invalidWebhookEvent);
      return {
        type: type as CheckoutEventType,
        session: toProviderSession(session.data as unknown as Stripe.Checkout.Session),
      };
    },
  };
}
