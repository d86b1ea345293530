import { createRoute } from '@hono/zod-openapi';
import { healthResponseSchema } from '../../../shared/health';
import type { AppContext } from '../../context';
import { createRouter, errorContent } from '../../lib/openapi';
import { checkHealth } from './health.service';

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags: ['system'],
  summary: 'Is the server up, does the database answer, and does the job queue fetch work?',
  responses: {
    200: { content: { 'application/json': { schema: healthResponseSchema } }, description: 'Healthy' },
    503: errorContent(
      'The database does not answer (UNAVAILABLE), or the job queue does not (JOBS_UNAVAILABLE)',
    ),
  },
});

export function healthRoutes(ctx: AppContext) {
  return createRouter().openapi(healthRoute, async (c) => {
    const health = await checkHealth({ ctx });
    if (health === 'database') return c.json({ error: 'Database niet bereikbaar', code: 'UNAVAILABLE' }, 503);
    if (health === 'jobs')
      return c.json({ error: 'Takenwachtrij werkt niet', code: 'JOBS_UNAVAILABLE' }, 503);
    return c.json({ status: 'ok' as const }, 200);
  });
}
