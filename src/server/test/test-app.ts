import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as setTimeoutPromise } from 'node:timers/promises';
import { inject } from 'vitest';
import { createApp } from '../app';
import { type Database, openDatabase } from '../db/client';
import { TEST_PASSWORD } from '../db/factories';
import { type Env, loadEnv } from '../env';
import { createClock } from '../lib/clock';
import { createLogger } from '../lib/logger';
import { adminQuery, testServerUrl } from './fresh-pg';

export const APP_URL = 'http://localhost:3999';
export const ORIGIN = APP_URL;

/** The migrated template of this run, read once per test file (see `global-setup.ts`). */
let pgliteTemplate: Blob | undefined;
function loadPgliteTemplate(): Blob | undefined {
  const path = inject('pgliteTemplatePath');
  if (!path) return undefined;
  pgliteTemplate ??= new Blob([readFileSync(path)]);
  return pgliteTemplate;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server of TEST_DATABASE_URL when KOPPEL_TEST_DB=pg (`npm run test:pg`). Both are
 * copies of the run's migrated template; without one (a test run outside Vitest's global setup)
 * the database migrates itself.
 */
export async function openTestDatabase(): Promise<Database & { drop(): Promise<void> }> {
  if (process.env.KOPPEL_TEST_DB !== 'pg') {
    const template = loadPgliteTemplate();
    const database = await openDatabase({ loadDataDir: template });
    if (!template) await database.migrate();
    return { ...database, drop: () => database.close() };
  }
  const serverUrl = testServerUrl();
  const template = inject('pgTemplateName');
  const name = `koppel_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  // Two files copying the template at the same moment: PostgreSQL refuses the second while the
  // first copy holds the template (55006), for a few milliseconds.
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await setTimeoutPromise(20 * attempt);
    }
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  if (!template) await database.migrate();
  return {
    ...database,
    async drop() {
      await database.close();
      // The pool's sockets may still be closing: FORCE would kill them mid-goodbye and their
      // "terminating connection" error would surface as an unhandled error in the next test file.
      for (let attempt = 1; ; attempt++) {
        try {
          await adminQuery(`DROP DATABASE IF EXISTS ${name}${attempt > 20 ? ' WITH (FORCE)' : ''}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt > 20) throw error;
          await setTimeoutPromise(100);
        }
      }
    },
  };
}

export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    NODE_ENV: 'test',
    APP_URL,
    AUTH_SECRET: 'test-secret-that-is-long-enough-for-better-auth-0123456789',
    LOG_LEVEL: 'silent',
    WEB_DIST: './does-not-exist',
    // Issue 14: every test app stores photos in a fresh directory of its own.
    UPLOAD_DIR: mkdtempSync(join(tmpdir(), 'koppel-uploads-')),
    ...overrides,
  });
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The whole app in-process on a fresh database; requests go through `app.request`. */
export async function createTestApp(envOverrides: Record<string, string> = {}, { rateLimit = false } = {}) {
  const env = testEnv(envOverrides);
  const database = await openTestDatabase();
  const clock = createClock();
  const logger = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
  let koppel: ReturnType<typeof createApp>;
  try {
    koppel = createApp({ database, env, logger, clock, rateLimit });
  } catch (error) {
    // An app refused for its environment (a deployment without a key) leaves no database behind.
    await database.drop();
    throw error;
  }

  /**
   * `remoteAddress` plays the TCP peer, as the Node server would see it. Every request carries the
   * app's Origin, as a browser's would (issue 30: mutations without it are refused), unless the
   * headers name another or `origin: null` leaves it out.
   */
  async function request(
    path: string,
    init: RequestInit & {
      cookie?: string;
      json?: unknown;
      remoteAddress?: string;
      origin?: string | null;
    } = {},
  ) {
    const { cookie, json, remoteAddress = '127.0.0.1', origin = ORIGIN, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (!headers.has('origin') && origin !== null) headers.set('origin', origin);
    if (cookie) headers.set('cookie', cookie);
    if (json !== undefined) headers.set('content-type', 'application/json');
    return koppel.app.request(
      path,
      {
        ...rest,
        method: rest.method ?? (json !== undefined ? 'POST' : 'GET'),
        headers,
        body: json !== undefined ? JSON.stringify(json) : rest.body,
      },
      { incoming: { socket: { remoteAddress } } },
    );
  }

  /** Signs in through the real endpoint and returns the session cookie. */
  async function login(email: string, password = TEST_PASSWORD): Promise<string> {
    const response = await request('/api/auth/sign-in/email', { json: { email, password } });
    if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
    return sessionCookie(response);
  }

  return {
    ...koppel,
    outbox: koppel.ctx.outbox,
    auth: koppel.ctx.auth,
    database,
    db: database.db,
    clock,
    env,
    request,
    login,
    close: () => database.drop(),
  };
}

export function sessionCookie(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
}
