import { dropFirstData } from './first-data';

/**
 * The one way the web POSTs to better-auth (`/api/auth/*`): same origin, JSON, the session cookie.
 * Its own module, without the error texts, so the login and sign-up pages' small script
 * (`auth-entry.ts`) can use it too; `authPost` (lib/auth-api.ts) reads the answer for the app.
 */
export function fetchAuth(path: string, body: unknown): Promise<Response> {
  // A change may make the answers a signed-in page came with stale (lib/first-data.ts).
  dropFirstData();
  return fetch(`/api/auth${path}`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'include',
  });
}
