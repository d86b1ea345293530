import { createRoute } from '@hono/zod-openapi';
import { STAFF_ROLES } from '../../../shared/domain';
import {
  assignTaskSchema,
  purchasePromisesQuerySchema,
  purchasePromisesResponseSchema,
  staffTaskSchema,
  staffTasksResponseSchema,
  taskIdSchema,
} from '../../../shared/tasks';
import { type AppContext, requireActor } from '../../context';
import { authErrorResponses, createRouter, errorContent, json, z } from '../../lib/openapi';
import { assignTask, completeTask, listOpenTasks, purchasePromises } from './tasks.service';

const taskParams = z.object({ id: taskIdSchema });
const taskAnswer = { ...json(staffTaskSchema), description: 'The task' };

const listRoute = createRoute({
  method: 'get',
  path: '/tasks',
  tags: ['tasks'],
  summary:
    "Staff: the open tasks purchases promised (decision 032), soonest due first, with the overdue count. A matchmaker's own; an admin's: all, the unassigned queue first",
  responses: {
    200: { ...json(staffTasksResponseSchema), description: 'The open tasks' },
    ...authErrorResponses,
  },
});

const doneRoute = createRoute({
  method: 'post',
  path: '/tasks/{id}/done',
  tags: ['tasks'],
  summary: 'Staff: mark an open task done; only its assignee or an admin',
  request: { params: taskParams },
  responses: {
    200: taskAnswer,
    400: errorContent('Bad id'),
    ...authErrorResponses,
    404: errorContent('Not found, or not assigned to the caller'),
    409: errorContent('Already done'),
  },
});

const assignRoute = createRoute({
  method: 'put',
  path: '/tasks/{id}/assignee',
  tags: ['tasks'],
  summary: 'Admin: hand an open task (from the queue) to an active matchmaker, who is mailed',
  request: { params: taskParams, body: { ...json(assignTaskSchema), required: true } },
  responses: {
    200: taskAnswer,
    400: errorContent('Bad input'),
    ...authErrorResponses,
    404: errorContent('No such task or matchmaker'),
    409: errorContent('Already done, or the matchmaker is inactive'),
  },
});

const promisesRoute = createRoute({
  method: 'get',
  path: '/me/purchase-promises',
  tags: ['tasks'],
  summary:
    "Client: what /success may promise for the caller's own purchase, from the tasks it created, with the real due days (decision 032)",
  request: { query: purchasePromisesQuerySchema },
  responses: {
    200: { ...json(purchasePromisesResponseSchema), description: 'The promises' },
    400: errorContent('Bad input'),
    ...authErrorResponses,
    404: errorContent('Not a purchase of the caller'),
  },
});

export function tasksRoutes(ctx: AppContext) {
  return createRouter()
    .openapi(listRoute, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      return c.json(await listOpenTasks({ ctx, actor }), 200);
    })
    .openapi(doneRoute, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      return c.json(await completeTask({ ctx, actor, id: c.req.valid('param').id }), 200);
    })
    .openapi(assignRoute, async (c) => {
      const actor = await requireActor(ctx, c, ['admin']);
      const { assignee_id } = c.req.valid('json');
      return c.json(await assignTask({ ctx, actor, id: c.req.valid('param').id, assignee_id }), 200);
    })
    .openapi(promisesRoute, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      return c.json(await purchasePromises({ ctx, actor, sessionId: c.req.valid('query').session_id }), 200);
    });
}
