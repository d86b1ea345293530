import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { compressAnswer } from './compress';
import { AppError } from './errors';
import { plainHeadersOf, requestHeader } from './light-response';
import { type Logger, requestLogWriter } from './logger';
import { assertLoopbackHost } from './loopback-host';
import { assertStorableInput } from './reject-bad-input';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Calendly's embed script and frame: allowed on every page, loaded only where the scheduler is. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://assets.calendly.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self' https://calendly.com https://*.calendly.com",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The security headers of every answer (those of Hono's `secureHeaders`, with our policy). */
export function securityHeaders(env: { isLocal: boolean }): [string, string][] {
  return [
    ['content-security-policy', CONTENT_SECURITY_POLICY],
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['origin-agent-cluster', '?1'],
    ['permissions-policy', 'camera=(), microphone=(), geolocation=()'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ...(env.isLocal
      ? []
      : ([['strict-transport-security', 'max-age=31536000; includeSubDomains']] as [string, string][])),
    ['x-content-type-options', 'nosniff'],
    ['x-dns-prefetch-control', 'off'],
    ['x-download-options', 'noopen'],
    ['x-frame-options', 'SAMEORIGIN'],
    ['x-permitted-cross-domain-policies', 'none'],
    ['x-xss-protection', '0'],
  ];
}

const isUnder = (path: string, prefix: string) =>
  path === prefix || (path.startsWith(prefix) && path.charCodeAt(prefix.length) === 47); // '/'

export interface RequestPipelineOptions {
  /** A local install (APP_URL on loopback), and how long a request may take. */
  env: { isLocal: boolean; REQUEST_TIMEOUT_MS: number };
  logger: Logger;
  /** Whether a mutation needs no Origin of ours (the signed webhooks). */
  isOriginExempt(path: string): boolean;
  trustedOrigins: ReadonlySet<string>;
  /** The body size limit of a mutation under /api: a middleware that runs `next` within it. */
  bodyLimitFor(c: Context): MiddlewareHandler;
  /** The answer to an error, as the app's error handler gives it. */
  errorResponse(error: unknown, c: Context): Response;
}

/**
 * Issue 31: what every request goes through, as one middleware. As ten Hono middlewares (request
 * id and log line, time limit, security headers, loopback host, compression, no-store, body
 * limit, input check, Origin check) they cost about 100 µs of the health route's 230 on the
 * 2-core machine: every layer is an async function with its own promises, and each header they
 * read or wrote built a Fetch `Headers`. In order:
 * - before the handler: the loopback host (a local install), then under /api the body size limit
 *   and the input check (mutations), and the Origin of a mutation under /api (and /dev, locally);
 * - the handler, within REQUEST_TIMEOUT_MS (issue 30, decision 033; not the local tools);
 * - after it: no-store for /api and /dev unless the route set a Cache-Control, compression, the
 *   security headers, the request id, and the log line (path only: query strings and fragments
 *   can carry tokens or e-mail addresses).
 * A check that refuses answers with the app's error handler, and the steps after still run.
 */
export function requestPipeline(options: RequestPipelineOptions): MiddlewareHandler {
  const { env, logger, trustedOrigins } = options;
  const security = securityHeaders(env);
  const logRequest = requestLogWriter(logger);

  const assertOwnOrigin = (c: Context) => {
    if (SAFE_METHODS.has(c.req.method) || options.isOriginExempt(c.req.path)) return;
    const origin = requestHeader(c, 'origin');
    if (!origin || !trustedOrigins.has(origin)) throw new AppError('UNAUTHORIZED');
  };

  const handle = async (c: Context, next: () => Promise<void>, api: boolean, dev: boolean) => {
    if (env.isLocal) assertLoopbackHost(c);
    if (api) {
      if (SAFE_METHODS.has(c.req.method)) {
        await assertStorableInput(c);
        return next();
      }
      return options.bodyLimitFor(c)(c, async () => {
        await assertStorableInput(c);
        assertOwnOrigin(c);
        await next();
      });
    }
    if (dev && env.isLocal) assertOwnOrigin(c);
    return next();
  };

  return async (c, next) => {
    const requestId = requestHeader(c, 'x-request-id')?.slice(0, 64) || randomUUID();
    c.set('requestId', requestId);
    const started = performance.now();
    const path = c.req.path;
    const api = isUnder(path, '/api');
    const dev = isUnder(path, '/dev');
    try {
      const handled = handle(c, next, api, dev) as Promise<unknown>;
      if (dev) await handled;
      else if ((await withinTime(env.REQUEST_TIMEOUT_MS, handled)) === 'timeout') {
        logger.warn({ req_id: requestId, path }, 'request timed out');
        throw new AppError('UNAVAILABLE');
      }
    } catch (error) {
      c.res = options.errorResponse(error, c);
    }

    if (api || dev) setDefault(c.res, 'cache-control', 'no-store');
    await compressAnswer(c);
    const plain = plainHeadersOf(c.res);
    if (plain) {
      for (const [name, value] of security) plain[name] = value;
      plain['x-request-id'] = requestId;
    } else {
      const headers = c.res.headers;
      for (const [name, value] of security) headers.set(name, value);
      headers.set('x-request-id', requestId);
    }
    logRequest({
      req_id: requestId,
      method: c.req.method,
      path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  };
}

/** `work`'s outcome, or 'timeout' when it takes longer than `ms` (it runs on, ignored). */
function withinTime(ms: number, work: Promise<unknown>): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve('timeout'), ms);
    work.then(
      () => {
        clearTimeout(timer);
        resolve('done');
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Sets a header the answer does not have yet. */
function setDefault(res: Response, name: string, value: string) {
  const plain = plainHeadersOf(res);
  if (plain) plain[name] ??= value;
  else if (!res.headers.has(name)) res.headers.set(name, value);
}
