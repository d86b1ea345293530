import type { Context } from 'hono';
import type { Role, Tier } from '../shared/domain';
import { ROUTES } from '../shared/routes';
import { type Auth, createAuth } from './auth/auth';
import { createSessionLookup, type ReadWithSession, type SessionLookups } from './auth/session-lookup';
import { isStaffRole } from './auth/two-factor';
import type { Db } from './db/client';
import type { user_profiles } from './db/schema';
import type { Env } from './env';
import type { EmailContent } from './integrations/mail/layout';
import { createOutbox, type Outbox } from './integrations/mail/outbox';
import { createDemoProvider } from './integrations/payments/demo';
import type { PaymentProvider } from './integrations/payments/provider';
import { createStripeProvider } from './integrations/payments/stripe';
import { createSchedulerProvider, type SchedulerProvider } from './integrations/scheduler/provider';
import { createLocalStorage } from './integrations/storage/local';
import type { FileStorage } from './integrations/storage/provider';
import { createS3Storage } from './integrations/storage/s3';
import { createTagger, type TraitTagger } from './integrations/tagger';
import type { Clock } from './lib/clock';
import { AppError } from './lib/errors';
import type { Logger } from './lib/logger';

/** An e-mail to queue: its content, the address, and a key that makes queueing it twice a no-op. */
export type OutgoingEmail = EmailContent & { to: string; dedupe_key?: string };

/** A transaction, and the e-mails that report its change: they commit (or roll back) with it. */
export interface Tx {
  db: Db;
  queueMail(message: OutgoingEmail): Promise<void>;
  /** Many e-mails in a fixed number of statements (`outbox.queueMany`), whatever their number. */
  queueMails(messages: readonly OutgoingEmail[]): Promise<void>;
}

/**
 * What every service needs, built once in `createApp` and passed to every feature: the database,
 * the outbox, the clock, the configuration, the logger and the providers of external services.
 */
export interface AppContext {
  db: Db;
  env: Env;
  clock: Clock;
  logger: Logger;
  outbox: Outbox;
  auth: Auth;
  /** The payment provider of this install (`PAYMENTS`): Stripe, or the local test checkout. */
  payments: PaymentProvider;
  /** The trait tagger after an intake: local (default) or an OpenAI-compatible provider. */
  tagger: TraitTagger;
  /** Where photos are stored (`STORAGE`): a directory under UPLOAD_DIR, or an S3-compatible bucket. */
  storage: FileStorage;
  /** The intake scheduler (`SCHEDULER`): Calendly, or the local Testagenda (issue 13). */
  scheduler: SchedulerProvider;
  /**
   * Runs `work` in one transaction. E-mails queued through `tx.queueMail` or `tx.queueMails` are
   * stored in it, so they exist exactly when the change they report does, and are handed to
   * delivery after the commit, all in one hand-off (decision 007).
   */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Issue 30: the job queue of this process, once started (`main.ts`), for health to ask; null
   * where no queue runs (tests of the API alone).
   */
  jobQueue: {
    status(timeoutMs: number): Promise<{ ready: boolean; stalled: string[]; reachable: boolean }>;
  } | null;
}

export interface CreateContextOptions {
  db: Db;
  env: Env;
  clock: Clock;
  logger: Logger;
  /** Origins besides APP_URL that may call the auth API (the Vite dev server). */
  extraOrigins?: string[];
  rateLimit?: boolean;
}

export function createContext({
  db,
  env,
  clock,
  logger,
  extraOrigins = [],
  rateLimit = true,
}: CreateContextOptions): AppContext {
  const outbox = createOutbox(db, { settingsUrl: `${env.APP_URL}${ROUTES.settings}` });
  const payments =
    env.PAYMENTS === 'stripe'
      ? createStripeProvider({
          secretKey: env.STRIPE_SECRET_KEY ?? '',
          webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
          apiBase: env.STRIPE_API_BASE,
          priceIds: stripePriceIds(env),
        })
      : createDemoProvider({ db, appUrl: env.APP_URL });

  async function transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const queued: string[] = [];
    const result = await db.transaction((trx) => {
      const queueMails = async (messages: readonly OutgoingEmail[]) => {
        queued.push(...(await outbox.queueMany(messages, { db: trx })));
      };
      return work({ db: trx, queueMails, queueMail: (message) => queueMails([message]) });
    });
    await outbox.deliver(queued);
    return result;
  }

  const auth = createAuth({ db, env, outbox, clock, logger, extraOrigins, rateLimit });
  const tagger = createTagger({ env, logger });
  const storage = createStorage(env, clock);
  const scheduler = createSchedulerProvider(env);
  return {
    db,
    env,
    clock,
    logger,
    outbox,
    auth,
    payments,
    tagger,
    storage,
    scheduler,
    transaction,
    jobQueue: null,
  };
}

/** The file storage of this install (issue 14): S3-compatible when configured, else UPLOAD_DIR. */
export function createStorage(env: Env, clock?: Clock): FileStorage {
  return env.STORAGE === 's3'
    ? createS3Storage({
        endpoint: env.S3_ENDPOINT ?? '',
        bucket: env.S3_BUCKET ?? '',
        region: env.S3_REGION,
        accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
        secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
        now: clock ? () => clock.now() : undefined,
      })
    : createLocalStorage(env.UPLOAD_DIR);
}

/** Stripe price ids per paid tier, when configured (otherwise the session carries the price). */
export function stripePriceIds(env: Env): Partial<Record<Tier, string>> {
  return {
    'Relax+': env.STRIPE_PRICE_RELAX_PLUS,
    Persoonlijk: env.STRIPE_PRICE_PERSOONLIJK,
    'Persoonlijk+': env.STRIPE_PRICE_PERSOONLIJK_PLUS,
  };
}

export type Profile = typeof user_profiles.$inferSelect;
export interface Actor {
  user: { id: string; email: string };
  profile: Profile;
}

/**
 * Issue 19 (decision 019): the session of a request, with its user and profile, in one query and
 * once per request (auth/session-lookup.ts). One lookup per AppContext, made on first use.
 */
const sessionLookups = new WeakMap<Auth, SessionLookups>();
function lookupsOf(ctx: Pick<AppContext, 'db' | 'auth' | 'env'>): SessionLookups {
  let lookups = sessionLookups.get(ctx.auth);
  if (!lookups) {
    lookups = createSessionLookup({ db: ctx.db, auth: ctx.auth, secret: ctx.env.AUTH_SECRET });
    sessionLookups.set(ctx.auth, lookups);
  }
  return lookups;
}
export function sessionOf(ctx: Pick<AppContext, 'db' | 'auth' | 'env'>, c: Context) {
  return lookupsOf(ctx).sessionOf(c);
}

/** The signed-in user from the session cookie; 401 without one. */
export async function requireUser(ctx: AppContext, c: Context): Promise<Actor['user']> {
  const session = await sessionOf(ctx, c);
  if (!session) throw new AppError('NOT_AUTHENTICATED');
  return { id: session.user.id, email: session.user.email };
}

/**
 * The signed-in user and their profile (null when the row is missing), or null for a visitor:
 * for the public pages, which show everyone something.
 */
export async function findSession(
  ctx: AppContext,
  c: Context,
): Promise<{ user: Actor['user']; profile: Profile | null; inactive: boolean } | null> {
  const session = await sessionOf(ctx, c);
  if (!session) return null;
  return {
    user: { id: session.user.id, email: session.user.email },
    profile: session.profile,
    inactive: session.inactive,
  };
}

/**
 * The signed-in user and their profile; 401 without a session, 403 without a profile or role, 403
 * ACCOUNT_INACTIVE for a matchmaker an admin deactivated (issue 26).
 * Issue 17 (decision 018): under STAFF_2FA=required a matchmaker or admin whose account has no
 * second factor reaches nothing here (403 TWO_FACTOR_REQUIRED) until it is set up. A session of
 * such an account is always one that passed the second factor: better-auth's sign-in creates none
 * before the code, and turning 2FA on ends the account's other sessions (auth.ts).
 */
export async function requireActor(ctx: AppContext, c: Context, roles?: readonly Role[]): Promise<Actor> {
  const session = await sessionOf(ctx, c);
  if (!session) throw new AppError('NOT_AUTHENTICATED');
  const user = { id: session.user.id, email: session.user.email };
  const { profile } = session;
  if (!profile) throw new AppError('UNAUTHORIZED');
  // Issue 26 (decision 024): a deactivated matchmaker reaches no route here, whatever its roles.
  if (session.inactive) throw new AppError('ACCOUNT_INACTIVE');
  if (needsSecondFactor(ctx, profile.role, session.user)) throw new AppError('TWO_FACTOR_REQUIRED');
  if (roles && !roles.includes(profile.role)) throw new AppError('UNAUTHORIZED');
  return { user, profile };
}

/**
 * `requireActor` with a read of the actor's own data in the session lookup's statement (issue 31,
 * decision 049): one round trip for both. The same refusals as `requireActor`, before any data is
 * handed out.
 */
export async function requireActorWith<T>(
  ctx: AppContext,
  c: Context,
  roles: readonly Role[],
  read: ReadWithSession<T>,
  params: Record<string, unknown> = {},
): Promise<{ actor: Actor; data: T }> {
  const { data } = await lookupsOf(ctx).sessionWith(c, read, params);
  const actor = await requireActor(ctx, c, roles);
  return { actor, data: data as T };
}

/** Issue 17: a staff account without a second factor while STAFF_2FA=required. */
export function needsSecondFactor(
  ctx: Pick<AppContext, 'env'>,
  role: Role,
  user: { twoFactorEnabled?: boolean | null },
): boolean {
  return ctx.env.STAFF_2FA === 'required' && isStaffRole(role) && !user.twoFactorEnabled;
}
