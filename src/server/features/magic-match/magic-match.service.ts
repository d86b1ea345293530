import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { GENDERS } from '../../../shared/domain';
import { ageOn } from '../../../shared/format';
import {
  AVAILABILITY_LABELS,
  type Availability,
  IGNORABLE_DEALBREAKER,
  MAGIC_MATCH_LIMIT,
  MAGIC_MATCH_TEXTS,
  MAGIC_MATCH_WEIGHTS,
  type MagicMatchAdjustments,
  type MagicMatchOverview,
  type MagicMatchQuery,
  type MagicMatchResults,
  PACKAGE_DATES_INCLUDED,
} from '../../../shared/magic-match';
import { distancesFromPostcode, postcodeDistanceKm } from '../../../shared/postcode-zones';
import {
  bandOf,
  QUIZ_BAND_LABELS,
  QUIZ_DIMENSION_INFO,
  QUIZ_DIMENSIONS,
  type QuizScores,
} from '../../../shared/quiz';
import { checkClientAccess } from '../../auth/client-access';
import type { Actor, AppContext } from '../../context';
import type { Db } from '../../db/client';
import {
  account_settings,
  client_photos,
  client_profiles,
  client_traits,
  matches,
  quiz_attempts,
  user_profiles,
} from '../../db/schema';
import { named, selectTogether, tableRows } from '../../db/together';
import { AppError } from '../../lib/errors';
import {
  clientStateFailures,
  firstNameOf,
  KNOWN_LANGUAGES,
  knownLanguages,
  personOfProfile,
} from '../matches/eligibility';
import {
  type PackageDatesRows,
  packageDatesQueries,
  TIERS_WITH_DATES,
  toPackageDates,
} from '../matches/package-dates';
import {
  isKnownTrait,
  type MatchPerson,
  NO_ADJUSTMENTS,
  rankBefore,
  scoreCandidate,
  searchAgeRange,
} from './engine';
import { ceilingJoins, scoreCeilingSql } from './pre-score';

const matchmaker = alias(user_profiles, 'matchmaker');

/** The day `years` years before `now` (UTC), as a date string: age bounds on birth dates. */
export function yearsBefore(now: Date, years: number): string {
  const day = new Date(now);
  day.setUTCFullYear(day.getUTCFullYear() - years);
  return day.toISOString().slice(0, 10);
}

const pgTextArray = (items: readonly string[]) =>
  `{${items.map((i) => `"${i.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
const pgIntArray = (items: readonly (number | null)[]) =>
  `{${items.map((i) => (i === null ? 'NULL' : String(i))).join(',')}}`;

export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** What magic match reads of a client (`loadClient`), as rows of `selectTogether`. */
interface ClientRows extends PackageDatesRows {
  client: {
    id: string;
    full_name: string | null;
    tier: (typeof user_profiles.$inferSelect)['tier'];
    contract_status: (typeof user_profiles.$inferSelect)['contract_status'];
    assigned_matchmaker_id: string | null;
    paused_at: string | null;
    deleted_at: string | null;
  };
  profile: object;
  traits: { trait: string };
  quiz: object;
}

/**
 * The client as magic match reads them, with what the overview shows and their package dates, in
 * one statement (issue 19) with the access check's row: nothing is used before the check passed.
 */
async function loadClient(ctx: AppContext, actor: Actor, clientId: string) {
  const now = ctx.clock.now();
  const found = await selectTogether<ClientRows>(ctx.db, {
    client: sql`
      SELECT p.id, p.full_name, p.tier, p.contract_status, p.assigned_matchmaker_id,
             s.matching_paused_at AS paused_at, s.deleted_at
      FROM ${user_profiles} p LEFT JOIN ${account_settings} s ON s.user_id = p.id
      WHERE p.id = ${clientId} AND p.role = 'client'`,
    profile: sql`SELECT * FROM ${client_profiles} WHERE id = ${clientId}`,
    traits: sql`SELECT DISTINCT trait FROM ${client_traits} WHERE client_id = ${clientId} AND status = 'confirmed'`,
    quiz: sql`
      SELECT * FROM ${quiz_attempts} WHERE client_id = ${clientId} AND finished_at IS NOT NULL
      ORDER BY finished_at DESC LIMIT 1`,
    ...packageDatesQueries(clientId),
  });
  const client = checkClientAccess({ actor, client: found.client[0] });
  const row = { ...client, profile: tableRows(client_profiles, found.profile)[0] ?? null };
  const traits = found.traits;
  const [quiz] = tableRows(quiz_attempts, found.quiz);
  const person: MatchPerson = {
    ...personOfProfile(row.id, row.profile, now),
    traits: traits.map((t) => t.trait).filter(isKnownTrait),
    quiz: quiz ? (Object.fromEntries(QUIZ_DIMENSIONS.map((d) => [d, quiz[d] ?? 0])) as QuizScores) : null,
  };
  const paused = row.contract_status === 'paused' || row.paused_at !== null;
  // The state part of the one eligibility rule (decision 026): deleted, paused, not active.
  const stateFailures = clientStateFailures({
    person,
    first_name: firstNameOf(row.full_name),
    contract_status: row.contract_status,
    paused: row.paused_at !== null,
    deleted: row.deleted_at !== null,
  });
  return { row, person, paused, stateFailures, packageDates: toPackageDates(found) };
}

type Loaded = Awaited<ReturnType<typeof loadClient>>;

function notSearchableReason({ person, stateFailures }: Loaded): string | null {
  if (stateFailures.length > 0) return MAGIC_MATCH_TEXTS.notEligible;
  if (!person.gender || person.age === null || person.seeking_genders.length === 0) {
    return MAGIC_MATCH_TEXTS.profileIncomplete;
  }
  return null;
}

/** What is missing of the client, and how that weakens the ranking. */
function missingOf(person: MatchPerson): MagicMatchOverview['missing'] {
  const missing: MagicMatchOverview['missing'] = [];
  if (!person.gender)
    missing.push({ field: 'Geslacht', effect: 'Zonder geslacht kan niemand gevonden worden.' });
  if (person.age === null)
    missing.push({ field: 'Geboortedatum', effect: 'Zonder leeftijd werken de leeftijdsfilters niet.' });
  if (person.seeking_genders.length === 0) {
    missing.push({
      field: 'Wie de klant zoekt',
      effect: 'Zonder gezocht geslacht (en toestemming) is er geen zoekopdracht.',
    });
  }
  if (person.traits.length === 0) {
    missing.push({
      field: 'Bevestigde eigenschappen',
      effect: `Het deel eigenschappen (${MAGIC_MATCH_WEIGHTS.traits} punten) telt voor iedereen als één gedeelde eigenschap.`,
    });
  }
  if (!person.quiz)
    missing.push({
      field: 'Quiz',
      effect: `Het deel quiz (${MAGIC_MATCH_WEIGHTS.quiz} punten) telt voor iedereen half.`,
    });
  if (person.interests.length === 0) {
    missing.push({
      field: 'Interesses',
      effect: `Het deel interesses (${MAGIC_MATCH_WEIGHTS.interests} punten) telt voor iedereen half.`,
    });
  }
  if (person.postcode === null) {
    missing.push({
      field: 'Postcode',
      effect: `Afstanden zijn onbekend: het deel afstand (${MAGIC_MATCH_WEIGHTS.distance} punten) telt voor iedereen half.`,
    });
  }
  if (knownLanguages(person).length === 0) {
    missing.push({
      field: 'Talen',
      effect: 'Zonder talen is niet te zien of de klant en een kandidaat een taal delen: dat deel telt half.',
    });
  }
  if (person.age_min === null || person.age_max === null) {
    missing.push({
      field: 'Leeftijdsbereik',
      effect: 'Zonder bereik geldt 18 tot 99 jaar: de leeftijd scoort minder scherp.',
    });
  }
  for (const [field, value, label] of [
    ['wants_children', person.wants_children, 'Kinderwens'],
    ['religion', person.religion, 'Levensbeschouwing'],
    ['relationship_sought', person.relationship_sought, 'Gezochte relatie'],
  ] as const) {
    if (value === null)
      missing.push({
        field: label,
        effect: `Zonder ${label.toLowerCase()} scoort dat deel van de waarden neutraal (${field}).`,
      });
  }
  return missing;
}

export async function getOverview({
  ctx,
  actor,
  clientId,
}: {
  ctx: AppContext;
  actor: Actor;
  clientId: string;
}): Promise<MagicMatchOverview> {
  const loaded = await loadClient(ctx, actor, clientId);
  const { row, person, paused } = loaded;
  const p = row.profile;
  const reason = notSearchableReason(loaded);
  return {
    client: {
      id: row.id,
      full_name: row.full_name,
      tier: row.tier,
      contract_status: row.contract_status,
      paused,
      age: person.age,
      gender: person.gender,
      town: p?.town ?? null,
      postcode: p?.postcode ?? null,
      province: p?.province ?? null,
    },
    filters: {
      seeking_genders: [...person.seeking_genders],
      age_min: person.age_min,
      age_max: person.age_max,
      max_distance_km: person.max_distance_km,
      dealbreakers: [...person.dealbreakers],
      smoking: person.smoking,
      wants_children: person.wants_children,
      religion: person.religion,
      relationship_sought: person.relationship_sought,
      drinking: person.drinking ?? null,
      has_children: person.has_children ?? null,
      education: person.education ?? null,
      languages: [...(person.languages ?? [])],
    },
    traits: [...person.traits],
    quiz_bands: person.quiz
      ? QUIZ_DIMENSIONS.map((d) => ({
          dimension: d,
          label: QUIZ_DIMENSION_INFO[d].label,
          band: QUIZ_BAND_LABELS[bandOf((person.quiz as QuizScores)[d])],
        }))
      : [],
    interests: [...person.interests],
    missing: missingOf(person),
    searchable: reason === null,
    not_searchable_reason: reason,
    package_dates: loaded.packageDates,
  };
}

/** The adjustments of one search; a dealbreaker of the client may not be relaxed. */
export function adjustmentsFor(person: MatchPerson, query: MagicMatchQuery): MagicMatchAdjustments {
  const adj: MagicMatchAdjustments = {
    extra_age: query.extra_age ?? 0,
    extra_distance: query.extra_distance ?? 0,
    ignore: query.ignore ?? [],
  };
  const isDealbreaker = (d: string) => person.dealbreakers.includes(d);
  if (adj.extra_age > 0 && isDealbreaker('age')) throw new AppError('MAGIC_MATCH_DEALBREAKER');
  if (adj.extra_distance > 0 && isDealbreaker('distance')) throw new AppError('MAGIC_MATCH_DEALBREAKER');
  for (const ignored of adj.ignore) {
    const guard = IGNORABLE_DEALBREAKER[ignored];
    if (guard && isDealbreaker(guard)) throw new AppError('MAGIC_MATCH_DEALBREAKER');
  }
  return adj;
}

/** What the candidate query returns: what the score reads (the display fields come for the top only). */
interface CandidateRow {
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
     ${candidatesWhere(a, conditions)}`;
}

/** The distance in km from client `a` to the candidate (NULL: a postcode unknown). */
const distanceTo = (a: MatchPerson) =>
  sql`(${pgIntArray(distancesFromPostcode(a.postcode))}::int[])[cp.postcode / 100]`;

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
  return sql`
    WITH all_candidates AS (
      SELECT ${CANDIDATE_COLUMNS}, ${scoreCeilingSql(a, adj, distanceTo(a), now)} AS ceiling,
             count(*) OVER ()::int AS eligible
        ${CANDIDATES_FROM}
        ${ceilingJoins(a)}
       ${candidatesWhere(a, conditions)}
    ), c AS (
      SELECT * FROM all_candidates
      ${cut.atLeast === undefined ? sql`` : sql`WHERE ceiling >= ${cut.atLeast}`}
      ORDER BY ceiling DESC ${cut.limit === undefined ? sql`` : sql`LIMIT ${cut.limit}`}
    )
    SELECT c.*,
           ARRAY(SELECT t.trait FROM client_traits t
                  WHERE t.client_id = c.id AND t.status = 'confirmed') AS traits,
           q.openness, q.conscientiousness, q.extraversion, q.agreeableness, q.emotional_stability,
           q.closeness, q.independence, q.togetherness, (q.client_id IS NOT NULL) AS has_quiz
      FROM c LEFT JOIN LATERAL (${latestQuiz(sql`c.id`)}) q ON true
     ORDER BY c.ceiling DESC`;
}

/** What the score reads of a candidate's own profile (traits and quiz come apart). */
const CANDIDATE_COLUMNS =
  sql.raw(`cp.id, cp.birth_date::text AS birth_date, cp.postcode, cp.age_min, cp.age_max,
           cp.smoking, cp.wants_children, cp.religion, cp.relationship_sought, cp.interests,
           cp.max_distance_km, cp.drinking, cp.has_children, cp.education, cp.languages, bz.busy`);

const latestQuiz = (id: SQL) => sql`
        SELECT qa.* FROM quiz_attempts qa
         WHERE qa.client_id = ${id} AND qa.finished_at IS NOT NULL
         ORDER BY qa.finished_at DESC LIMIT 1`;

const CANDIDATES_FROM = sql`FROM client_profiles cp
      JOIN user_profiles up ON up.id = cp.id
      LEFT JOIN account_settings s ON s.user_id = cp.id
      -- Issue 28: who is under way with someone (2: a date planned, 1: a proposal open), one pass
      -- over the open matches.
      LEFT JOIN (
        SELECT v.id, max(CASE WHEN m.status = 'scheduled' THEN 2 ELSE 1 END) AS busy
          FROM matches m CROSS JOIN LATERAL (VALUES (m.client1_id), (m.client2_id)) AS v(id)
         WHERE m.status IN ('proposed', 'accepted', 'scheduled')
         GROUP BY v.id
      ) bz ON bz.id = cp.id`;

function candidatesWhere(a: MatchPerson, conditions: SQL[]) {
  return sql`WHERE up.role = 'client' AND up.contract_status = 'active_for_matching'
       AND s.matching_paused_at IS NULL AND s.deleted_at IS NULL
       AND cp.id <> ${a.id}
       AND ${sql.join(conditions, sql` AND `)}
       AND NOT EXISTS (SELECT 1 FROM matches m
                        WHERE (m.client1_id = ${a.id} AND m.client2_id = cp.id)
                           OR (m.client2_id = ${a.id} AND m.client1_id = cp.id))
       AND NOT EXISTS (SELECT 1 FROM magic_match_hidden h
                        WHERE h.client_id = ${a.id} AND h.candidate_id = cp.id)`;
}

export function personOf(row: CandidateRow, now: Date): MatchPerson {
  return {
    id: row.id,
    gender: row.gender ?? null,
    age: row.birth_date ? ageOn(row.birth_date, now) : null,
    seeking_genders: row.seeking_genders ?? [],
    age_min: row.age_min,
    age_max: row.age_max,
    max_distance_km: row.max_distance_km ?? null,
    dealbreakers: row.dealbreakers ?? [],
    smoking: row.smoking,
    wants_children: row.wants_children,
    religion: row.religion,
    relationship_sought: row.relationship_sought,
    interests: row.interests ?? [],
    // A trait confirmed from two sources counts once.
    traits: [...new Set(row.traits ?? [])].filter(isKnownTrait),
    quiz: row.has_quiz
      ? (Object.fromEntries(QUIZ_DIMENSIONS.map((d) => [d, row[d] ?? 0])) as QuizScores)
      : null,
    postcode: row.postcode,
    drinking: row.drinking ?? null,
    has_children: row.has_children ?? null,
    education: row.education ?? null,
    languages: row.languages ?? [],
  };
}

/** Issue 28: a candidate with an open proposal or a planned date with someone else. */
export const availabilityOf = (busy: number | null | undefined): Availability =>
  busy === 2 ? 'date_planned' : busy === 1 ? 'open_proposal' : 'free';

/** The candidates that pass the hard filters, unscored (for the tests and the property test). */
export async function findCandidates({
  db,
  person,
  adj,
  now,
}: {
  db: Db;
  person: MatchPerson;
  adj: MagicMatchAdjustments;
  now: Date;
}) {
  return rowsOf<CandidateRow>(await db.execute(candidateQuery(person, adj, now)));
}

/** How many candidates the first read takes, by falling ceiling of their score. */
export const PRE_CUT_FIRST = 600;

/**
 * The top MAGIC_MATCH_LIMIT candidates of client `a`, scored (not explained) and in the results'
 * order, and how many passed the hard filters. Reads the candidates by falling ceiling of their
 * score (pre-score.ts), first `first` of them. The last score kept then, S, is at most the last score
 * of the true top, and a candidate whose ceiling lies more than the rounding below S scores below it
 * (ties included): when the first candidate not read is such a one, the top is complete; otherwise
 * a second read takes every candidate whose ceiling reaches S, and no other can make the top.
 * `first: null`: no cut (the tests compare with it).
 */
export async function rankTop({
  db,
  a,
  adj,
  now,
  first = PRE_CUT_FIRST,
}: {
  db: Db;
  a: MatchPerson;
  adj: MagicMatchAdjustments;
  now: Date;
  first?: number | null;
}) {
  if (first === null) {
    const rows = await findCandidates({ db, person: a, adj, now });
    return { ranked: rankRows(a, adj, now, rows), eligible: rows.length, read: rows.length };
  }
  type Row = CandidateRow & { ceiling: number; eligible: number };
  const read = async (cut: { limit?: number; atLeast?: number }) =>
    rowsOf<Row>(await db.execute(topCandidatesQuery(a, adj, now, cut)));
  const rows = await read({ limit: first + 1 });
  const eligible = rows[0]?.eligible ?? 0;
  const ranked = rankRows(a, adj, now, rows.slice(0, first));
  const last = ranked[MAGIC_MATCH_LIMIT - 1];
  if (rows.length <= first || !last) return { ranked, eligible, read: rows.length };
  // Below this ceiling a candidate scores less than `last` (the rounding, and a margin for floats);
  // a score of 0 has no such ceiling (a score is never below 0): then all are read.
  const floor = last.key.score > 0 ? last.key.score - 0.5 - 1e-6 : null;
  if (floor !== null && Number(rows[first]!.ceiling) < floor) {
    return { ranked, eligible, read: rows.length };
  }
  const more = await read(floor === null ? {} : { atLeast: floor });
  return { ranked: rankRows(a, adj, now, more), eligible, read: rows.length + more.length };
}

/**
 * Scoring in one pass; the top is kept. Equally good: a free candidate before one under way with
 * someone else, then the stronger other side (decision 030).
 */
function rankRows(a: MatchPerson, adj: MagicMatchAdjustments, now: Date, rows: CandidateRow[]) {
  return rows
    .map((row) => {
      const b = personOf(row, now);
      const distance = postcodeDistanceKm(a.postcode, b.postcode);
      const availability = availabilityOf(row.busy);
      const { score, forA, forB } = scoreCandidate(a, b, distance, adj, undefined, false);
      // The sort key, made once per candidate (not per comparison).
      return { row, b, distance, availability, key: { score, forA, forB, free: availability === 'free' } };
    })
    .sort((x, y) => rankBefore(x.key, y.key) || (x.row.id < y.row.id ? -1 : 1))
    .slice(0, MAGIC_MATCH_LIMIT);
}

/** GET /api/matchmaker/clients/{clientId}/magic-match: the ranked, explained candidates. */
export async function rankCandidates({
  ctx,
  actor,
  clientId,
  query,
}: {
  ctx: AppContext;
  actor: Actor;
  clientId: string;
  query: MagicMatchQuery;
}): Promise<MagicMatchResults> {
  const started = performance.now();
  const loaded = await loadClient(ctx, actor, clientId);
  if (notSearchableReason(loaded))
    throw new AppError('MAGIC_MATCH_NOT_SEARCHABLE', notSearchableReason(loaded)!);
  const a = loaded.person;
  const adj = adjustmentsFor(a, query);
  const now = ctx.clock.now();
  const { ranked, eligible } = await rankTop({ db: ctx.db, a, adj, now });
  const ids = ranked.map((s) => s.row.id);
  // The top's photos and what is shown of them, in one statement.
  const { photos, shown, dates } = ids.length
    ? await selectTogether<{
        dates: { id: string; tier: string; completed: number };
        photos: { id: string; client_id: string };
        shown: Pick<
          typeof user_profiles.$inferSelect,
          'id' | 'full_name' | 'tier' | 'assigned_matchmaker_id'
        > &
          Pick<typeof client_profiles.$inferSelect, 'gender' | 'town' | 'province'> & {
            matchmaker_name: string | null;
          };
      }>(ctx.db, {
        // Issue 28: each candidate's package counter (decision 015: completed dates of the term).
        dates: sql`
          SELECT up.id, up.tier, (SELECT count(*)::int FROM ${matches} m
                                   WHERE (m.client1_id = up.id OR m.client2_id = up.id)
                                     AND m.status = 'completed'
                                     AND m.completed_at >= up.subscription_started_at) AS completed
            FROM ${user_profiles} up
           WHERE up.id IN (${sql.join(
             ids.map((id) => sql`${id}`),
             sql`, `,
           )}) AND up.subscription_started_at IS NOT NULL`,
        photos: ctx.db
          .select(named({ id: client_photos.id, client_id: client_photos.client_id }))
          .from(client_photos)
          .where(inArray(client_photos.client_id, ids))
          .orderBy(client_photos.created_at)
          .getSQL(),
        shown: ctx.db
          .select(
            named({
              id: user_profiles.id,
              full_name: user_profiles.full_name,
              tier: user_profiles.tier,
              assigned_matchmaker_id: user_profiles.assigned_matchmaker_id,
              matchmaker_name: matchmaker.full_name,
              gender: client_profiles.gender,
              town: client_profiles.town,
              province: client_profiles.province,
            }),
          )
          .from(user_profiles)
          .innerJoin(client_profiles, eq(client_profiles.id, user_profiles.id))
          .leftJoin(matchmaker, eq(matchmaker.id, user_profiles.assigned_matchmaker_id))
          .where(inArray(user_profiles.id, ids))
          .getSQL(),
      })
    : { photos: [], shown: [], dates: [] };
  const shownOf = (id: string) => shown.find((n) => n.id === id)!;
  const isAdmin = actor.profile.role === 'admin';
  return {
    client: { id: loaded.row.id, full_name: loaded.row.full_name, tier: loaded.row.tier },
    adjustments: { ...adj, ignore: [...adj.ignore] },
    eligible,
    candidates: ranked.map(({ row, b, distance, availability }) => {
      const display = shownOf(row.id);
      // The top again with the first names, so each text says whose wish it is.
      const result = scoreCandidate(a, b, distance, adj, {
        a: firstNameOf(loaded.row.full_name),
        b: firstNameOf(display.full_name),
      });
      const term = dates.find((d) => d.id === row.id);
      return {
        id: row.id,
        full_name: display.full_name,
        first_name: (display.full_name ?? '').split(' ')[0] ?? '',
        tier: display.tier,
        age: b.age,
        gender: display.gender,
        town: display.town,
        province: display.province,
        distance_km: distance,
        matchmaker_name: display.matchmaker_name,
        own_client: isAdmin || display.assigned_matchmaker_id === actor.user.id,
        photo_ids: photos.filter((p) => p.client_id === row.id).map((p) => p.id),
        interests: [...b.interests],
        traits: [...b.traits],
        wants_children: b.wants_children,
        smoking: b.smoking,
        relationship_sought: b.relationship_sought,
        score: result.score,
        band: result.band.band,
        band_label: result.band.label,
        reasons: result.reasons,
        friction: result.friction,
        parts: result.parts,
        score_for_client: result.forA,
        score_for_candidate: result.forB,
        frictions: result.frictions.map((f) => ({
          text: f.text,
          client_id: f.owner === 'a' ? a.id : f.owner === 'b' ? row.id : null,
          weight: f.weight,
        })),
        availability,
        availability_label: availability === 'free' ? null : AVAILABILITY_LABELS[availability],
        package_dates:
          term && (TIERS_WITH_DATES as readonly string[]).includes(term.tier)
            ? { completed: term.completed, included: PACKAGE_DATES_INCLUDED }
            : null,
        languages: [...(b.languages ?? [])],
      };
    }),
    took_ms: Math.round(performance.now() - started),
    package_dates: loaded.packageDates,
  };
}

export { NO_ADJUSTMENTS };
