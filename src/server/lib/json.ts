import type { Context, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The JSON form of a value: Dates become ISO strings, as `JSON.stringify` would write them. */
export type Jsonify<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Jsonify<U>[]
    : T extends object
      ? { [K in keyof T]: Jsonify<T[K]> }
      : T;

export function jsonify<T>(value: T): Jsonify<T> {
  if (value === null || typeof value !== 'object') return value as Jsonify<T>;
  if (value instanceof Date) return value.toISOString() as Jsonify<T>;
  if (Array.isArray(value)) return value.map(jsonify) as Jsonify<T>;
  // Plain loops, no entry arrays: it runs over every row of every list (issue 19's profile).
  const out: Record<string, unknown> = {};
  const source = value as Record<string, unknown>;
  for (const key of Object.keys(source)) out[key] = jsonify(source[key]);
  return out as Jsonify<T>;
}

/**
 * Issue 31 (decision 043): JSON text written elsewhere (by PostgreSQL), branded with the value it
 * stands for, so a route can answer it as that value's JSON without parsing and re-serialising it.
 */
export type JsonText<T> = string & { readonly __json: T };

/** A `JsonText` answer as `c.json` would send its value (same content type), typed as that. */
export function jsonTextResponse<T, S extends ContentfulStatusCode>(
  c: Context,
  text: JsonText<T>,
  status: S,
): TypedResponse<T, S, 'json'> {
  return c.body(text, status, { 'content-type': 'application/json' }) as unknown as TypedResponse<
    T,
    S,
    'json'
  >;
}
