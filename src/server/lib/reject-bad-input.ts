import type { Context } from 'hono';
import { MESSAGES } from '../../shared/messages';
import { AppError } from './errors';
import { requestHeader } from './light-response';

/**
 * Text PostgreSQL cannot take refuses the whole request with 400, before any handler (ours or
 * better-auth's) sends it to the database, where it would fail as error 22021 (a 500): a NUL
 * character, bytes that are not UTF-8, or half of a surrogate pair (which the drivers would
 * silently store as U+FFFD). Checked in the path, the query string, and JSON and form bodies.
 * JSON nested deeper than any of our requests is refused too: libraries walk it recursively.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/;
const FORM_TYPE = 'application/x-www-form-urlencoded';
const MULTIPART_TYPE = 'multipart/form-data';
/** Our requests nest 3 levels deep, Stripe's events about 6. */
export const MAX_JSON_DEPTH = 32;

const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Whether PostgreSQL can store this text as it is. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** `%XX` escapes decoded as UTF-8 bytes (as `decodeURIComponent`, but null where that would throw). */
export function decodePercentStrict(text: string): string | null {
  if (!text.includes('%')) return text;
  const parts = text.split(/(%[0-9a-fA-F]{2})/);
  const bytes = Buffer.concat(
    parts.map((part) =>
      /^%[0-9a-fA-F]{2}$/.test(part) ? Buffer.from([Number.parseInt(part.slice(1), 16)]) : Buffer.from(part),
    ),
  );
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

const isStorableEncoded = (text: string) => {
  const decoded = decodePercentStrict(text.replace(/\+/g, ' '));
  return decoded !== null && isStorableText(decoded);
};

/** Every string and key of a parsed JSON value is storable, and it nests at most MAX_JSON_DEPTH deep. */
export function isStorableJson(value: unknown): boolean {
  // Iterative: a deeply nested body must not overflow the stack here.
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [current, depth] = stack.pop()!;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return false;
    } else if (current && typeof current === 'object') {
      if (depth >= MAX_JSON_DEPTH) return false;
      for (const [key, child] of Object.entries(current)) {
        if (!isStorableText(key)) return false;
        stack.push([child, depth + 1]);
      }
    }
  }
  return true;
}

async function isStorableBody(bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<boolean> {
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  if (mediaType === MULTIPART_TYPE) {
    const form = await new Response(bytes, { headers: { 'content-type': contentType } })
      .formData()
      .catch(() => null);
    if (!form) return true; // Not readable as a form: the handler refuses it.
    for (const [name, value] of form) {
      if (!isStorableText(name) || (typeof value === 'string' && !isStorableText(value))) return false;
    }
    return true;
  }
  if (!JSON_TYPE.test(mediaType) && mediaType !== FORM_TYPE) return true;
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return false;
  }
  if (mediaType === FORM_TYPE) return text.split(/[&=]/).every(isStorableEncoded);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: the handler refuses it; only what would reach the database as text matters.
    return isStorableText(text);
  }
  return isStorableJson(parsed);
}

/**
 * Refuses (400) text PostgreSQL cannot take in the request's path, query string or body, for the
 * routes under /api: run by the request pipeline after the body size limit. The body is read once
 * here; the handlers (and better-auth) read this copy.
 */
export async function assertStorableInput(c: Context): Promise<void> {
  // The URL as sent (percent escapes intact), split without the cost of `new URL`.
  const url = c.req.url.split('#')[0]!;
  const queryAt = url.indexOf('?');
  const target = queryAt === -1 ? url : url.slice(0, queryAt);
  const pathname = target.slice(target.indexOf('/', target.indexOf('//') + 2));
  const search = queryAt === -1 ? '' : url.slice(queryAt + 1);
  if (!isStorableEncoded(pathname) || (search && !search.split(/[&=]/).every(isStorableEncoded))) {
    throw new AppError('BAD_REQUEST', MESSAGES.invalidCharacters);
  }
  if (BODILESS.has(c.req.method)) return;
  const contentType = requestHeader(c, 'content-type');
  // Reading `raw.body` builds the full Fetch Request: only for a method that carries a body.
  if (contentType && c.req.raw.body) {
    const bytes = new Uint8Array(await c.req.raw.arrayBuffer());
    c.req.raw = new Request(c.req.raw, { body: bytes });
    if (!(await isStorableBody(bytes, contentType))) {
      throw new AppError('BAD_REQUEST', MESSAGES.invalidCharacters);
    }
  }
}
