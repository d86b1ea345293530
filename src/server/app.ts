import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { isMatchmakerPhotoUploadPath } from '../shared/admin';
import { AUTH_ERROR_MESSAGES } from '../shared/auth';
import { MESSAGES } from '../shared/messages';
import { PHOTO_UPLOAD_MAX_BODY, PHOTO_UPLOAD_PATH } from '../shared/profile';
import { CLIENT_IP_HEADER } from './auth/auth';
import { type AppContext, createContext } from './context';
import { type Database, describeDatabaseError, isDatabaseUnavailable } from './db/client';
import { devRoutes } from './dev/dev.routes';
import type { Env } from './env';
import { FEATURES, SCHEDULED_JOBS } from './features';
import { checkAuthInput } from './lib/auth-input';
import { type Clock, createClock } from './lib/clock';
import { AppError } from './lib/errors';
import { firstPageData, firstPageDataScript, isSignedInArea } from './lib/first-page-data';
import { firstPagePreloader } from './lib/first-page-preloads';
import { appErrorForStatus, fromHttpException } from './lib/http-errors';
import { describeError, type Logger } from './lib/logger';
import { type AppEnv, createRouter } from './lib/openapi';
import { requestPipeline } from './lib/request-pipeline';
import { documentExtraRoutes } from './openapi-extra';

export interface CreateAppOptions {
  database: Database;
  env: Env;
  logger: Logger;
  clock?: Clock;
  /** Origins besides APP_URL that may call the API with cookies (the Vite dev server). */
  extraOrigins?: string[];
  rateLimit?: boolean;
}

export interface KoppelApp {
  app: ReturnType<typeof createRouter>;
  ctx: AppContext;
}

/**
 * Mutations that need no Origin: the signed webhooks, which come from servers. better-auth's routes
 * are checked too: better-auth itself refuses a foreign Origin but lets a missing one through.
 */
export function isOriginExempt(path: string): boolean {
  return path.startsWith('/api/webhooks/');
}
const MAX_BODY_BYTES = 256 * 1024;

function clientAddress(c: Context, env: Env): string {
  if (env.CLIENT_IP_HEADER) return c.req.header(env.CLIENT_IP_HEADER)?.split(',')[0]?.trim() || 'unknown';
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (tests) have no socket.
    return 'unknown';
  }
}

export function createApp({
  database,
  env,
  logger,
  clock = createClock(),
  extraOrigins = [],
  rateLimit = true,
}: CreateAppOptions): KoppelApp {
  const ctx = createContext({ db: database.db, env, clock, logger, extraOrigins, rateLimit });
  const { auth } = ctx;
  const trustedOrigins = new Set([new URL(env.APP_URL).origin, ...extraOrigins]);

  const app = createRouter();

  const apiBodyLimit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE');
    },
  });
  // Issue 14: a photo upload may be up to 10 MB (plus its multipart envelope).
  const photoBodyLimit = bodyLimit({
    maxSize: PHOTO_UPLOAD_MAX_BODY,
    onError: () => {
      throw new AppError('PHOTO_TOO_LARGE');
    },
  });

  // Issue 31: the request id and log line, the time limit, the security headers, the loopback host,
  // compression, no-store, and under /api the body limit, the input check and (issue 30, decision
  // 033) the Origin of every mutation: one middleware (see request-pipeline.ts).
  app.use(
    '*',
    requestPipeline({
      env,
      logger,
      trustedOrigins,
      isOriginExempt,
      bodyLimitFor: (c) =>
        c.req.method === 'POST' &&
        (c.req.path === PHOTO_UPLOAD_PATH || isMatchmakerPhotoUploadPath(c.req.path))
          ? photoBodyLimit
          : apiBodyLimit,
      errorResponse: (error, c) => errorResponse(error, c, logger),
    }),
  );

  for (const feature of FEATURES) if (feature.api) app.route('/api', feature.api(ctx));

  app.use('/api/auth/*', checkAuthInput());
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    // Rate limits key on the visitor's address: from the socket (or the configured proxy header),
    // never from a header the visitor can set.
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientAddress(c, env));
    const response = await auth.handler(new Request(c.req.raw, { headers }));
    return withoutSessionToken(await translateAuthError(response));
  });

  if (env.isLocal) app.route('/dev', devRoutes(ctx, SCHEDULED_JOBS));

  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Koppel API',
      version: '1.0.0',
      description: 'De API van Koppel. Fouten hebben de vorm { error, code }. Inloggen zet een sessiecookie.',
    },
  });
  documentExtraRoutes(app, auth, logger);

  app.all('/api/*', () => {
    throw new AppError('NOT_FOUND');
  });

  for (const feature of FEATURES) if (feature.pages) app.route('/', feature.pages(ctx));
  serveWebApp(app, env);

  app.onError((caught, c) => errorResponse(caught, c, logger));

  return { app, ctx };
}

/** The `{ error, code }` answer to anything a request threw. */
function errorResponse(caught: unknown, c: Context<AppEnv>, logger: Logger): Response {
  const error = fromHttpException(caught instanceof Error ? caught : new Error(String(caught)));
  if (error instanceof AppError) {
    return c.json(
      { error: error.message, code: error.code, ...(error.issues ? { issues: error.issues } : {}) },
      error.status as 400,
    );
  }
  if (error instanceof SyntaxError) return c.json({ error: MESSAGES.badRequest, code: 'BAD_REQUEST' }, 400);
  if (isDatabaseUnavailable(error)) {
    logger.warn({ req_id: c.get('requestId'), ...describeDatabaseError(error) }, 'database unavailable');
    return c.json({ error: MESSAGES.serviceUnavailable, code: 'UNAVAILABLE' }, 503);
  }
  logger.error({ req_id: c.get('requestId'), ...describeError(error) }, 'unhandled error');
  return c.json({ error: MESSAGES.serverError, code: 'INTERNAL' }, 500);
}

/** better-auth answers in English; every client of ours gets the Dutch text for its code. */
const KOPPEL_TEXTS = new Set<string>(Object.values(MESSAGES));

async function translateAuthError(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const body = response.headers.get('content-type')?.includes('application/json')
    ? ((await response
        .clone()
        .json()
        .catch(() => null)) as { code?: string; message?: string; error?: string } | null)
    : null;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  if (!body || typeof body !== 'object') {
    // Nothing to translate (a disabled endpoint's empty 404): the `{ error, code }` of the status.
    const { message, code } = appErrorForStatus(response.status);
    headers.set('content-type', 'application/json');
    return new Response(JSON.stringify({ error: message, code }), { status: response.status, headers });
  }
  const code = body.code ?? (response.status === 429 ? 'TOO_MANY_REQUESTS' : undefined);
  // The library's own text is English ('No fields to update', 'Invalid input'): only a text of ours
  // (thrown by our hooks and pre-checks as `message`, or answered by `auth.handler` itself as
  // `error`, such as its 503) passes; any other gets the Dutch text of its status.
  const ours = [body.message, body.error].find((text) => text !== undefined && KOPPEL_TEXTS.has(text));
  const message = (code && AUTH_ERROR_MESSAGES[code]) || ours || appErrorForStatus(response.status).message;
  return new Response(JSON.stringify({ ...body, code: code ?? 'AUTH_ERROR', message, error: message }), {
    status: response.status,
    headers,
  });
}

/**
 * Issue 30: a reply of better-auth's carries the session's token in its JSON (sign-in, sign-up,
 * get-session, the two-factor step), where any script on the page could read it. The HttpOnly
 * cookie is the session; the token is taken out of the body, at the top and in `session`.
 */
async function withoutSessionToken(response: Response): Promise<Response> {
  if (response.status >= 300 || !response.headers.get('content-type')?.includes('application/json')) {
    return response;
  }
  const body = (await response
    .clone()
    .json()
    .catch(() => undefined)) as Record<string, unknown> | null | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return response;
  const session = body.session as Record<string, unknown> | null | undefined;
  const hasToken = 'token' in body || (session && typeof session === 'object' && 'token' in session);
  if (!hasToken) return response;
  const { token: _token, ...rest } = body;
  const cleaned =
    session && typeof session === 'object'
      ? { ...rest, session: Object.fromEntries(Object.entries(session).filter(([key]) => key !== 'token')) }
      : rest;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(cleaned), { status: response.status, headers });
}

/** The built SPA: hashed assets cached for a year, everything else falls back to index.html. */
function serveWebApp(app: ReturnType<typeof createRouter>, env: Env) {
  const root = resolve(env.WEB_DIST);
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) return;
  app.use(
    '/assets/*',
    async (c, next) => {
      await next();
      if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    },
    serveStatic({ root }),
  );
  // Photos and icons keep their names when replaced, so a week rather than a year.
  app.use('/images/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=604800');
  });
  const files = serveStatic({ root });
  // The public pages' template is only served filled in, by the site routes.
  app.get('/site.html', (c) => c.redirect('/', 301));
  // The build's own lists (.vite/: the first pages' chunks) are read by the server, not served.
  app.use('/.vite/*', () => {
    throw new AppError('NOT_FOUND');
  });
  // Top-level files (favicon, images); paths without an extension are app routes.
  app.use('*', async (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) ? files(c, next) : next()));
  // Issue 31: the first page's chunks are named in the HTML (decision 047).
  const withPreloads = firstPagePreloader(root);
  app.get('*', async (c) => {
    if (c.req.path.startsWith('/dev/')) throw new AppError('NOT_FOUND');
    const html = withPreloads(await readFile(indexFile, 'utf8'), c.req.path);
    if (!isSignedInArea(c.req.path)) {
      c.header('Cache-Control', 'no-cache');
      return c.html(html);
    }
    // Issue 31 (decision 050): a signed-in page carries its session and first data, the API's own
    // answers for this cookie, so it is never stored and differs per cookie.
    c.header('Cache-Control', 'no-store');
    c.header('Vary', 'Cookie');
    const cookie = c.req.header('cookie');
    if (!cookie) return c.html(html);
    const url = new URL(c.req.url);
    const headers = { cookie, accept: 'application/json', host: c.req.header('host') ?? url.host };
    const data = await firstPageData(c.req.path, url.search, async (apiPath) => {
      // Without the socket's env: the pipeline would read the page's own headers from it.
      const answer = await app.fetch(new Request(new URL(apiPath, url.origin), { headers }));
      if (answer.status !== 200 || !answer.headers.get('content-type')?.includes('application/json')) {
        return undefined;
      }
      return answer.json();
    });
    const script = firstPageDataScript(data);
    const head = html.indexOf('</head>');
    return c.html(head === -1 || !script ? html : `${html.slice(0, head)}${script}${html.slice(head)}`);
  });
}
