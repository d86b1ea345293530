import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { two_factor } from '../db/schema';
import { base32Encode, totpCode } from './two-factor';

/** better-auth's TOTP: 30-second steps, a code of the step before or after also accepted. */
const PERIOD_MS = 30_000;
const WINDOW_STEPS = 1;
/** How better-auth marks a secret stored as base32 rather than as raw text. */
const BASE32_PREFIX = 'base32:';

/** The base32 key of a decrypted secret, as `totpCode` takes it. */
function keyOf(secret: string): string {
  return secret.startsWith(BASE32_PREFIX)
    ? secret.slice(BASE32_PREFIX.length).toUpperCase()
    : base32Encode(new TextEncoder().encode(secret));
}

/** The time step whose code `code` is, within better-auth's window around `now`, if any. */
export function totpStepOf(secret: string, code: string, now: number): number | null {
  const key = keyOf(secret);
  const current = Math.floor(now / PERIOD_MS);
  for (let step = current + WINDOW_STEPS; step >= current - WINDOW_STEPS; step--) {
    if (totpCode(key, step * PERIOD_MS) === code) return step;
  }
  return null;
}

export type TotpClaim = 'claimed' | 'reused' | 'no-match';

/**
 * Issue 30 (RFC 6238 section 5.2): an authenticator code is accepted once. The code's time step is
 * recorded on the account in one conditional UPDATE; a second request with the same code (or an
 * older one), even at the same moment from another address, finds the step taken and is refused.
 * A code that matches no step is left to better-auth, which refuses it and counts the failure.
 *
 * `now` is the real time, not the server's clock: better-auth checks the code against Date.now().
 */
export async function claimTotpStep({
  db,
  user_id,
  secret,
  code,
  now = Date.now(),
}: {
  db: Db;
  user_id: string;
  secret: string;
  code: string;
  now?: number;
}): Promise<TotpClaim> {
  const step = totpStepOf(secret, code, now);
  if (step === null) return 'no-match';
  const claimed = await db
    .update(two_factor)
    .set({ last_totp_step: step })
    .where(
      and(
        eq(two_factor.userId, user_id),
        or(isNull(two_factor.last_totp_step), lt(two_factor.last_totp_step, step)),
      ),
    )
    .returning({ id: two_factor.id });
  return claimed.length > 0 ? 'claimed' : 'reused';
}
