import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOriginExempt } from './app';
import { createClient } from './db/factories';
import { expectRefused } from './test/expect-refused';
import { createTestApp, ORIGIN, type TestApp } from './test/test-app';

/**
 * Issue 30 (decision 033): every mutation needs this app's Origin; one without any is refused like
 * one from another site. Only the signed webhooks are exempt.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every mutation the app serves under /api and /dev, with its path parameters filled in. */
function mutationRoutes() {
  const seen = new Set<string>();
  return t.app.routes
    .filter((r) => MUTATIONS.has(r.method) && /^\/(api|dev)\//.test(r.path) && !r.path.includes('*'))
    .map((r) => ({
      method: r.method,
      path: r.path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000'),
    }))
    .filter((r) => {
      const key = `${r.method} ${r.path}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

describe('the Origin of a mutation', () => {
  it('is required on every mutation of ours under /api and /dev: none and a foreign one are refused', async () => {
    const cookie = await t.login((await createClient(t.db, {})).email);
    const routes = [
      ...mutationRoutes().filter((r) => !isOriginExempt(r.path)),
      { method: 'POST', path: '/api/auth/sign-in/email' },
      { method: 'POST', path: '/api/auth/change-password' },
    ];
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.some((r) => r.path.startsWith('/dev/'))).toBe(true);
    for (const { method, path } of routes) {
      for (const origin of [null, 'https://evil.example', 'null', `${ORIGIN}.evil.example`]) {
        const response = await t.request(path, { method, cookie, origin, json: {} });
        await expectRefused(response, 403, 'UNAUTHORIZED', { label: `${method} ${path} origin ${origin}` });
      }
    }
  });

  it('lets the same mutations through with the app own Origin (to whatever they answer next)', async () => {
    const cookie = await t.login((await createClient(t.db, {})).email);
    const signOut = await t.request('/api/me/settings', { method: 'PATCH', cookie, json: {} });
    expect(signOut.status).not.toBe(403);
    const clock = await t.request('/dev/clock', { method: 'POST', json: { offset_ms: 0 } });
    expect(clock.status).toBe(200);
    const noOrigin = await t.request('/dev/clock', { method: 'POST', json: { offset_ms: 0 }, origin: null });
    await expectRefused(noOrigin, 403, 'UNAUTHORIZED');
    // A read needs none.
    expect((await t.request('/api/health', { origin: null })).status).toBe(200);
    expect((await t.request('/dev/clock', { origin: null })).status).toBe(200);
  });

  it('is not asked of webhooks, which come from servers and carry a signature instead', async () => {
    for (const path of ['/api/webhooks/stripe', '/api/webhooks/calendly']) {
      const response = await t.request(path, { method: 'POST', origin: null, json: { type: 'x' } });
      expect(response.status, path).not.toBe(403);
      expect(response.status, path).toBeLessThan(500);
    }
  });

  it('is required by better-auth routes too, which by themselves let a missing Origin through', async () => {
    const client = await createClient(t.db, {});
    for (const path of ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/sign-out']) {
      const response = await t.request(path, {
        origin: null,
        json: { email: client.email, password: 'wat-dan-ook-123', name: 'Zonder Herkomst' },
      });
      await expectRefused(response, 403, 'UNAUTHORIZED', { label: path });
    }
    const own = await t.request('/api/auth/sign-in/email', {
      json: { email: client.email, password: 'fout-fout-123' },
    });
    expect(own.status).toBe(401);
  });
});
