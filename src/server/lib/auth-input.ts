import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { MESSAGES } from '../../shared/messages';
import { AppError } from './errors';

/**
 * Input better-auth takes but then fails on with a 500, refused with 400 before its handler:
 * - `update-user` takes any JSON object and writes `image` as given: an object or array fails in
 *   the driver.
 * - A callback URL that is neither absolute nor a path (`callbackURL=x`) makes the redirect after
 *   a failed e-mail verification throw. Whether a URL is trusted stays better-auth's check.
 */
// The name has the sign-up rules, checked in the auth library's own hook (auth/input-checks.ts).
const updateUserSchema = z.looseObject({
  image: z.string().max(2048).nullable().optional(),
});

const URL_FIELDS = ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL', 'redirectTo'];

/** A root-relative path or an absolute URL: what better-auth can redirect to. */
export function isRedirectTarget(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function refuse(issues: { path: string; message: string }[]): never {
  throw new AppError('BAD_REQUEST', issues[0]?.message, issues);
}

/** Mounted on /api/auth/*, before better-auth's handler. */
export function checkAuthInput(): MiddlewareHandler {
  return async (c, next) => {
    for (const field of URL_FIELDS) {
      const value = c.req.query(field);
      if (value && !isRedirectTarget(value)) refuse([{ path: field, message: MESSAGES.badRequest }]);
    }
    if (c.req.method === 'POST') {
      // A copy: better-auth reads the request itself.
      const body: unknown = await c.req.raw
        .clone()
        .json()
        .catch(() => undefined);
      const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
      for (const field of URL_FIELDS) {
        const value = fields[field];
        if (typeof value === 'string' && value && !isRedirectTarget(value)) {
          refuse([{ path: field, message: MESSAGES.badRequest }]);
        }
      }
      if (c.req.path === '/api/auth/update-user' && body !== undefined) {
        const result = updateUserSchema.safeParse(body);
        if (!result.success) {
          refuse(result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
        }
      }
    }
    await next();
  };
}
