import {
  codeForStatus,
  dutchFirst,
  ERRORS,
  type ErrorCode,
  isErrorCode,
  MESSAGES,
} from '../../shared/messages';

/** The code of a failed call: one of the API's (`ERRORS`), or NETWORK_ERROR when no answer came. */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR';

/** Any failed call: the HTTP status (0 without an answer), the machine code and the text to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;

  constructor(status: number, code: ApiErrorCode, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/**
 * A refusal of better-auth (`/api/auth/*`). Its own code (`INVALID_PASSWORD`, `EMAIL_NOT_VERIFIED`)
 * is better-auth's vocabulary, not one of ours, so it stays beside `code` as `authCode`.
 */
export class AuthError extends ApiError {
  readonly authCode: string | undefined;

  constructor(status: number, code: ApiErrorCode, message: string, authCode: string | undefined) {
    super(status, code, message);
    this.name = 'AuthError';
    this.authCode = authCode;
  }
}

export function stringField(body: unknown, key: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * The ApiError of a non-2xx answer (`{ error, code }`): its code when it is one of ours, else the
 * code of its status; its own text, else the caller's fallback, else the text of the code.
 */
export function apiErrorOf(status: number, body: unknown, fallbackMessage?: string): ApiError {
  const bodyCode = stringField(body, 'code');
  const code = isErrorCode(bodyCode) ? bodyCode : codeForStatus(status);
  const message =
    stringField(body, 'error') ?? stringField(body, 'message') ?? fallbackMessage ?? ERRORS[code].message;
  return new ApiError(status, code, message);
}

/** No answer at all: the connection failed. */
export function networkError(): ApiError {
  return new ApiError(0, 'NETWORK_ERROR', MESSAGES.networkError);
}

/** A cancelled request (TanStack Query aborts the signal of a query it no longer needs): not a failure to show. */
export function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** The error's own text, as the API or the spec wrote it (possibly one of the spec's English texts). */
export function errorText(error: unknown, fallback: string = MESSAGES.serverError): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}

/** The text to show a person for any thrown value: always Dutch (`ErrorText` adds the detail). */
export function errorMessage(error: unknown, fallback: string = MESSAGES.serverError): string {
  return dutchFirst(errorText(error, fallback)).text;
}
