import { HTTPException } from 'hono/http-exception';
import { codeForStatus, MESSAGES } from '../../shared/messages';
import { AppError } from './errors';

/** The AppError of a status: the code a bare status stands for (`codeForStatus`), and its Dutch text. */
export function appErrorForStatus(status: number, message?: string): AppError {
  return new AppError(codeForStatus(status), message);
}

/**
 * Hono's own refusals (its validators throw `HTTPException` 400 for malformed JSON and 415 for a
 * body that is not JSON) as the AppError of their status, so they leave as `{ error, code }` like
 * every other refusal. Any other error, a 5xx HTTPException included, is returned unchanged.
 */
export function fromHttpException(error: Error): Error {
  if (!(error instanceof HTTPException) || error.status >= 500) return error;
  const isJsonError = error.status === 400 && /json/i.test(error.message);
  return appErrorForStatus(error.status, isJsonError ? MESSAGES.malformedJson : undefined);
}
