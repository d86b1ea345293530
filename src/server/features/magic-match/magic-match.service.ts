import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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
import { postcodeDistanceKm } from '../../../shared/postcode-zones';
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
import { listValues, placeholderList, runCompiled } from '../../db/compiled';
import {
  account_settings,
  client_photos,
  client_profiles,
  client_traits,
  matches,
  quiz_attempts,
  user_profiles,
} from '../../db/schema';
import { named, selectTogetherOnce, tableRows } from '../../db/together';
import { AppError } from '../../lib/errors';
import { clientStateFailures, firstNameOf, knownLanguages, personOfProfile } from '../matches/eligibility';
import {
  type PackageDatesRows,
  packageDatesQueries,
  TIERS_WITH_DATES,
  toPackageDates,
} from '../matches/package-dates';
import { recordShownCandidatesSql, shownCandidatesValues } from '../profile/photo-access.service';
import {
  type CandidateRow,
  candidateQuery,
  rowsOf,
  topCandidatesCompiled,
  topCandidatesQuery,
} from './candidate-query';
import { isKnownTrait, type MatchPerson, NO_ADJUSTMENTS, rankBefore, scoreCandidate } from './engine';

export { candidateQuery, rowsOf, topCandidatesQuery };

const matchmaker = alias(user_profiles, 'matchmaker');

/** What magic match reads of a client (`loadClient`), as rows of `selectTogether`. */
interface ClientRows extends PackageDatesRows {
  client: {
    id: string;
    full_name: string | null;
    tier: (typeof user_profiles.$inferSelect)['tier'];
    contract_status: (typeof user_profiles.$inferSelect)['contract_status'];
    assigned_matchmaker_id: string | null;
    matchmaker_name: string | null;
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
  // Built once (decision 052): the client's id is the one value.
  const id = sql.placeholder('client_id');
  const found = await selectTogetherOnce<ClientRows>(
    ctx.db,
    'magic-match:client',
    () => ({
      queries: {
        client: sql`
      SELECT p.id, p.full_name, p.tier, p.contract_status, p.assigned_matchmaker_id,
             mm.full_name AS matchmaker_name, s.matching_paused_at AS paused_at, s.deleted_at
      FROM ${user_profiles} p LEFT JOIN ${account_settings} s ON s.user_id = p.id
      LEFT JOIN ${user_profiles} mm ON mm.id = p.assigned_matchmaker_id
      WHERE p.id = ${id} AND p.role = 'client'`,
        profile: sql`SELECT * FROM ${client_profiles} WHERE id = ${id}`,
        traits: sql`SELECT DISTINCT trait FROM ${client_traits} WHERE client_id = ${id} AND status = 'confirmed'`,
        quiz: sql`
      SELECT * FROM ${quiz_attempts} WHERE client_id = ${id} AND finished_at IS NOT NULL
      ORDER BY finished_at DESC LIMIT 1`,
        ...packageDatesQueries(id),
      },
    }),
    { client_id: clientId },
  );
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
export const PRE_CUT_FIRST = 300;

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
  const read = (cut: { limit?: number; atLeast?: number }) =>
    runCompiled<Row>(db, topCandidatesCompiled(a, adj, now, cut), {});
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
  // The top's photos and what is shown of them, in one statement, built once per role and number of
  // candidates (decision 052).
  const topIds = placeholderList('top_id', ids.length);
  const { photos, shown, dates } = ids.length
    ? await selectTogetherOnce<{
        dates: { id: string; tier: string; completed: number };
        photos: { id: string; client_id: string };
        shown: Pick<
          typeof user_profiles.$inferSelect,
          'id' | 'full_name' | 'tier' | 'assigned_matchmaker_id'
        > &
          Pick<typeof client_profiles.$inferSelect, 'gender' | 'town' | 'province'> & {
            matchmaker_name: string | null;
          };
      }>(
        ctx.db,
        `magic-match:top:${actor.profile.role}:${ids.length}`,
        () => ({
          queries: {
            // Issue 28: each candidate's package counter (decision 015: completed dates of the term).
            dates: sql`
          SELECT up.id, up.tier, (SELECT count(*)::int FROM ${matches} m
                                   WHERE (m.client1_id = up.id OR m.client2_id = up.id)
                                     AND m.status = 'completed'
                                     AND m.completed_at >= up.subscription_started_at) AS completed
            FROM ${user_profiles} up
           WHERE up.id IN (${topIds}) AND up.subscription_started_at IS NOT NULL`,
            photos: ctx.db
              .select(named({ id: client_photos.id, client_id: client_photos.client_id }))
              .from(client_photos)
              .where(sql`${client_photos.client_id} IN (${topIds})`)
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
              .where(sql`${user_profiles.id} IN (${topIds})`)
              .getSQL(),
          },
          // Decision 034: the matchmaker may see these candidates' photos for a while.
          options: { alsoWrite: recordShownCandidatesSql(actor, ids.length) },
        }),
        { ...listValues('top_id', ids), ...shownCandidatesValues({ actor, candidate_ids: ids, now }) },
      )
    : { photos: [], shown: [], dates: [] };
  const shownOf = (id: string) => shown.find((n) => n.id === id)!;
  const isAdmin = actor.profile.role === 'admin';
  return {
    client: {
      id: loaded.row.id,
      full_name: loaded.row.full_name,
      tier: loaded.row.tier,
      matchmaker_name: loaded.row.matchmaker_name,
    },
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
