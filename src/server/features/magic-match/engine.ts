/**
 * Magic match's rules as plain functions (MATCHING.md "Magic match"): the hard filters and the
 * score with its explanation. The candidate query (magic-match.service.ts) applies the same hard
 * filters in SQL; the tests hold the two to each other on random data.
 */
import {
  DEFAULT_DISTANCE_KM,
  type Ignorable,
  MAGIC_MATCH_WEIGHTS,
  type MagicMatchAdjustments,
  SCORE_PART_LABELS,
  type ScorePart,
  type ScorePartResult,
  scoreBand,
} from '../../../shared/magic-match';
import {
  CHILDREN_WISH_LABELS,
  type ChildrenWish,
  interestLabel,
  RELIGION_LABELS,
} from '../../../shared/profile';
import { QUIZ_DIMENSIONS, type QuizScores } from '../../../shared/quiz';
import { TRAIT_GROUP_OF, TRAIT_LABELS, type TraitKey } from '../../../shared/traits';
import {
  AGE_CEILING,
  AGE_FLOOR,
  childrenConflict,
  type HardFilter,
  isSmoker,
  type MatchPerson,
  NO_ADJUSTMENTS,
  profileRuleFailures,
  searchAgeRange,
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
// The score.

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
const NOT_SHARED_VALUE = new Set(['smoker', 'non_smoker', 'has_children']);

const label = (trait: string) => (TRAIT_LABELS as Record<string, string>)[trait] ?? trait;
const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const list = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} en ${items[items.length - 1]}`;

interface Scored {
  points: number;
  max: number;
  explanation: string;
  /** A reason (with its weight) when this part speaks for the match. */
  reasons: { text: string; weight: number }[];
  friction: string[];
}

function valuesPart(a: MatchPerson, b: MatchPerson, ignore: readonly Ignorable[]): Scored {
  const reasons: Scored['reasons'] = [];
  const friction: string[] = [];
  const explained: string[] = [];
  let got = 0;
  let possible = 0;
  if (!ignore.includes('children')) {
    possible += 12;
    const [x, y] = [a.wants_children, b.wants_children];
    if (x === null || y === null) {
      got += 6;
      explained.push('kinderwens onbekend');
    } else if (x === y && x !== 'maybe') {
      got += 12;
      reasons.push({
        text: x === 'yes' ? 'Allebei willen ze kinderen' : 'Allebei geen kinderwens',
        weight: 12,
      });
      explained.push('zelfde kinderwens');
    } else if (childrenConflict(x, y)) {
      friction.push(
        `Kinderwens verschilt (${CHILDREN_WISH_LABELS[x as ChildrenWish]} tegenover ${lower(CHILDREN_WISH_LABELS[y as ChildrenWish])})`,
      );
      explained.push('andere kinderwens');
    } else {
      got += 7;
      explained.push('kinderwens nog open bij een van beiden');
    }
  }
  if (!ignore.includes('religion')) {
    possible += 9;
    const [x, y] = [a.religion, b.religion];
    if (x === null || y === null) {
      got += 4.5;
      explained.push('levensbeschouwing onbekend');
    } else if (x === y) {
      got += 9;
      const name = (RELIGION_LABELS as Record<string, string>)[x] ?? x;
      reasons.push({ text: `Dezelfde levensbeschouwing (${lower(name)})`, weight: 8 });
      explained.push('zelfde levensbeschouwing');
    } else if (x === 'none' || y === 'none' || x === 'spiritual' || y === 'spiritual') {
      got += 4;
      explained.push('verschillende levensbeschouwing');
    } else {
      got += 1;
      friction.push('Een andere levensbeschouwing');
      explained.push('andere levensbeschouwing');
    }
  }
  if (!ignore.includes('relationship')) {
    possible += 9;
    const [x, y] = [a.relationship_sought, b.relationship_sought];
    const lasting = (r: string) => r === 'long_term' || r === 'marriage';
    if (x === null || y === null) {
      got += 4.5;
      explained.push('gezochte relatie onbekend');
    } else if (x === y) {
      got += 9;
      reasons.push({
        text:
          x === 'marriage'
            ? 'Zoeken allebei een huwelijk'
            : x === 'long_term'
              ? 'Zoeken allebei een vaste relatie'
              : 'Zoeken hetzelfde soort relatie',
        weight: 9,
      });
      explained.push('zoeken hetzelfde');
    } else if (lasting(x) && lasting(y)) {
      got += 7;
      reasons.push({ text: 'Zoeken allebei iets duurzaams', weight: 7 });
      explained.push('zoeken allebei iets duurzaams');
    } else if (x === 'open' || y === 'open') {
      got += 5;
      explained.push('een van beiden laat het open');
    } else {
      got += 2;
      friction.push('Zoeken een ander soort relatie');
      explained.push('zoeken iets anders');
    }
  }
  const max = possible === 0 ? 0 : MAGIC_MATCH_WEIGHTS.values;
  const points = possible === 0 ? 0 : (MAGIC_MATCH_WEIGHTS.values * got) / possible;
  return {
    points,
    max,
    explanation:
      possible === 0
        ? 'Genegeerd in deze zoekopdracht'
        : `${list(explained)}`.replace(/^./, (c) => c.toUpperCase()),
    reasons,
    friction,
  };
}

function traitsPart(a: MatchPerson, b: MatchPerson): Scored {
  const max = MAGIC_MATCH_WEIGHTS.traits;
  if (a.traits.length === 0 || b.traits.length === 0) {
    return {
      points: 0,
      max,
      explanation:
        a.traits.length === 0
          ? 'De klant heeft nog geen bevestigde eigenschappen'
          : 'De kandidaat heeft nog geen bevestigde eigenschappen',
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
    Math.min(max, shared.length * 7 + complementary.length * 4 - clashes.length * 6),
  );
  const reasons: Scored['reasons'] = [];
  if (shared.length > 0) {
    reasons.push({
      text: `Delen ${shared.length === 1 ? 'de eigenschap' : `${shared.length} eigenschappen:`} ${list(shared.map((t) => lower(label(t))))}`,
      weight: Math.min(max, shared.length * 7),
    });
  }
  for (const [x, y] of complementary) {
    reasons.push({ text: `Vullen elkaar aan: ${lower(label(x))} en ${lower(label(y))}`, weight: 4 });
  }
  const friction = clashes.map(
    ([x, y]) => `Eigenschappen botsen: ${lower(label(x))} tegenover ${lower(label(y))}`,
  );
  const parts = [
    `${shared.length} gedeeld`,
    ...(complementary.length ? [`${complementary.length} aanvullend`] : []),
    ...(clashes.length ? [`${clashes.length} botsend`] : []),
  ];
  return { points, max, explanation: `Eigenschappen: ${parts.join(', ')}`, reasons, friction };
}

function quizPart(a: MatchPerson, b: MatchPerson): Scored {
  const max = MAGIC_MATCH_WEIGHTS.quiz;
  if (!a.quiz || !b.quiz) {
    return {
      points: 0,
      max,
      explanation: !a.quiz
        ? 'De klant heeft de quiz nog niet gedaan'
        : 'De kandidaat heeft de quiz nog niet gedaan',
      reasons: [],
      friction: [],
    };
  }
  const meanDiff =
    QUIZ_DIMENSIONS.reduce(
      (sum, d) => sum + Math.abs((a.quiz as QuizScores)[d] - (b.quiz as QuizScores)[d]),
      0,
    ) / QUIZ_DIMENSIONS.length;
  const similarity = Math.max(0, 1 - meanDiff / 50);
  const percent = Math.round(100 - meanDiff);
  return {
    points: max * similarity,
    max,
    explanation: `Quizscores liggen gemiddeld ${Math.round(meanDiff)} punten uit elkaar`,
    reasons:
      similarity >= 0.6
        ? [{ text: `Lijken op elkaar in de quiz (${percent}% gelijk)`, weight: max * similarity }]
        : [],
    friction: similarity < 0.3 ? ['Heel verschillende quizresultaten'] : [],
  };
}

function interestsPart(a: MatchPerson, b: MatchPerson): Scored {
  const max = MAGIC_MATCH_WEIGHTS.interests;
  const theirs = new Set(b.interests);
  const shared = a.interests.filter((i) => theirs.has(i));
  if (a.interests.length === 0) {
    return { points: 0, max, explanation: 'De klant gaf geen interesses op', reasons: [], friction: [] };
  }
  const points = Math.min(max, shared.length * 5);
  return {
    points,
    max,
    explanation:
      shared.length === 0
        ? 'Geen gedeelde interesses'
        : `${shared.length} gedeelde interesse${shared.length === 1 ? '' : 's'}`,
    reasons:
      shared.length > 0
        ? [{ text: `Delen ${list(shared.slice(0, 4).map((i) => lower(interestLabel(i))))}`, weight: points }]
        : [],
    friction: [],
  };
}

function distancePart(a: MatchPerson, distanceKm: number | null, adj: MagicMatchAdjustments): Scored {
  if (adj.ignore.includes('distance')) {
    return { points: 0, max: 0, explanation: 'Genegeerd in deze zoekopdracht', reasons: [], friction: [] };
  }
  const max = MAGIC_MATCH_WEIGHTS.distance;
  if (distanceKm === null) {
    return {
      points: 0,
      max,
      explanation: 'Afstand onbekend (postcode ontbreekt)',
      reasons: [],
      friction: [],
    };
  }
  const wanted = a.max_distance_km !== null ? a.max_distance_km + adj.extra_distance : null;
  const limit = Math.max(wanted ?? DEFAULT_DISTANCE_KM, 10);
  const points = max * Math.max(0, 1 - distanceKm / (limit * 1.5));
  const friction =
    wanted !== null && distanceKm > wanted
      ? [`Woont verder dan de gewenste ${wanted} km (${distanceKm} km)`]
      : [];
  return {
    points,
    max,
    explanation: `${distanceKm} km van elkaar`,
    reasons: distanceKm <= limit / 2 ? [{ text: `Wonen ${distanceKm} km van elkaar`, weight: points }] : [],
    friction,
  };
}

function agePart(a: MatchPerson, b: MatchPerson, adj: MagicMatchAdjustments): Scored {
  const max = MAGIC_MATCH_WEIGHTS.age;
  const nearMiddle = (age: number | null, lo: number, hi: number) => {
    if (age === null) return 0;
    const mid = (lo + hi) / 2;
    const half = Math.max(1, (hi - lo) / 2);
    return Math.max(0, 1 - Math.abs(age - mid) / (half + 1));
  };
  // The original range of the client: a candidate only reached by widening scores 0 on this side.
  const [lo, hi] = searchAgeRange(a, { ...adj, extra_age: 0 });
  const widened = b.age !== null && (b.age < lo || b.age > hi);
  const mine = widened ? 0 : nearMiddle(b.age, lo, hi);
  const theirs = nearMiddle(a.age, b.age_min ?? AGE_FLOOR, b.age_max ?? AGE_CEILING);
  const points = (max * (mine + theirs)) / 2;
  return {
    points,
    max,
    explanation: widened
      ? 'Buiten het oorspronkelijke leeftijdsbereik (verruimd)'
      : `Leeftijd ${b.age ?? 'onbekend'}`,
    reasons:
      points >= 4 ? [{ text: 'Hun leeftijden passen goed bij wat beiden zoeken', weight: points * 0.8 }] : [],
    friction: widened ? [`Leeftijd ${b.age} valt buiten het gezochte bereik ${a.age_min}-${a.age_max}`] : [],
  };
}

export interface ScoreResult {
  score: number;
  band: ReturnType<typeof scoreBand>;
  parts: ScorePartResult[];
  reasons: string[];
  friction: string[];
}

/** The score 0-100 of candidate `b` for client `a`, with each part and its explanation. */
export function scoreCandidate(
  a: MatchPerson,
  b: MatchPerson,
  distanceKm: number | null,
  adj: MagicMatchAdjustments = NO_ADJUSTMENTS,
): ScoreResult {
  const scored: Record<ScorePart, Scored> = {
    values: valuesPart(a, b, adj.ignore),
    traits: traitsPart(a, b),
    quiz: quizPart(a, b),
    interests: interestsPart(a, b),
    distance: distancePart(a, distanceKm, adj),
    age: agePart(a, b, adj),
  };
  const entries = Object.entries(scored) as [ScorePart, Scored][];
  const max = entries.reduce((sum, [, s]) => sum + s.max, 0);
  const points = entries.reduce((sum, [, s]) => sum + s.points, 0);
  const score = max === 0 ? 0 : Math.round((100 * points) / max);
  const friction = entries.flatMap(([, s]) => s.friction);
  if (
    !adj.ignore.includes('smoking') &&
    a.smoking !== null &&
    b.smoking !== null &&
    isSmoker(a.smoking) !== isSmoker(b.smoking)
  ) {
    friction.push(
      isSmoker(b.smoking) ? 'De kandidaat rookt, de klant niet' : 'De klant rookt, de kandidaat niet',
    );
  }
  return {
    score,
    band: scoreBand(score),
    parts: entries.map(([part, s]) => ({
      part,
      label: SCORE_PART_LABELS[part],
      points: Math.round(s.points * 10) / 10,
      max: s.max,
      explanation: s.explanation,
    })),
    reasons: entries
      .flatMap(([, s]) => s.reasons)
      .sort((x, y) => y.weight - x.weight)
      .slice(0, 3)
      .map((r) => r.text),
    friction,
  };
}

/** Whether a trait is one magic match weighs (any known key). */
export const isKnownTrait = (trait: string) => trait in TRAIT_GROUP_OF;
