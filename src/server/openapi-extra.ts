import { z } from '@hono/zod-openapi';
import type { Auth } from './auth/auth';
import type { Logger } from './lib/logger';
import type { createRouter } from './lib/openapi';

/**
 * The better-auth endpoints Koppel uses (the web app, the e-mails' links, DESIGN.md's API
 * contract), with the methods they answer. better-auth describes every endpoint it has, also the
 * ones that are off here (social sign-in and account linking without providers, deleting a user,
 * changing the e-mail) or that nothing of ours calls (session lists, tokens), and a POST on
 * get-session that answers 405: those stay out of the document.
 */
export const DOCUMENTED_AUTH_OPERATIONS: Readonly<Record<string, readonly string[]>> = {
  '/sign-up/email': ['post'],
  '/sign-in/email': ['post'],
  '/sign-out': ['post'],
  '/get-session': ['get'],
  '/request-password-reset': ['post'],
  '/reset-password': ['post'],
  '/change-password': ['post'],
  '/verify-email': ['get'],
  '/send-verification-email': ['post'],
  '/update-user': ['post'],
  // Issue 17: two-factor login (setup and turning it off in the settings, the code at login).
  '/two-factor/enable': ['post'],
  '/two-factor/disable': ['post'],
  '/two-factor/verify-totp': ['post'],
  '/two-factor/verify-backup-code': ['post'],
};

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * Routes that are not declared with zod-openapi: better-auth's endpoints in use (from its own
 * generator, under /api/auth) and the docs page.
 */
export function documentExtraRoutes(app: ReturnType<typeof createRouter>, auth: Auth, logger: Logger) {
  const registry = app.openAPIRegistry;
  for (const path of ['/api/docs', '/api/docs/init.js', '/api/docs/{asset}']) {
    registry.registerPath({
      method: 'get',
      path,
      tags: ['system'],
      summary: 'The API documentation page and its assets (served locally)',
      ...(path.includes('{asset}') ? { request: { params: z.object({ asset: z.string() }) } } : {}),
      responses: { 200: { description: 'Page or asset' } },
    });
  }
  let authPaths: Record<string, unknown> | null = null;
  const originalGetDoc = app.getOpenAPI31Document.bind(app);
  app.getOpenAPI31Document = (...args: Parameters<typeof originalGetDoc>) => {
    const doc = originalGetDoc(...args);
    if (authPaths) doc.paths = { ...doc.paths, ...(authPaths as typeof doc.paths) };
    return doc;
  };
  return auth.api
    .generateOpenAPISchema()
    .then((schema: { paths: Record<string, unknown> }) => {
      authPaths = Object.fromEntries(
        Object.entries(schema.paths).flatMap(([p, item]) => {
          const methods = DOCUMENTED_AUTH_OPERATIONS[p];
          if (!methods) return [];
          // Path-level fields (parameters, summary) stay; operations only for the methods in use.
          const fields = Object.entries(item as Record<string, unknown>).filter(
            ([key]) => !HTTP_METHODS.includes(key) || methods.includes(key),
          );
          return [[`/api/auth${p}`, Object.fromEntries(fields)]];
        }),
      );
    })
    .catch((error: Error) => {
      logger.error({ err: error.message.split('\n')[0] }, 'could not document the auth routes');
    });
}
