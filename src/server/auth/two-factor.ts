import { createHmac } from 'node:crypto';
import type { Role } from '../../shared/domain';
import { STAFF_ROLES } from '../../shared/domain';

/**
 * Issue 17 item 5 (decision 018): two-factor login with an authenticator app (better-auth's
 * two-factor plugin, TOTP: 6 digits, 30 seconds), backup codes and a trusted device for 30 days.
 */
export const TRUST_DEVICE_DAYS = 30;
export const TRUST_DEVICE_MAX_AGE = TRUST_DEVICE_DAYS * 24 * 60 * 60;
export const TOTP_ISSUER = 'Koppel';

/**
 * The fixed TOTP secret of the demo accounts (@koppel.example) on a local install: turning on
 * two-factor login there stores this secret instead of a random one, so the README can say which
 * key to type into an authenticator app. Never used on a deployment.
 */
export const DEMO_TOTP_SECRET = 'KoppelDemoTotpSleutel2026Lokaal0';
export const DEMO_EMAIL_DOMAIN = '@koppel.example';

export function usesDemoTotpSecret(env: { isLocal: boolean }, email: string): boolean {
  return env.isLocal && email.toLowerCase().endsWith(DEMO_EMAIL_DOMAIN);
}

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding: how authenticator apps take a secret typed in by hand. */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Uint8Array {
  const clean = text.toUpperCase().replace(/[^A-Z2-7]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    value = (value << 5) | BASE32_ALPHABET.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Uint8Array.from(out);
}

/** The demo secret as an authenticator app takes it (base32). */
export const DEMO_TOTP_KEY = base32Encode(new TextEncoder().encode(DEMO_TOTP_SECRET));

/** The otpauth:// address an authenticator app reads from the QR code. */
export function totpUri(keyBase32: string, account: string): string {
  const label = encodeURIComponent(`${TOTP_ISSUER}:${account}`);
  return `otpauth://totp/${label}?secret=${keyBase32}&issuer=${TOTP_ISSUER}&digits=6&period=30`;
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) of a base32 key at a moment: what the app shows. */
export function totpCode(keyBase32: string, at: number = Date.now()): string {
  const counter = Math.floor(at / 1000 / 30);
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', Buffer.from(base32Decode(keyBase32)))
    .update(message)
    .digest();
  const offset = digest[digest.length - 1]! & 15;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/** Whether a role must have a second factor under `STAFF_2FA=required`. */
export function isStaffRole(role: Role): boolean {
  return STAFF_ROLES.includes(role);
}
