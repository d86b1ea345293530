/**
 * A list of texts as a PostgreSQL array literal (`{"a","b"}`), for one value cast with `::text[]`
 * (magic match's candidate query and the score's ceiling both write the client's lists this way).
 */
export const pgTextArray = (items: readonly string[]) =>
  `{${items.map((i) => `"${i.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
