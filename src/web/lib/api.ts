import createClient from 'openapi-fetch';
import { apiErrorOf, isAbort, networkError } from './api-error';
import type { paths } from './api-schema';
import { dropFirstData, takeFirstData } from './first-data';

export { ApiError, type ApiErrorCode, AuthError, errorMessage, errorText } from './api-error';

/**
 * Our API, typed from the server's route declarations: paths, parameters, bodies and answers come
 * from `api-schema.ts`, generated from the app's OpenAPI document (decision 023), so a renamed
 * path, field or query parameter fails `npm run typecheck`. Same origin, with the session cookie,
 * JSON in and out (an upload passes `bodySerializer: formData`). Every call goes through `dataOf`.
 * better-auth's endpoints are not in here: `auth-api.ts`.
 */
export const api = createClient<paths>({
  credentials: 'include',
  headers: { Accept: 'application/json' },
  // Issue 31 (decision 050): the first GET of an answer the page's HTML carries is answered from it;
  // any change drops the answers not yet taken, which it may have made stale.
  fetch: (request) => {
    if (request.method !== 'GET') dropFirstData();
    else {
      const url = new URL(request.url);
      const first = takeFirstData(url.pathname + url.search);
      if (first) return Promise.resolve(first);
    }
    return globalThis.fetch(request);
  },
});

/** What a call through `api` resolves with: the data of a 2xx answer, or the parsed body of another. */
interface ApiResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * The data of a call through `api`. Rejects with an ApiError whose message is ready to show: the
 * server's text, else `fallbackMessage`, else the text of the code; NETWORK_ERROR without an answer.
 */
export async function dataOf<T>(
  request: Promise<ApiResult<T>>,
  { fallbackMessage }: { fallbackMessage?: string } = {},
): Promise<T> {
  let result: ApiResult<T>;
  try {
    result = await request;
  } catch (error) {
    if (isAbort(error)) throw error;
    throw networkError();
  }
  if (!result.response.ok) throw apiErrorOf(result.response.status, result.error, fallbackMessage);
  return result.data as T;
}

/** A multipart body (a photo upload) from its typed fields: `bodySerializer: formData`. */
export function formData(body: Record<string, string | Blob>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) form.set(name, value);
  return form;
}

/** The query parameters of a GET route. */
export type ApiQuery<P extends keyof paths> = NonNullable<
  NonNullable<paths[P]['get']>['parameters']['query']
>;

/** The JSON body of a route. */
export type ApiBody<P extends keyof paths, M extends 'post' | 'put' | 'patch' | 'delete'> =
  NonNullable<paths[P][M]> extends { requestBody?: { content: { 'application/json': infer Body } } }
    ? Body
    : never;

/**
 * A query a page keeps in its own address and passes on as it is: the names are the route's, the
 * values the address's text, which the server checks (a wrong one is its Dutch 400, shown as any
 * failed call). `addressQuery` hands it to `api`.
 */
export type AddressQuery<Query> = { [Name in keyof Query]?: string };

/**
 * The address's text where the route's parameters are typed: a query string carries only text,
 * and the server's zod schema parses numbers and flags out of it.
 */
export function addressQuery<Query>(query: AddressQuery<Query>): Query {
  return query as Query;
}
