import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createMatchmaker } from '../db/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { FIRST_PAGE_DATA_ID } from './first-page-data';

// Issue 31 (decision 050): a signed-in page's HTML carries the API's own answers for its cookie.
const webDist = mkdtempSync(join(tmpdir(), 'koppel-first-data-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><html><head><title>Koppel</title></head><body><div id="root"></div></body></html>',
);

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const BLOCK = new RegExp(`<script type="application/json" id="${FIRST_PAGE_DATA_ID}">(.*?)</script>`, 's');

async function page(path: string, cookie?: string) {
  const response = await t.request(path, { cookie, headers: { 'accept-encoding': 'gzip' } });
  // In-process, the answer comes as it would go over the wire.
  const body = Buffer.from(await response.arrayBuffer());
  const html = (response.headers.get('content-encoding') === 'gzip' ? gunzipSync(body) : body).toString(
    'utf8',
  );
  const block = BLOCK.exec(html)?.[1];
  return {
    response,
    html,
    data: block === undefined ? undefined : (JSON.parse(block) as Record<string, unknown>),
  };
}

/** The e-mail address of the embedded session. */
function sessionEmail(data: Record<string, unknown> | undefined): string | undefined {
  return (data?.['/api/session'] as { session?: { user?: { email?: string } } } | undefined)?.session?.user
    ?.email;
}

/** Every embedded answer is what the API itself answers this cookie. */
async function expectApiAnswers(data: Record<string, unknown>, cookie: string) {
  for (const [apiPath, embedded] of Object.entries(data)) {
    const response = await t.request(apiPath, { cookie });
    expect(response.status, apiPath).toBe(200);
    const answer = (await response.json()) as Record<string, unknown>;
    // The task list says the time of its answer (`now`): the rest is the same.
    if (apiPath === '/api/tasks') answer.now = expect.any(String);
    expect(embedded, apiPath).toEqual(answer);
  }
}

describe("a signed-in page's first data", () => {
  it("embeds a client's session and page data, exactly the API's answers, in an uncached page", async () => {
    const emma = await createClient(t.db, { full_name: 'Emma </script><script>alert(1)</script>' });
    const cookie = await t.login(emma.email);
    const { response, html, data } = await page('/dashboard/proposed-matches', cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    // Compressed, and still varying by cookie.
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toMatch(/cookie/i);
    // The name's markup is escaped: the only script element is the data block.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(Object.keys(data ?? {}).sort()).toEqual(
      [
        '/api/session',
        '/api/me/intake-feedback',
        '/api/me/feedback-requests',
        '/api/me/conversation/unread',
        '/api/me/proposed-matches',
        '/api/me/matches',
      ].sort(),
    );
    expect(sessionEmail(data)).toBe(emma.email);
    await expectApiAnswers(data ?? {}, cookie);
  });

  it("gives another client's cookie their own session", async () => {
    const lotte = await createClient(t.db, { full_name: 'Lotte Peeters' });
    const cookie = await t.login(lotte.email);
    const { data } = await page('/dashboard', cookie);
    expect(sessionEmail(data)).toBe(lotte.email);
    await expectApiAnswers(data ?? {}, cookie);
  });

  it("embeds a matchmaker's two-factor status and client list", async () => {
    const sofie = await createMatchmaker(t.db, { full_name: 'Sofie Peeters' });
    const cookie = await t.login(sofie.email);
    const { data } = await page('/matchmaker/clients', cookie);
    expect(Object.keys(data ?? {})).toEqual(
      expect.arrayContaining(['/api/session', '/api/me/two-factor', '/api/matchmaker/clients']),
    );
    await expectApiAnswers(data ?? {}, cookie);
    const workspace = await page('/matchmaker', cookie);
    expect(Object.keys(workspace.data ?? {})).toEqual(
      expect.arrayContaining(['/api/matchmaker/dashboard', '/api/tasks', '/api/intake-sessions']),
    );
    await expectApiAnswers(workspace.data ?? {}, cookie);
    // A filtered list is the page's own request.
    const filtered = await page('/matchmaker/clients?q=emma', cookie);
    expect(Object.keys(filtered.data ?? {})).not.toContain('/api/matchmaker/clients');
  });

  it('embeds nothing for a visitor, a revoked session or a client in the staff area', async () => {
    const visitor = await page('/dashboard');
    expect(visitor.data).toBeUndefined();
    expect(visitor.response.headers.get('cache-control')).toBe('no-store');

    const jan = await createClient(t.db, { full_name: 'Jan Maes' });
    const cookie = await t.login(jan.email);
    expect((await page('/matchmaker', cookie)).data).toEqual({
      '/api/session': expect.objectContaining({ session: expect.anything() }),
    });
    expect((await t.request('/api/auth/sign-out', { cookie, json: {} })).status).toBe(200);
    expect((await page('/dashboard', cookie)).data).toBeUndefined();
  });

  it('leaves the pages outside the signed-in areas as they were', async () => {
    const jan = await createClient(t.db, { full_name: 'Jan Peeters' });
    const cookie = await t.login(jan.email);
    const { response, data } = await page('/iets/onbekends', cookie);
    expect(data).toBeUndefined();
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });
});
