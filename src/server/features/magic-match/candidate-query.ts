import { type Query, type SQL, sql } from 'drizzle-orm';
import { GENDERS } from '../../../shared/domain';
import { yearsBefore } from '../../../shared/format';
import type { MagicMatchAdjustments } from '../../../shared/magic-match';
import { distancesFromPostcode } from '../../../shared/postcode-zones';
import { QUIZ_DIMENSIONS } from '../../../shared/quiz';
import { recentlyCompiled } from '../../db/compiled';
import { pgTextArray } from '../../db/pg-array';
import { KNOWN_LANGUAGES, knownLanguages } from '../matches/eligibility';
import { type MatchPerson, searchAgeRange } from './engine';
import { scoreCeilingSql } from './pre-score';

/* Magic match's candidate query: the hard filters in SQL and the pre-cut by the score's ceiling. */

const pgIntArray = (items: readonly (number | null)[]) =>
  `{${items.map((i) => (i === null ? 'NULL' : String(i))).join(',')}}`;

export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** What the candidate query returns: what the score reads (the display fields come for the top only). */
export interface CandidateRow {
  id: string;
  birth_date: string | null;
  postcode: number | null;
  age_min: number | null;
  age_max: number | null;
  smoking: string | null;
  wants_children: string | null;
  religion: string | null;
  relationship_sought: string | null;
  interests: string[];
  traits: string[];
  // Issue 28: what the mutual score reads of the candidate's own wishes and profile.
  max_distance_km: number | null;
  drinking: string | null;
  has_children: boolean | null;
  education: string | null;
  languages: string[];
  /** 2: a date planned (scheduled), 1: an open proposal (proposed, accepted), null: free. */
  busy: number | null;
  openness: number | null;
  conscientiousness: number | null;
  extraversion: number | null;
  agreeableness: number | null;
  emotional_stability: number | null;
  closeness: number | null;
  independence: number | null;
  togetherness: number | null;
  has_quiz: boolean;
  // Only in the property test's own rows: the rest of the profile.
  gender?: string | null;
  seeking_genders?: string[];
  dealbreakers?: string[];
}

/**
 * The candidate query: every hard filter of MATCHING.md in SQL (the engine's `hardFilterFailures`
 * says the same in TypeScript), on the indexed gender and birth date of the active clients, with
 * each candidate's confirmed traits and latest quiz scores. Exported for the tests and the bench.
 */
export function candidateQuery(a: MatchPerson, adj: MagicMatchAdjustments, now: Date) {
  const conditions = hardFilters(a, adj, now);
  return sql`
    SELECT ${CANDIDATE_COLUMNS},
           ARRAY(SELECT t.trait FROM client_traits t
                  WHERE t.client_id = cp.id AND t.status = 'confirmed') AS traits,
           q.openness, q.conscientiousness, q.extraversion, q.agreeableness, q.emotional_stability,
           q.closeness, q.independence, q.togetherness, (q.client_id IS NOT NULL) AS has_quiz
      ${CANDIDATES_FROM}
      LEFT JOIN LATERAL (${latestQuiz(sql`cp.id`)}) q ON true
     ${candidatesWhere(a, conditions, ACTIVE_FROM_ACCOUNTS)}`;
}

/** The distance in km from client `a` to the candidate (NULL: a postcode unknown). */
const distanceTo = (a: MatchPerson) =>
  // Without NULLs in the array (-1: unknown), so PostgreSQL reads an element at its offset.
  sql`nullif((${pgIntArray(distancesFromPostcode(a.postcode).map((d) => d ?? -1))}::int[])[cp.postcode / 100], -1)`;

/** Every hard filter of MATCHING.md in SQL, on the candidate `cp`. */
function hardFilters(a: MatchPerson, adj: MagicMatchAdjustments, now: Date): SQL[] {
  const [lo, hi] = searchAgeRange(a, adj);
  const dist = distanceTo(a);
  const aSmoker = a.smoking === 'yes' || a.smoking === 'sometimes';
  const bSmoker = sql`coalesce(cp.smoking IN ('yes', 'sometimes'), false)`;
  const conditions = [
    // As the enum (not text), so the index on (gender, birth_date) takes both.
    sql`cp.gender = ANY(${pgTextArray(a.seeking_genders.filter((g) => (GENDERS as readonly string[]).includes(g)))}::gender[])`,
    sql`cp.seeking_genders @> ARRAY[${a.gender ?? ''}]::text[]`,
    sql`cp.birth_date <= ${yearsBefore(now, lo)}::date`,
    sql`cp.birth_date > ${yearsBefore(now, hi + 1)}::date`,
    sql`(cp.age_min IS NULL OR cp.age_min <= ${a.age ?? -1})`,
    sql`(cp.age_max IS NULL OR cp.age_max >= ${a.age ?? 1000})`,
  ];
  if (a.dealbreakers.includes('distance') && a.max_distance_km !== null) {
    conditions.push(sql`${dist} <= ${a.max_distance_km}`);
  }
  conditions.push(
    sql`(NOT ('distance' = ANY(cp.dealbreakers)) OR cp.max_distance_km IS NULL OR ${dist} <= cp.max_distance_km)`,
  );
  if (a.dealbreakers.includes('smoking')) {
    conditions.push(sql`cp.smoking IS NOT NULL AND ${bSmoker} = ${aSmoker}`);
  }
  conditions.push(
    a.smoking === null
      ? sql`NOT ('smoking' = ANY(cp.dealbreakers))`
      : sql`(NOT ('smoking' = ANY(cp.dealbreakers)) OR ${bSmoker} = ${aSmoker})`,
  );
  // Issue 28: a language both speak, when both named one (`sharedLanguages` in the rule).
  const mine = knownLanguages(a);
  if (mine.length > 0 && !adj.ignore.includes('language')) {
    conditions.push(
      sql`(NOT (cp.languages && ${pgTextArray(KNOWN_LANGUAGES)}::text[]) OR cp.languages && ${pgTextArray(mine)}::text[])`,
    );
  }
  if (a.dealbreakers.includes('children')) {
    conditions.push(sql`cp.wants_children IS NOT NULL`);
    if (a.wants_children === 'yes') conditions.push(sql`cp.wants_children <> 'no'`);
    if (a.wants_children === 'no') conditions.push(sql`cp.wants_children <> 'yes'`);
  }
  // The candidate's children dealbreaker: the client answered, and not yes against no.
  const childConflict =
    a.wants_children === 'yes'
      ? sql`cp.wants_children IS NOT DISTINCT FROM 'no'`
      : a.wants_children === 'no'
        ? sql`cp.wants_children IS NOT DISTINCT FROM 'yes'`
        : sql`false`;
  conditions.push(
    a.wants_children === null
      ? sql`NOT ('children' = ANY(cp.dealbreakers))`
      : sql`(NOT ('children' = ANY(cp.dealbreakers)) OR NOT (${childConflict}))`,
  );
  return conditions;
}

/**
 * Issue 28 (speed): the candidates that pass the hard filters, by falling ceiling of their score
 * (pre-score.ts), the first `limit` of them or those whose ceiling reaches `atLeast`, with their
 * traits and quiz; `eligible` counts them all.
 * Exported for the tests and the bench.
 */
export function topCandidatesQuery(
  a: MatchPerson,
  adj: MagicMatchAdjustments,
  now: Date,
  cut: { limit?: number; atLeast?: number },
) {
  const conditions = hardFilters(a, adj, now);
  // The traits and the quiz from the profile's copies (decision 037): one row per candidate.
  return sql`
    WITH all_candidates AS (
      SELECT ${PROFILE_COLUMNS}, ${scoreCeilingSql(a, adj, distanceTo(a), now)} AS ceiling,
             cp.match_traits AS traits, ${QUIZ_FROM_COPY},
             count(*) OVER ()::int AS eligible
        FROM client_profiles cp
       ${candidatesWhere(a, conditions, ACTIVE_FROM_COPY)}
    ), top AS (
      SELECT * FROM all_candidates
      ${cut.atLeast === undefined ? sql`` : sql`WHERE ceiling >= ${cut.atLeast}`}
      ORDER BY ceiling DESC ${cut.limit === undefined ? sql`` : sql`LIMIT ${cut.limit}`}
    )
    -- Who is under way with someone, for the candidates read only (not for every one that passed).
    SELECT top.*, ${busyOf(sql`top.id`)} AS busy
      FROM top
     ORDER BY ceiling DESC`;
}

/** How many clients' ranking statements are kept compiled (about 13 KB of text each). */
const COMPILED_CLIENTS = 100;
const compiledTop = recentlyCompiled(COMPILED_CLIENTS);

/**
 * topCandidatesQuery compiled, once per set of its inputs (issue 31): building and compiling its
 * SQL (about 140 values) was about a fifth of the server's CPU per magic match. The key holds all
 * it reads: the client as the engine sees them, the adjustments, the day its ages count from, the
 * cut.
 */
export function topCandidatesCompiled(
  a: MatchPerson,
  adj: MagicMatchAdjustments,
  now: Date,
  cut: { limit?: number; atLeast?: number },
): Query {
  const key = JSON.stringify([
    a,
    adj.extra_age,
    adj.extra_distance,
    [...adj.ignore].sort(),
    yearsBefore(now, 0),
    cut.limit ?? null,
    cut.atLeast ?? null,
  ]);
  return compiledTop(key, () => topCandidatesQuery(a, adj, now, cut));
}

/** The latest quiz's scores as the columns of quiz_attempts, from cp.quiz_scores. */
const QUIZ_FROM_COPY = sql.raw(
  [
    ...QUIZ_DIMENSIONS.map((d, i) => `cp.quiz_scores[${i + 1}] AS ${d}`),
    '(cp.quiz_scores IS NOT NULL) AS has_quiz',
  ].join(', '),
);

/** What the score reads of a candidate's own profile (traits and quiz come apart). */
const PROFILE_COLUMNS =
  sql.raw(`cp.id, cp.birth_date::text AS birth_date, cp.postcode, cp.age_min, cp.age_max,
           cp.smoking, cp.wants_children, cp.religion, cp.relationship_sought, cp.interests,
           cp.max_distance_km, cp.drinking, cp.has_children, cp.education, cp.languages`);
const CANDIDATE_COLUMNS = sql`${PROFILE_COLUMNS}, ${busyOf(sql`cp.id`)} AS busy`;

const latestQuiz = (id: SQL) => sql`
        SELECT qa.* FROM quiz_attempts qa
         WHERE qa.client_id = ${id} AND qa.finished_at IS NOT NULL
         ORDER BY qa.finished_at DESC LIMIT 1`;

/**
 * The state part of the eligibility rule (clientStateFailures): read from the accounts in the
 * uncut query, from the profile's copy (cp.matchable, decision 037) in the ranking's own.
 */
const ACTIVE_FROM_ACCOUNTS = sql`up.role = 'client' AND up.contract_status = 'active_for_matching'
       AND s.matching_paused_at IS NULL AND s.deleted_at IS NULL`;
const ACTIVE_FROM_COPY = sql`cp.matchable`;

const CANDIDATES_FROM = sql`FROM client_profiles cp
      JOIN user_profiles up ON up.id = cp.id
      LEFT JOIN account_settings s ON s.user_id = cp.id`;

/** 2: a date planned (scheduled), 1: an open proposal (proposed, accepted), null: free; of one client. */
function busyOf(id: SQL) {
  return sql`(SELECT max(CASE WHEN m.status = 'scheduled' THEN 2 ELSE 1 END) FROM matches m
                WHERE (m.client1_id = ${id} OR m.client2_id = ${id})
                  AND m.status IN ('proposed', 'accepted', 'scheduled'))`;
}

function candidatesWhere(a: MatchPerson, conditions: SQL[], active: SQL) {
  return sql`WHERE ${active}
       AND cp.id <> ${a.id}
       AND ${sql.join(conditions, sql` AND `)}
       -- Read once (not per candidate): whom the client was ever proposed to, and whom they hid.
       AND cp.id <> ALL (ARRAY(SELECT CASE WHEN m.client1_id = ${a.id} THEN m.client2_id ELSE m.client1_id END
                                 FROM matches m WHERE m.client1_id = ${a.id} OR m.client2_id = ${a.id}))
       AND cp.id <> ALL (ARRAY(SELECT h.candidate_id FROM magic_match_hidden h WHERE h.client_id = ${a.id}))`;
}
