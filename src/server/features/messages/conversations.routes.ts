import { createRoute } from '@hono/zod-openapi';
import { clientIdParamSchema } from '../../../shared/clients';
import {
  conversationResponseSchema,
  debriefListSchema,
  inboxResponseSchema,
  MESSAGE_TEXTS,
  sendMessageResponseSchema,
  sendMessageSchema,
  unreadCountSchema,
} from '../../../shared/conversations';
import { STAFF_ROLES } from '../../../shared/domain';
import { type AppContext, requireActor } from '../../context';
import { authErrorResponses, createRouter, errorContent, json } from '../../lib/openapi';
import {
  getClientConversation,
  getInbox,
  getMyConversation,
  listDebriefs,
  myUnreadCount,
  sendClientMessage,
  sendMyMessage,
  staffUnreadCount,
} from './conversations.service';

const tags = ['messages'];

const myConversationRoute = createRoute({
  method: 'get',
  path: '/me/conversation',
  tags,
  summary:
    "The client's conversation with their matchmaker, oldest first; opening it marks the matchmaker's messages read (read receipts)",
  responses: {
    200: { ...json(conversationResponseSchema), description: 'The conversation' },
    ...authErrorResponses,
  },
});

const sendMineRoute = createRoute({
  method: 'post',
  path: '/me/conversation/messages',
  tags,
  summary:
    'The client writes to their matchmaker (text only, at most 2000 characters); the first message after a debrief question is its answer',
  request: { body: { ...json(sendMessageSchema), required: true } },
  responses: {
    201: { ...json(sendMessageResponseSchema), description: 'The message as stored' },
    400: errorContent(MESSAGE_TEXTS.tooLong),
    ...authErrorResponses,
    409: errorContent(MESSAGE_TEXTS.noMatchmaker),
  },
});

const myUnreadRoute = createRoute({
  method: 'get',
  path: '/me/conversation/unread',
  tags,
  summary: "The client's unread messages (the navigation's badge)",
  responses: {
    200: { ...json(unreadCountSchema), description: 'Counts' },
    ...authErrorResponses,
  },
});

const clientConversationRoute = createRoute({
  method: 'get',
  path: '/matchmaker/clients/{clientId}/conversation',
  tags,
  summary:
    "A client's conversation: their own matchmaker (the client's messages are then marked read) or an admin, for quality and complaints (each reading recorded in the client's audit trail)",
  request: { params: clientIdParamSchema },
  responses: {
    200: { ...json(conversationResponseSchema), description: 'The conversation' },
    404: errorContent('Klant niet gevonden'),
    ...authErrorResponses,
  },
});

const sendToClientRoute = createRoute({
  method: 'post',
  path: '/matchmaker/clients/{clientId}/conversation/messages',
  tags,
  summary: "The client's own matchmaker writes to them (text only, at most 2000 characters)",
  request: { params: clientIdParamSchema, body: { ...json(sendMessageSchema), required: true } },
  responses: {
    201: { ...json(sendMessageResponseSchema), description: 'The message as stored' },
    400: errorContent(MESSAGE_TEXTS.tooLong),
    404: errorContent('Klant niet gevonden'),
    ...authErrorResponses,
  },
});

const debriefsRoute = createRoute({
  method: 'get',
  path: '/matchmaker/clients/{clientId}/debriefs',
  tags,
  summary: "Each held date's debrief question and the client's answer (their matchmaker and admins)",
  request: { params: clientIdParamSchema },
  responses: {
    200: { ...json(debriefListSchema), description: 'Newest first' },
    404: errorContent('Klant niet gevonden'),
    ...authErrorResponses,
  },
});

const inboxRoute = createRoute({
  method: 'get',
  path: '/matchmaker/conversations',
  tags,
  summary:
    "A matchmaker's conversations with their clients, whoever has waited longest for an answer first, with unread counts",
  responses: {
    200: { ...json(inboxResponseSchema), description: 'The inbox' },
    ...authErrorResponses,
  },
});

const staffUnreadRoute = createRoute({
  method: 'get',
  path: '/matchmaker/conversations/unread',
  tags,
  summary:
    "A matchmaker's unread client messages and the conversations waiting for an answer (0 for an admin)",
  responses: {
    200: { ...json(unreadCountSchema), description: 'Counts' },
    ...authErrorResponses,
  },
});

/** Issue 32: the conversation between each client and their matchmaker. */
export function conversationsRoutes(ctx: AppContext) {
  return createRouter()
    .openapi(myConversationRoute, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      return c.json({ conversation: await getMyConversation({ ctx, actor }) }, 200);
    })
    .openapi(sendMineRoute, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      const message = await sendMyMessage({ ctx, actor, body: c.req.valid('json').body });
      return c.json({ message }, 201);
    })
    .openapi(myUnreadRoute, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      return c.json(await myUnreadCount({ ctx, actor }), 200);
    })
    .openapi(clientConversationRoute, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      const { clientId } = c.req.valid('param');
      return c.json({ conversation: await getClientConversation({ ctx, actor, clientId }) }, 200);
    })
    .openapi(sendToClientRoute, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      const { clientId } = c.req.valid('param');
      const message = await sendClientMessage({ ctx, actor, clientId, body: c.req.valid('json').body });
      return c.json({ message }, 201);
    })
    .openapi(debriefsRoute, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      const { clientId } = c.req.valid('param');
      return c.json({ debriefs: await listDebriefs({ ctx, actor, clientId }) }, 200);
    })
    .openapi(inboxRoute, async (c) => {
      const actor = await requireActor(ctx, c, ['matchmaker']);
      return c.json(await getInbox({ ctx, actor }), 200);
    })
    .openapi(staffUnreadRoute, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      return c.json(await staffUnreadCount({ ctx, actor }), 200);
    });
}
