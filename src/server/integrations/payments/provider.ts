import type { Tier } from '../../../shared/domain';

/** What the fulfilment needs to know of a provider's checkout session. */
export interface ProviderSession {
  id: string;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  /** Our client's id, as given when the session was created. */
  client_reference_id: string | null;
  tier: Tier | null;
  amount_total: number | null;
  currency: string | null;
}

export interface NewProviderSession {
  clientId: string;
  email: string;
  tier: Tier;
  /** The catalogue's price id (or the configured Stripe price). */
  priceId: string;
  name: string;
  description: string;
  amountTotal: number;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  /** Our own checkout id, sent as the idempotency key. */
  idempotencyKey: string;
}

/** A card payment provider: Stripe Checkout, or the local demo checkout page. */
export interface PaymentProvider {
  name: 'stripe' | 'demo';
  createSession(input: NewProviderSession): Promise<{ id: string; url: string }>;
  retrieveSession(id: string): Promise<ProviderSession>;
  /**
   * The checkout session of a verified webhook event, or null for an event we do not act on.
   * Throws WebhookSignatureError when the signature, secret or timestamp does not hold.
   */
  sessionFromWebhook(rawBody: string, signature: string | undefined): Promise<ProviderSession | null>;
}

export class WebhookSignatureError extends Error {}

/** The events after which a session may be paid: completed, and a delayed payment that succeeded. */
export const FULFILMENT_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);
