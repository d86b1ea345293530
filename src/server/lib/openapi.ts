import { OpenAPIHono, z } from '@hono/zod-openapi';
import { errorResponseSchema } from '../../shared/errors';
import { AppError } from './errors';

/** What each request carries beside its input: the id of its log line. */
export type AppEnv = { Variables: { requestId: string } };

/** A router whose invalid requests become `400 { error, code: 'BAD_REQUEST', issues }`. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
        throw new AppError('BAD_REQUEST', issues[0]?.message, issues);
      }
    },
  });
}

/** A JSON body or answer of `schema`, as `createRoute` declares one. */
export const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } } });

export const errorContent = (description: string) => ({ ...json(errorResponseSchema), description });

/** The error answers every signed-in route can give. */
export const authErrorResponses = {
  401: errorContent('Niet ingelogd (User not authenticated)'),
  403: errorContent('Geen toegang (Unauthorized access)'),
} as const;

export { z };
