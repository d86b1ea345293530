import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from './db/factories';
import { expectRefused } from './test/expect-refused';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * /api/openapi.json lists only what answers: every documented operation is called, and a 404 is
 * accepted only as "this record does not exist" from a real handler, never as "no such route".
 */

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** The better-auth endpoints the web app and the e-mails use; every other one stays undocumented. */
const AUTH_PATHS_IN_USE = [
  '/api/auth/change-password',
  '/api/auth/get-session',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
  '/api/auth/send-verification-email',
  '/api/auth/sign-in/email',
  '/api/auth/sign-out',
  '/api/auth/sign-up/email',
  '/api/auth/two-factor/disable',
  '/api/auth/two-factor/enable',
  '/api/auth/two-factor/verify-backup-code',
  '/api/auth/two-factor/verify-totp',
  '/api/auth/update-user',
  '/api/auth/verify-email',
];

let t: TestApp;
let doc: { paths: Record<string, Partial<Record<(typeof METHODS)[number], unknown>>> };
let cookie: string;
beforeAll(async () => {
  // With Stripe configured, as on a deployment: on a local demo install the Stripe webhook answers
  // its documented 404 'Stripe is niet ingesteld op deze installatie'.
  t = await createTestApp({
    PAYMENTS: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_openapi',
    STRIPE_WEBHOOK_SECRET: 'whsec_openapi',
    // Nothing here reaches Stripe; should a call try, it goes nowhere.
    STRIPE_API_BASE: 'http://127.0.0.1:9',
  });
  const admin = await createAdmin(t.db, {});
  cookie = await t.login(admin.email);
  // The auth routes join the document once better-auth has described them.
  for (let attempt = 0; attempt < 100; attempt++) {
    doc = await (await t.request('/api/openapi.json')).json();
    if (Object.keys(doc.paths).some((path) => path.startsWith('/api/auth/'))) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
afterAll(async () => {
  await t.close();
});

/** Whether a route of our own (not a catch-all or middleware) is registered for this call. */
function hasOwnRoute(method: string, url: string): boolean {
  return t.app.routes.some((route) => {
    if (route.method !== method.toUpperCase() || route.path.includes('*')) return false;
    const pattern = route.path.replace(/:[^/]+/g, '[^/]+');
    return new RegExp(`^${pattern}$`).test(url);
  });
}

describe('the API document tells the truth', () => {
  it('documents the better-auth endpoints Koppel uses, and none that are off or unused', () => {
    const auth = Object.keys(doc.paths).filter((path) => path.startsWith('/api/auth/'));
    expect(auth.sort()).toEqual(AUTH_PATHS_IN_USE);
  });

  it('every documented operation answers; a 404 only for a record that does not exist', async () => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item[method]).map((method) => ({ path, method })),
    );
    expect(operations.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    // Sign-out last: it ends the session the other calls use.
    operations.sort((a, b) => Number(a.path.endsWith('/sign-out')) - Number(b.path.endsWith('/sign-out')));
    for (const { path, method } of operations) {
      const hasParam = path.includes('{');
      // A well-formed id that belongs to nothing.
      const url = path.replace(/\{[^}]+\}/g, () => randomUUID());
      const response = await t.request(url, {
        method: method.toUpperCase(),
        cookie,
        ...(method === 'get' ? {} : { json: {} }),
      });
      const label = `${method.toUpperCase()} ${path}: ${response.status}`;
      if (response.status >= 500) wrong.push(`${label} (a server error)`);
      if (response.status === 405) wrong.push(`${label} (the method is not served)`);
      if (response.status !== 404) continue;
      const body = (await response.json().catch(() => null)) as { code?: string } | null;
      if (!hasParam) wrong.push(`${label} (nothing answers this path)`);
      else if (!hasOwnRoute(method, url)) wrong.push(`${label} (no route, only the catch-all)`);
      else if (!body?.code?.endsWith('NOT_FOUND')) {
        wrong.push(`${label} ${JSON.stringify(body)} (not a record's NOT_FOUND)`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('tells a missing route from a missing record', async () => {
    const id = randomUUID();
    const admin = await createAdmin(t.db, {});
    cookie = await t.login(admin.email);
    const missingRoute = await t.request(`/api/matches/${id}/bestaat-niet`, { cookie });
    await expectRefused(missingRoute, 404, 'NOT_FOUND');
    expect(hasOwnRoute('get', `/api/matches/${id}/bestaat-niet`)).toBe(false);
    const missingRecord = await t.request(`/api/matches/${id}`, { cookie });
    expect(missingRecord.status).toBe(404);
    expect(((await missingRecord.json()) as { code: string }).code).toBe('NOT_FOUND');
    expect(hasOwnRoute('get', `/api/matches/${id}`)).toBe(true);
  });
});
