import { createRoute, z } from '@hono/zod-openapi';
import { listOutboxQuerySchema, outboxMessageSchema } from '../../../shared/outbox';
import { type AppContext, requireActor } from '../../context';
import { authErrorResponses, createRouter, errorContent } from '../../lib/openapi';
import { listOutboxMessages, resendOutboxMessage } from './outbox.service';

const listRoute = createRoute({
  method: 'get',
  path: '/outbox',
  tags: ['outbox'],
  summary: 'Admins: the newest 200 outbox messages (without body), of one status when given',
  request: { query: listOutboxQuerySchema },
  responses: {
    200: {
      content: { 'application/json': { schema: z.object({ messages: z.array(outboxMessageSchema) }) } },
      description: 'Outbox messages, newest first',
    },
    400: errorContent('Unknown status'),
    ...authErrorResponses,
  },
});

const resendRoute = createRoute({
  method: 'post',
  path: '/outbox/{id}/resend',
  tags: ['outbox'],
  summary: 'Admins: put a message that gave up (failed) back in the queue, attempts reset',
  request: { params: z.object({ id: z.string().uuid() }) },
  responses: {
    200: {
      content: { 'application/json': { schema: z.object({ message: outboxMessageSchema }) } },
      description: 'The message, pending again and handed to delivery',
    },
    400: errorContent('Not a message id'),
    ...authErrorResponses,
    404: errorContent('No such message'),
    409: errorContent('The message has not failed (it is pending or sent)'),
  },
});

export function outboxRoutes(ctx: AppContext) {
  return createRouter()
    .openapi(listRoute, async (c) => {
      await requireActor(ctx, c, ['admin']);
      const messages = await listOutboxMessages({ ctx, status: c.req.valid('query').status });
      return c.json({ messages }, 200);
    })
    .openapi(resendRoute, async (c) => {
      await requireActor(ctx, c, ['admin']);
      const message = await resendOutboxMessage({ ctx, id: c.req.valid('param').id });
      return c.json({ message }, 200);
    });
}
