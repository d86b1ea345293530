import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../shared/messages';
import { isDatabaseUnavailable } from './db/client';
import { createClient } from './db/factories';
import { expectRefused } from './test/expect-refused';
import { createTestApp, type TestApp } from './test/test-app';

/** Issue 30 (decision 033): no request waits longer than REQUEST_TIMEOUT_MS. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REQUEST_TIMEOUT_MS: '5000' });
});
afterAll(async () => {
  await t.close();
});

describe('a request whose database is busy past the request timeout', () => {
  it('is answered 503 { error, code } in Dutch at the timeout, and the next one normally', async () => {
    const cookie = await t.login((await createClient(t.db, {})).email);
    // A transaction holds the sessions table for 9 s: on PostgreSQL with an exclusive lock, on
    // PGlite (one connection) by being open at all. The request's session lookup waits behind it.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const busy = t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table session in access exclusive mode`);
      await Promise.race([held, new Promise((resolve) => setTimeout(resolve, 9_000))]);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    const response = await t.request('/api/me', { cookie });
    const waited = performance.now() - started;
    await expectRefused(response, 503, 'UNAVAILABLE', MESSAGES.serviceUnavailable);
    expect(waited).toBeGreaterThan(4_000);
    expect(waited).toBeLessThan(8_000);
    release();
    await busy;
    expect((await t.request('/api/me', { cookie })).status).toBe(200);
  });

  it('counts timeouts and lost connections as the database being unavailable, not other errors', () => {
    expect(isDatabaseUnavailable(new Error('Query read timeout'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '57014' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(
      isDatabaseUnavailable(
        new Error('Failed query: select 1', { cause: Object.assign(new Error('y'), { code: '08006' }) }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });
});
