/**
 * Issue 28 (speed): a ceiling of the score in SQL, so only the candidates that can still make the
 * top are read and scored exactly in TypeScript (`scoreCandidate`). The ceiling follows the engine
 * part by part, from the columns of the candidate's profile alone: the parts it computes the same
 * way (values, smoking, interests, distance, the candidate's side of age) and their life-goal
 * frictions, and for the rest (traits, quiz, drinking, education, language, the client's side of
 * age, the lesser frictions) the most they can add and no penalty. So for every candidate
 *   exact score <= ceiling
 * and a candidate whose ceiling lies below the score of the last one shown cannot be shown: the
 * service reads the candidates by falling ceiling and stops where that holds (`rankCandidates`).
 * The test "the pre-cut never drops a candidate of the top" holds this to the uncut ranking.
 */
import { type SQL, sql } from 'drizzle-orm';
import { yearsBefore } from '../../../shared/format';
import {
  DEFAULT_DISTANCE_KM,
  FRICTION_PENALTY,
  LIFESTYLE_WEIGHTS,
  MAGIC_MATCH_WEIGHTS,
  type MagicMatchAdjustments,
  VALUE_WEIGHTS,
} from '../../../shared/magic-match';
import { bandOf, QUIZ_DIMENSIONS, QUIZ_HIGH_ABOVE, QUIZ_LOW_BELOW } from '../../../shared/quiz';
import { TRAIT_KEYS } from '../../../shared/traits';
import { pgTextArray } from '../../db/pg-array';
import { KNOWN_LANGUAGES, knownLanguages } from '../matches/eligibility';
import {
  AGE_CEILING,
  AGE_FLOOR,
  COMPLEMENTARY_TRAITS,
  EDUCATION_LEVEL,
  isSmoker,
  type MatchPerson,
  NOT_SHARED_VALUE,
  searchAgeRange,
  TRAIT_POINTS,
} from './engine';

const TRAIT_POINTS_UNKNOWN = TRAIT_POINTS.unknown;
const TRAIT_POINTS_SHARED = TRAIT_POINTS.shared;
const TRAIT_POINTS_COMPLEMENTARY = TRAIT_POINTS.complementary;
const BAND_ORDER = { laag: 0, gemiddeld: 1, hoog: 2 } as const;
const textArray = (items: readonly string[]) => sql`${pgTextArray(items)}::text[]`;

/** How many of `keys` the candidate's confirmed traits (cp.match_traits) hold, counting repeats. */
const countIn = (keys: readonly string[]) =>
  keys.length === 0
    ? sql`0`
    : sql`(${sql.join(
        keys.map((k) => sql`(CASE WHEN ${k} = ANY(cp.match_traits) THEN 1 ELSE 0 END)`),
        sql` + `,
      )})`;

/** A number as an SQL literal (float8), the same double as in the engine. */
const num = (n: number) => sql.raw(`${n}::float8`);
const LASTING = sql.raw(`('long_term', 'marriage')`);
const lasting = (r: string) => r === 'long_term' || r === 'marriage';
const believer = (r: string) => r !== 'none' && r !== 'spiritual';
const MAJOR = FRICTION_PENALTY.major;
const MINOR = FRICTION_PENALTY.minor;

interface Side {
  points: SQL[];
  penalty: SQL[];
}

/**
 * The ceiling of the score (0-100 scale, before rounding) of candidate `cp` for client `a`, as an
 * SQL expression; `dist` is the distance in km (NULL when unknown), as the engine gets it.
 */
export function scoreCeilingSql(a: MatchPerson, adj: MagicMatchAdjustments, dist: SQL, now: Date): SQL {
  const ignore = adj.ignore;
  const A: Side = { points: [], penalty: [] };
  const B: Side = { points: [], penalty: [] };
  let max = 0;

  // Values (valuesPart): children, relationship and religion, scaled to the part's weight.
  {
    const va: SQL[] = [];
    const vb: SQL[] = [];
    let possible = 0;
    if (!ignore.includes('children')) {
      const w = VALUE_WEIGHTS.children;
      possible += w;
      const x = a.wants_children;
      if (x === null) {
        va.push(num(w / 2));
        vb.push(num(w / 2));
      } else {
        const other = x === 'yes' ? 'no' : x === 'no' ? 'yes' : null;
        const conflict = other ? sql`cp.wants_children = ${other}` : sql`false`;
        const same = num(x === 'maybe' ? w * 0.6 : w);
        // The client's side; the candidate's children already had only take off (left out).
        va.push(sql`(CASE WHEN cp.wants_children IS NULL THEN ${num(w / 2)} WHEN ${conflict} THEN 0
          WHEN cp.wants_children = ${x} THEN ${same} ELSE ${num(x === 'yes' ? w * 0.4 : w * 0.6)} END)`);
        vb.push(sql`(CASE WHEN cp.wants_children IS NULL THEN ${num(w / 2)} WHEN ${conflict} THEN 0
          WHEN cp.wants_children = ${x} THEN ${same}
          WHEN cp.wants_children = 'yes' THEN ${num(w * 0.4)} ELSE ${num(w * 0.6)} END)`);
        if (other) {
          // One wants children, the other not: a friction of both wishes.
          A.penalty.push(sql`(CASE WHEN ${conflict} THEN ${MAJOR} ELSE 0 END)`);
          B.penalty.push(sql`(CASE WHEN ${conflict} THEN ${MAJOR} ELSE 0 END)`);
        }
      }
    }
    if (!ignore.includes('relationship')) {
      const w = VALUE_WEIGHTS.relationship;
      possible += w;
      const x = a.relationship_sought;
      if (x === null) {
        va.push(num(w / 2));
        vb.push(num(w / 2));
      } else {
        va.push(sql`(CASE WHEN cp.relationship_sought IS NULL THEN ${num(w / 2)}
          WHEN cp.relationship_sought = ${x} THEN ${num(w)}
          ${
            lasting(x)
              ? sql`WHEN cp.relationship_sought IN ${LASTING} THEN ${num(w * 0.8)}
                    WHEN cp.relationship_sought = 'open' THEN ${num(w * 0.4)} ELSE ${num(w * 0.2)}`
              : sql`ELSE ${num(w * 0.7)}`
          } END)`);
        vb.push(sql`(CASE WHEN cp.relationship_sought IS NULL THEN ${num(w / 2)}
          WHEN cp.relationship_sought = ${x} THEN ${num(w)}
          WHEN cp.relationship_sought IN ${LASTING} THEN ${num(lasting(x) ? w * 0.8 : x === 'open' ? w * 0.4 : w * 0.2)}
          ELSE ${num(w * 0.7)} END)`);
        if (lasting(x)) {
          A.penalty.push(sql`(CASE WHEN cp.relationship_sought IS NULL OR cp.relationship_sought IN ${LASTING} THEN 0
            WHEN cp.relationship_sought = 'open' THEN ${MINOR} ELSE ${MAJOR} END)`);
        } else {
          B.penalty.push(
            sql`(CASE WHEN cp.relationship_sought IN ${LASTING} THEN ${x === 'open' ? MINOR : MAJOR} ELSE 0 END)`,
          );
        }
      }
    }
    if (!ignore.includes('religion')) {
      const w = VALUE_WEIGHTS.religion;
      possible += w;
      const x = a.religion;
      if (x === null) {
        va.push(num(w / 2));
        vb.push(num(w / 2));
      } else {
        const clash = believer(x)
          ? sql`cp.religion <> ${x} AND cp.religion NOT IN ('none', 'spiritual')`
          : sql`false`;
        const points = sql`(CASE WHEN cp.religion IS NULL THEN ${num(w / 2)} WHEN cp.religion = ${x} THEN ${num(w)}
          WHEN ${clash} THEN ${num(w * 0.1)} ELSE ${num(w * 0.5)} END)`;
        va.push(points);
        vb.push(points);
        if (believer(x)) {
          A.penalty.push(sql`(CASE WHEN ${clash} THEN ${MAJOR} ELSE 0 END)`);
          B.penalty.push(sql`(CASE WHEN ${clash} THEN ${MAJOR} ELSE 0 END)`);
        }
      }
    }
    if (possible > 0) {
      const scale = num(MAGIC_MATCH_WEIGHTS.values / possible);
      A.points.push(sql`(${sql.join(va, sql` + `)}) * ${scale}`);
      B.points.push(sql`(${sql.join(vb, sql` + `)}) * ${scale}`);
      max += MAGIC_MATCH_WEIGHTS.values;
    }
  }

  // Lifestyle (lifestylePart): smoking as the engine scores it; drinking, education and language
  // at most their weight.
  {
    const la: SQL[] = [];
    const lb: SQL[] = [];
    let possible = 0;
    if (!ignore.includes('smoking')) {
      const w = LIFESTYLE_WEIGHTS.smoking;
      possible += w;
      if (a.smoking === null) {
        la.push(num(w / 2));
        lb.push(num(w / 2));
      } else {
        const bSmokes = sql`cp.smoking IN ('yes', 'sometimes')`;
        if (isSmoker(a.smoking)) {
          la.push(sql`(CASE WHEN cp.smoking IS NULL THEN ${num(w / 2)} ELSE ${num(w)} END)`);
          lb.push(
            sql`(CASE WHEN cp.smoking IS NULL THEN ${num(w / 2)} WHEN ${bSmokes} THEN ${num(w)} ELSE 0 END)`,
          );
          B.penalty.push(sql`(CASE WHEN cp.smoking IS NOT NULL AND NOT ${bSmokes} THEN ${MAJOR} ELSE 0 END)`);
        } else {
          la.push(
            sql`(CASE WHEN cp.smoking IS NULL THEN ${num(w / 2)} WHEN ${bSmokes} THEN 0 ELSE ${num(w)} END)`,
          );
          lb.push(sql`(CASE WHEN cp.smoking IS NULL THEN ${num(w / 2)} ELSE ${num(w)} END)`);
          A.penalty.push(sql`(CASE WHEN ${bSmokes} THEN ${MAJOR} ELSE 0 END)`);
        }
      }
    }
    {
      // Drinking: each side's own wish; the lesser friction left out.
      const w = LIFESTYLE_WEIGHTS.drinking;
      possible += w;
      const x = a.drinking ?? null;
      if (x === null) {
        la.push(num(w / 2));
        lb.push(num(w / 2));
      } else {
        la.push(
          x === 'no'
            ? sql`(CASE WHEN cp.drinking IS NULL THEN ${num(w / 2)} WHEN cp.drinking = 'yes' THEN 0
                WHEN cp.drinking = 'sometimes' THEN ${num(w / 2)} ELSE ${num(w)} END)`
            : sql`(CASE WHEN cp.drinking IS NULL THEN ${num(w / 2)} ELSE ${num(w)} END)`,
        );
        lb.push(
          x === 'yes'
            ? sql`(CASE WHEN cp.drinking IS NULL THEN ${num(w / 2)} WHEN cp.drinking = 'no' THEN 0 ELSE ${num(w)} END)`
            : x === 'sometimes'
              ? sql`(CASE WHEN cp.drinking IS NULL THEN ${num(w / 2)} WHEN cp.drinking = 'no' THEN ${num(w / 2)} ELSE ${num(w)} END)`
              : sql`(CASE WHEN cp.drinking IS NULL THEN ${num(w / 2)} ELSE ${num(w)} END)`,
        );
      }
    }
    {
      // Education, the same for both sides.
      const w = LIFESTYLE_WEIGHTS.education;
      possible += w;
      const x = EDUCATION_LEVEL[a.education ?? ''];
      const level = sql`(CASE cp.education ${sql.raw(
        Object.entries(EDUCATION_LEVEL)
          .map(([k, v]) => `WHEN '${k}' THEN ${v}`)
          .join(' '),
      )} END)`;
      const points =
        x === undefined
          ? num(w / 2)
          : sql`(CASE WHEN ${level} IS NULL THEN ${num(w / 2)}
              ELSE ${num(w)} * greatest(0, 1 - greatest(0, abs(${level} - ${x}) - 1) / 2::float8) END)`;
      la.push(points);
      lb.push(points);
    }
    {
      // Language, the same for both sides, with its friction.
      const w = LIFESTYLE_WEIGHTS.languages;
      possible += w;
      const mine = knownLanguages(a);
      if (mine.length === 0) {
        la.push(num(w / 2));
        lb.push(num(w / 2));
      } else {
        const theirsKnown = sql`cp.languages && ${textArray(KNOWN_LANGUAGES)}`;
        const sharedOne = sql`cp.languages && ${textArray(mine)}`;
        const points = sql`(CASE WHEN NOT coalesce(${theirsKnown}, false) THEN ${num(w / 2)}
            WHEN ${sharedOne} THEN ${num(w)} ELSE 0 END)`;
        la.push(points);
        lb.push(points);
        const none = sql`(CASE WHEN coalesce(${theirsKnown}, false) AND NOT ${sharedOne} THEN ${MAJOR} ELSE 0 END)`;
        A.penalty.push(none);
        B.penalty.push(none);
      }
    }
    const scale = num(MAGIC_MATCH_WEIGHTS.lifestyle / possible);
    A.points.push(sql`(${sql.join(la, sql` + `)}) * ${scale}`);
    B.points.push(sql`(${sql.join(lb, sql` + `)}) * ${scale}`);
    max += MAGIC_MATCH_WEIGHTS.lifestyle;
  }

  // Traits (traitsPart): the client's traits the candidate shares and the complementary pairs
  // (each pair once per side it can match: never fewer than the engine counts), without the clashes
  // (they only take off); from the profile's copy of the confirmed traits (decision 037).
  {
    const w = MAGIC_MATCH_WEIGHTS.traits;
    const mine = new Set(a.traits);
    const shared = a.traits.filter((t) => !NOT_SHARED_VALUE.has(t));
    const complementary = COMPLEMENTARY_TRAITS.flatMap(([x, y]) => [
      ...(mine.has(x) ? [y] : []),
      ...(mine.has(y) ? [x] : []),
    ]);
    const points =
      a.traits.length === 0
        ? num(TRAIT_POINTS_UNKNOWN)
        : sql`(CASE WHEN NOT (cp.match_traits && ${textArray(TRAIT_KEYS)}) THEN ${num(TRAIT_POINTS_UNKNOWN)}
            ELSE least(${num(w)}, ${num(TRAIT_POINTS_SHARED)} * ${countIn(shared)} + ${num(TRAIT_POINTS_COMPLEMENTARY)} * ${countIn(complementary)}) END)`;
    A.points.push(points);
    B.points.push(points);
    max += w;
  }

  // Quiz (quizPart), in the bands, when both took it; from the profile's copy of the latest quiz.
  {
    const w = MAGIC_MATCH_WEIGHTS.quiz;
    const quiz = a.quiz;
    const points = !quiz
      ? num(w / 2)
      : sql`(CASE WHEN cp.quiz_scores IS NULL THEN ${num(w / 2)} ELSE ${num(w)} * (${sql.join(
          QUIZ_DIMENSIONS.map((d, i) => {
            const mine = BAND_ORDER[bandOf(quiz[d])];
            const v = sql`coalesce(${sql.raw(`cp.quiz_scores[${i + 1}]`)}, 0)`;
            return sql`(CASE abs(${mine} - (CASE WHEN ${v} < ${QUIZ_LOW_BELOW} THEN 0 WHEN ${v} > ${QUIZ_HIGH_ABOVE} THEN 2 ELSE 1 END))
              WHEN 0 THEN 1 WHEN 1 THEN 0.5::float8 ELSE 0 END)`;
          }),
          sql` + `,
        )}) / ${num(QUIZ_DIMENSIONS.length)} END)`;
    A.points.push(points);
    B.points.push(points);
    max += w;
  }

  // Interests (interestsPart): the client's interests the candidate shares, capped.
  {
    const w = MAGIC_MATCH_WEIGHTS.interests;
    const points =
      a.interests.length === 0
        ? num(w / 2)
        : sql`(CASE WHEN coalesce(cardinality(cp.interests), 0) = 0 THEN ${num(w / 2)}
            ELSE least(${num(w)}, ${num(2.5)} * (${sql.join(
              a.interests.map((i) => sql`(CASE WHEN ${i} = ANY(cp.interests) THEN 1 ELSE 0 END)`),
              sql` + `,
            )})) END)`;
    A.points.push(points);
    B.points.push(points);
    max += w;
  }

  // Distance (distancePart), each side against its own maximum.
  if (!ignore.includes('distance')) {
    const w = MAGIC_MATCH_WEIGHTS.distance;
    max += w;
    const limitA = num(Math.max(a.max_distance_km ?? DEFAULT_DISTANCE_KM, 10) * 1.5);
    A.points.push(
      sql`(CASE WHEN ${dist} IS NULL THEN ${num(w / 2)} ELSE ${num(w)} * greatest(0, 1 - ${dist} / ${limitA}) END)`,
    );
    B.points.push(sql`(CASE WHEN ${dist} IS NULL THEN ${num(w / 2)}
      ELSE ${num(w)} * greatest(0, 1 - ${dist} / (greatest(coalesce(cp.max_distance_km, ${DEFAULT_DISTANCE_KM}), 10) * 1.5::float8)) END)`);
    if (a.max_distance_km !== null) {
      A.penalty.push(sql`(CASE WHEN ${dist} > ${a.max_distance_km} THEN ${MAJOR} ELSE 0 END)`);
    }
    B.penalty.push(
      sql`(CASE WHEN cp.max_distance_km IS NOT NULL AND ${dist} > cp.max_distance_km THEN ${MAJOR} ELSE 0 END)`,
    );
  }

  // Age (agePart): the client's side at most its weight; the candidate's side as the engine.
  {
    const w = MAGIC_MATCH_WEIGHTS.age;
    max += w;
    // The client's side: the candidate's age against the client's own range (not widened).
    // On the birth date against the days each age starts (as the hard filters), not age() per row:
    // born after `bornBy(k)` is younger than k.
    const [lo, hi] = searchAgeRange(a, { ...adj, extra_age: 0 });
    const bornBy = (years: number) => sql`${yearsBefore(now, years)}::date`;
    const outside = sql`cp.birth_date > ${bornBy(lo)} OR cp.birth_date <= ${bornBy(hi + 1)}`;
    const mid = (lo + hi) / 2;
    const half = Math.max(1, (hi - lo) / 2);
    const ages = Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
    A.points.push(sql`(CASE WHEN cp.birth_date IS NULL THEN ${num(w * 0.5)} WHEN ${outside} THEN 0
        ${sql.join(
          ages.map(
            (age) =>
              sql`WHEN cp.birth_date > ${bornBy(age + 1)} THEN ${num(w * Math.max(0, 1 - Math.abs(age - mid) / (half + 1)))}`,
          ),
          sql` `,
        )} ELSE 0 END)`);
    A.penalty.push(sql`(CASE WHEN ${outside} THEN ${MAJOR} ELSE 0 END)`);
    if (a.age === null) B.points.push(num(w * 0.5));
    else {
      const lo = sql`coalesce(cp.age_min, ${AGE_FLOOR})::float8`;
      const hi = sql`coalesce(cp.age_max, ${AGE_CEILING})::float8`;
      B.points.push(
        sql`(${num(w)} * greatest(0, 1 - abs(${a.age} - (${lo} + ${hi}) / 2) / (greatest(1, (${hi} - ${lo}) / 2) + 1)))`,
      );
    }
  }

  const side = (s: Side) =>
    sql`(100 * (${sql.join(s.points, sql` + `)}) / ${num(max)}${
      s.penalty.length ? sql` - (${sql.join(s.penalty, sql` + `)})` : sql``
    })`;
  return sql`least(${side(A)}, ${side(B)})`;
}
