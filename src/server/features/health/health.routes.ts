import { createRoute } from '@hono/zod-openapi';
import { healthResponseSchema } from '../../../shared/health';
import type { AppContext } from '../../context';
import { createRouter, errorContent } from '../../lib/openapi';
import { isDatabaseReachable } from './health.service';

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags: ['system'],
  summary: 'Is the server up and does the database answer?',
  responses: {
    200: { content: { 'application/json': { schema: healthResponseSchema } }, description: 'Healthy' },
    503: errorContent('The database does not answer'),
  },
});

export function healthRoutes(ctx: AppContext) {
  return createRouter().openapi(healthRoute, async (c) => {
    if (!(await isDatabaseReachable({ ctx }))) {
      return c.json({ error: 'Database niet bereikbaar', code: 'UNAVAILABLE' }, 503);
    }
    return c.json({ status: 'ok' as const }, 200);
  });
}
