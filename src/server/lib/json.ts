/** The JSON form of a value: Dates become ISO strings, as `JSON.stringify` would write them. */
export type Jsonify<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Jsonify<U>[]
    : T extends object
      ? { [K in keyof T]: Jsonify<T[K]> }
      : T;

export function jsonify<T>(value: T): Jsonify<T> {
  if (value instanceof Date) return value.toISOString() as Jsonify<T>;
  if (Array.isArray(value)) return value.map(jsonify) as Jsonify<T>;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) out[key] = jsonify(v);
    return out as Jsonify<T>;
  }
  return value as Jsonify<T>;
}
