import { describe, expect, it } from 'vitest';
import { AGE_OVERRIDE_MAX_YEARS } from '../../../shared/domain';
import { FRICTION_PENALTY, MAGIC_MATCH_WEIGHTS, scoreBand } from '../../../shared/magic-match';
import { postcodeDistanceKm } from '../../../shared/postcode-zones';
import { profileRuleFailures } from '../matches/eligibility';
import { hardFilterFailures, type MatchPerson, NO_ADJUSTMENTS, scoreCandidate } from './engine';

const person = (overrides: Partial<MatchPerson> = {}): MatchPerson => ({
  id: 'x',
  gender: 'woman',
  age: 36,
  seeking_genders: ['man'],
  age_min: 32,
  age_max: 42,
  max_distance_km: 40,
  dealbreakers: [],
  smoking: 'no',
  wants_children: 'yes',
  religion: 'none',
  relationship_sought: 'long_term',
  interests: ['wandelen', 'koken'],
  traits: ['calm', 'caring'],
  quiz: null,
  postcode: 3000,
  ...overrides,
});
const emma = (o: Partial<MatchPerson> = {}) => person({ id: 'emma', ...o });
const tom = (o: Partial<MatchPerson> = {}) =>
  person({ id: 'tom', gender: 'man', age: 38, seeking_genders: ['woman'], age_min: 30, age_max: 40, ...o });

describe('hard filters, each in both directions', () => {
  it('a fitting pair passes every filter', () => {
    expect(hardFilterFailures(emma(), tom(), 0)).toEqual([]);
  });
  it('gender: the client must seek the candidate, and the candidate the client', () => {
    expect(hardFilterFailures(emma({ seeking_genders: ['woman'] }), tom(), 0)).toEqual(['gender_a_seeks_b']);
    expect(hardFilterFailures(emma(), tom({ seeking_genders: ['man'] }), 0)).toEqual(['gender_b_seeks_a']);
    expect(hardFilterFailures(emma(), tom({ gender: null }), 0)).toContain('gender_a_seeks_b');
    expect(hardFilterFailures(emma(), tom({ seeking_genders: [] }), 0)).toEqual(['gender_b_seeks_a']);
    expect(
      hardFilterFailures(emma({ seeking_genders: ['man', 'non_binary'] }), tom({ gender: 'non_binary' }), 0),
    ).toEqual([]);
  });
  it("age: the candidate within the client's range, and the client within the candidate's", () => {
    expect(hardFilterFailures(emma(), tom({ age: 43 }), 0)).toEqual(['age_b_in_range_of_a']);
    expect(hardFilterFailures(emma(), tom({ age: 31 }), 0)).toEqual(['age_b_in_range_of_a']);
    expect(hardFilterFailures(emma(), tom({ age: 42 }), 0)).toEqual([]);
    expect(hardFilterFailures(emma(), tom({ age: 32 }), 0)).toEqual([]);
    expect(hardFilterFailures(emma(), tom({ age_max: 35 }), 0)).toEqual(['age_a_in_range_of_b']);
    expect(hardFilterFailures(emma(), tom({ age_min: 37 }), 0)).toEqual(['age_a_in_range_of_b']);
    expect(hardFilterFailures(emma(), tom({ age_min: null, age_max: null }), 0)).toEqual([]);
  });
  it("widening the client's age range lets more in, but never the candidate's range", () => {
    expect(hardFilterFailures(emma(), tom({ age: 45 }), 0, { ...NO_ADJUSTMENTS, extra_age: 3 })).toEqual([]);
    expect(hardFilterFailures(emma(), tom({ age: 46 }), 0, { ...NO_ADJUSTMENTS, extra_age: 3 })).toEqual([
      'age_b_in_range_of_a',
    ]);
    expect(hardFilterFailures(emma(), tom({ age_max: 35 }), 0, { ...NO_ADJUSTMENTS, extra_age: 5 })).toEqual([
      'age_a_in_range_of_b',
    ]);
  });
  it('distance: only as a dealbreaker, on each side, and an unknown distance fails it', () => {
    expect(hardFilterFailures(emma(), tom(), 80)).toEqual([]);
    expect(hardFilterFailures(emma({ dealbreakers: ['distance'] }), tom(), 80)).toEqual([
      'distance_dealbreaker_a',
    ]);
    expect(hardFilterFailures(emma({ dealbreakers: ['distance'] }), tom(), 40)).toEqual([]);
    expect(hardFilterFailures(emma(), tom({ dealbreakers: ['distance'], max_distance_km: 30 }), 31)).toEqual([
      'distance_dealbreaker_b',
    ]);
    expect(hardFilterFailures(emma({ dealbreakers: ['distance'] }), tom(), null)).toEqual([
      'distance_dealbreaker_a',
    ]);
    expect(hardFilterFailures(emma(), tom({ dealbreakers: ['distance'] }), null)).toEqual([
      'distance_dealbreaker_b',
    ]);
  });
  it('smoking dealbreaker: the other on the same side, and answered', () => {
    expect(hardFilterFailures(emma({ dealbreakers: ['smoking'] }), tom({ smoking: 'sometimes' }), 0)).toEqual(
      ['smoking_dealbreaker_a'],
    );
    expect(hardFilterFailures(emma({ dealbreakers: ['smoking'] }), tom({ smoking: null }), 0)).toEqual([
      'smoking_dealbreaker_a',
    ]);
    expect(hardFilterFailures(emma({ smoking: 'yes' }), tom({ dealbreakers: ['smoking'] }), 0)).toEqual([
      'smoking_dealbreaker_b',
    ]);
    expect(
      hardFilterFailures(emma({ smoking: 'yes', dealbreakers: ['smoking'] }), tom({ smoking: 'yes' }), 0),
    ).toEqual([]);
    // Without the dealbreaker smoking is only friction.
    expect(hardFilterFailures(emma(), tom({ smoking: 'yes' }), 0)).toEqual([]);
  });
  it('children dealbreaker: not yes against no, and answered; maybe fits both', () => {
    expect(
      hardFilterFailures(emma({ dealbreakers: ['children'] }), tom({ wants_children: 'no' }), 0),
    ).toEqual(['children_dealbreaker_a']);
    expect(
      hardFilterFailures(emma({ dealbreakers: ['children'] }), tom({ wants_children: null }), 0),
    ).toEqual(['children_dealbreaker_a']);
    expect(
      hardFilterFailures(emma({ dealbreakers: ['children'] }), tom({ wants_children: 'maybe' }), 0),
    ).toEqual([]);
    expect(hardFilterFailures(emma(), tom({ wants_children: 'no', dealbreakers: ['children'] }), 0)).toEqual([
      'children_dealbreaker_b',
    ]);
    expect(
      hardFilterFailures(emma({ wants_children: null }), tom({ dealbreakers: ['children'] }), 0),
    ).toEqual(['children_dealbreaker_b']);
    expect(hardFilterFailures(emma(), tom({ wants_children: 'no' }), 0)).toEqual([]);
  });
  it('the age dealbreaker adds nothing to the filters (the range always is one) but blocks widening in the API', () => {
    expect(hardFilterFailures(emma({ dealbreakers: ['age'] }), tom(), 0)).toEqual([]);
  });
});

describe('the one eligibility rule behind the filters (decision 026)', () => {
  const rules = (a: MatchPerson, b: MatchPerson, km: number | null = 0) =>
    profileRuleFailures(a, b, km, NO_ADJUSTMENTS, { a: 'Emma', b: 'Tom' }).map((f) => ({
      rule: f.rule,
      overridable: f.overridable,
      filter: f.filter,
    }));
  it(`age: up to ${AGE_OVERRIDE_MAX_YEARS} years outside a range may be overridden, more not, and never a dealbreaker`, () => {
    expect(rules(emma(), tom({ age: 42 + AGE_OVERRIDE_MAX_YEARS }))).toEqual([
      { rule: 'age_range', overridable: true, filter: 'age_b_in_range_of_a' },
    ]);
    expect(rules(emma(), tom({ age: 43 + AGE_OVERRIDE_MAX_YEARS }))).toEqual([
      { rule: 'age_range', overridable: false, filter: 'age_b_in_range_of_a' },
    ]);
    expect(rules(emma({ dealbreakers: ['age'] }), tom({ age: 43 }))).toEqual([
      { rule: 'age_dealbreaker', overridable: false, filter: 'age_b_in_range_of_a' },
    ]);
    expect(rules(emma({ age: null }), tom())).toEqual([
      { rule: 'age_range', overridable: false, filter: 'age_a_in_range_of_b' },
    ]);
  });
  it('distance: beyond a maximum that is no dealbreaker may be overridden, and magic match only scores it', () => {
    const near = tom({ max_distance_km: null });
    expect(rules(emma(), near, 80)).toEqual([{ rule: 'distance', overridable: true, filter: null }]);
    expect(hardFilterFailures(emma(), near, 80)).toEqual([]);
    expect(rules(emma(), near, null)).toEqual([]);
  });
  it('gender and dealbreakers: never overridable, and each is one of magic match filters', () => {
    const failures = profileRuleFailures(
      emma({ seeking_genders: ['woman'], dealbreakers: ['smoking', 'children'] }),
      tom({ smoking: 'yes', wants_children: 'no' }),
      0,
    );
    expect(failures.every((f) => !f.overridable && f.filter !== null)).toBe(true);
    expect(failures.map((f) => f.rule)).toEqual(['gender', 'smoking_dealbreaker', 'children_dealbreaker']);
  });
  it('names the clients and the rule in Dutch', () => {
    const [gender] = profileRuleFailures(emma(), tom({ seeking_genders: ['man'] }), 0, NO_ADJUSTMENTS, {
      a: 'Emma',
      b: 'Tom',
    });
    expect(gender!.message).toBe('Tom zoekt mannen en Emma is een vrouw.');
  });
});

describe('the score and its parts', () => {
  const quiz = {
    openness: 50,
    conscientiousness: 60,
    extraversion: 40,
    agreeableness: 70,
    emotional_stability: 55,
    closeness: 60,
    independence: 50,
    togetherness: 65,
  };
  it('adds up to 100 at most, with the weights of MATCHING.md as the maxima', () => {
    const result = scoreCandidate(emma({ quiz }), tom({ quiz }), 0);
    expect(Object.fromEntries(result.parts.map((p) => [p.part, p.max]))).toEqual(MAGIC_MATCH_WEIGHTS);
    expect(Object.values(MAGIC_MATCH_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
    expect(result.score).toBeLessThanOrEqual(100);
    expect(result.score).toBeGreaterThanOrEqual(75);
    expect(result.band.label).toBe('Uitstekend');
    expect(result.reasons).toHaveLength(3);
    expect(result.friction).toEqual([]);
  });
  const names = { a: 'Emma', b: 'Tom' };
  const part = (r: ReturnType<typeof scoreCandidate>, name: string) => r.parts.find((p) => p.part === name)!;
  /** The same pair searched from the other side. */
  const both = (x: MatchPerson, y: MatchPerson, km: number | null = 0) => [
    scoreCandidate(x, y, km, NO_ADJUSTMENTS, names),
    scoreCandidate(y, x, km, NO_ADJUSTMENTS, { a: names.b, b: names.a }),
  ];
  it('mutual: the pair scores the same from either side, as its weaker side', () => {
    const [ab, ba] = both(emma({ quiz }), tom({ max_distance_km: 10, wants_children: 'maybe' }), 30);
    expect(ab!.score).toBe(ba!.score);
    expect(ab!.score).toBe(Math.min(ab!.forA, ab!.forB));
    expect([ab!.forA, ab!.forB]).toEqual([ba!.forB, ba!.forA]);
  });
  it('children: yes against no is a life-goal friction of both wishes, either way round', () => {
    for (const [x, y] of [
      [emma(), tom({ wants_children: 'no' })],
      [emma({ wants_children: 'no' }), tom()],
    ] as const) {
      const [ab, ba] = both(x, y);
      expect(ab!.frictions.find((f) => f.text.includes('kinderen'))).toMatchObject({
        owner: 'both',
        weight: 'major',
      });
      expect(ab!.score).toBe(ba!.score);
      expect(ab!.score).toBeLessThan(scoreCandidate(emma(), tom(), 0).score - 25);
    }
    expect(
      scoreCandidate(emma(), tom({ wants_children: 'no' }), 0, NO_ADJUSTMENTS, names).friction,
    ).toContain('Emma wil kinderen, Tom niet');
  });
  it('children: yes against maybe is a lesser friction of the one who wants children, in either direction', () => {
    const r = scoreCandidate(emma(), tom({ wants_children: 'maybe' }), 0, NO_ADJUSTMENTS, names);
    expect(r.frictions).toContainEqual({
      text: 'Emma wil kinderen; Tom twijfelt',
      owner: 'a',
      weight: 'minor',
    });
    const back = scoreCandidate(emma({ wants_children: 'maybe' }), tom(), 0, NO_ADJUSTMENTS, names);
    expect(back.frictions).toContainEqual({
      text: 'Tom wil kinderen; Emma twijfelt',
      owner: 'b',
      weight: 'minor',
    });
    expect(r.score).toBe(back.score);
  });
  it('children had: against a wish for none costs that side, in either direction', () => {
    const noWish = { wants_children: 'no' };
    const r = scoreCandidate(emma(noWish), tom({ ...noWish, has_children: true }), 0, NO_ADJUSTMENTS, names);
    expect(r.frictions.map((f) => [f.owner, f.weight])).toContainEqual(['a', 'minor']);
    expect(r.forA).toBeLessThan(r.forB);
    const back = scoreCandidate(
      emma({ ...noWish, has_children: true }),
      tom(noWish),
      0,
      NO_ADJUSTMENTS,
      names,
    );
    expect(back.forB).toBeLessThan(back.forA);
  });
  it('relationship: a lasting wish against friendship first is the wish-holder’s life-goal friction', () => {
    const r = scoreCandidate(
      emma(),
      tom({ relationship_sought: 'friendship_first' }),
      0,
      NO_ADJUSTMENTS,
      names,
    );
    expect(r.frictions).toContainEqual({
      text: 'Emma zoekt een vaste relatie; Tom wil eerst vriendschap',
      owner: 'a',
      weight: 'major',
    });
    expect(r.forA).toBeLessThan(r.forB);
    const back = scoreCandidate(
      emma({ relationship_sought: 'friendship_first' }),
      tom(),
      0,
      NO_ADJUSTMENTS,
      names,
    );
    expect(back.frictions[0]).toMatchObject({ owner: 'b', weight: 'major' });
    expect(back.score).toBe(r.score);
  });
  it('smoking: a non-smoker with a smoker is the non-smoker’s friction, whichever side searches', () => {
    const r = scoreCandidate(emma(), tom({ smoking: 'yes' }), 0, NO_ADJUSTMENTS, names);
    expect(r.frictions).toContainEqual({ text: 'Emma rookt niet; Tom rookt', owner: 'a', weight: 'major' });
    const back = scoreCandidate(emma({ smoking: 'sometimes' }), tom(), 0, NO_ADJUSTMENTS, names);
    expect(back.frictions).toContainEqual({
      text: 'Tom rookt niet; Emma rookt soms',
      owner: 'b',
      weight: 'major',
    });
  });
  it('drinking: a non-drinker with someone who drinks gladly is a lesser friction, each way', () => {
    const r = scoreCandidate(emma({ drinking: 'no' }), tom({ drinking: 'yes' }), 0, NO_ADJUSTMENTS, names);
    expect(r.frictions).toContainEqual({
      text: 'Emma drinkt niet; Tom drinkt graag',
      owner: 'a',
      weight: 'minor',
    });
    const back = scoreCandidate(emma({ drinking: 'yes' }), tom({ drinking: 'no' }), 0, NO_ADJUSTMENTS, names);
    expect(back.frictions[0]).toMatchObject({ owner: 'b' });
  });
  it('religion: two different faiths are a friction of both; a shared "no religion" is never a reason', () => {
    const r = scoreCandidate(emma({ religion: 'christian' }), tom({ religion: 'muslim' }), 0);
    expect(r.frictions[0]).toMatchObject({ owner: 'both', weight: 'major' });
    const none = scoreCandidate(emma({ religion: 'none' }), tom({ religion: 'none' }), 0);
    expect(none.reasons.join(' ')).not.toMatch(/levensbeschouwing/);
    expect(part(none, 'values').points).toBe(30);
    const plain = { religion: 'christian', traits: [], interests: [] };
    const faith = scoreCandidate(emma(plain), tom(plain), 0);
    expect(faith.reasons).toContain('Delen hun levensbeschouwing (christelijk)');
  });
  it('education: close levels score fully, far apart less, the same both ways', () => {
    const e = (x: string, y: string) =>
      part(scoreCandidate(emma({ education: x }), tom({ education: y }), 0), 'lifestyle').points;
    expect(e('master', 'bachelor')).toBe(e('master', 'master'));
    expect(e('secondary', 'doctorate')).toBeLessThan(e('master', 'bachelor'));
    expect(e('secondary', 'doctorate')).toBe(e('doctorate', 'secondary'));
  });
  it('languages: a shared language scores; none shared (only by widening) is a friction of both', () => {
    const adj = { ...NO_ADJUSTMENTS, ignore: [] as never[] };
    const shared = scoreCandidate(emma({ languages: ['nl', 'fr'] }), tom({ languages: ['fr'] }), 0, adj);
    expect(part(shared, 'lifestyle').explanation).toContain('Frans');
    const none = scoreCandidate(
      emma({ languages: ['nl'] }),
      tom({ languages: ['fr'] }),
      0,
      NO_ADJUSTMENTS,
      names,
    );
    expect(none.frictions).toContainEqual({
      text: 'Emma en Tom spreken geen gemeenschappelijke taal',
      owner: 'both',
      weight: 'major',
    });
  });
  it('distance: each one’s own maximum counts, and the friction names whose wish it is', () => {
    const r = scoreCandidate(
      emma({ max_distance_km: 100 }),
      tom({ max_distance_km: 50 }),
      71,
      NO_ADJUSTMENTS,
      names,
    );
    expect(r.frictions).toEqual([
      { text: 'Tom wil iemand binnen 50 km; Emma woont op 71 km', owner: 'b', weight: 'major' },
    ]);
    expect(r.forB).toBeLessThan(r.forA);
    const back = scoreCandidate(
      emma({ max_distance_km: 50 }),
      tom({ max_distance_km: 100 }),
      71,
      NO_ADJUSTMENTS,
      names,
    );
    expect(back.frictions[0]).toMatchObject({
      owner: 'a',
      text: 'Emma wil iemand binnen 50 km; Tom woont op 71 km',
    });
    expect(back.score).toBe(r.score);
    expect(part(scoreCandidate(emma(), tom(), 0), 'distance').points).toBe(10);
  });
  it('age: the middle of both ranges scores highest; a candidate reached only by widening is a friction', () => {
    expect(part(scoreCandidate(emma(), tom({ age: 37, age_min: 30, age_max: 42 }), 0), 'age').points).toBe(5);
    const widened = scoreCandidate(emma(), tom({ age: 44 }), 0, { ...NO_ADJUSTMENTS, extra_age: 2 }, names);
    expect(widened.frictions[0]).toMatchObject({ owner: 'a', weight: 'major' });
    expect(widened.friction[0]).toBe('Emma zoekt iemand van 32 tot 42 jaar; Tom is 44 (verruimd)');
  });
  it('interests never outweigh a conflicting life goal', () => {
    const all = ['wandelen', 'koken', 'reizen', 'lezen', 'muziek', 'fietsen'];
    const conflicting = scoreCandidate(
      emma({ interests: all }),
      tom({ interests: all, relationship_sought: 'friendship_first' }),
      0,
    );
    const fitting = scoreCandidate(emma({ interests: all }), tom({ interests: [] }), 0);
    expect(fitting.score).toBeGreaterThan(conflicting.score);
    expect(MAGIC_MATCH_WEIGHTS.interests).toBeLessThan(FRICTION_PENALTY.major);
  });
  it('quiz: compared in the bands of the results page where both took it, half without', () => {
    expect(part(scoreCandidate(emma({ quiz }), tom({ quiz }), 0), 'quiz').points).toBe(15);
    const far = Object.fromEntries(
      Object.entries(quiz).map(([k, v]) => [k, v > 50 ? 0 : 100]),
    ) as typeof quiz;
    expect(part(scoreCandidate(emma({ quiz }), tom({ quiz: far }), 0), 'quiz').points).toBeLessThan(10);
    expect(part(scoreCandidate(emma({ quiz }), tom(), 0), 'quiz').points).toBe(7.5);
  });
  it('traits: shared and complementary confirmed traits count; a clash is a friction', () => {
    expect(part(scoreCandidate(emma(), tom(), 0), 'traits').points).toBe(12);
    const complement = scoreCandidate(emma({ traits: ['organised'] }), tom({ traits: ['spontaneous'] }), 0);
    expect(part(complement, 'traits').explanation).toBe('Eigenschappen: 0 gedeeld, 1 aanvullend');
    const clash = scoreCandidate(
      emma({ traits: ['wants_children'] }),
      tom({ traits: ['no_children_wish'] }),
      0,
    );
    expect(clash.friction).toContain('Eigenschappen botsen: kinderwens tegenover geen kinderwens');
  });
  it('the ranking pass (no explanation) scores exactly as the explained one', () => {
    const variants: Partial<MatchPerson>[] = [
      {},
      { wants_children: 'no', smoking: 'yes' },
      { relationship_sought: 'friendship_first', max_distance_km: 10, traits: ['no_children_wish'] },
      { drinking: 'yes', has_children: true, languages: ['fr'], quiz },
      { religion: 'muslim', education: 'secondary', interests: [] },
    ];
    for (const v of variants) {
      for (const km of [0, 35, 120, null]) {
        const full = scoreCandidate(emma({ drinking: 'no', languages: ['nl'], quiz }), tom(v), km);
        const fast = scoreCandidate(
          emma({ drinking: 'no', languages: ['nl'], quiz }),
          tom(v),
          km,
          NO_ADJUSTMENTS,
          undefined,
          false,
        );
        expect([fast.score, fast.forA, fast.forB, fast.band.band]).toEqual([
          full.score,
          full.forA,
          full.forB,
          full.band.band,
        ]);
      }
    }
  });
  it('ignoring a criterion takes it out of the score and the friction', () => {
    const base = scoreCandidate(emma(), tom({ wants_children: 'no', smoking: 'yes' }), 0);
    expect(base.friction).toHaveLength(2);
    const ignored = scoreCandidate(emma(), tom({ wants_children: 'no', smoking: 'yes' }), 0, {
      ...NO_ADJUSTMENTS,
      ignore: ['children', 'smoking'],
    });
    expect(ignored.friction).toEqual([]);
    expect(ignored.score).toBeGreaterThan(base.score);
  });
  it('bands: a score with life-goal frictions is held down; three frictions are never "Redelijk"', () => {
    expect([
      scoreBand(70).label,
      scoreBand(69).label,
      scoreBand(50).label,
      scoreBand(49).label,
      scoreBand(34).label,
    ]).toEqual(['Uitstekend', 'Goed', 'Goed', 'Redelijk', 'Zwak']);
    const bad = scoreCandidate(
      emma(),
      tom({ wants_children: 'no', smoking: 'yes', relationship_sought: 'friendship_first' }),
      0,
    );
    expect(bad.band.label).toBe('Zwak');
  });
});

describe('the language rule (one rule for proposals and magic match)', () => {
  it('fails when both named languages and share none, either way round; overridable; widened by ignore', () => {
    const nl = emma({ languages: ['nl'] });
    const fr = tom({ languages: ['fr', 'other'] });
    for (const [x, y] of [
      [nl, fr],
      [fr, nl],
    ] as const) {
      const failures = profileRuleFailures(x, y, 0);
      expect(failures).toMatchObject([{ rule: 'language', overridable: true, filter: 'language' }]);
      expect(hardFilterFailures(x, y, 0)).toEqual(['language']);
      expect(hardFilterFailures(x, y, 0, { ...NO_ADJUSTMENTS, ignore: ['language'] })).toEqual([]);
    }
    expect(hardFilterFailures(nl, tom({ languages: ['fr', 'nl'] }), 0)).toEqual([]);
    // Unknown ('other' only, or none named): nothing to judge.
    expect(hardFilterFailures(nl, tom({ languages: ['other'] }), 0)).toEqual([]);
    expect(hardFilterFailures(nl, tom({ languages: [] }), 0)).toEqual([]);
  });
});

describe('postcode distances', () => {
  it('are great-circle km between zone centroids, 0 in the same zone, null when unknown', () => {
    expect(postcodeDistanceKm(3000, 3001)).toBe(0);
    // Leuven - Brussel: about 25 km; Brussel - Antwerpen about 41; Oostende - Aarlen about 250.
    expect(postcodeDistanceKm(3000, 1000)).toBeGreaterThan(20);
    expect(postcodeDistanceKm(3000, 1000)).toBeLessThan(30);
    expect(postcodeDistanceKm(1000, 2000)).toBeGreaterThan(36);
    expect(postcodeDistanceKm(1000, 2000)).toBeLessThan(46);
    expect(postcodeDistanceKm(8400, 6700)).toBeGreaterThan(220);
    expect(postcodeDistanceKm(null, 1000)).toBeNull();
    expect(postcodeDistanceKm(999, 1000)).toBeNull();
  });
});
