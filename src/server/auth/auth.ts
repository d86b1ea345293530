import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { openAPI } from 'better-auth/plugins';
import { MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../shared/domain';
import { MESSAGES } from '../../shared/messages';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import type { Env } from '../env';
import type { Outbox } from '../integrations/mail/outbox';

import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { refreshActivity } from './activity';
import { accountExistsEmail, confirmationEmail, passwordResetEmail } from './auth.mail';
import { isCommonPassword } from './common-passwords';

/** Endpoints that set a password, and the body field that holds the new one. */
const PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

export const AUTH_BASE_PATH = '/api/auth';
/** Set by the app from the socket (or the trusted proxy header); a client cannot send its own. */
export const CLIENT_IP_HEADER = 'x-koppel-client-ip';

interface CreateAuthOptions {
  db: Db;
  env: Pick<Env, 'APP_URL' | 'AUTH_SECRET' | 'isLocal' | 'AUTH_RATE_LIMIT_SCALE'>;
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
  return betterAuth({
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
      },
    }),
    advanced: {
      cookiePrefix: 'koppel',
      useSecureCookies: !env.isLocal,
      database: { generateId: () => randomUUID() },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
    // better-auth's own messages can quote SQL parameters (e-mail addresses): log the first line only.
    logger: {
      log: (level, message) =>
        logger[level === 'debug' ? 'debug' : level](
          { source: 'auth' },
          String(message).split('\n')[0]!.slice(0, 160),
        ),
    },
    // An unexpected error (a lost database connection) goes on to the app's error handler, which
    // logs it without its SQL parameters; left here, it would be printed whole, e-mail and all.
    onAPIError: { throw: true },
    // Only for the OpenAPI document: the plugin's own reference page (which loads from a CDN) is off.
    plugins: [openAPI({ disableDefaultReference: true })],
    rateLimit: {
      enabled: rateLimit,
      window: 60,
      max: 200 * env.AUTH_RATE_LIMIT_SCALE,
      customRules: {
        '/sign-in/email': { window: 60, max: 30 * env.AUTH_RATE_LIMIT_SCALE },
        '/sign-up/email': { window: 60, max: 20 * env.AUTH_RATE_LIMIT_SCALE },
        '/request-password-reset': { window: 60, max: 10 * env.AUTH_RATE_LIMIT_SCALE },
        '/send-verification-email': { window: 60, max: 10 * env.AUTH_RATE_LIMIT_SCALE },
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
        await outbox.queue({
          to: user.email,
          ...accountExistsEmail({ name: user.name, url: `${env.APP_URL}/inloggen` }),
        });
      },
      async sendResetPassword({ user, token }) {
        await outbox.queue({
          to: user.email,
          ...passwordResetEmail({ name: user.name, url: resetPasswordUrl(env.APP_URL, token) }),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      async sendVerificationEmail({ user, url }) {
        await outbox.queue({ to: user.email, ...confirmationEmail({ name: user.name, url }) });
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const newPasswordField = PASSWORD_FIELDS[ctx.path];
        if (!newPasswordField) return;
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const password = body[newPasswordField];
        if (typeof password === 'string' && isCommonPassword(password)) {
          throw new APIError('BAD_REQUEST', {
            code: 'PASSWORD_TOO_COMMON',
            message: MESSAGES.passwordTooCommon,
          });
        }
        if (ctx.path === '/sign-up/email') {
          const name = typeof body.name === 'string' ? body.name.trim() : '';
          if (name === '') {
            throw new APIError('BAD_REQUEST', {
              code: 'FIELDS_REQUIRED',
              message: MESSAGES.allFieldsRequired,
            });
          }
          if (name.length > MAX_NAME_LENGTH) {
            throw new APIError('BAD_REQUEST', { code: 'NAME_TOO_LONG', message: MESSAGES.nameTooLong });
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-in/email') return;
        const userId = ctx.context.newSession?.user.id;
        if (!userId) return;
        await refreshActivity({ db, user_id: userId, now: clock.now() });
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
