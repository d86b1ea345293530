import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local';
import type { FileStorage } from './provider';
import { createS3Storage, signS3Request } from './s3';

const EMPTY_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('signS3Request (AWS Signature Version 4)', () => {
  // The examples of AWS's "Signature Calculations for the Authorization Header" page for S3.
  const credentials = {
    region: 'us-east-1',
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    now: new Date('2013-05-24T00:00:00Z'),
    payloadHash: EMPTY_HASH,
  };

  it('signs the GET Object example as AWS does', () => {
    const headers = signS3Request({
      ...credentials,
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      extraHeaders: { Range: 'bytes=0-9' },
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
  });

  it('signs the GET Bucket (list objects) example as AWS does', () => {
    const headers = signS3Request({
      ...credentials,
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J'),
    });
    expect(headers.authorization).toContain(
      'Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
    );
  });
});

/**
 * A small S3-compatible server on loopback: objects in memory, path-style addressing, and every
 * request's signature checked (the same secret, recomputed here from the raw request).
 */
function startFakeS3(secret: string) {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const seen: { method: string; path: string }[] = [];
  const readBody = (req: IncomingMessage) =>
    new Promise<Buffer>((resolve) => {
      const parts: Buffer[] = [];
      req.on('data', (part) => parts.push(part));
      req.on('end', () => resolve(Buffer.concat(parts)));
    });
  const verify = (req: IncomingMessage, body: Buffer) => {
    const auth = req.headers.authorization ?? '';
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
        auth,
      );
    if (!match) return false;
    const [, , day, region, signedHeaders, signature] = match;
    const hash = createHash('sha256').update(body).digest('hex');
    if (req.headers['x-amz-content-sha256'] !== hash) return false;
    const url = new URL(req.url ?? '/', 'http://x');
    const query = [...url.searchParams.entries()]
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .sort()
      .join('&');
    const names = signedHeaders!.split(';');
    const canonical = [
      req.method,
      url.pathname,
      query,
      names.map((n) => `${n}:${String(req.headers[n]).trim()}\n`).join(''),
      signedHeaders,
      hash,
    ].join('\n');
    const toSign = [
      'AWS4-HMAC-SHA256',
      req.headers['x-amz-date'],
      `${day}/${region}/s3/aws4_request`,
      createHash('sha256').update(canonical).digest('hex'),
    ].join('\n');
    let key: Buffer = createHmac('sha256', `AWS4${secret}`).update(day!).digest();
    for (const part of [region!, 's3', 'aws4_request']) key = createHmac('sha256', key).update(part).digest();
    return createHmac('sha256', key).update(toSign).digest('hex') === signature;
  };
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push({ method: req.method ?? '', path: url.pathname });
    if (!verify(req, body)) {
      res.writeHead(403, { 'content-type': 'application/xml' });
      res.end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      return;
    }
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    if (bucket !== 'koppel-fotos') {
      res.writeHead(404).end('<Error><Code>NoSuchBucket</Code></Error>');
      return;
    }
    if (req.method === 'PUT') {
      objects.set(key, { body, type: String(req.headers['content-type']) });
      res.writeHead(200).end();
    } else if (req.method === 'GET' && key) {
      const object = objects.get(key);
      if (!object) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
      else res.writeHead(200, { 'content-type': object.type }).end(object.body);
    } else if (req.method === 'GET') {
      // ListObjectsV2, two keys a page to exercise the continuation.
      const prefix = url.searchParams.get('prefix') ?? '';
      const all = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
      const start = Number(url.searchParams.get('continuation-token') ?? 0);
      const page = all.slice(start, start + 2);
      const more = start + 2 < all.length;
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0"?><ListBucketResult><IsTruncated>${more}</IsTruncated>${page
          .map((k) => `<Contents><Key>${k}</Key></Contents>`)
          .join(
            '',
          )}${more ? `<NextContinuationToken>${start + 2}</NextContinuationToken>` : ''}</ListBucketResult>`,
      );
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    } else {
      res.writeHead(405).end();
    }
  });
  return new Promise<{ url: string; objects: typeof objects; seen: typeof seen; close(): Promise<void> }>(
    (resolve) => {
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        resolve({
          url: `http://127.0.0.1:${port}`,
          objects,
          seen,
          close: () => new Promise((done) => server.close(() => done())),
        });
      });
    },
  );
}

async function exercise(storage: FileStorage) {
  const bytes = new Uint8Array([1, 2, 3, 4]);
  await storage.put('photos/klant-a/p1/small.jpg', bytes, 'image/jpeg');
  await storage.put('photos/klant-a/p1/large.jpg', bytes, 'image/jpeg');
  await storage.put('photos/klant-a/p2/small.jpg', bytes, 'image/jpeg');
  await storage.put('photos/klant-b/p3/small.jpg', bytes, 'image/jpeg');
  expect(Array.from((await storage.get('photos/klant-a/p1/small.jpg'))!)).toEqual([1, 2, 3, 4]);
  expect(await storage.get('photos/klant-a/niets/small.jpg')).toBeNull();
  expect((await storage.list('photos/klant-a/')).sort()).toEqual([
    'photos/klant-a/p1/large.jpg',
    'photos/klant-a/p1/small.jpg',
    'photos/klant-a/p2/small.jpg',
  ]);
  await storage.remove('photos/klant-a/p2/small.jpg');
  expect(await storage.get('photos/klant-a/p2/small.jpg')).toBeNull();
  expect(await storage.removeAllFor('klant-a')).toBe(2);
  expect(await storage.list('photos/klant-a/')).toEqual([]);
  expect(await storage.list('photos/klant-b/')).toEqual(['photos/klant-b/p3/small.jpg']);
  await expect(storage.put('photos/../../etc/passwd', bytes, 'text/plain')).rejects.toThrow(/unsafe/);
}

describe('local storage (UPLOAD_DIR)', () => {
  it('puts, gets, lists and removes files, and every file of one client', async () => {
    await exercise(createLocalStorage(mkdtempSync(join(tmpdir(), 'koppel-storage-'))));
  });
});

describe('S3-compatible storage over HTTP', () => {
  let fake: Awaited<ReturnType<typeof startFakeS3>>;
  beforeAll(async () => {
    fake = await startFakeS3('geheim-s3-wachtwoord');
  });
  afterAll(async () => {
    await fake.close();
  });

  const s3 = (secretAccessKey: string) =>
    createS3Storage({
      endpoint: fake.url,
      bucket: 'koppel-fotos',
      region: 'eu-west-1',
      accessKeyId: 'KOPPELTEST',
      secretAccessKey,
    });

  it('puts, gets, lists (over pages) and removes with signed requests, path-style', async () => {
    await exercise(s3('geheim-s3-wachtwoord'));
    expect(fake.objects.get('photos/klant-b/p3/small.jpg')?.type).toBe('image/jpeg');
    expect(
      fake.seen.some((r) => r.method === 'PUT' && r.path === '/koppel-fotos/photos/klant-a/p1/small.jpg'),
    ).toBe(true);
  });

  it('fails loudly on a wrong secret (the server refuses the signature)', async () => {
    await expect(s3('fout').put('photos/x/y/small.jpg', new Uint8Array([1]), 'image/jpeg')).rejects.toThrow(
      'storage put failed: 403 SignatureDoesNotMatch',
    );
  });
});
