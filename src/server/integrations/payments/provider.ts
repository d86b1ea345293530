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
  /** The provider's payment (Stripe's PaymentIntent id), which a refund names. */
  payment_intent?: string | null;
  /** How it was paid (`card`, `bancontact`), when the provider says. */
  payment_method?: string | null;
}

/** A refund at the provider (issue 29): applied once by its id. */
export interface ProviderRefund {
  id: string;
  /** The payment refunded (Stripe's PaymentIntent id). */
  payment_intent: string;
  amount: number;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
  reason: string | null;
}

export interface NewProviderRefund {
  paymentIntent: string;
  amount: number;
  /** Our reason, kept in the refund's metadata. */
  reason: string;
  idempotencyKey: string;
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
  /** Derived from our own checkout row: a retried create gives the same session. */
  idempotencyKey: string;
}

/** A payment provider (cards and Bancontact): Stripe Checkout, or the local demo checkout page. */
export interface PaymentProvider {
  name: 'stripe' | 'demo';
  createSession(input: NewProviderSession): Promise<{ id: string; url: string }>;
  retrieveSession(id: string): Promise<ProviderSession>;
  /** Makes an open session unpayable (a session already completed or expired is left as it is). */
  expireSession(id: string): Promise<void>;
  /**
   * The checkout event of a verified webhook, or null for an event we do not act on. Throws
   * WebhookSignatureError when the signature, secret or timestamp does not hold.
   */
  eventFromWebhook(rawBody: string, signature: string | undefined): Promise<ProviderEvent | null>;
  /** Refunds (part of) a payment; the refund's event may arrive before or after the answer. */
  refund(input: NewProviderRefund): Promise<ProviderRefund>;
}

export class WebhookSignatureError extends Error {}

/**
 * The checkout events we act on: completed (paid, or a delayed payment method still settling), a
 * delayed payment that succeeded or failed, and a session that expired unpaid.
 */
export const CHECKOUT_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;
export type CheckoutEventType = (typeof CHECKOUT_EVENTS)[number];
export interface CheckoutEvent {
  type: CheckoutEventType;
  session: ProviderSession;
}

/** `charge.refunded`, `refund.created`, `refund.updated`: the refunds the event names. */
export interface RefundEvent {
  type: 'refund';
  refunds: ProviderRefund[];
}
export type ProviderEvent = CheckoutEvent | RefundEvent;

/** A provider's failure for the logs: its kind and codes, never its message (it may echo input). */
export function providerErrorFields(error: unknown) {
  const e = error as { type?: string; code?: string; statusCode?: number; requestId?: string; name?: string };
  return { error_type: e.type ?? e.name, error_code: e.code, status: e.statusCode, request_id: e.requestId };
}
