import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD, compressAnswer } from './compress';

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, naam: `Klant ${i}`, stad: 'Gent' })) };

function testApp() {
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    await compressAnswer(c);
  });
  app.get('/small', (c) => c.json({ status: 'ok' }));
  app.get('/big', (c) => c.json(big));
  app.get('/no-transform', (c) => {
    c.header('Cache-Control', 'no-transform');
    return c.json(big);
  });
  app.get('/image', (c) => c.body(new Uint8Array(4096), 200, { 'content-type': 'image/png' }));
  return app;
}

// Through @hono/node-server (its light Response, as in production) and in-process (a Fetch Response).
let server: ReturnType<typeof serve>;
let base = '';
beforeAll(async () => {
  await new Promise<void>((started) => {
    server = serve({ fetch: testApp().fetch, port: 0, hostname: '127.0.0.1' }, () => started());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

async function rawGet(path: string, acceptEncoding?: string) {
  // fetch would decode the body itself: read the bytes as sent.
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((done, fail) => {
    const req = request(`${base}${path}`, {
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', fail);
    req.end();
  });
}

describe('compressAnswer over a real server', () => {
  it('leaves an answer under the threshold as it is', async () => {
    const response = await rawGet('/small', 'gzip, br');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(response.body.toString())).toEqual({ status: 'ok' });
    expect(response.body.length).toBeLessThan(COMPRESS_THRESHOLD);
  });

  it('prefers brotli, else gzip, and the body decodes to the same JSON', async () => {
    const brotli = await rawGet('/big', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(brotli.body).toString())).toEqual(big);
    expect(brotli.body.length).toBeLessThan(JSON.stringify(big).length / 3);

    const gzip = await rawGet('/big', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(big);
  });

  it('honours q=0, a missing header, no-transform and types not worth compressing', async () => {
    expect((await rawGet('/big', 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await rawGet('/big', 'gzip;q=0')).headers['content-encoding']).toBeUndefined();
    const plain = await rawGet('/big');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(big);
    expect((await rawGet('/no-transform', 'gzip, br')).headers['content-encoding']).toBeUndefined();
    expect((await rawGet('/image', 'gzip, br')).headers['content-encoding']).toBeUndefined();
  });
});

describe('compressResponses in process', () => {
  it('compresses a Fetch Response body the same way', async () => {
    const app = testApp();
    const response = await app.request('/big', { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(JSON.parse(brotliDecompressSync(bytes).toString())).toEqual(big);
    const small = await app.request('/small', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ status: 'ok' });
  });
});
