import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages';
import { AppError } from '../../lib/errors';
import { WebhookSignatureError } from './provider';
import { createStripeProvider } from './stripe';

const secret = 'whsec_koppel_stripe_unit';
const provider = createStripeProvider({ secretKey: 'sk_test_unit', webhookSecret: secret, priceIds: {} });
const sdk = new Stripe('sk_test_unit');

/** A payload signed with the webhook secret, as Stripe would send it. */
function signed(payload: string) {
  return { payload, signature: sdk.webhooks.generateTestHeaderString({ payload, secret }) };
}
const event = (object: unknown, type = 'checkout.session.completed') =>
  JSON.stringify({ id: 'evt_1', object: 'event', type, data: { object } });

async function refusal(payload: string) {
  const { signature } = signed(payload);
  return provider.eventFromWebhook(payload, signature).then(
    () => null,
    (error: unknown) => error,
  );
}

describe('the Stripe webhook parser', () => {
  it('reads the checkout session of a signed checkout event', async () => {
    const payload = event({
      id: 'cs_test_1',
      object: 'checkout.session',
      payment_status: 'paid',
      client_reference_id: 'klant-1',
      metadata: { tier: 'Relax+' },
      amount_total: 16_500,
      currency: 'eur',
    });
    const { signature } = signed(payload);
    expect(await provider.eventFromWebhook(payload, signature)).toEqual({
      type: 'checkout.session.completed',
      session: {
        id: 'cs_test_1',
        payment_status: 'paid',
        client_reference_id: 'klant-1',
        tier: 'Relax+',
        amount_total: 16_500,
        currency: 'eur',
        payment_intent: null,
        payment_method: null,
      },
    });
  });

  it('issue 30: refuses a signature dated more than the tolerance in the future, as it refuses an old one', async () => {
    const payload = event({ id: 'cs_test_1', payment_status: 'paid' });
    const now = Math.floor(Date.now() / 1000);
    for (const timestamp of [now + 301 + 60, now + 86_400, now - 301 - 60]) {
      const signature = sdk.webhooks.generateTestHeaderString({ payload, secret, timestamp });
      await expect(
        provider.eventFromWebhook(payload, signature),
        String(timestamp - now),
      ).rejects.toBeInstanceOf(WebhookSignatureError);
    }
    const fresh = sdk.webhooks.generateTestHeaderString({ payload, secret, timestamp: now + 60 });
    expect(await provider.eventFromWebhook(payload, fresh)).toMatchObject({ session: { id: 'cs_test_1' } });
  });

  it('refuses a signed checkout event without a usable session with 400, not a crash', async () => {
    for (const payload of [
      event(null),
      event('cs_test_1'),
      event([]),
      event({ id: 42 }),
      event({ id: 'cs_test_1', amount_total: 1.5 }),
      event({ id: 'cs_test_1', client_reference_id: { a: 1 } }),
      JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed' }),
      'null',
      '{"id":',
    ]) {
      const error = await refusal(payload);
      expect(error, payload).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
      expect((error as AppError).code).toBe('BAD_REQUEST');
      expect((error as AppError).message).toBe(MESSAGES.invalidWebhookEvent);
    }
  });

  it('still ignores other event types and refuses a bad signature as before', async () => {
    const other = signed(event(null, 'customer.created'));
    expect(await provider.eventFromWebhook(other.payload, other.signature)).toBeNull();
    await expect(provider.eventFromWebhook(event(null), 't=1,v1=deadbeef')).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
  });
});
