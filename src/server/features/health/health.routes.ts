import { createRoute } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { healthResponseSchema } from '../../../shared/api';
import type { Deps } from '../../lib/context';
import { createRouter, errorContent } from '../../lib/openapi';

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

/** A load balancer asks often and waits briefly: a database that hangs counts as down. */
const HEALTH_TIMEOUT_MS = 2_000;

/** Whether `select 1` answers in time; the query is abandoned (not cancelled) after the timeout. */
async function databaseAnswers(deps: Deps): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS);
  });
  const query = deps.db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(deps: Deps) {
  return createRouter().openapi(healthRoute, async (c) => {
    if (!(await databaseAnswers(deps))) {
      return c.json({ error: 'Database niet bereikbaar', code: 'UNAVAILABLE' }, 503);
    }
    return c.json({ status: 'ok' as const }, 200);
  });
}
