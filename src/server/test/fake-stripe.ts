import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local HTTP server that answers like Stripe's API for Checkout Sessions (create, retrieve), so
 * the official SDK can be pointed at it; and signed webhook events made with the SDK's own helper.
 * Only the network boundary is faked: our code runs unchanged.
 */
export interface FakeStripeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  url: string;
  line_items_sent: unknown;
  /** The PaymentIntent, once paid (issue 29: a refund names it). */
  payment_intent: string | null;
  allowed_payment_method_types: string[];
}

/** A refund as Stripe's API answers it (issue 29). */
export interface FakeStripeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'pending' | 'succeeded' | 'failed';
  metadata: Record<string, string>;
  reason: string | null;
}

type Nested = { [key: string]: string | Nested };

/** Stripe's form encoding (`a[b][0][c]=v`) back into nested objects. */
function parseForm(body: string): Nested {
  const out: Nested = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter(Boolean);
    let node = out;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= {};
      node = node[part] as Nested;
    });
  }
  return out;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (chunk) => {
      data += chunk;
    });
    req.on('end', () => resolve(data));
  });

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${randomBytes(6).toString('hex')}`,
  });
  res.end(JSON.stringify(body));
}

/** `prices`: the Stripe prices that exist (id → amount in cents), for sessions created with a price id. */
export async function startFakeStripe({ prices = {} }: { prices?: Record<string, number> } = {}) {
  const sessions = new Map<string, FakeStripeSession>();
  const byIdempotencyKey = new Map<string, string>();
  const creates: { form: Nested; idempotencyKey: string | undefined; authorization: string | undefined }[] =
    [];
  const expired: string[] = [];
  const refunds = new Map<string, FakeStripeRefund>();
  const refundsByKey = new Map<string, string>();
  let failNext = 0;

  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (failNext > 0) {
      failNext--;
      return send(res, 500, { error: { type: 'api_error', message: 'Something went wrong on our end.' } });
    }
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      const form = parseForm(body);
      creates.push({ form, idempotencyKey, authorization: req.headers.authorization });
      const existing = idempotencyKey && byIdempotencyKey.get(idempotencyKey);
      if (existing) return send(res, 200, sessions.get(existing));
      const lineItem = (form.line_items as Nested)['0'] as Nested;
      const priceData = lineItem.price_data as Nested | undefined;
      const id = `cs_test_${randomBytes(24).toString('base64url')}`;
      const session: FakeStripeSession = {
        id,
        object: 'checkout.session',
        mode: form.mode as string,
        status: 'open',
        payment_status: 'unpaid',
        amount_total:
          (priceData ? Number(priceData.unit_amount) : (prices[lineItem.price as string] ?? 0)) *
          Number(lineItem.quantity),
        currency: priceData ? (priceData.currency as string) : 'eur',
        client_reference_id: (form.client_reference_id as string) ?? null,
        customer_email: (form.customer_email as string) ?? null,
        metadata: (form.metadata as Record<string, string>) ?? {},
        success_url: form.success_url as string,
        cancel_url: form.cancel_url as string,
        expires_at: Number(form.expires_at),
        url: `https://checkout.stripe.com/c/pay/${id}`,
        line_items_sent: form.line_items,
        payment_intent: null,
        allowed_payment_method_types: Object.values(
          (form.allowed_payment_method_types as Nested) ?? {},
        ) as string[],
      };
      sessions.set(id, session);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, id);
      return send(res, 200, session);
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      const existing = idempotencyKey && refundsByKey.get(idempotencyKey);
      if (existing) return send(res, 200, refunds.get(existing));
      const form = parseForm(body);
      const intent = form.payment_intent as string;
      const paid = [...sessions.values()].find((s) => s.payment_intent === intent);
      if (!paid) {
        return send(res, 400, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: 'No such payment_intent',
          },
        });
      }
      const refund: FakeStripeRefund = {
        id: `re_${randomBytes(12).toString('hex')}`,
        object: 'refund',
        amount: Number(form.amount ?? paid.amount_total),
        currency: paid.currency,
        payment_intent: intent,
        status: 'succeeded',
        metadata: (form.metadata as Record<string, string>) ?? {},
        reason: null,
      };
      refunds.set(refund.id, refund);
      if (idempotencyKey) refundsByKey.set(idempotencyKey, refund.id);
      return send(res, 200, refund);
    }
    const expire = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
    if (req.method === 'POST' && expire) {
      const session = sessions.get(decodeURIComponent(expire[1]!));
      if (session?.status !== 'open') {
        return send(res, 400, {
          error: {
            type: 'invalid_request_error',
            message: 'Only Checkout Sessions with a status of open can be expired.',
          },
        });
      }
      session.status = 'expired';
      expired.push(session.id);
      return send(res, 200, session);
    }
    const match = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (req.method === 'GET' && match) {
      const session = sessions.get(decodeURIComponent(match[1]!));
      if (!session) {
        return send(res, 404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: 'No such checkout.session',
          },
        });
      }
      return send(res, 200, session);
    }
    return send(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const sdk = new Stripe('sk_test_fake');

  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    /** Refunds made through the API, by id. */
    refunds,
    creates,
    /** Ids of the sessions expired through the API, in order. */
    expired,
    /** The next `count` requests get a 500 (the SDK retries twice). */
    failNextRequests(count: number) {
      failNext = count;
    },
    /** The customer paid (or, with `unpaid`, completed a payment method that settles later). */
    complete(id: string, payment_status: FakeStripeSession['payment_status'] = 'paid') {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      session.status = 'complete';
      session.payment_status = payment_status;
      if (payment_status === 'paid') session.payment_intent ??= `pi_${randomBytes(12).toString('hex')}`;
      return session;
    },
    /** An event as Stripe would POST it, with a Stripe-Signature made by the SDK's test helper. */
    signedEvent(
      type: string,
      object: unknown,
      { secret, timestamp }: { secret: string; timestamp?: number },
    ): { payload: string; signature: string } {
      const payload = JSON.stringify({
        id: `evt_${randomBytes(12).toString('hex')}`,
        object: 'event',
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        type,
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      });
      const signature = sdk.webhooks.generateTestHeaderString({ payload, secret, timestamp });
      return { payload, signature };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
