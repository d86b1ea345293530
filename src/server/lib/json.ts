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
