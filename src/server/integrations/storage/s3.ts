import { createHash, createHmac } from 'node:crypto';
import { assertSafeKey, clientPrefix, type FileStorage } from './provider';

export interface S3Options {
  /** e.g. https://s3.eu-central-1.amazonaws.com or a MinIO/R2 endpoint; path-style addressing. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** "Now" for the signature (the app's clock). */
  now?: () => Date;
}

const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding as SigV4 wants it. */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The headers of an AWS Signature Version 4 request (service `s3`), signed over the host, the
 * payload's hash and the time.
 */
export function signS3Request(options: {
  method: string;
  url: URL;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  payloadHash: string;
  now: Date;
  extraHeaders?: Record<string, string>;
}): Record<string, string> {
  const { method, url, region, accessKeyId, secretAccessKey, payloadHash, now } = options;
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    host: url.host,
    'x-amz-content-sha256': payloadHash,
    'x-amz-date': amzDate,
    ...Object.fromEntries(Object.entries(options.extraHeaders ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
  };
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((name) => `${name}:${headers[name]!.trim()}\n`).join('');
  const signedHeaders = names.join(';');
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [method, url.pathname, query, canonicalHeaders, signedHeaders, payloadHash].join(
    '\n',
  );
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  const { host: _host, ...rest } = headers;
  return {
    ...rest,
    authorization: `AWS4-HMAC-SHA256 Credential=${accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

/** An S3-compatible bucket over HTTP (PUT, GET, DELETE, ListObjectsV2), signed with SigV4. */
export function createS3Storage(options: S3Options): FileStorage {
  const endpoint = options.endpoint.replace(/\/$/, '');
  const now = options.now ?? (() => new Date());

  async function call(
    method: string,
    key: string,
    init: { body?: Uint8Array; query?: Record<string, string>; contentType?: string } = {},
  ) {
    const url = new URL(
      `${endpoint}/${encode(options.bucket)}${key ? `/${key.split('/').map(encode).join('/')}` : ''}`,
    );
    for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
    const payloadHash = sha256Hex(init.body ?? '');
    const headers = signS3Request({
      method,
      url,
      region: options.region,
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      payloadHash,
      now: now(),
      extraHeaders: init.contentType ? { 'content-type': init.contentType } : undefined,
    });
    return fetch(url, { method, headers, body: init.body as BodyInit | undefined });
  }

  async function expectOk(response: Response, what: string) {
    if (response.ok) return;
    const text = await response.text().catch(() => '');
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? '';
    throw new Error(`storage ${what} failed: ${response.status} ${code}`.trim());
  }

  const storage: FileStorage = {
    kind: 's3',
    async put(key, bytes, contentType) {
      assertSafeKey(key);
      await expectOk(await call('PUT', key, { body: bytes, contentType }), 'put');
    },
    async get(key) {
      assertSafeKey(key);
      const response = await call('GET', key);
      if (response.status === 404) return null;
      await expectOk(response, 'get');
      return new Uint8Array(await response.arrayBuffer());
    },
    async remove(key) {
      assertSafeKey(key);
      const response = await call('DELETE', key);
      if (response.status !== 404) await expectOk(response, 'delete');
    },
    async list(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const query: Record<string, string> = { 'list-type': '2', prefix };
        if (token) query['continuation-token'] = token;
        const response = await call('GET', '', { query });
        await expectOk(response, 'list');
        const xml = await response.text();
        for (const match of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) keys.push(unescapeXml(match[1]!));
        token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
          ? unescapeXml(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? '')
          : undefined;
      } while (token);
      return keys;
    },
    async removeAllFor(clientId) {
      const keys = await storage.list(clientPrefix(clientId));
      for (const key of keys) await storage.remove(key);
      return keys.length;
    },
  };
  return storage;
}

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
