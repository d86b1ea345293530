import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * Issue 31: the cheap ways to read a request's headers and to add to an answer's, under
 * @hono/node-server. Its Request and Response are light: they build the Fetch `Headers` (every
 * name and value checked, sorted when read) only when asked for them, and asking cost about a
 * fifth of the health route. Through the real server these read Node's parsed headers and write
 * into the answer's plain header object; in-process (tests) they fall back to the Fetch objects.
 */

/** A request header (`name` in lower case), from Node's request when there is one. */
export function requestHeader(c: Context, name: string): string | undefined {
  const headers = (c.env as { incoming?: Partial<IncomingMessage> } | undefined)?.incoming?.headers;
  if (!headers) return c.req.header(name);
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** node-server keeps a light Response's `[status, body, headers]` under a private symbol. */
type LightCache = [number, unknown, unknown];
let cacheSymbol: symbol | undefined;

/** The light Response's `[status, body, headers]`, or undefined for a full Fetch Response. */
export function lightCache(res: Response): LightCache | undefined {
  if (!cacheSymbol) {
    cacheSymbol = Object.getOwnPropertySymbols(res).find((symbol) => symbol.description === 'cache');
    if (!cacheSymbol) return undefined;
  }
  return (res as unknown as Record<symbol, LightCache | undefined>)[cacheSymbol];
}

/**
 * The answer's headers while they are still a plain object (what `c.json` gives: its
 * `Content-Type` alone), to add to without building `Headers`; undefined otherwise. Its names are
 * put in lower case first, so a name we add cannot go out twice in two spellings.
 */
export function plainHeadersOf(res: Response): Record<string, string> | undefined {
  const headers = lightCache(res)?.[2];
  if (!headers || typeof headers !== 'object' || headers instanceof Headers || Array.isArray(headers)) {
    return undefined;
  }
  const plain = headers as Record<string, unknown>;
  for (const name in plain) {
    if (typeof plain[name] !== 'string') return undefined;
    const lower = name.toLowerCase();
    if (lower === name) continue;
    if (lower in plain) return undefined;
    plain[lower] = plain[name];
    delete plain[name];
  }
  return plain as Record<string, string>;
}
