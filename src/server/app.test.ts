import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { createClient } from './db/factories';
import { FIRST_PAGE_CHUNKS_FILE } from './lib/first-page-preloads';
import { expectRefused } from './test/expect-refused';
import { ORIGIN, openTestDatabase, testEnv } from './test/test-app';

const webDist = mkdtempSync(join(tmpdir(), 'koppel-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><html lang="nl"><head><title>Koppel</title>' +
    '<script type="module" crossorigin src="/assets/index-abc123.js"></script></head><div id="root"></div>',
);
writeFileSync(
  join(webDist, 'assets', 'index-abc123.js'),
  `console.info(${JSON.stringify('x'.repeat(2000))});`,
);
// Issue 31: the build's list of the first pages' chunks (decision 047). The workspace's chunk is not
// in the build, and the clients list is not in the list.
for (const file of ['app-1.js', 'account-overview-page-1.js'])
  writeFileSync(join(webDist, 'assets', file), '');
mkdirSync(join(webDist, '.vite'));
writeFileSync(
  join(webDist, FIRST_PAGE_CHUNKS_FILE),
  JSON.stringify({
    'app/layouts/role-layout.tsx': ['assets/app-1.js', 'assets/index-abc123.js'],
    'features/account/pages/account-overview-page.tsx': [
      'assets/account-overview-page-1.js',
      'assets/app-1.js',
      'assets/index-abc123.js',
    ],
    'features/workspace/pages/workspace-page.tsx': ['assets/workspace-page-weg.js', 'assets/app-1.js'],
  }),
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
      // A signed-in area's page may carry the person's data (decision 050): never stored.
      expect(response.headers.get('cache-control')).toBe(
        path.startsWith('/dashboard') ? 'no-store' : 'no-cache',
      );
    }
  });

  it("names the first page's chunks in the HTML of its path, and no others", async () => {
    const preloads = async (path: string) =>
      [
        ...(await (await app.request(path)).text()).matchAll(
          /<link rel="modulepreload" crossorigin href="([^"]+)">/g,
        ),
      ].map((match) => match[1]);
    // The entry's own script is in index.html already; each chunk once.
    expect(await preloads('/dashboard')).toEqual(['/assets/app-1.js', '/assets/account-overview-page-1.js']);
    expect(await preloads('/Dashboard/')).toEqual(['/assets/app-1.js', '/assets/account-overview-page-1.js']);
    // Another page of a guarded area: the role layout's chunks.
    expect(await preloads('/dashboard/producten')).toEqual(['/assets/app-1.js']);
    for (const path of ['/iets/onbekends', '/dashboardx']) expect(await preloads(path), path).toEqual([]);
  });

  it('serves the page as it is when a first page or its chunk is not in the build', async () => {
    // The workspace's own chunk is missing from the build: only the chunk that is there.
    const workspace = await app.request('/matchmaker');
    expect(workspace.status).toBe(200);
    const html = await workspace.text();
    expect(html).toContain('<div id="root">');
    expect(html).not.toContain('workspace-page-weg');
    expect(html).toContain('href="/assets/app-1.js"');
    // The clients list is not in the list: its path gets the role layout's chunks only.
    const clients = await app.request('/matchmaker/clients');
    expect(clients.status).toBe(200);
    expect(await clients.text()).toContain('<div id="root">');
  });

  it("does not serve the build's own lists", async () => {
    expect((await app.request(`/${FIRST_PAGE_CHUNKS_FILE}`)).status).toBe(404);
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
