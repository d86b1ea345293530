import { randomUUID } from 'node:crypto';
import { type BetterAuthPlugin, betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { openAPI, twoFactor } from 'better-auth/plugins';
import { and, eq, like, ne } from 'drizzle-orm';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../shared/domain';
import { MESSAGES } from '../../shared/messages';
import { type Db, isDatabaseUnavailable } from '../db/client';
import * as schema from '../db/schema';
import type { Env } from '../env';
import type { Outbox } from '../integrations/mail/outbox';

import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { refreshActivity } from './activity';
import {
  accountExistsEmail,
  confirmationEmail,
  passwordChangedEmail,
  passwordResetEmail,
  twoFactorDisabledEmail,
  twoFactorEnabledEmail,
} from './auth.mail';
import { authCallStorage, duringAuthCall, gatedApi } from './auth-calls';
import { authLogOptions, describeAuthError } from './auth-log';
import { type PasswordOwner, passwordProblem } from './common-passwords';
import { carriesDeviceCookie, DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE } from './device-cookie';
import { assertNoNulCharacters, assertValidName, passwordRefusal } from './input-checks';
import {
  accountLoginKey,
  beginLoginAttempt,
  forgetLoginFailures,
  loginKey,
  settleLoginAttempt,
} from './login-throttle';
import { queueLimitedMail } from './mail-limit';
import { claimTotpStep } from './totp-once';
import {
  DEMO_TOTP_KEY,
  DEMO_TOTP_SECRET,
  isStaffRole,
  TOTP_ISSUER,
  TRUST_DEVICE_MAX_AGE,
  totpUri,
  usesDemoTotpSecret,
} from './two-factor';

/**
 * Per auth request: whether a mail better-auth asked for could not be queued (it swallows that),
 * and the unconfirmed account whose confirmation mail it was.
 */
interface MailFailure {
  mailFailed: boolean;
  unconfirmedUserId?: string;
}
const mailFailures = authCallStorage<MailFailure>();

/** Endpoints that set a password, and the body field that holds the new one. */
const PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

export const AUTH_BASE_PATH = '/api/auth';
/** Set by the app from the socket (or the trusted proxy header); a client cannot send its own. */
export const CLIENT_IP_HEADER = 'x-koppel-client-ip';
const RESET_TOKEN_PREFIX = 'reset-password:';
/** The two-factor steps that can complete a sign-in. */
const SIGN_IN_CODE_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);
/** better-auth's two-factor challenge cookie (its TWO_FACTOR_COOKIE_NAME, not exported). */
const TWO_FACTOR_COOKIE = 'two_factor';

interface CreateAuthOptions {
  db: Db;
  env: Pick<Env, 'APP_URL' | 'AUTH_SECRET' | 'isLocal' | 'AUTH_RATE_LIMIT_SCALE' | 'STAFF_2FA'>;
  outbox: Outbox;
  clock: Clock;
  logger: Logger;
  /** Extra origins allowed to call the auth API (the Vite dev server). */
  extraOrigins?: string[];
  rateLimit?: boolean;
}

/** The reset link carries its token in the URL fragment, which never reaches a server log. */
export function resetPasswordUrl(appUrl: string, token: string): string {
  return `${appUrl}/reset-password#access_token=${encodeURIComponent(token)}&type=recovery`;
}

export function createAuth({
  db,
  env,
  outbox,
  logger,
  clock,
  extraOrigins = [],
  rateLimit = true,
}: CreateAuthOptions) {
  const accountKey = (email: string) => accountLoginKey(env.AUTH_SECRET, email);
  /** The login attempt recorded for a sign-in request, settled once its outcome is known. */
  const loginAttempts = new WeakMap<Request, string>();
  /** Issue 17: a confirming code (verify-totp in a session without 2FA) turns 2FA on. */
  /**
   * The sign-in time (last_login_at, spec section 4) of a password sign-in that needs no code; with
   * a code, the code step sets it (afterTwoFactor). Our own `hooks.after` runs before the plugins'
   * hooks, where the password step still looks like a finished sign-in.
   */
  const signInTime = {
    id: 'koppel-sign-in-time',
    hooks: {
      after: [
        {
          matcher: (ctx: { path?: string }) => ctx.path === '/sign-in/email',
          handler: createAuthMiddleware(async (ctx) => {
            const session = ctx.context.newSession;
            const returned = ctx.context.returned as { twoFactorRedirect?: boolean } | null | undefined;
            if (!session || isAPIError(returned) || returned?.twoFactorRedirect) return;
            await refreshActivity({ db, user_id: session.user.id, now: clock.now() });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;

  const enablingTwoFactor = new WeakMap<Request, { id: string; email: string; name: string }>();

  /**
   * Whose new password it is (the address and the name), to refuse one made of them. Null for a
   * password change without a session, which better-auth refuses (401) before any password matters.
   */
  async function passwordOwnerFor(
    // biome-ignore lint/suspicious/noExplicitAny: better-auth's hook context type is internal.
    ctx: any,
    body: Record<string, unknown>,
  ): Promise<PasswordOwner | null> {
    if (ctx.path === '/change-password') {
      const session = await getSessionFromCtx(ctx);
      return session ? { email: session.user.email, name: session.user.name } : null;
    }
    if (ctx.path === '/sign-up/email') {
      return {
        email: typeof body.email === 'string' ? body.email : null,
        name: typeof body.name === 'string' ? body.name : null,
      };
    }
    if (ctx.path === '/reset-password') {
      const query = (ctx.query ?? {}) as Record<string, unknown>;
      const token = body.token ?? query.token;
      if (typeof token !== 'string' || token === '') return {};
      const [row] = await db
        .select({ email: schema.user.email, name: schema.user.name })
        .from(schema.verification)
        .innerJoin(schema.user, eq(schema.user.id, schema.verification.value))
        .where(eq(schema.verification.identifier, `${RESET_TOKEN_PREFIX}${token}`));
      return row ?? {};
    }
    return {};
  }

  const auth = betterAuth({
    appName: 'Koppel',
    baseURL: env.APP_URL,
    basePath: AUTH_BASE_PATH,
    secret: env.AUTH_SECRET,
    trustedOrigins: [env.APP_URL, ...extraOrigins],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.two_factor,
        // Issue 19: the request limits below live in the database (one count for all processes).
        rateLimit: schema.rate_limit,
      },
    }),
    advanced: {
      cookiePrefix: 'koppel',
      useSecureCookies: !env.isLocal,
      database: { generateId: () => randomUUID() },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
    // better-auth's messages quote e-mail addresses, names, tokens and SQL parameters: scrubbed.
    logger: authLogOptions(logger),
    // An error that is no answer (the database is down) is thrown to `handler` below instead of
    // being printed whole, parameters included, by better-call's console.error.
    onAPIError: { throw: true },
    // Only for the OpenAPI document: the plugin's own reference page (which loads from a CDN) is off.
    plugins: [
      openAPI({ disableDefaultReference: true }),
      // Issue 17 (decision 018): authenticator app (TOTP), backup codes, a trusted device for 30 days.
      twoFactor({
        issuer: TOTP_ISSUER,
        trustDeviceMaxAge: TRUST_DEVICE_MAX_AGE,
        backupCodeOptions: { amount: 10, length: 10 },
      }),
      // After twoFactor, whose hook turns the password step into `twoFactorRedirect`.
      signInTime,
    ],
    rateLimit: {
      enabled: rateLimit,
      storage: 'database',
      modelName: 'rateLimit',
      window: 60,
      max: 200 * env.AUTH_RATE_LIMIT_SCALE,
      customRules: {
        // A browser that logged in before is not held up by others on its address: the database
        // limits (login-throttle.ts) still count its failures.
        '/sign-in/email': (request) =>
          carriesDeviceCookie(request, env.AUTH_SECRET)
            ? false
            : { window: 60, max: 30 * env.AUTH_RATE_LIMIT_SCALE },
        '/sign-up/email': { window: 60, max: 20 * env.AUTH_RATE_LIMIT_SCALE },
        '/request-password-reset': { window: 60, max: 10 * env.AUTH_RATE_LIMIT_SCALE },
        '/send-verification-email': { window: 60, max: 10 * env.AUTH_RATE_LIMIT_SCALE },
        // Issue 17: the two-factor plugin's own limit (3 per 10 s per address and path), scaled
        // like the others for the end-to-end server where every browser is 127.0.0.1.
        '/two-factor/*': { window: 10, max: 3 * env.AUTH_RATE_LIMIT_SCALE },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      requireEmailVerification: true,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // Signing up with a known address answers like a new sign-up (nobody learns who is a member);
      // the owner gets a mail instead.
      async onExistingUserSignUp({ user }) {
        await queueLimitedMail({
          db,
          outbox,
          to: user.email,
          content: accountExistsEmail({ name: user.name, url: `${env.APP_URL}/inloggen` }),
        });
      },
      // Only the newest reset link works. A request beyond the mail limit sends nothing and leaves
      // the links already mailed valid (else asking often enough would void them).
      async sendResetPassword({ user, token }) {
        const identifier = `${RESET_TOKEN_PREFIX}${token}`;
        await queueLimitedMail({
          db,
          outbox,
          to: user.email,
          content: passwordResetEmail({ name: user.name, url: resetPasswordUrl(env.APP_URL, token) }),
          alongside: async (tx, isQueued) => {
            const { verification } = schema;
            await tx
              .delete(verification)
              .where(
                isQueued
                  ? and(
                      eq(verification.value, user.id),
                      like(verification.identifier, `${RESET_TOKEN_PREFIX}%`),
                      ne(verification.identifier, identifier),
                    )
                  : eq(verification.identifier, identifier),
              );
          },
        });
      },
      async onPasswordReset({ user }) {
        await forgetLoginFailures({ db, account_key: accountKey(user.email) });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      async sendVerificationEmail({ user, url }) {
        try {
          await queueLimitedMail({
            db,
            outbox,
            to: user.email,
            content: confirmationEmail({ name: user.name, url }),
          });
        } catch (error) {
          // better-auth logs this and answers the sign-up 200 anyway; `handler` answers 503 instead.
          const request = mailFailures.getStore();
          if (request) {
            request.mailFailed = true;
            request.unconfirmedUserId = user.id;
          }
          throw error;
        }
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        assertNoNulCharacters(ctx.body, ctx.query, ctx.params);
        const body = (ctx.body && typeof ctx.body === 'object' ? ctx.body : {}) as Record<string, unknown>;

        const newPasswordField = PASSWORD_FIELDS[ctx.path];
        const newPassword = newPasswordField ? body[newPasswordField] : undefined;
        if (typeof newPassword === 'string') {
          const owner = await passwordOwnerFor(ctx, body);
          const problem = owner ? passwordProblem(newPassword, owner) : null;
          if (problem) throw passwordRefusal(problem);
        }

        if (ctx.path === '/sign-up/email' || (ctx.path === '/update-user' && 'name' in body)) {
          assertValidName(body.name);
        }

        // Issue 17: staff keep their second factor when it is required.
        if (ctx.path === '/two-factor/disable' && env.STAFF_2FA === 'required') {
          const session = await getSessionFromCtx(ctx);
          if (session && (await isStaffUser(session.user.id))) {
            throw new APIError('FORBIDDEN', {
              code: 'TWO_FACTOR_STAFF_REQUIRED',
              message: MESSAGES.twoFactorStaffRequired,
            });
          }
        }
        if (ctx.path === '/two-factor/verify-totp') {
          const session = await getSessionFromCtx(ctx);
          if (ctx.request && session && !(session.user as { twoFactorEnabled?: boolean }).twoFactorEnabled) {
            const { id, email, name } = session.user;
            enablingTwoFactor.set(ctx.request, { id, email, name });
          }
          // Issue 30: each code once (the signed-in user confirming the app, or the sign-in's challenge).
          const userId = session?.user.id ?? (await twoFactorChallengeUser(ctx));
          if (userId && typeof body.code === 'string') await refuseReusedCode(ctx, userId, body.code);
        }

        // Another session may be the one that learnt the old password: all others end.
        if (ctx.path === '/change-password') {
          return { context: { body: { ...body, revokeOtherSessions: true } } };
        }

        if (ctx.path === '/sign-in/email' && typeof body.email === 'string' && ctx.request) {
          const account_key = accountKey(body.email);
          const address = ctx.request.headers.get(CLIENT_IP_HEADER) || 'unknown';
          const device = ctx.context.createAuthCookie(DEVICE_COOKIE);
          const known_device = (await ctx.getSignedCookie(device.name, ctx.context.secret)) === account_key;
          const attempt = await beginLoginAttempt({
            db,
            keys: { account_key, address_key: loginKey(env.AUTH_SECRET, 'address', address), known_device },
            now: clock.now(),
          });
          if (!attempt.allowed) {
            throw new APIError(
              'TOO_MANY_REQUESTS',
              { code: 'TOO_MANY_REQUESTS', message: MESSAGES.tooManyRequests },
              { 'Retry-After': String(attempt.retryAfterSeconds) },
            );
          }
          loginAttempts.set(ctx.request, attempt.id);
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/change-password') {
          await mailPasswordChanged(ctx.context.returned, ctx.context.session?.user);
          return;
        }
        if (ctx.path.startsWith('/two-factor/')) return await afterTwoFactor(ctx);
        if (ctx.path !== '/sign-in/email') return;
        const attemptId = ctx.request ? loginAttempts.get(ctx.request) : undefined;
        const returned = ctx.context.returned;
        const isWrongPassword =
          isAPIError(returned) &&
          (returned.body as { code?: string } | undefined)?.code === 'INVALID_EMAIL_OR_PASSWORD';
        if (attemptId && !isWrongPassword) await settleLoginAttempt({ db, id: attemptId });

        const session = ctx.context.newSession;
        if (!session) return;
        const device = ctx.context.createAuthCookie(DEVICE_COOKIE, { maxAge: DEVICE_COOKIE_MAX_AGE });
        await ctx.setSignedCookie(device.name, accountKey(session.user.email), ctx.context.secret, {
          ...device.attributes,
          maxAge: DEVICE_COOKIE_MAX_AGE,
        });
      }),
    },
  });

  /**
   * Issue 14: the owner hears of a password change. better-auth writes the new hash through its
   * own adapter, outside any transaction of ours, so the mail is queued right after its success.
   */
  async function mailPasswordChanged(
    returned: unknown,
    sessionUser: { email: string; name: string } | undefined,
  ) {
    if (!sessionUser || isAPIError(returned) || returned instanceof Response) return;
    await outbox.queue({
      to: sessionUser.email,
      ...passwordChangedEmail({ name: sessionUser.name, url: `${env.APP_URL}/inloggen` }),
    });
  }

  /** The account a sign-in's two-factor step is for: the challenge its signed cookie names. */
  // biome-ignore lint/suspicious/noExplicitAny: better-auth's hook context type is internal.
  async function twoFactorChallengeUser(ctx: any): Promise<string | null> {
    const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
    const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    if (typeof identifier !== 'string' || !identifier) return null;
    const challenge = await ctx.context.internalAdapter.findVerificationValue(identifier);
    return typeof challenge?.value === 'string' ? challenge.value : null;
  }

  /** A code of a time step this account already used is refused before better-auth checks it. */
  // biome-ignore lint/suspicious/noExplicitAny: better-auth's hook context type is internal.
  async function refuseReusedCode(ctx: any, user_id: string, code: string) {
    const [row] = await db
      .select({ secret: schema.two_factor.secret })
      .from(schema.two_factor)
      .where(eq(schema.two_factor.userId, user_id));
    if (!row) return;
    const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
    if ((await claimTotpStep({ db, user_id, secret, code })) === 'reused') {
      throw new APIError('UNAUTHORIZED', { code: 'TOTP_CODE_USED', message: MESSAGES.twoFactorCodeUsed });
    }
  }

  async function isStaffUser(userId: string): Promise<boolean> {
    const [profile] = await db
      .select({ role: schema.user_profiles.role })
      .from(schema.user_profiles)
      .where(eq(schema.user_profiles.id, userId));
    return profile ? isStaffRole(profile.role) : false;
  }

  /**
   * Issue 17: after a two-factor call. Turning it on (the first code from the app confirms the
   * secret) ends every other session, which had only the password, and mails the owner; turning
   * it off mails the owner. On a local install a demo account gets the fixed demo secret.
   */
  // biome-ignore lint/suspicious/noExplicitAny: better-auth's hook context type is internal.
  async function afterTwoFactor(ctx: any) {
    const returned = ctx.context.returned;
    if (isAPIError(returned) || returned instanceof Response || !returned) return;
    const settingsUrl = `${env.APP_URL}/dashboard/settings`;
    // A code (or backup code) that completes a sign-in: that is the sign-in time (spec section 4).
    const enablingNow = ctx.request ? enablingTwoFactor.get(ctx.request) : undefined;
    if (SIGN_IN_CODE_PATHS.has(ctx.path) && !enablingNow && ctx.context.newSession?.user?.id) {
      await refreshActivity({ db, user_id: ctx.context.newSession.user.id, now: clock.now() });
    }
    if (ctx.path === '/two-factor/enable') {
      const user = ctx.context.session?.user as { id: string; email: string } | undefined;
      if (!user || !usesDemoTotpSecret(env, user.email)) return;
      const secret = await symmetricEncrypt({ key: ctx.context.secretConfig, data: DEMO_TOTP_SECRET });
      await db.update(schema.two_factor).set({ secret }).where(eq(schema.two_factor.userId, user.id));
      return ctx.json({ ...returned, totpURI: totpUri(DEMO_TOTP_KEY, user.email) });
    }
    if (ctx.path === '/two-factor/verify-totp') {
      const enabling = ctx.request ? enablingTwoFactor.get(ctx.request) : undefined;
      if (!enabling) return;
      const [row] = await db
        .select({ enabled: schema.user.twoFactorEnabled })
        .from(schema.user)
        .where(eq(schema.user.id, enabling.id));
      if (!row?.enabled) return;
      const current = ctx.context.newSession?.session?.token as string | undefined;
      await db
        .delete(schema.session)
        .where(
          current
            ? and(eq(schema.session.userId, enabling.id), ne(schema.session.token, current))
            : eq(schema.session.userId, enabling.id),
        );
      await outbox.queue({
        to: enabling.email,
        ...twoFactorEnabledEmail({ name: enabling.name, url: settingsUrl }),
      });
      return;
    }
    if (ctx.path === '/two-factor/disable') {
      const user = ctx.context.session?.user as { email: string; name: string } | undefined;
      if (!user) return;
      await outbox.queue({
        to: user.email,
        ...twoFactorDisabledEmail({ name: user.name, url: settingsUrl }),
      });
    }
  }

  /**
   * A sign-up answered 503 because its confirmation mail could not be queued takes its new account
   * back (still unconfirmed, made by this request), so the same sign-up can simply be tried again:
   * otherwise the address would be taken by an account nobody was told about. When the database
   * refuses this too, the account stays; the login page's "send the mail again" reaches it.
   */
  async function withdrawSignUp(userId: string) {
    try {
      await db
        .delete(schema.user)
        .where(and(eq(schema.user.id, userId), eq(schema.user.emailVerified, false)));
    } catch (error) {
      logger.warn({ source: 'auth', ...describeAuthError(error) }, 'sign-up without its mail kept');
    }
  }

  /** What better-auth throws instead of answering is logged scrubbed and answered with a 500. */
  async function handler(request: Request): Promise<Response> {
    try {
      const state: MailFailure = { mailFailed: false };
      const response = await duringAuthCall(() => mailFailures.run(state, () => auth.handler(request)));
      // The confirmation mail of a sign-up could not be queued (the database went away between the
      // new account and its mail): not acknowledged, so no sign-up is answered 200 without its mail
      // (issue 30's fault test found one). Its cookie, if any, is not set.
      if (state.mailFailed) {
        if (state.unconfirmedUserId && new URL(request.url).pathname.endsWith('/sign-up/email')) {
          await withdrawSignUp(state.unconfirmedUserId);
        }
        return Response.json({ error: MESSAGES.serviceUnavailable, code: 'UNAVAILABLE' }, { status: 503 });
      }
      // Issue 30: better-auth answers a sign-up whose INSERT failed (the database did not answer) with
      // 422 FAILED_TO_CREATE_USER; it is the database's 503 like any other route's.
      if (response.status === 422) {
        const body = (await response
          .clone()
          .json()
          .catch(() => null)) as { code?: string } | null;
        if (body?.code === 'FAILED_TO_CREATE_USER') {
          return Response.json({ error: MESSAGES.serviceUnavailable, code: 'UNAVAILABLE' }, { status: 503 });
        }
      }
      // better-auth's own limiter says when to retry in a header of its own only.
      const retryAfter = response.headers.get('x-retry-after');
      if (response.status === 429 && retryAfter && !response.headers.has('retry-after')) {
        const headers = new Headers(response.headers);
        headers.set('Retry-After', retryAfter);
        return new Response(response.body, { status: 429, statusText: response.statusText, headers });
      }
      return response;
    } catch (error) {
      // Issue 30: the database did not answer in time: 503, as on every other route.
      if (isDatabaseUnavailable(error)) {
        logger.warn({ source: 'auth', ...describeAuthError(error) }, 'auth request: database unavailable');
        return Response.json({ error: MESSAGES.serviceUnavailable, code: 'UNAVAILABLE' }, { status: 503 });
      }
      logger.error({ source: 'auth', ...describeAuthError(error) }, 'auth request failed');
      return Response.json({ error: MESSAGES.serverError, code: 'INTERNAL' }, { status: 500 });
    }
  }

  return { ...auth, api: gatedApi(auth.api), handler, fetch: handler };
}

export type Auth = ReturnType<typeof createAuth>;
