import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { STAFF_ROLES } from '../../../shared/domain';
import {
  feedbackRequestListSchema,
  listMatchmakerFeedbackQuerySchema,
  staffMatchmakerFeedbackListSchema,
  submitMatchmakerFeedbackResponseSchema,
  submitMatchmakerFeedbackSchema,
} from '../../../shared/feedback';
import { MESSAGES } from '../../../shared/messages';
import { type AppContext, requireActor } from '../../context';
import { AppError } from '../../lib/errors';
import { authErrorResponses, createRouter, errorContent, json } from '../../lib/openapi';
import { listMatchmakerFeedback, listMyFeedbackRequests, submitMatchmakerFeedback } from './feedback.service';

const myRequestsRoute = createRoute({
  method: 'get',
  path: '/me/feedback-requests',
  tags: ['feedback'],
  summary:
    "The client's pending feedback requests about their matchmaker, newest first, with the matchmaker's name",
  responses: {
    200: { ...json(feedbackRequestListSchema), description: 'Pending requests' },
    ...authErrorResponses,
  },
});

const submitRoute = createRoute({
  method: 'post',
  path: '/matchmaker-feedback',
  tags: ['feedback'],
  summary:
    "Feedback on the client's own matchmaker, answering one of their pending requests, once: stored for the previous 3 months up to now, and the request completed, in one transaction",
  request: { body: { ...json(submitMatchmakerFeedbackSchema), required: true } },
  responses: {
    201: { ...json(submitMatchmakerFeedbackResponseSchema), description: 'The stored feedback' },
    400: errorContent(MESSAGES.overallSatisfactionRequired),
    ...authErrorResponses,
    404: errorContent('Geen feedbackverzoek van jou'),
    409: errorContent('Al gegeven, of het verzoek is verlopen'),
  },
});

const staffListRoute = createRoute({
  method: 'get',
  path: '/matchmaker-feedback',
  tags: ['feedback'],
  summary:
    "Matchmaker feedback: a matchmaker's own (an anonymous entry without any client reference), an admin's all or one matchmaker's, with the client",
  request: { query: listMatchmakerFeedbackQuerySchema },
  responses: {
    200: { ...json(staffMatchmakerFeedbackListSchema), description: 'Feedback, newest first' },
    400: errorContent('Ongeldige filter'),
    ...authErrorResponses,
  },
});

/** Feedback needs a signed-in user, with the spec's own text (section 5). */
async function requireFeedbackActor(ctx: AppContext, c: Context, roles: Parameters<typeof requireActor>[2]) {
  try {
    return await requireActor(ctx, c, roles);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_AUTHENTICATED') {
      throw new AppError('NOT_AUTHENTICATED', MESSAGES.notLoggedInForFeedback);
    }
    throw error;
  }
}

export function feedbackRoutes(ctx: AppContext) {
  return createRouter()
    .openapi(myRequestsRoute, async (c) => {
      const actor = await requireFeedbackActor(ctx, c, ['client']);
      return c.json({ requests: await listMyFeedbackRequests({ ctx, actor }) }, 200);
    })
    .openapi(submitRoute, async (c) => {
      const actor = await requireFeedbackActor(ctx, c, ['client']);
      const feedback = await submitMatchmakerFeedback({ ctx, actor, input: c.req.valid('json') });
      return c.json({ feedback }, 201);
    })
    .openapi(staffListRoute, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      const feedback = await listMatchmakerFeedback({ ctx, actor, filters: c.req.valid('query') });
      return c.json({ feedback }, 200);
    });
}
