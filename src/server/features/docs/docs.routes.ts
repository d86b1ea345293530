import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import type { AppContext } from '../../context';
import type { AppEnv } from '../../lib/openapi';

const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const PAGE = `<!doctype html><html lang="nl"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>API-documentatie | Koppel</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><main><h1 style="font-family:system-ui,sans-serif;margin:1rem">Koppel API</h1><div id="swagger-ui"></div></main>
<script src="/api/docs/swagger-ui-bundle.js"></script><script src="/api/docs/init.js"></script></body></html>`;
const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui' });`;

/** The OpenAPI docs page, served from the swagger-ui-dist package: no CDN. */
export function docsRoutes(_ctx: AppContext) {
  return new Hono<AppEnv>()
    .get('/docs', (c) => c.html(PAGE))
    .get('/docs/init.js', (c) => c.body(INIT, 200, { 'content-type': 'text/javascript; charset=utf-8' }))
    .get('/docs/:asset', async (c) => {
      const type = ASSETS[c.req.param('asset')];
      if (!type) return c.json({ error: 'Niet gevonden', code: 'NOT_FOUND' }, 404);
      const body = await readFile(join(swaggerDir, c.req.param('asset')));
      return c.body(body, 200, { 'content-type': type, 'cache-control': 'public, max-age=86400' });
    });
}
