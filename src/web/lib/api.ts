import { dutchFirst, MESSAGES } from '../../shared/messages';

/** Any failed call: the HTTP status (0 without an answer), the machine code and the text to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export interface ApiFetchInit extends RequestInit {
  /** Sent as a JSON body (sets Content-Type). */
  json?: unknown;
  /** Shown when a failed answer carries no error text of its own. */
  fallbackMessage?: string;
}

const CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'NOT_AUTHENTICATED',
  403: 'UNAUTHORIZED',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  429: 'TOO_MANY_REQUESTS',
};

function messageForStatus(status: number): string {
  switch (status) {
    case 400:
      return MESSAGES.badRequest;
    case 401:
      return MESSAGES.notAuthenticated;
    case 403:
      return MESSAGES.unauthorized;
    case 404:
      return MESSAGES.notFound;
    case 429:
      return MESSAGES.tooManyRequests;
    default:
      return MESSAGES.serverError;
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function stringField(body: unknown, key: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * Calls our API on the same origin with the session cookie and JSON. Resolves with the parsed
 * body (undefined when empty); rejects with an ApiError whose message is ready to show.
 */
export async function apiFetch<T>(path: string, init: ApiFetchInit = {}): Promise<T> {
  const { json, fallbackMessage, headers: initHeaders, ...rest } = init;
  const headers = new Headers(initHeaders);
  headers.set('Accept', 'application/json');
  let body = rest.body;
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(json);
  }

  let response: Response;
  try {
    response = await fetch(path, { ...rest, body, headers, credentials: 'include' });
  } catch (error) {
    if (rest.signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', MESSAGES.networkError);
  }

  const payload = await readBody(response);
  if (!response.ok) {
    const code = stringField(payload, 'code') ?? CODE_BY_STATUS[response.status] ?? 'INTERNAL';
    const message =
      stringField(payload, 'error') ??
      stringField(payload, 'message') ??
      fallbackMessage ??
      messageForStatus(response.status);
    throw new ApiError(response.status, code, message);
  }
  return payload as T;
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
