import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { AGENCY_CONTACT } from '../shared/site';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The demo agency on a local install's invoices (a deployment must set SELLER_*). */
export const LOCAL_SELLER = {
  name: AGENCY_CONTACT.legal_name,
  address: `${AGENCY_CONTACT.street}\n${AGENCY_CONTACT.postal_code} ${AGENCY_CONTACT.city}\n${AGENCY_CONTACT.country}`,
  /** A made-up number that passes the Belgian check digits (97 - 0 mod 97), never a real firm's. */
  vatNumber: 'BE0000.000.097',
};

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    APP_URL: z.string().url().optional(),
    DATABASE_URL: z.string().optional(),
    PGLITE_DIR: z.string().default('./data/pglite'),
    AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Koppel <hallo@koppel.example>'),
    PAYMENTS: z.enum(['demo', 'stripe']).optional(),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    /** Stripe price ids per paid tier; unset, the session carries the catalogue's price itself. */
    STRIPE_PRICE_RELAX_PLUS: z.string().optional(),
    STRIPE_PRICE_PERSOONLIJK: z.string().optional(),
    STRIPE_PRICE_PERSOONLIJK_PLUS: z.string().optional(),
    /** Another address for Stripe's API (e.g. http://localhost:12111 for stripe-mock, or tests). */
    STRIPE_API_BASE: z.string().url().optional(),
    SEED_DEMO: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
    /**
     * Local installs only (issue 26): the moment the server's clock starts at (ISO 8601 with an
     * offset), and the demo data is seeded as of; the clock runs on from there. For seeing the demo
     * as it looks when seeded at night, on a Saturday, in summer (`e2e/seed.spec.ts`).
     */
    DEV_NOW: z.iso.datetime({ offset: true }).optional(),
    /**
     * Behind a reverse proxy: the header that carries the visitor's address (e.g. x-real-ip), set
     * by the proxy. Unset: the socket's address. Used for login rate limits.
     */
    CLIENT_IP_HEADER: z.string().toLowerCase().optional(),
    /**
     * Multiplies the per-address limits of sign-in (30 a minute), sign-up (20) and the e-mail
     * requests (10). The end-to-end server, where every browser signs in from 127.0.0.1, uses 10.
     */
    AUTH_RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(100).default(1),
    /** `npm run dev`: the Vite dev server's origin, allowed to call the API with cookies. */
    VITE_DEV_ORIGIN: z.string().url().optional(),
    /**
     * The trait tagger after an intake (MATCHING.md): `local` (default, in-process, no network) or
     * `openai-compatible` (a chat-completions API at AI_BASE_URL; the local result on any failure).
     */
    AI_PROVIDER: z.enum(['local', 'openai-compatible']).default('local'),
    AI_BASE_URL: z.string().url().optional(),
    AI_API_KEY: z.string().optional(),
    AI_MODEL: z.string().optional(),
    /** How long one tagging call to the AI provider may take before the local tagger answers. */
    AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    /**
     * Issue 30 (decision 033): every wait on PostgreSQL is bounded, on the app's pool and the job
     * queue's: a new or free connection, a statement (PostgreSQL's statement_timeout, and the
     * client's wait for the answer a second longer), an unused connection kept open.
     */
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
    DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    DB_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(30_000),
    /** A request not answered within this gets 503 `{ error, code: 'UNAVAILABLE' }`. */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(20_000),
    /**
     * How long a committed change waits for its e-mails to be handed to the job queue; after it
     * the request answers anyway and the outbox's retry sends them (decision 007).
     */
    MAIL_HANDOFF_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
    /** How often each job worker asks for work; health reports a worker silent for longer. */
    JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
    /** How often the job queue checks its schedules (pg-boss: 1 to 45 s). */
    JOBS_CRON_CHECK_SECONDS: z.coerce.number().int().min(1).max(45).default(10),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().default('./dist/web'),
    // Issue 14: where photos are stored. `local`: files under UPLOAD_DIR (a deployment only with
    // an UPLOAD_DIR set on purpose); `s3`: an S3-compatible bucket over HTTP.
    STORAGE: z.enum(['local', 's3']).optional(),
    UPLOAD_DIR: z.string().optional(),
    S3_ENDPOINT: z.string().url().optional(),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    // Issue 13: the scheduler of intakes. `demo`: the local Testagenda (local installs only).
    SCHEDULER: z.enum(['demo', 'calendly']).optional(),
    /** Where the tiers' fallback scheduling links live (spec section 9): <base>/vip-intake, … */
    CALENDLY_BASE_URL: z.string().url().default('https://calendly.com/koppel'),
    /**
     * Calendly's webhook signing key; the Testagenda signs with a key derived from AUTH_SECRET.
     * Unset with SCHEDULER=calendly: the webhook answers 404 and bookings come from the browser only.
     */
    CALENDLY_WEBHOOK_SIGNING_KEY: z.string().min(1).optional(),
    // Issue 17: a second factor for matchmakers and admins (decision 018). `required`: a staff
    // session without one reaches no staff endpoint. Default: required on a deployment, optional
    // on a local install (the demo accounts log in with the password alone).
    STAFF_2FA: z.enum(['required', 'optional']).optional(),
    // Issue 29: the seller on every invoice and credit note. Required on a deployment; a local
    // install uses the demo agency's details (decision 031).
    SELLER_NAME: z.string().min(1).max(200).optional(),
    /** One line per address line, separated by "\n" or ", ". */
    SELLER_ADDRESS: z.string().min(1).max(500).optional(),
    SELLER_VAT_NUMBER: z.string().min(1).max(40).optional(),
  })
  .transform((raw) => {
    const appUrl = (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, '');
    const isLocal = LOOPBACK_HOSTS.has(new URL(appUrl).hostname);
    return {
      ...raw,
      APP_URL: appUrl,
      PGLITE_DIR: resolve(raw.PGLITE_DIR),
      PAYMENTS: raw.PAYMENTS ?? (isLocal ? 'demo' : 'stripe'),
      STORAGE: raw.STORAGE ?? (raw.S3_BUCKET || !(isLocal || raw.UPLOAD_DIR) ? 's3' : 'local'),
      UPLOAD_DIR: resolve(raw.UPLOAD_DIR ?? './data/uploads'),
      /** UPLOAD_DIR was chosen on purpose (a deployment may store photos on a mounted volume). */
      uploadDirSet: raw.UPLOAD_DIR !== undefined,
      SCHEDULER: raw.SCHEDULER ?? (isLocal ? 'demo' : 'calendly'),
      CALENDLY_BASE_URL: raw.CALENDLY_BASE_URL.replace(/\/$/, ''),
      STAFF_2FA: raw.STAFF_2FA ?? (isLocal ? 'optional' : 'required'),
      seller: {
        name: raw.SELLER_NAME ?? (isLocal ? LOCAL_SELLER.name : ''),
        address: (raw.SELLER_ADDRESS ?? (isLocal ? LOCAL_SELLER.address : '')).replace(/\\n/g, '\n'),
        vatNumber: raw.SELLER_VAT_NUMBER ?? (isLocal ? LOCAL_SELLER.vatNumber : ''),
      },
      isLocal,
    };
  });

export type Env = z.infer<typeof envSchema> & { AUTH_SECRET: string };

/**
 * The configuration of the server and of `npm run db:migrate` / `db:seed`: a local `.env` (see
 * .env.example) when present, under the real environment variables, which win.
 */
export function loadConfig(file = '.env'): Env {
  if (existsSync(file)) process.loadEnvFile(file);
  return loadEnv();
}

/** Parses the environment once; a deployment refuses to start without its real settings. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (!env.isLocal) {
    const missing: string[] = [];
    if (!env.SMTP_URL) missing.push('SMTP_URL');
    if (!env.AUTH_SECRET) missing.push('AUTH_SECRET');
    if (env.PAYMENTS === 'demo') missing.push('PAYMENTS=stripe (demo payments are for local installs only)');
    if (env.PAYMENTS === 'stripe' && !env.STRIPE_SECRET_KEY) missing.push('STRIPE_SECRET_KEY');
    if (env.PAYMENTS === 'stripe' && !env.STRIPE_WEBHOOK_SECRET) missing.push('STRIPE_WEBHOOK_SECRET');
    if (env.AI_PROVIDER === 'openai-compatible' && !env.AI_BASE_URL) missing.push('AI_BASE_URL');
    if (env.AI_PROVIDER === 'openai-compatible' && !env.AI_MODEL) missing.push('AI_MODEL');
    if (env.STORAGE === 'local' && !env.uploadDirSet) {
      missing.push('STORAGE=s3 with S3_* settings, or UPLOAD_DIR on a persistent volume');
    }
    if (env.STORAGE === 's3') {
      for (const key of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[key]) missing.push(key);
      }
    }
    for (const key of ['SELLER_NAME', 'SELLER_ADDRESS', 'SELLER_VAT_NUMBER'] as const) {
      if (!env[key]) missing.push(key);
    }
    if (env.DEV_NOW) missing.push('no DEV_NOW (a moved clock is for local installs only)');
    if (env.SCHEDULER === 'demo')
      missing.push('SCHEDULER=calendly (the Testagenda is for local installs only)');
    // Calendly's embed tells the browser only the event's address: without its signed webhook no
    // booking would be recorded (decision 012, amended).
    if (env.SCHEDULER === 'calendly' && !env.CALENDLY_WEBHOOK_SIGNING_KEY) {
      missing.push('CALENDLY_WEBHOOK_SIGNING_KEY');
    }
    if (missing.length) {
      throw new Error(`A deployment (APP_URL ${env.APP_URL}) needs: ${missing.join(', ')}`);
    }
  }
  return { ...env, AUTH_SECRET: env.AUTH_SECRET ?? localAuthSecret(env.PGLITE_DIR) };
}

/** A local install keeps a generated secret in its data directory, so sessions survive restarts. */
function localAuthSecret(pgliteDir: string): string {
  const file = join(dirname(pgliteDir), 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
