// What the in-process benchmarks share: the app on a database with a bench configuration, signing
// in a demo account, and a percentile of measured times.
import { createApp } from '../src/server/app';
import type { Database } from '../src/server/db/client';
import { DEMO_PASSWORD } from '../src/server/db/seed';
import { loadEnv } from '../src/server/env';
import { createLogger } from '../src/server/lib/logger';

export const BENCH_APP_URL = 'http://localhost:3999';

/** The whole app in-process (no rate limits, no logs), and a way to sign in a demo account. */
export function benchApp(database: Database) {
  const env = loadEnv({
    APP_URL: BENCH_APP_URL,
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: 'silent',
    WEB_DIST: './none',
  });
  const { app } = createApp({ database, env, logger: createLogger('silent'), rateLimit: false });

  /** The session cookie of a demo account, signed in through the real endpoint. */
  async function sessionCookie(email: string): Promise<string> {
    const login = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: BENCH_APP_URL },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    if (!login.ok) throw new Error(`sign-in ${email}: ${login.status}`);
    return login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }
  return { app, sessionCookie };
}

/** The p-th percentile (0-100) of measured times, in ms with one decimal. */
export function percentile(times: readonly number[], p: number): string {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1);
}
