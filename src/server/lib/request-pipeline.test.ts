import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages';
import { createClient } from '../db/factories';
import { createTestApp, ORIGIN, type TestApp } from '../test/test-app';
import { securityHeaders } from './request-pipeline';

// Issue 31: the pipeline reads Node's request headers and writes the answer's plain headers when
// it runs behind @hono/node-server, as in production; in-process requests (the other API tests)
// take the Fetch path. This file sends real HTTP to the app behind `serve`.
let t: TestApp;
let server: ReturnType<typeof serve>;
let port = 0;
let cookie = '';

beforeAll(async () => {
  t = await createTestApp();
  const client = await createClient(t.db, { full_name: 'Emma Claes' });
  cookie = await t.login(client.email);
  await new Promise<void>((started) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => started());
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((closed) => server?.close(() => closed()));
  await t?.close();
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request as sent (the Host and encodings of our choice), its answer's bytes as they came. */
function send(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<Raw>((done, fail) => {
    const req = request(
      {
        // A connection of its own: a kept-alive one may be closed by the server as it is reused.
        agent: false,
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: { host: 'localhost', ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', fail);
    req.end(options.body);
  });
}

function expectSecurityHeaders(response: Raw) {
  for (const [name, value] of securityHeaders({ isLocal: true }))
    expect(response.headers[name], name).toBe(value);
  expect(response.headers['strict-transport-security']).toBeUndefined();
  expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$|^eigen-id-1$/);
}

describe('the request pipeline behind a real server', () => {
  it('gives a small JSON answer the security headers, a request id and no-store, once each', async () => {
    const response = await send('/api/health', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body.toString())).toEqual({ status: 'ok' });
    expectSecurityHeaders(response);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers['content-encoding']).toBeUndefined();
    // Node joins a header sent twice with ", ": each name is written once.
    expect(response.headers['content-security-policy']).not.toContain(', default-src');
  });

  it('keeps the request id it was sent (at most 64 characters)', async () => {
    const response = await send('/api/health', { headers: { 'x-request-id': 'eigen-id-1' } });
    expect(response.headers['x-request-id']).toBe('eigen-id-1');
    const long = await send('/api/health', { headers: { 'x-request-id': 'x'.repeat(100) } });
    expect(long.headers['x-request-id']).toBe('x'.repeat(64));
  });

  it('compresses a large answer and still adds the headers; a route’s own Cache-Control stays', async () => {
    const response = await send('/api/openapi.json', { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(response.body).toString()).openapi).toBe('3.1.0');
    expectSecurityHeaders(response);

    const listed = await send('/api/matchmakers', { headers: { 'accept-encoding': 'br' } });
    expect(listed.status).toBe(200);
    expect(listed.headers['cache-control']).toMatch(/^public/);
    expectSecurityHeaders(listed);
  });

  it('reads the session cookie from the request', async () => {
    const response = await send('/api/me', { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body.toString()).profile.full_name).toBe('Emma Claes');
    const none = await send('/api/me');
    expect(none.status).toBe(401);
    expectSecurityHeaders(none);
  });

  it('refuses a mutation from a foreign Origin, another Host and unstorable text, each as { error, code }', async () => {
    const foreign = await send('/api/me/settings', {
      method: 'PATCH',
      headers: { origin: 'https://evil.example', cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body.toString()).code).toBe('UNAUTHORIZED');
    expectSecurityHeaders(foreign);
    expect(foreign.headers['cache-control']).toBe('no-store');

    const rebound = await send('/api/health', { headers: { host: 'aanvaller.example' } });
    expect(rebound.status).toBe(421);
    expect(JSON.parse(rebound.body.toString())).toEqual({
      error: MESSAGES.localHostOnly,
      code: 'MISDIRECTED_REQUEST',
    });
    expectSecurityHeaders(rebound);

    const nul = await send('/api/matchmakers?q=%00');
    expect(nul.status).toBe(400);
    expect(JSON.parse(nul.body.toString())).toEqual({
      error: MESSAGES.invalidCharacters,
      code: 'BAD_REQUEST',
    });

    const tooLarge = await send('/api/me/settings', {
      method: 'PATCH',
      headers: { origin: ORIGIN, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ filler: 'x'.repeat(300 * 1024) }),
    });
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body.toString()).code).toBe('PAYLOAD_TOO_LARGE');
  });
});
