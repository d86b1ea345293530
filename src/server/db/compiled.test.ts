// Issue 31: statements compiled once per set of inputs (recentlyCompiled).
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { listValues, placeholderList, recentlyCompiled } from './compiled';

describe('recentlyCompiled', () => {
  it('compiles a key once and drops the least recently used key beyond its size', () => {
    const compiled = recentlyCompiled(2);
    const builds: string[] = [];
    const build = (key: string) => () => {
      builds.push(key);
      return sql`SELECT ${key}::text AS key`;
    };
    const first = compiled('a', build('a'));
    expect(compiled('a', build('a'))).toBe(first);
    expect(first.params).toEqual(['a']);
    compiled('b', build('b'));
    compiled('a', build('a')); // a is now the most recently used
    compiled('c', build('c')); // drops b, not a
    expect(compiled('a', build('a'))).toBe(first);
    compiled('b', build('b'));
    expect(builds).toEqual(['a', 'b', 'c', 'b']);
  });
});

describe('placeholderList', () => {
  it('writes one placeholder per item, filled by listValues in order', () => {
    const ids = ['b', 'a', 'c'];
    const query = new PgDialect().sqlToQuery(sql`SELECT ${placeholderList('id', ids.length)}`);
    expect(query.sql).toBe('SELECT $1, $2, $3');
    expect(listValues('id', ids)).toEqual({ id0: 'b', id1: 'a', id2: 'c' });
  });
});
