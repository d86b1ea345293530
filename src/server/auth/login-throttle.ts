import { createHmac } from 'node:crypto';
import { and, desc, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { login_failures } from '../db/schema';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How many failed logins are allowed, counted in the database so that restarts and a second
 * instance share them (docs/decisions/008-login-throttling.md). A browser that logged in to the
 * account before carries a device cookie: its attempts have a budget of their own, so an attacker
 * elsewhere cannot lock the owner out. Together at most 100 failures per account and hour.
 */
export const LOGIN_LIMITS = {
  /** Without the device cookie: one account from one address. */
  accountAndAddress: { max: 10, windowMs: 15 * MINUTE },
  /** Without the device cookie: one account from all addresses together. */
  account: { max: 90, windowMs: HOUR },
  /** Without the device cookie: one address on all accounts together. */
  address: { max: 100, windowMs: HOUR },
  /** With the account's device cookie. */
  knownDevice: { max: 10, windowMs: HOUR },
} as const;

/** Rows older than the longest window are no longer needed. */
const RETENTION_MS = HOUR;

// Advisory lock classes (pg_advisory_xact_lock(class, key)): a check and its insert are one step.
const LOCK_ACCOUNT = 18_001;
const LOCK_ADDRESS = 18_002;

/** A keyed hash: the table never holds an e-mail or IP address, and the keys cannot be guessed. */
export function loginKey(secret: string, kind: 'account' | 'address', value: string): string {
  return createHmac('sha256', secret).update(`${kind}:${value}`).digest('base64url');
}

/** The key of an account's failures: its e-mail address as the login form compares it. */
export function accountLoginKey(secret: string, email: string): string {
  return loginKey(secret, 'account', email.trim().toLowerCase());
}

export interface LoginAttemptKeys {
  account_key: string;
  address_key: string;
  known_device: boolean;
}

export type LoginAttempt = { allowed: true; id: string } | { allowed: false; retryAfterSeconds: number };

/**
 * Checks the limits and, when the attempt may go on, records it as a failure before the password
 * is checked: parallel guesses see each other. `settleLoginAttempt` removes it when it was not a
 * wrong password.
 */
export async function beginLoginAttempt({
  db,
  keys,
  now,
}: {
  db: Db;
  keys: LoginAttemptKeys;
  now: Date;
}): Promise<LoginAttempt> {
  await db
    .delete(login_failures)
    .where(lt(login_failures.created_at, new Date(now.getTime() - RETENTION_MS)));
  const { account_key, address_key, known_device } = keys;
  const buckets: { where: SQL; max: number; windowMs: number }[] = known_device
    ? [
        {
          where: and(eq(login_failures.account_key, account_key), eq(login_failures.known_device, true))!,
          ...LOGIN_LIMITS.knownDevice,
        },
      ]
    : [
        {
          where: and(
            eq(login_failures.account_key, account_key),
            eq(login_failures.address_key, address_key),
            eq(login_failures.known_device, false),
          )!,
          ...LOGIN_LIMITS.accountAndAddress,
        },
        {
          where: and(eq(login_failures.account_key, account_key), eq(login_failures.known_device, false))!,
          ...LOGIN_LIMITS.account,
        },
        {
          where: and(eq(login_failures.address_key, address_key), eq(login_failures.known_device, false))!,
          ...LOGIN_LIMITS.address,
        },
      ];

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_ACCOUNT}, hashtext(${account_key}))`);
    if (!known_device) {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_ADDRESS}, hashtext(${address_key}))`);
    }
    let retryAt = 0;
    for (const { where, max, windowMs } of buckets) {
      // The max-th newest failure in the window: while it is in the window, the bucket is full.
      const [full] = await tx
        .select({ created_at: login_failures.created_at })
        .from(login_failures)
        // No upper bound: a parallel attempt that took the lock first may carry a later `now`.
        .where(and(where, gt(login_failures.created_at, new Date(now.getTime() - windowMs))))
        .orderBy(desc(login_failures.created_at))
        .offset(max - 1)
        .limit(1);
      if (full) retryAt = Math.max(retryAt, full.created_at.getTime() + windowMs);
    }
    if (retryAt > 0) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000)) };
    }
    const [row] = await tx
      .insert(login_failures)
      .values({ account_key, address_key, known_device, created_at: now })
      .returning({ id: login_failures.id });
    return { allowed: true, id: row!.id };
  });
}

/** The attempt was not a wrong password (a login, an unconfirmed account, bad input). */
export async function settleLoginAttempt({ db, id }: { db: Db; id: string }) {
  await db.delete(login_failures).where(eq(login_failures.id, id));
}

/** A completed password reset proves the owner: the account's failures no longer count. */
export async function forgetLoginFailures({ db, account_key }: { db: Db; account_key: string }) {
  await db.delete(login_failures).where(eq(login_failures.account_key, account_key));
}
