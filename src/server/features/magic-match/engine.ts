/**
 * Magic match's rules as plain functions (MATCHING.md "Magic match"): the hard filters and the
 * score with its explanation. The candidate query (magic-match.service.ts) applies the same hard
 * filters in SQL; the tests hold the two to each other on random data.
 */
import {
  DEFAULT_DISTANCE_KM,
  FRICTION_PENALTY,
  type FrictionWeight,
  type Ignorable,
  LIFESTYLE_WEIGHTS,
  MAGIC_MATCH_WEIGHTS,
  type MagicMatchAdjustments,
  SCORE_PART_LABELS,
  type ScorePart,
  type ScorePartResult,
  scoreBand,
  VALUE_WEIGHTS,
} from '../../../shared/magic-match';
import {
  interestLabel,
  LANGUAGE_LABELS,
  type Language,
  RELIGION_LABELS,
  type Religion,
} from '../../../shared/profile';
import { bandOf, QUIZ_DIMENSIONS, type QuizScores } from '../../../shared/quiz';
import { TRAIT_GROUP_OF, TRAIT_LABELS, type TraitKey } from '../../../shared/traits';
import {
  AGE_CEILING,
  AGE_FLOOR,
  childrenConflict,
  type HardFilter,
  isSmoker,
  type MatchPerson,
  type Names,
  NO_ADJUSTMENTS,
  profileRuleFailures,
  searchAgeRange,
  sharedLanguages,
} from '../matches/eligibility';

export type { HardFilter, MatchPerson };
export { AGE_CEILING, AGE_FLOOR, childrenConflict, isSmoker, NO_ADJUSTMENTS, searchAgeRange };

/**
 * The hard filters a candidate fails, seen from client `a` (empty: a candidate), both directions:
 * the profile part of the one eligibility rule (decision 026, `profileRuleFailures`) that magic
 * match filters on. Every rule there that cannot be overridden, and the age range even where a
 * proposal may override it with a reason (magic match widens a search instead); a distance beyond
 * a maximum that is no dealbreaker is only scored.
 */
export function hardFilterFailures(
  a: MatchPerson,
  b: MatchPerson,
  distanceKm: number | null,
  adj: MagicMatchAdjustments = NO_ADJUSTMENTS,
): HardFilter[] {
  return profileRuleFailures(a, b, distanceKm, adj).flatMap((f) => (f.filter ? [f.filter] : []));
}

// ---------------------------------------------------------------------------------------------
// The score (issue 28, decision 030): mutual. Every wish is scored from the side of the client who
// has it ("how well does the other fit what I want"); the pair is as good as its weaker side.

/** Pairs of traits that complete each other, and pairs that clash. */
export const COMPLEMENTARY_TRAITS: readonly [TraitKey, TraitKey][] = [
  ['organised', 'spontaneous'],
  ['calm', 'adventurous'],
  ['introverted', 'social'],
  ['caring', 'ambitious'],
];
export const CLASHING_TRAITS: readonly [TraitKey, TraitKey][] = [
  ['wants_children', 'no_children_wish'],
  ['smoker', 'non_smoker'],
  ['homebody', 'night_out'],
];
/** Traits that say nothing about fit when shared (the habits and facts). */
export const NOT_SHARED_VALUE: ReadonlySet<string> = new Set(['smoker', 'non_smoker', 'has_children']);

const label = (trait: string) => (TRAIT_LABELS as Record<string, string>)[trait] ?? trait;
const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const list = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} en ${items[items.length - 1]}`;
const NEUTRAL_NAMES: Names = { a: 'De klant', b: 'De kandidaat' };
/** A name in the middle of a sentence: first names as they are, the neutral words in lower case. */
const mid = (name: string) => (name === NEUTRAL_NAMES.a || name === NEUTRAL_NAMES.b ? lower(name) : name);

/** Whose wish a friction crosses: one side, or both (a conflict of two wishes). */
export type Owner = 'a' | 'b' | 'both';
export interface Friction {
  text: string;
  owner: Owner;
  weight: FrictionWeight;
}
interface Reason {
  text: string;
  weight: number;
}
/** One part, scored per side: `a` is how well b fits a's wishes, `b` the other way. */
interface Scored {
  points: { a: number; b: number };
  max: number;
  explanation: string;
  reasons: Reason[];
  friction: Friction[];
}
interface Side {
  key: 'a' | 'b';
  x: MatchPerson;
  y: MatchPerson;
  xName: string;
  yName: string;
}
const sidesOf = (a: MatchPerson, b: MatchPerson, names: Names): [Side, Side] => [
  { key: 'a', x: a, y: b, xName: names.a, yName: names.b },
  { key: 'b', x: b, y: a, xName: names.b, yName: names.a },
];
const symmetric = (points: number) => ({ a: points, b: points });
const lasting = (r: string) => r === 'long_term' || r === 'marriage';
export const EDUCATION_LEVEL: Record<string, number> = { secondary: 0, bachelor: 1, master: 2, doctorate: 3 };

/** A part made of criteria (values, lifestyle): the points got of those counted, scaled to its weight. */
function grouped(
  part: 'values' | 'lifestyle',
  t: {
    got: { a: number; b: number };
    possible: number;
    explained: string[];
    reasons: Reason[];
    friction: Friction[];
  },
  ex: boolean,
): Scored {
  const scale = t.possible === 0 ? 0 : MAGIC_MATCH_WEIGHTS[part] / t.possible;
  return {
    points: { a: t.got.a * scale, b: t.got.b * scale },
    max: t.possible === 0 ? 0 : MAGIC_MATCH_WEIGHTS[part],
    explanation: !ex
      ? ''
      : t.possible === 0
        ? 'Genegeerd in deze zoekopdracht'
        : list(t.explained).replace(/^./, (c) => c.toUpperCase()),
    reasons: t.reasons,
    friction: t.friction,
  };
}

/** The criteria of one part, counted as they are scored. */
function tally() {
  return {
    reasons: [] as Reason[],
    friction: [] as Friction[],
    explained: [] as string[],
    got: { a: 0, b: 0 },
  };
}

function valuesPart(
  a: MatchPerson,
  b: MatchPerson,
  ignore: readonly Ignorable[],
  names: Names,
  ex: boolean,
): Scored {
  const sides = sidesOf(a, b, names);
  const { reasons, friction, explained, got } = tally();
  let possible = 0;
  if (!ignore.includes('children')) {
    const w = VALUE_WEIGHTS.children;
    possible += w;
    const [x, y] = [a.wants_children, b.wants_children];
    if (x !== null && x === y && x !== 'maybe') {
      reasons.push({
        text: x === 'yes' ? 'Allebei willen ze kinderen' : 'Allebei geen kinderwens',
        weight: w,
      });
    } else if (childrenConflict(x, y)) {
      const wants = x === 'yes' ? names.a : names.b;
      const not = x === 'yes' ? names.b : names.a;
      friction.push({ text: `${wants} wil kinderen, ${mid(not)} niet`, owner: 'both', weight: 'major' });
    }
    for (const { key, x: me, y: other, xName, yName } of sides) {
      let points: number;
      if (me.wants_children === null || other.wants_children === null) points = w / 2;
      else if (childrenConflict(me.wants_children, other.wants_children)) points = 0;
      else if (me.wants_children === other.wants_children)
        points = me.wants_children === 'maybe' ? w * 0.6 : w;
      else if (me.wants_children === 'yes') {
        // The other doubts: this client's wish is not met for sure.
        points = w * 0.4;
        friction.push({ text: `${xName} wil kinderen; ${mid(yName)} twijfelt`, owner: key, weight: 'minor' });
      } else points = w * 0.6;
      if (me.wants_children === 'no' && other.has_children === true) {
        points = Math.max(0, points - w / 3);
        friction.push({
          text: `${yName} heeft kinderen; ${mid(xName)} wil zelf geen kinderen`,
          owner: key,
          weight: 'minor',
        });
      }
      got[key] += points;
    }
    explained.push(
      x === null || y === null
        ? 'kinderwens onbekend'
        : childrenConflict(x, y)
          ? 'andere kinderwens'
          : x === y
            ? 'zelfde kinderwens'
            : 'kinderwens nog open bij een van beiden',
    );
  }
  if (!ignore.includes('relationship')) {
    const w = VALUE_WEIGHTS.relationship;
    possible += w;
    const [x, y] = [a.relationship_sought, b.relationship_sought];
    if (x !== null && x === y && x !== 'open') {
      reasons.push({
        text:
          x === 'marriage'
            ? 'Zoeken allebei een huwelijk'
            : x === 'long_term'
              ? 'Zoeken allebei een vaste relatie'
              : 'Willen allebei eerst vriendschap',
        weight: w,
      });
    } else if (x !== null && y !== null && lasting(x) && lasting(y)) {
      reasons.push({ text: 'Zoeken allebei iets duurzaams', weight: w * 0.8 });
    }
    for (const { key, x: me, y: other, xName, yName } of sides) {
      const [mine, theirs] = [me.relationship_sought, other.relationship_sought];
      let points: number;
      if (mine === null || theirs === null) points = w / 2;
      else if (mine === theirs) points = w;
      else if (lasting(mine) && lasting(theirs)) points = w * 0.8;
      else if (lasting(mine)) {
        points = theirs === 'open' ? w * 0.4 : w * 0.2;
        friction.push({
          text: `${xName} zoekt ${mine === 'marriage' ? 'een huwelijk' : 'een vaste relatie'}; ${mid(yName)} ${theirs === 'open' ? 'laat het open' : 'wil eerst vriendschap'}`,
          owner: key,
          weight: theirs === 'open' ? 'minor' : 'major',
        });
      } else points = w * 0.7;
      got[key] += points;
    }
    explained.push(
      x === null || y === null
        ? 'gezochte relatie onbekend'
        : x === y
          ? 'zoeken hetzelfde'
          : 'zoeken iets anders',
    );
  }
  if (!ignore.includes('religion')) {
    const w = VALUE_WEIGHTS.religion;
    possible += w;
    const [x, y] = [a.religion, b.religion];
    let points: number;
    const believer = (r: string) => r !== 'none' && r !== 'spiritual';
    if (x === null || y === null) points = w / 2;
    else if (x === y) {
      points = w;
      // A shared faith speaks for a pair; sharing no faith is no reason to meet (issue 28).
      if (believer(x)) {
        const name = (RELIGION_LABELS as Record<string, string>)[x] ?? x;
        reasons.push({ text: `Delen hun levensbeschouwing (${lower(name)})`, weight: w });
      }
    } else if (believer(x) && believer(y)) {
      points = w * 0.1;
      friction.push({
        text: `Andere levensbeschouwing: ${mid(names.a)} ${lower(RELIGION_LABELS[x as Religion] ?? x)}, ${mid(names.b)} ${lower(RELIGION_LABELS[y as Religion] ?? y)}`.replace(
          /^./,
          (c) => c.toUpperCase(),
        ),
        owner: 'both',
        weight: 'major',
      });
    } else points = w * 0.5;
    got.a += points;
    got.b += points;
    explained.push(
      x === null || y === null
        ? 'levensbeschouwing onbekend'
        : x === y
          ? 'zelfde levensbeschouwing'
          : 'andere levensbeschouwing',
    );
  }
  return grouped('values', { got, possible, explained, reasons, friction }, ex);
}

function lifestylePart(
  a: MatchPerson,
  b: MatchPerson,
  ignore: readonly Ignorable[],
  names: Names,
  ex: boolean,
): Scored {
  const sides = sidesOf(a, b, names);
  const { reasons, friction, explained, got } = tally();
  let possible = 0;
  if (!ignore.includes('smoking')) {
    const w = LIFESTYLE_WEIGHTS.smoking;
    possible += w;
    for (const { key, x, y, xName, yName } of sides) {
      if (x.smoking === null || y.smoking === null) got[key] += w / 2;
      else if (!isSmoker(x.smoking) && isSmoker(y.smoking)) {
        friction.push({
          text: `${xName} rookt niet; ${mid(yName)} rookt${y.smoking === 'sometimes' ? ' soms' : ''}`,
          owner: key,
          weight: 'major',
        });
      } else got[key] += w;
    }
    explained.push('roken');
  }
  {
    const w = LIFESTYLE_WEIGHTS.drinking;
    possible += w;
    for (const { key, x, y, xName, yName } of sides) {
      const [mine, theirs] = [x.drinking ?? null, y.drinking ?? null];
      if (mine === null || theirs === null) got[key] += w / 2;
      else if (mine === 'no' && theirs === 'yes') {
        friction.push({
          text: `${xName} drinkt niet; ${mid(yName)} drinkt graag`,
          owner: key,
          weight: 'minor',
        });
      } else if (mine === 'no' && theirs === 'sometimes') got[key] += w / 2;
      else got[key] += w;
    }
    explained.push('alcohol');
  }
  {
    const w = LIFESTYLE_WEIGHTS.education;
    possible += w;
    const [x, y] = [EDUCATION_LEVEL[a.education ?? ''], EDUCATION_LEVEL[b.education ?? '']];
    const points =
      x === undefined || y === undefined ? w / 2 : w * Math.max(0, 1 - Math.max(0, Math.abs(x - y) - 1) / 2);
    got.a += points;
    got.b += points;
    explained.push('opleiding');
  }
  // Language stays in the score when a search leaves the filter out: the friction shows why.
  {
    const w = LIFESTYLE_WEIGHTS.languages;
    possible += w;
    const shared = sharedLanguages(a, b);
    const points = shared === null ? w / 2 : shared.length > 0 ? w : 0;
    if (shared !== null && shared.length === 0) {
      friction.push({
        text: `${names.a} en ${mid(names.b)} spreken geen gemeenschappelijke taal`,
        owner: 'both',
        weight: 'major',
      });
    }
    got.a += points;
    got.b += points;
    explained.push(
      shared === null
        ? 'taal onbekend'
        : shared.length > 0
          ? `spreken ${list(shared.map((l) => LANGUAGE_LABELS[l as Language] ?? l))}`
          : 'geen gedeelde taal',
    );
  }
  return grouped('lifestyle', { got, possible, explained, reasons, friction }, ex);
}

/** Without confirmed traits on both sides, the part scores as one shared trait. */
export const TRAIT_POINTS = { shared: 6, complementary: 4, clash: -6, unknown: 6 } as const;

function traitsPart(a: MatchPerson, b: MatchPerson, names: Names, ex: boolean): Scored {
  const max = MAGIC_MATCH_WEIGHTS.traits;
  if (a.traits.length === 0 || b.traits.length === 0) {
    return {
      points: symmetric(TRAIT_POINTS.unknown),
      max,
      explanation: `${a.traits.length === 0 ? names.a : names.b} heeft nog geen bevestigde eigenschappen (telt als één gedeelde)`,
      reasons: [],
      friction: [],
    };
  }
  const mine = new Set(a.traits);
  const theirs = new Set(b.traits);
  const shared = a.traits.filter((t) => theirs.has(t) && !NOT_SHARED_VALUE.has(t));
  const complementary = COMPLEMENTARY_TRAITS.filter(
    ([x, y]) => (mine.has(x) && theirs.has(y)) || (mine.has(y) && theirs.has(x)),
  );
  const clashes = CLASHING_TRAITS.filter(
    ([x, y]) => (mine.has(x) && theirs.has(y)) || (mine.has(y) && theirs.has(x)),
  );
  const points = Math.max(
    0,
    Math.min(
      max,
      shared.length * TRAIT_POINTS.shared +
        complementary.length * TRAIT_POINTS.complementary +
        clashes.length * TRAIT_POINTS.clash,
    ),
  );
  const friction = clashes.map(
    ([x, y]): Friction => ({
      text: `Eigenschappen botsen: ${lower(label(x))} tegenover ${lower(label(y))}`,
      owner: 'both',
      weight: 'minor',
    }),
  );
  const reasons: Reason[] = [];
  if (!ex) return { points: symmetric(points), max, explanation: '', reasons, friction };
  if (shared.length > 0) {
    reasons.push({
      text: `Delen ${shared.length === 1 ? 'de eigenschap' : `${shared.length} eigenschappen:`} ${list(shared.map((t) => lower(label(t))))}`,
      weight: Math.min(max, shared.length * TRAIT_POINTS.shared),
    });
  }
  for (const [x, y] of complementary) {
    reasons.push({
      text: `Vullen elkaar aan: ${lower(label(x))} en ${lower(label(y))}`,
      weight: TRAIT_POINTS.complementary,
    });
  }
  const parts = [
    `${shared.length} gedeeld`,
    ...(complementary.length ? [`${complementary.length} aanvullend`] : []),
    ...(clashes.length ? [`${clashes.length} botsend`] : []),
  ];
  return {
    points: symmetric(points),
    max,
    explanation: `Eigenschappen: ${parts.join(', ')}`,
    reasons,
    friction,
  };
}

/**
 * The quiz, in the bands of the results page (MATCHING.md "Quiz": laag, gemiddeld, hoog) where both
 * took it: the same band on a dimension counts fully, a neighbouring band half, opposite bands not.
 * Without the quiz on both sides it scores half.
 */
function quizPart(a: MatchPerson, b: MatchPerson, names: Names): Scored {
  const max = MAGIC_MATCH_WEIGHTS.quiz;
  if (!a.quiz || !b.quiz) {
    return {
      points: symmetric(max / 2),
      max,
      explanation: `${!a.quiz ? names.a : names.b} heeft de quiz nog niet gedaan (telt half)`,
      reasons: [],
      friction: [],
    };
  }
  const order = { laag: 0, gemiddeld: 1, hoog: 2 } as const;
  let same = 0;
  let fit = 0;
  for (const d of QUIZ_DIMENSIONS) {
    const gap = Math.abs(order[bandOf((a.quiz as QuizScores)[d])] - order[bandOf((b.quiz as QuizScores)[d])]);
    if (gap === 0) same += 1;
    fit += gap === 0 ? 1 : gap === 1 ? 0.5 : 0;
  }
  const similarity = fit / QUIZ_DIMENSIONS.length;
  const n = QUIZ_DIMENSIONS.length;
  return {
    points: symmetric(max * similarity),
    max,
    explanation: `Zelfde quizband op ${same} van ${n} dimensies`,
    reasons:
      similarity >= 0.7
        ? [
            {
              text: `Lijken op elkaar in de quiz (zelfde band op ${same} van ${n})`,
              weight: max * similarity * 0.8,
            },
          ]
        : [],
    friction:
      similarity < 0.35
        ? [{ text: 'Heel verschillende quizresultaten', owner: 'both', weight: 'minor' }]
        : [],
  };
}

/** Shared interests: capped at MAGIC_MATCH_WEIGHTS.interests, below what one life-goal friction costs. */
const INTEREST_POINTS = 2.5;

function interestsPart(a: MatchPerson, b: MatchPerson, names: Names, ex: boolean): Scored {
  const max = MAGIC_MATCH_WEIGHTS.interests;
  const theirs = new Set(b.interests);
  const shared = a.interests.filter((i) => theirs.has(i));
  if (a.interests.length === 0 || b.interests.length === 0) {
    return {
      points: symmetric(max / 2),
      max,
      explanation: `${a.interests.length === 0 ? names.a : names.b} gaf geen interesses op (telt half)`,
      reasons: [],
      friction: [],
    };
  }
  const points = Math.min(max, shared.length * INTEREST_POINTS);
  if (!ex) return { points: symmetric(points), max, explanation: '', reasons: [], friction: [] };
  return {
    points: symmetric(points),
    max,
    explanation:
      shared.length === 0
        ? 'Geen gedeelde interesses'
        : `${shared.length} gedeelde interesse${shared.length === 1 ? '' : 's'}`,
    reasons:
      shared.length > 0
        ? [
            {
              text: `Delen ${list(shared.slice(0, 4).map((i) => lower(interestLabel(i))))}`,
              weight: points * 0.8,
            },
          ]
        : [],
    friction: [],
  };
}

function distancePart(
  a: MatchPerson,
  b: MatchPerson,
  distanceKm: number | null,
  adj: MagicMatchAdjustments,
  names: Names,
): Scored {
  if (adj.ignore.includes('distance')) {
    return {
      points: symmetric(0),
      max: 0,
      explanation: 'Genegeerd in deze zoekopdracht',
      reasons: [],
      friction: [],
    };
  }
  const max = MAGIC_MATCH_WEIGHTS.distance;
  if (distanceKm === null) {
    return {
      points: symmetric(max / 2),
      max,
      explanation: 'Afstand onbekend (postcode ontbreekt)',
      reasons: [],
      friction: [],
    };
  }
  const points = { a: 0, b: 0 };
  const friction: Friction[] = [];
  for (const { key, x, xName, yName } of sidesOf(a, b, names)) {
    // The matchmaker's wider distance makes the candidate findable, not what the client wished.
    const limit = Math.max(x.max_distance_km ?? DEFAULT_DISTANCE_KM, 10);
    points[key] = max * Math.max(0, 1 - distanceKm / (limit * 1.5));
    if (x.max_distance_km !== null && distanceKm > x.max_distance_km) {
      friction.push({
        text: `${xName} wil iemand binnen ${x.max_distance_km} km; ${mid(yName)} woont op ${distanceKm} km`,
        owner: key,
        weight: 'major',
      });
    }
  }
  const limits = [a.max_distance_km ?? DEFAULT_DISTANCE_KM, b.max_distance_km ?? DEFAULT_DISTANCE_KM];
  return {
    points,
    max,
    explanation: `${distanceKm} km van elkaar`,
    reasons:
      distanceKm <= Math.min(...limits) / 2
        ? [
            {
              text: `Wonen ${distanceKm} km van elkaar, ruim binnen wat beiden willen`,
              weight: Math.min(points.a, points.b) * 0.8,
            },
          ]
        : [],
    friction,
  };
}

function agePart(a: MatchPerson, b: MatchPerson, adj: MagicMatchAdjustments, names: Names): Scored {
  const max = MAGIC_MATCH_WEIGHTS.age;
  const nearMiddle = (age: number | null, lo: number, hi: number) => {
    if (age === null) return 0.5;
    const mid = (lo + hi) / 2;
    const half = Math.max(1, (hi - lo) / 2);
    return Math.max(0, 1 - Math.abs(age - mid) / (half + 1));
  };
  // The original range of the client: a candidate only reached by widening scores 0 on this side.
  const [lo, hi] = searchAgeRange(a, { ...adj, extra_age: 0 });
  const widened = b.age !== null && (b.age < lo || b.age > hi);
  const mine = widened ? 0 : nearMiddle(b.age, lo, hi);
  const theirs = nearMiddle(a.age, b.age_min ?? AGE_FLOOR, b.age_max ?? AGE_CEILING);
  return {
    points: { a: max * mine, b: max * theirs },
    max,
    explanation: widened
      ? 'Buiten het oorspronkelijke leeftijdsbereik (verruimd)'
      : `Leeftijd ${b.age ?? 'onbekend'}`,
    reasons:
      mine >= 0.7 && theirs >= 0.7
        ? [
            {
              text: 'Hun leeftijden passen goed bij wat beiden zoeken',
              weight: max * Math.min(mine, theirs) * 0.8,
            },
          ]
        : [],
    friction: widened
      ? [
          {
            text: `${names.a} zoekt iemand van ${lo} tot ${hi} jaar; ${mid(names.b)} is ${b.age} (verruimd)`,
            owner: 'a',
            weight: 'major',
          },
        ]
      : [],
  };
}

export interface ScoreResult {
  /** The pair's score: the weaker of the two sides (decision 030). */
  score: number;
  /** How well the candidate fits the client's wishes, and the client the candidate's (0-100). */
  forA: number;
  forB: number;
  band: ReturnType<typeof scoreBand>;
  parts: ScorePartResult[];
  reasons: string[];
  friction: string[];
  frictions: Friction[];
}

/**
 * The score 0-100 of candidate `b` for client `a`, with each part and its explanation. Each side
 * scores 100 x points / maximum of the parts that count, less FRICTION_PENALTY for each friction
 * that crosses its wish (a friction of both wishes costs both); the pair scores the weaker side.
 */
export function scoreCandidate(
  a: MatchPerson,
  b: MatchPerson,
  distanceKm: number | null,
  adj: MagicMatchAdjustments = NO_ADJUSTMENTS,
  names: Names = NEUTRAL_NAMES,
  /** False: the score, both sides and the band only (the ranking pass; the top is explained after). */
  explain = true,
): ScoreResult {
  const scored: Record<ScorePart, Scored> = {
    values: valuesPart(a, b, adj.ignore, names, explain),
    lifestyle: lifestylePart(a, b, adj.ignore, names, explain),
    traits: traitsPart(a, b, names, explain),
    quiz: quizPart(a, b, names),
    interests: interestsPart(a, b, names, explain),
    distance: distancePart(a, b, distanceKm, adj, names),
    age: agePart(a, b, adj, names),
  };
  const entries = Object.entries(scored) as [ScorePart, Scored][];
  const max = entries.reduce((sum, [, s]) => sum + s.max, 0);
  const frictions = entries.flatMap(([, s]) => s.friction);
  const side = (key: 'a' | 'b') => {
    const points = entries.reduce((sum, [, s]) => sum + s.points[key], 0);
    const penalty = frictions
      .filter((f) => f.owner === key || f.owner === 'both')
      .reduce((sum, f) => sum + FRICTION_PENALTY[f.weight], 0);
    return max === 0 ? 0 : Math.max(0, Math.min(100, Math.round((100 * points) / max - penalty)));
  };
  const forA = side('a');
  const forB = side('b');
  const score = Math.min(forA, forB);
  const major = frictions.reduce((n, f) => n + (f.weight === 'major' ? 1 : 0), 0);
  const band = scoreBand(score, { major, total: frictions.length });
  if (!explain) return { score, forA, forB, band, parts: [], reasons: [], friction: [], frictions };
  // Life goals first, then the rest.
  frictions.sort((x, y) => (x.weight === y.weight ? 0 : x.weight === 'major' ? -1 : 1));
  return {
    score,
    forA,
    forB,
    band,
    parts: entries.map(([part, s]) => ({
      part,
      label: SCORE_PART_LABELS[part],
      // The weaker side's points, as the score counts.
      points: Math.round(Math.min(s.points.a, s.points.b) * 10) / 10,
      max: s.max,
      explanation: s.explanation,
    })),
    reasons: entries
      .flatMap(([, s]) => s.reasons)
      .sort((x, y) => y.weight - x.weight)
      .slice(0, 3)
      .map((r) => r.text),
    friction: frictions.map((f) => f.text),
    frictions,
  };
}

/**
 * The results' order (decision 030): the higher score; equally good, a free candidate before one
 * under way with someone else; then the stronger other side (the sum of both sides).
 */
export function rankBefore(
  x: { score: number; forA: number; forB: number; free?: boolean },
  y: { score: number; forA: number; forB: number; free?: boolean },
): number {
  return (
    y.score - x.score ||
    Number(x.free === false) - Number(y.free === false) ||
    y.forA + y.forB - (x.forA + x.forB)
  );
}

/** Whether a trait is one magic match weighs (any known key). */
export const isKnownTrait = (trait: string) => trait in TRAIT_GROUP_OF;
