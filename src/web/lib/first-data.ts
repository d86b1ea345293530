/**
 * Issue 31 (decision 050): a signed-in page's HTML carries the API's answers its first render needs
 * (server/lib/first-page-data.ts), keyed by path and query. The app's API client takes each one
 * instead of its first request for it; every later request asks the server.
 */
const FIRST_DATA_ID = 'koppel-first-data';

let answers: Map<string, unknown> | undefined;

function embedded(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const text = typeof document === 'undefined' ? null : document.getElementById(FIRST_DATA_ID)?.textContent;
  if (!text) return answers;
  try {
    for (const [key, value] of Object.entries(JSON.parse(text) as Record<string, unknown>))
      answers.set(key, value);
  } catch {
    // A broken block is as good as none: the app asks the API.
  }
  return answers;
}

/** Whether the page came with any answers at all (a signed-in page's first load). */
export function cameWithFirstData(): boolean {
  return embeddedCount() > 0;
}

let count: number | undefined;
function embeddedCount(): number {
  count ??= embedded().size;
  return count;
}

/** Whether the page came with an answer for this API path and query (not yet taken). */
export function hasFirstData(pathAndQuery: string): boolean {
  return embedded().has(pathAndQuery);
}

/**
 * How long after the page's start its answers are fresh enough to take: they are for the first
 * render, and an answer no render asked for by then is asked of the server when needed.
 */
const FIRST_DATA_FRESH_MS = 10_000;

/**
 * Drops every answer not taken yet: a change (any request but a GET) may make any of them stale, so
 * after it every read asks the server.
 */
export function dropFirstData(): void {
  embedded().clear();
}

/** The embedded answer for this API path and query as a Response, once; undefined otherwise. */
export function takeFirstData(pathAndQuery: string): Response | undefined {
  const store = embedded();
  if (store.size > 0 && performance.now() > FIRST_DATA_FRESH_MS) store.clear();
  if (!store.has(pathAndQuery)) return undefined;
  const body = store.get(pathAndQuery);
  store.delete(pathAndQuery);
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}
