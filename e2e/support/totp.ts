import { createHmac } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

const lastStep = new Map<string, number>();

/**
 * What an authenticator app shows for a base32 key (RFC 6238: SHA-1, 6 digits, 30 s), never a
 * code this process handed out for the key before: the server accepts each code once (issue 30).
 * It also accepts the codes of the step before and after (better-auth's window of one step), so a
 * second code within the same 30 s is the next step's: no test waits for a fresh one.
 */
export function totpCode(keyBase32: string): string {
  const step = Math.max(Math.floor(Date.now() / 30_000), (lastStep.get(keyBase32) ?? 0) + 1);
  lastStep.set(keyBase32, step);
  return totpCodeAt(keyBase32, step * 30_000);
}

/** The code of the 30-second step that holds the moment `at`. */
export function totpCodeAt(keyBase32: string, at: number): string {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of keyBase32.toUpperCase().replace(/[^A-Z2-7]/g, '')) {
    value = (value << 5) | ALPHABET.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const digest = createHmac('sha1', Buffer.from(bytes)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 15;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
