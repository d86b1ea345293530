import { HTTPException } from 'hono/http-exception';
import { type ErrorCode, MESSAGES } from '../../shared/messages';
import { AppError } from './errors';

const CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'NOT_AUTHENTICATED',
  403: 'UNAUTHORIZED',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

/** The AppError of a status: its code, and the Dutch text of that code. */
export function appErrorForStatus(status: number, message?: string): AppError {
  if (status >= 500) return new AppError('INTERNAL', message);
  return new AppError(CODE_OF_STATUS[status] ?? 'BAD_REQUEST', message);
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
