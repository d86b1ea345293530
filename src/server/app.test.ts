import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { createClient } from './db/factories';
import { expectRefused } from './test/expect-refused';
import { ORIGIN, openTestDatabase, testEnv } from './test/test-app';

const webDist = mkdtempSync(join(tmpdir(), 'koppel-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><html lang="nl"><title>Koppel</title><div id="root"></div>',
);
writeFileSync(
  join(webDist, 'assets', 'index-abc123.js'),
  `console.info(${JSON.stringify('x'.repeat(2000))});`,
);

const logLines: string[] = [];
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let app: ReturnType<typeof createApp>['app'];

beforeAll(async () => {
  database = await openTestDatabase();
  const logger = pino({ level: 'info' }, { write: (line: string) => logLines.push(line) });
  ({ app } = createApp({ database, env: testEnv({ WEB_DIST: webDist }), logger, rateLimit: false }));
});
afterAll(async () => {
  await database.drop();
  rmSync(webDist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('serves hashed assets with a year of cache and compressed', async () => {
    const response = await app.request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it('falls back to index.html for app routes, uncached', async () => {
    for (const path of ['/', '/dashboard/producten', '/sofie-peeters', '/iets/onbekends']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('does not answer unknown API paths with the app', async () => {
    await expectRefused(await app.request('/api/onbekend'), 404, 'NOT_FOUND');
  });
});

describe('request logs', () => {
  it('hold no e-mail address, token or query string', async () => {
    const client = await createClient(database.db, { email: 'geheim.adres@example.be' });
    await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ email: client.email, password: 'fout-wachtwoord' }),
    });
    await app.request('/api/auth/verify-email?token=geheim-token-123&email=geheim.adres@example.be');
    const text = logLines.join('\n');
    expect(text).toContain('"path":"/api/auth/sign-in/email"');
    expect(text).not.toContain('geheim.adres');
    expect(text).not.toContain('geheim-token-123');
  });
});
