import createClient from 'openapi-fetch';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERRORS, MESSAGES } from '../../shared/messages';
import { ApiError, AuthError, dataOf, errorMessage, formData } from './api';
import type { paths } from './api-schema';
import { authPost } from './auth-api';

/**
 * The web's API client against answers as the network gives them: each test's `fetch` answers
 * like the server would (the network boundary), and the real openapi-fetch builds and reads them.
 */
function clientAnswering(answer: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const client = createClient<paths>({
    baseUrl: 'http://koppel.test',
    fetch: async (request: Request) => {
      requests.push(request);
      return answer(request);
    },
  });
  return { client, requests };
}

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
}

describe('dataOf: a call through the typed client', () => {
  it('resolves with the data of a 2xx answer, and undefined for a 204', async () => {
    const { client, requests } = clientAnswering(() => json({ status: 'ok' }, 200));
    expect(await dataOf(client.GET('/api/health'))).toEqual({ status: 'ok' });
    expect(requests[0]?.url).toBe('http://koppel.test/api/health');

    const empty = clientAnswering(() => new Response(null, { status: 204 }));
    expect(
      await dataOf(empty.client.DELETE('/api/me/photos/{id}', { params: { path: { id: 'a/b' } } })),
    ).toBe(undefined);
    expect(empty.requests[0]?.url).toBe('http://koppel.test/api/me/photos/a%2Fb');
  });

  it("turns a refusal into an ApiError with the server's code, status and text", async () => {
    const { client } = clientAnswering(() =>
      json({ error: MESSAGES.duplicateMatch, code: 'DUPLICATE_MATCH' }, 409),
    );
    const error = await failure(
      dataOf(client.POST('/api/matches', { body: { client1_id: 'a', client2_id: 'b' } }), {
        fallbackMessage: 'niet gebruikt',
      }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'DUPLICATE_MATCH', message: MESSAGES.duplicateMatch });
  });

  it("gives a code that is not ours the code of the status, and keeps the answer's text", async () => {
    const { client } = clientAnswering(() => json({ error: 'Weg', code: 'SOMETHING_ELSE' }, 404));
    expect(
      await failure(dataOf(client.GET('/api/matchmakers/{slug}', { params: { path: { slug: 'x' } } }))),
    ).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Weg',
    });
  });

  it("shows the caller's fallback for an answer without text, else the text of the status's code", async () => {
    const proxy = () => new Response('<html>Bad gateway</html>', { status: 502 });
    const { client } = clientAnswering(proxy);
    expect(
      await failure(dataOf(client.GET('/api/matches'), { fallbackMessage: 'Failed to fetch matches' })),
    ).toMatchObject({ status: 502, code: 'INTERNAL', message: 'Failed to fetch matches' });
    expect(await failure(dataOf(client.GET('/api/matches')))).toMatchObject({
      code: 'INTERNAL',
      message: ERRORS.INTERNAL.message,
    });
    const tooLarge = clientAnswering(() => new Response('', { status: 413 }));
    expect(await failure(dataOf(tooLarge.client.GET('/api/matches')))).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: MESSAGES.payloadTooLarge,
    });
  });

  it('reports a lost connection as NETWORK_ERROR (status 0) in Dutch, and lets a cancelled query go', async () => {
    const offline = clientAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await failure(dataOf(offline.client.GET('/api/matches')))).toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: MESSAGES.networkError,
    });

    const controller = new AbortController();
    const slow = clientAnswering(
      (request) =>
        new Promise((_, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason)),
        ),
    );
    const pending = failure(dataOf(slow.client.GET('/api/matches', { signal: controller.signal })));
    controller.abort();
    const cancelled = await pending;
    expect(cancelled).not.toBeInstanceOf(ApiError);
    expect(cancelled).toMatchObject({ name: 'AbortError' });
  });

  it('sends an upload as multipart with the file, and JSON bodies as JSON', async () => {
    const { client, requests } = clientAnswering(() => json({}, 201));
    const photo = new File(['jpeg bytes'], 'ik.jpg', { type: 'image/jpeg' });
    await dataOf(client.POST('/api/me/photos', { body: { photo }, bodySerializer: formData }));
    const upload = requests[0]!;
    expect(upload.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const sent = (await upload.formData()).get('photo');
    expect(sent).toBeInstanceOf(File);
    expect(await (sent as File).text()).toBe('jpeg bytes');

    await dataOf(client.PUT('/api/me/matchmaker', { body: { matchmaker_id: 'm1' } }));
    expect(requests[1]?.headers.get('content-type')).toBe('application/json');
    expect(await requests[1]?.json()).toEqual({ matchmaker_id: 'm1' });
  });
});

describe('authPost: better-auth, typed by hand', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("posts JSON with the cookie; a refusal keeps better-auth's code beside ours, with the server's text", async () => {
    const sent: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      // As the server answers it: better-auth's code, our Dutch text (`translateAuthError`).
      const text = MESSAGES.loginFailed;
      return json({ code: 'INVALID_EMAIL_OR_PASSWORD', message: text, error: text }, 401);
    });
    const error = await failure(authPost('/sign-in/email', { email: 'a@b.be', password: 'geheim1' }));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('/api/auth/sign-in/email');
    expect(sent[0]?.init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({ email: 'a@b.be', password: 'geheim1' });
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({
      status: 401,
      code: 'NOT_AUTHENTICATED',
      authCode: 'INVALID_EMAIL_OR_PASSWORD',
      message: MESSAGES.loginFailed,
    });
    expect(errorMessage(error)).toBe(MESSAGES.loginFailed);
  });
});
