// Issue 31: magic match's ranking statement is compiled once per set of what it reads (the client,
// the adjustments, the day, the cut), and again when any of them differs.

import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { topCandidatesCompiled, topCandidatesQuery } from './candidate-query';
import { type MatchPerson, NO_ADJUSTMENTS } from './engine';

describe('topCandidatesCompiled', () => {
  const emma: MatchPerson = {
    id: 'client-emma',
    gender: 'female',
    age: 34,
    seeking_genders: ['male'],
    age_min: 30,
    age_max: 42,
    max_distance_km: 40,
    dealbreakers: ['smoking'],
    smoking: 'never',
    wants_children: 'yes',
    religion: null,
    relationship_sought: 'long_term',
    interests: ['hiking', 'cooking'],
    traits: ['curious'],
    quiz: null,
    postcode: 9000,
    languages: ['nl', 'en'],
  };
  const now = new Date('2026-11-29T10:00:00Z');
  const cut = { limit: 301 };

  it('is the statement topCandidatesQuery builds, kept for the same inputs', () => {
    const compiled = topCandidatesCompiled(emma, NO_ADJUSTMENTS, now, cut);
    const built = topCandidatesQuery(emma, NO_ADJUSTMENTS, now, cut);
    const { sql: text, params } = new PgDialect().sqlToQuery(built);
    expect(compiled.sql).toBe(text);
    expect(compiled.params).toEqual(params);
    // A copy of the same client later the same day: the same compiled statement.
    expect(topCandidatesCompiled({ ...emma }, NO_ADJUSTMENTS, new Date('2026-11-29T21:00:00Z'), cut)).toBe(
      compiled,
    );
  });

  it('is compiled again when anything it reads differs', () => {
    const compiled = topCandidatesCompiled(emma, NO_ADJUSTMENTS, now, cut);
    const variants = [
      topCandidatesCompiled({ ...emma, traits: ['curious', 'calm'] }, NO_ADJUSTMENTS, now, cut),
      topCandidatesCompiled({ ...emma, postcode: 2000 }, NO_ADJUSTMENTS, now, cut),
      topCandidatesCompiled(emma, { ...NO_ADJUSTMENTS, extra_age: 5 }, now, cut),
      topCandidatesCompiled(emma, { ...NO_ADJUSTMENTS, ignore: ['distance'] }, now, cut),
      topCandidatesCompiled(emma, NO_ADJUSTMENTS, new Date('2026-11-30T10:00:00Z'), cut),
      topCandidatesCompiled(emma, NO_ADJUSTMENTS, now, { atLeast: 12.5 }),
    ];
    for (const variant of variants) {
      expect(variant).not.toBe(compiled);
      expect([variant.sql, variant.params]).not.toEqual([compiled.sql, compiled.params]);
    }
  });
});
