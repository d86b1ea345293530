import { describe, expect, it } from 'vitest';
import { AGE_OVERRIDE_MAX_YEARS } from '../../../shared/domain';
import { MAGIC_MATCH_WEIGHTS, scoreBand } from '../../../shared/magic-match';
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
  it('values: the same children wish, life view and relationship give all 30; yes against no gives friction', () => {
    const same = scoreCandidate(emma(), tom(), 0).parts.find((p) => p.part === 'values')!;
    expect(same.points).toBe(30);
    const other = scoreCandidate(emma(), tom({ wants_children: 'no' }), 0);
    expect(other.parts.find((p) => p.part === 'values')!.points).toBe(18);
    expect(other.friction).toContain('Kinderwens verschilt (Ja tegenover nee)');
  });
  it('traits: shared and complementary confirmed traits count; none confirmed gives 0 and says so', () => {
    const shared = scoreCandidate(
      emma({ traits: ['calm', 'caring'] }),
      tom({ traits: ['calm', 'caring'] }),
      0,
    );
    expect(shared.parts.find((p) => p.part === 'traits')!.points).toBe(14);
    const complement = scoreCandidate(emma({ traits: ['organised'] }), tom({ traits: ['spontaneous'] }), 0);
    expect(complement.parts.find((p) => p.part === 'traits')!.points).toBe(4);
    expect(complement.parts.find((p) => p.part === 'traits')!.explanation).toBe(
      'Eigenschappen: 0 gedeeld, 1 aanvullend',
    );
    const none = scoreCandidate(emma(), tom({ traits: [] }), 0).parts.find((p) => p.part === 'traits')!;
    expect(none).toMatchObject({
      points: 0,
      explanation: 'De kandidaat heeft nog geen bevestigde eigenschappen',
    });
    const clash = scoreCandidate(
      emma({ traits: ['wants_children'] }),
      tom({ traits: ['no_children_wish'] }),
      0,
    );
    expect(clash.friction).toContain('Eigenschappen botsen: kinderwens tegenover geen kinderwens');
  });
  it('quiz: identical scores give 15, far apart 0, missing 0', () => {
    expect(
      scoreCandidate(emma({ quiz }), tom({ quiz }), 0).parts.find((p) => p.part === 'quiz')!.points,
    ).toBe(15);
    const far = Object.fromEntries(
      Object.entries(quiz).map(([k, v]) => [k, v > 50 ? 0 : 100]),
    ) as typeof quiz;
    expect(
      scoreCandidate(emma({ quiz }), tom({ quiz: far }), 0).parts.find((p) => p.part === 'quiz')!.points,
    ).toBe(0);
    expect(scoreCandidate(emma({ quiz }), tom(), 0).parts.find((p) => p.part === 'quiz')!.points).toBe(0);
  });
  it('interests: 5 points per shared interest up to 15', () => {
    const i = (a: string[], b: string[]) =>
      scoreCandidate(emma({ interests: a }), tom({ interests: b }), 0).parts.find(
        (p) => p.part === 'interests',
      )!.points;
    expect(i(['wandelen'], ['koken'])).toBe(0);
    expect(i(['wandelen', 'koken'], ['koken'])).toBe(5);
    expect(i(['a', 'b', 'c', 'd'], ['a', 'b', 'c', 'd'])).toBe(15);
  });
  it('distance: full at 0 km, less further away, friction past the wished maximum, 0 when unknown', () => {
    const d = (km: number | null) => scoreCandidate(emma(), tom(), km);
    expect(d(0).parts.find((p) => p.part === 'distance')!.points).toBe(10);
    expect(d(30).parts.find((p) => p.part === 'distance')!.points).toBe(5);
    expect(d(70).friction).toContain('Woont verder dan de gewenste 40 km (70 km)');
    expect(d(null).parts.find((p) => p.part === 'distance')!.points).toBe(0);
  });
  it('age: the middle of both ranges scores highest, a candidate reached only by widening scores 0 on that side', () => {
    const mid = scoreCandidate(emma(), tom({ age: 37, age_min: 30, age_max: 42 }), 0).parts.find(
      (p) => p.part === 'age',
    )!;
    expect(mid.points).toBe(5);
    const widened = scoreCandidate(emma(), tom({ age: 44 }), 0, { ...NO_ADJUSTMENTS, extra_age: 2 });
    expect(widened.friction).toContain('Leeftijd 44 valt buiten het gezochte bereik 32-42');
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
  it('bands: Uitstekend from 75, Goed from 55, else Redelijk', () => {
    expect([scoreBand(75).label, scoreBand(74).label, scoreBand(55).label, scoreBand(54).label]).toEqual([
      'Uitstekend',
      'Goed',
      'Goed',
      'Redelijk',
    ]);
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
