import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Set on a successful login: this browser has logged in to the account before. Its value is the
 * account's key (login-throttle.ts), signed by better-auth with AUTH_SECRET.
 * See docs/decisions/008-login-throttling.md.
 */
export const DEVICE_COOKIE = 'known_device';
export const DEVICE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

const COOKIE_NAMES = new Set([`koppel.${DEVICE_COOKIE}`, `__Secure-koppel.${DEVICE_COOKIE}`]);

/**
 * Whether the request carries a device cookie that we signed, for any account. Read from the raw
 * request, for better-auth's rate limiter, which runs before the body is parsed.
 */
export function carriesDeviceCookie(request: Request, secret: string): boolean {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || !COOKIE_NAMES.has(part.slice(0, separator).trim())) continue;
    let signed: string;
    try {
      signed = decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      continue;
    }
    const dot = signed.lastIndexOf('.');
    if (dot < 1) continue;
    const expected = createHmac('sha256', secret).update(signed.slice(0, dot)).digest();
    const given = Buffer.from(signed.slice(dot + 1), 'base64');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
  }
  return false;
}
