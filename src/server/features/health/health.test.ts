import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../../jobs/jobs';
import { createLogger } from '../../lib/logger';
import { expectRefused } from '../../test/expect-refused';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The job queue of a process, on `database`, delivering mail nowhere. */
function startTestJobs(database: TestApp['database']) {
  return startJobs({
    database,
    env: t.env,
    outbox: t.outbox,
    logger: createLogger('silent'),
    clock: t.clock,
    transport: nodemailer.createTransport({ jsonTransport: true }),
    pollingIntervalSeconds: 0.5,
  });
}

describe('GET /api/health', () => {
  it('is ok when the database answers, with security headers and a request id', async () => {
    const response = await t.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports the job queue of the process: ready while its workers fetch, not once they stopped', async () => {
    const jobs = await startTestJobs(t.database);
    t.ctx.jobQueue = jobs;
    try {
      expect(await jobs.status(2_000)).toEqual({ ready: true, stalled: [], reachable: true });
      const ready = await t.request('/api/health');
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ok' });
      await jobs.stop();
      expect((await jobs.status(2_000)).ready).toBe(false);
      await expectRefused(await t.request('/api/health'), 503, 'JOBS_UNAVAILABLE');
    } finally {
      t.ctx.jobQueue = null;
      await jobs.stop();
    }
  });

  it('takes the job queue ping of the last second as its own (decision 052)', async () => {
    // The database as the job queue sees it, counting the pings it is sent (without its
    // connection string, the queue sends its statements through it on PostgreSQL too).
    let pings = 0;
    const database = {
      ...t.database,
      connectionString: undefined,
      executeSql(text: string, values?: unknown[]) {
        if (text === 'select 1') pings += 1;
        return t.database.executeSql(text, values);
      },
    };
    const jobs = await startTestJobs(database);
    try {
      const answers = await Promise.all([jobs.status(2_000), jobs.status(2_000)]);
      for (let i = 0; i < 3; i++) answers.push(await jobs.status(2_000));
      expect(answers.map((answer) => answer.reachable)).toEqual([true, true, true, true, true]);
      expect(pings).toBe(1);
    } finally {
      await jobs.stop();
    }
  });

  it('answers unknown API paths with a Dutch 404 and no stack trace', async () => {
    const response = await t.request('/api/bestaat-niet');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Niet gevonden', code: 'NOT_FOUND' });
  });

  it('refuses a mutation from a foreign origin', async () => {
    const response = await t.request('/api/health', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    await expectRefused(response, 403, 'UNAUTHORIZED');
  });
});

describe('OpenAPI', () => {
  it('documents every route the app serves', async () => {
    const response = await t.request('/api/openapi.json');
    expect(response.status).toBe(200);
    const doc = await response.json();
    expect(doc.openapi).toBe('3.1.0');
    const documented = new Set(
      Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const served = t.app.routes
      // The API and the dev tools; the public pages, robots.txt and sitemap.xml are not API.
      .filter((r) => /^\/(api|dev)\//.test(r.path))
      .filter((r) => r.method !== 'ALL' && !r.path.includes('*') && r.path !== '/api/openapi.json')
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(served.length).toBeGreaterThan(8);
    for (const route of served) expect(documented, route).toContain(route);
    // better-auth's endpoints, which the app serves through /api/auth/*.
    for (const route of [
      'POST /api/auth/sign-up/email',
      'POST /api/auth/sign-in/email',
      'POST /api/auth/sign-out',
      'GET /api/auth/get-session',
      'POST /api/auth/request-password-reset',
      'POST /api/auth/reset-password',
      'GET /api/auth/verify-email',
      'POST /api/auth/send-verification-email',
      'POST /api/auth/change-password',
    ]) {
      expect(documented, route).toContain(route);
    }
  });

  it('serves the docs page and its assets from local files', async () => {
    const page = await t.request('/api/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/api/docs/swagger-ui-bundle.js');
    expect(html).not.toMatch(/https?:\/\//);
    const bundle = await t.request('/api/docs/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    await expectRefused(await t.request('/api/docs/..%2Fpackage.json'), 404, 'NOT_FOUND');
  });
});
