/**
 * Issue 31: the session, asked for by the app's entry as its first act, before the app's code (the
 * vendor chunk, the router) has even loaded. The first `fetchMe` (lib/me.ts) takes this answer
 * instead of asking again; every later one asks anew.
 */
let early: Promise<Response> | undefined;

export const SESSION_PATH = '/api/session';

export function requestSessionEarly(): void {
  early = fetch(SESSION_PATH, { credentials: 'include', headers: { Accept: 'application/json' } });
  // Whoever takes it sees a failure; until then it is not an unhandled rejection.
  early.catch(() => {});
}

/** The early request's answer, once (undefined when there was none or it was taken). */
export function takeEarlySession(): Promise<Response> | undefined {
  const answer = early;
  early = undefined;
  return answer;
}
