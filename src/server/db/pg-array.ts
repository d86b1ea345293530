/**
 * A list of texts as a PostgreSQL array literal (`{"a","b"}`), for a value cast with `::text[]`:
 * one parameter whatever the list's length, so a statement keeps one shape (decision 052).
 */
export const pgTextArray = (items: readonly string[]) =>
  `{${items.map((i) => `"${i.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
