import { createHmac, timingSafeEqual } from 'node:crypto';

/** Calendly's webhook signatures may be at most this old (and as far in the future, for clock skew). */
export const WEBHOOK_TOLERANCE_SECONDS = 180;

export class CalendlyWebhookSignatureError extends Error {}

const hmacHex = (key: string, payload: string) => createHmac('sha256', key).update(payload).digest('hex');

/**
 * The `Calendly-Webhook-Signature` header for a body: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>">`. The Testagenda signs its webhooks with this, as Calendly does.
 */
export function signCalendlyWebhook(rawBody: string, key: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${hmacHex(key, `${t}.${rawBody}`)}`;
}

/**
 * Checks a webhook's signature over the raw body; throws CalendlyWebhookSignatureError when the
 * header is missing or malformed, the HMAC does not match, or it is older than 3 minutes.
 */
export function verifyCalendlyWebhook(
  rawBody: string,
  header: string | undefined,
  key: string,
  now: Date,
): void {
  if (!header) throw new CalendlyWebhookSignatureError('missing signature');
  const parts = new Map<string, string[]>();
  for (const piece of header.split(',')) {
    const at = piece.indexOf('=');
    if (at <= 0) throw new CalendlyWebhookSignatureError('malformed signature');
    const name = piece.slice(0, at).trim();
    parts.set(name, [...(parts.get(name) ?? []), piece.slice(at + 1).trim()]);
  }
  const t = parts.get('t')?.[0];
  const signatures = parts.get('v1') ?? [];
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0) {
    throw new CalendlyWebhookSignatureError('malformed signature');
  }
  const age = now.getTime() / 1000 - Number(t);
  if (Math.abs(age) > WEBHOOK_TOLERANCE_SECONDS) throw new CalendlyWebhookSignatureError('stale signature');
  const expected = Buffer.from(hmacHex(key, `${t}.${rawBody}`), 'hex');
  const matches = signatures.some((signature) => {
    if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
    return timingSafeEqual(Buffer.from(signature, 'hex'), expected);
  });
  if (!matches) throw new CalendlyWebhookSignatureError('signature mismatch');
}

/**
 * The client reference the embed URL carries in a UTM field and Calendly returns in the webhook's
 * `tracking`: the client's id and an HMAC of it, so a booking cannot be attributed to someone else.
 */
export function signClientRef(clientId: string, secret: string): string {
  return `${clientId}.${hmacHex(secret, `intake-client-ref:${clientId}`).slice(0, 32)}`;
}

/** The client id of a reference signed by signClientRef, or null when it does not hold. */
export function clientIdFromRef(ref: string | null | undefined, secret: string): string | null {
  if (!ref || ref.length > 300) return null;
  const at = ref.lastIndexOf('.');
  if (at <= 0) return null;
  const clientId = ref.slice(0, at);
  const expected = Buffer.from(signClientRef(clientId, secret));
  const given = Buffer.from(ref);
  return expected.length === given.length && timingSafeEqual(expected, given) ? clientId : null;
}
