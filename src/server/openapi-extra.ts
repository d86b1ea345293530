import { z } from '@hono/zod-openapi';
import type { Auth } from './auth/auth';
import type { Logger } from './lib/logger';
import type { createRouter } from './lib/openapi';

/**
 * Routes that are not declared with zod-openapi: better-auth's endpoints (from its own
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
        Object.entries(schema.paths).map(([p, item]) => [`/api/auth${p}`, item]),
      );
    })
    .catch((error: Error) => {
      logger.error({ err: error.message.split('\n')[0] }, 'could not document the auth routes');
    });
}
