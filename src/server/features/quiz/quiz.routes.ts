import { createRoute, z } from '@hono/zod-openapi';
import { MESSAGES } from '../../../shared/messages';
import {
  latestQuizResultResponseSchema,
  quizAttemptSchema,
  quizResultSchema,
  quizStateResponseSchema,
  saveQuizAnswerSchema,
} from '../../../shared/quiz';
import { type AppContext, requireActor } from '../../context';
import { authErrorResponses, createRouter, errorContent, json } from '../../lib/openapi';
import {
  finishQuizAttempt,
  getQuizState,
  latestQuizResult,
  saveQuizAnswer,
  startQuizAttempt,
} from './quiz.service';

const attemptParams = z.object({
  id: z.uuid(MESSAGES.quizAttemptNotFound).openapi({ param: { name: 'id', in: 'path' } }),
});
const CLIENT_ONLY = ['client'] as const;

const stateRouteDef = createRoute({
  method: 'get',
  path: '/me/quiz',
  tags: ['quiz'],
  summary: "The client's attempt in progress (with its answers) and their finished attempts, newest first",
  responses: {
    200: { ...json(quizStateResponseSchema), description: 'The quiz state' },
    ...authErrorResponses,
  },
});

const latestRouteDef = createRoute({
  method: 'get',
  path: '/me/quiz/result',
  tags: ['quiz'],
  summary: "The client's latest bands, whether they finished the quiz and whether an attempt is open",
  responses: {
    200: { ...json(latestQuizResultResponseSchema), description: 'The latest result, or null' },
    ...authErrorResponses,
  },
});

const startRouteDef = createRoute({
  method: 'post',
  path: '/me/quiz/attempts',
  tags: ['quiz'],
  summary: 'Start the quiz (or a retake); the attempt in progress when there is one',
  responses: {
    200: { ...json(z.object({ attempt: quizAttemptSchema })), description: 'The attempt in progress' },
    201: { ...json(z.object({ attempt: quizAttemptSchema })), description: 'A new attempt' },
    ...authErrorResponses,
  },
});

const answerRouteDef = createRoute({
  method: 'put',
  path: '/me/quiz/attempts/{id}/answers',
  tags: ['quiz'],
  summary: 'Save one answer (1-5) of the attempt in progress; answering again changes it',
  request: { params: attemptParams, body: { ...json(saveQuizAnswerSchema), required: true } },
  responses: {
    200: {
      ...json(
        z.object({
          question_id: z.string(),
          value: z.number().int(),
          answered: z.number().int(),
          total: z.number().int(),
        }),
      ),
      description: 'The saved answer and how many of the statements are answered',
    },
    400: errorContent('Geen antwoord van 1 tot 5, of een onbekende uitspraak'),
    ...authErrorResponses,
    404: errorContent('Geen quizronde van jou'),
    409: errorContent('De quizronde is al afgerond'),
  },
});

const finishRouteDef = createRoute({
  method: 'post',
  path: '/me/quiz/attempts/{id}/finish',
  tags: ['quiz'],
  summary:
    'Finish the attempt: scores and bands, and trait suggestions (source quiz) for the matchmaker; again: the same result',
  request: { params: attemptParams },
  responses: {
    200: { ...json(z.object({ result: quizResultSchema })), description: 'The result' },
    400: errorContent('Ongeldige quizronde'),
    ...authErrorResponses,
    404: errorContent('Geen quizronde van jou'),
    409: errorContent('Nog niet alle uitspraken beantwoord'),
  },
});

export function quizRoutes(ctx: AppContext) {
  return createRouter()
    .openapi(stateRouteDef, async (c) => {
      const actor = await requireActor(ctx, c, CLIENT_ONLY);
      return c.json(await getQuizState({ ctx, actor }), 200);
    })
    .openapi(latestRouteDef, async (c) => {
      const actor = await requireActor(ctx, c, CLIENT_ONLY);
      return c.json(await latestQuizResult({ ctx, clientId: actor.user.id }), 200);
    })
    .openapi(startRouteDef, async (c) => {
      const actor = await requireActor(ctx, c, CLIENT_ONLY);
      const { attempt, created } = await startQuizAttempt({ ctx, actor });
      return created ? c.json({ attempt }, 201) : c.json({ attempt }, 200);
    })
    .openapi(answerRouteDef, async (c) => {
      const actor = await requireActor(ctx, c, CLIENT_ONLY);
      const saved = await saveQuizAnswer({
        ctx,
        actor,
        attempt_id: c.req.valid('param').id,
        input: c.req.valid('json'),
      });
      return c.json(saved, 200);
    })
    .openapi(finishRouteDef, async (c) => {
      const actor = await requireActor(ctx, c, CLIENT_ONLY);
      const result = await finishQuizAttempt({ ctx, actor, attempt_id: c.req.valid('param').id });
      return c.json({ result }, 200);
    });
}
