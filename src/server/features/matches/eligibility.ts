/**
 * Issue 26 (decision 026): the one rule that judges a pair of clients, for every path that
 * proposes a match (POST /api/matches for matchmakers and admins, magic match's "Stel match voor"
 * through it, the seed) and for magic match's candidates (`hardFilterFailures` in the engine is
 * the profile part of this rule; the candidate query says the same in SQL).
 *
 * `judgePair` is pure: it reads two clients and what is known of the pair and names every rule
 * the pair fails, in Dutch, with whether a reason may override it. `judgeStoredPair` loads both
 * clients and judges; `checkPair` checks who asks too; `proposalOverride` decides what a proposal
 * may do with the result.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  AGE_OVERRIDE_MAX_YEARS,
  type ContractStatus,
  GENDER_LABELS,
  type Gender,
} from '../../../shared/domain';
import { ageOn } from '../../../shared/format';
import type { MagicMatchAdjustments } from '../../../shared/magic-match';
import type { EligibilityFailure, EligibilityResponse, EligibilityRule } from '../../../shared/matches';
import { type ErrorCode, MESSAGES } from '../../../shared/messages';
import { postcodeDistanceKm } from '../../../shared/postcode-zones';
import { LANGUAGE_LABELS, type Language } from '../../../shared/profile';
import type { QuizScores } from '../../../shared/quiz';
import type { Actor, AppContext } from '../../context';
import type { Db } from '../../db/client';
import { account_settings, client_profiles, matches, user_profiles } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** What the rule (and magic match) reads of a client. */
export interface MatchPerson {
  id: string;
  gender: string | null;
  age: number | null;
  seeking_genders: readonly string[];
  age_min: number | null;
  age_max: number | null;
  max_distance_km: number | null;
  dealbreakers: readonly string[];
  smoking: string | null;
  wants_children: string | null;
  religion: string | null;
  relationship_sought: string | null;
  interests: readonly string[];
  /** Confirmed traits only. */
  traits: readonly string[];
  quiz: QuizScores | null;
  postcode: number | null;
  /** Issue 28: the rest of the profile magic match scores (absent: not known). */
  drinking?: string | null;
  has_children?: boolean | null;
  education?: string | null;
  /** Languages spoken (`LANGUAGES`); the language rule reads them. */
  languages?: readonly string[];
}

/** The languages two clients can be sure to share: any but 'other' (which other is unknown). */
export const KNOWN_LANGUAGES = ['nl', 'fr', 'en', 'de'] as const;
export const knownLanguages = (p: MatchPerson) =>
  (p.languages ?? []).filter((l) => (KNOWN_LANGUAGES as readonly string[]).includes(l));
/**
 * Issue 28: the languages both speak; null when one of them named no known language (then nothing
 * is known, and the rule does not judge).
 */
export function sharedLanguages(a: MatchPerson, b: MatchPerson): string[] | null {
  const x = knownLanguages(a);
  const y = knownLanguages(b);
  if (x.length === 0 || y.length === 0) return null;
  return x.filter((l) => y.includes(l));
}

export const NO_ADJUSTMENTS: MagicMatchAdjustments = { extra_age: 0, extra_distance: 0, ignore: [] };

/** A client without an age range seeks 18 to 99. */
export const AGE_FLOOR = 18;
export const AGE_CEILING = 99;

/** The age range the client seeks in this search (widened by the matchmaker when allowed). */
export function searchAgeRange(a: MatchPerson, adj: MagicMatchAdjustments): [number, number] {
  const lo = Math.max(AGE_FLOOR, (a.age_min ?? AGE_FLOOR) - adj.extra_age);
  const hi = Math.min(AGE_CEILING + 50, (a.age_max ?? AGE_CEILING) + adj.extra_age);
  return [lo, hi];
}

export const isSmoker = (smoking: string | null) => smoking === 'yes' || smoking === 'sometimes';
export const childrenConflict = (a: string | null, b: string | null) =>
  (a === 'yes' && b === 'no') || (a === 'no' && b === 'yes');

/** Magic match's names for the profile rules, seen from client `a` (its candidate is `b`). */
export type HardFilter =
  | 'gender_a_seeks_b'
  | 'gender_b_seeks_a'
  | 'age_b_in_range_of_a'
  | 'age_a_in_range_of_b'
  | 'distance_dealbreaker_a'
  | 'distance_dealbreaker_b'
  | 'smoking_dealbreaker_a'
  | 'smoking_dealbreaker_b'
  | 'children_dealbreaker_a'
  | 'children_dealbreaker_b'
  | 'language';

/** One rule a pair fails; `filter` is magic match's name for it (none: magic match only scores it). */
export interface RuleFailure extends EligibilityFailure {
  code: ErrorCode;
  filter: HardFilter | null;
}

/** A client as the rule reads them: the profile, a first name for the texts, and their state. */
export interface PairClient {
  person: MatchPerson;
  first_name: string;
  contract_status: ContractStatus;
  /** Paused in the settings (account_settings.matching_paused_at). */
  paused: boolean;
  deleted: boolean;
}

/** What is known of the pair itself. */
export interface PairFacts {
  distanceKm: number | null;
  /** A match between the two exists, in any status. */
  existingMatch: boolean;
}

const GENDER_PLURALS: Record<Gender, string> = {
  woman: 'vrouwen',
  man: 'mannen',
  non_binary: 'non-binaire personen',
};
const GENDER_NOUNS: Record<Gender, string> = { woman: 'een vrouw', man: 'een man', non_binary: 'non-binair' };
const listed = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} of ${items[items.length - 1]}`;
const listedAnd = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} en ${items[items.length - 1]}`;
const languageName = (l: string) => LANGUAGE_LABELS[l as Language] ?? l;
const plural = (g: string) => GENDER_PLURALS[g as Gender] ?? g;
const noun = (g: string) => GENDER_NOUNS[g as Gender] ?? (GENDER_LABELS[g as Gender] || g);

/** How many years `age` lies outside [lo, hi] (a missing bound: none on that side). */
const yearsOutside = (age: number, lo: number | null, hi: number | null) =>
  lo !== null && age < lo ? lo - age : hi !== null && age > hi ? age - hi : 0;

const range = (lo: number | null, hi: number | null) =>
  `van ${lo ?? AGE_FLOOR} tot ${hi ?? AGE_CEILING} jaar`;

/** An overridable rule refuses a proposal only when the reason is missing. */
const OVERRIDE: ErrorCode = 'MATCH_OVERRIDE_REASON_REQUIRED';

/** Names for the texts: the clients' first names, or the neutral words magic match uses. */
export interface Names {
  a: string;
  b: string;
}
const NEUTRAL: Names = { a: 'De klant', b: 'De kandidaat' };

/**
 * The profile rules, both ways: each seeks the other's gender; each is in the other's age range
 * (at most AGE_OVERRIDE_MAX_YEARS outside: overridable unless age is that client's dealbreaker;
 * `adj` widens only `a`'s range, as in a magic match search); the distance, smoking and children
 * dealbreakers (decision 015 says what each means for a missing answer); a distance beyond a
 * client's maximum when distance is no dealbreaker (overridable; magic match only scores it).
 */
export function profileRuleFailures(
  a: MatchPerson,
  b: MatchPerson,
  distanceKm: number | null,
  adj: MagicMatchAdjustments = NO_ADJUSTMENTS,
  names: Names = NEUTRAL,
): RuleFailure[] {
  const failed: RuleFailure[] = [];
  const sides = [
    { x: a, y: b, xName: names.a, yName: names.b, suffix: 'a' as const },
    { x: b, y: a, xName: names.b, yName: names.a, suffix: 'b' as const },
  ];
  const fail = (
    rule: EligibilityRule,
    owner: MatchPerson,
    code: ErrorCode,
    message: string,
    filter: HardFilter | null,
    overridable = false,
  ) => failed.push({ rule, client_id: owner.id, overridable, code, message, filter });

  // Gender and orientation, both ways.
  for (const { x, y, xName, yName, suffix } of sides) {
    if (y.gender !== null && x.seeking_genders.includes(y.gender)) continue;
    const filter = suffix === 'a' ? 'gender_a_seeks_b' : 'gender_b_seeks_a';
    const text =
      x.seeking_genders.length === 0
        ? `Bij ${xName} is niet ingevuld welk geslacht de klant zoekt.`
        : y.gender === null
          ? `Het geslacht van ${yName} is niet ingevuld; ${xName} zoekt ${listed(x.seeking_genders.map(plural))}.`
          : `${xName} zoekt ${listed(x.seeking_genders.map(plural))} en ${yName} is ${noun(y.gender)}.`;
    fail('gender', x, 'MATCH_GENDER_NOT_SOUGHT', text, filter);
  }

  // Each one's age range: `a`'s as searched (widened by `adj`), `b`'s as the client gave it.
  for (const { x, y, xName, yName, suffix } of sides) {
    const [lo, hi]: [number | null, number | null] =
      suffix === 'a' ? searchAgeRange(x, adj) : [x.age_min, x.age_max];
    const filter = suffix === 'a' ? 'age_b_in_range_of_a' : 'age_a_in_range_of_b';
    const wanted = `${xName} zoekt iemand ${range(x.age_min, x.age_max)}`;
    if (y.age === null) {
      fail(
        'age_range',
        x,
        'MATCH_AGE_OUT_OF_RANGE',
        `De leeftijd van ${yName} is onbekend; ${wanted}.`,
        filter,
      );
      continue;
    }
    const outside = yearsOutside(y.age, lo, hi);
    if (outside === 0) continue;
    const years = `${outside} jaar te ${lo !== null && y.age < lo ? 'jong' : 'oud'}`;
    if (x.dealbreakers.includes('age')) {
      fail(
        'age_dealbreaker',
        x,
        'MATCH_DEALBREAKER',
        `${yName} is ${y.age}; ${wanted} en leeftijd is een dealbreaker voor ${xName}.`,
        filter,
      );
    } else if (outside > AGE_OVERRIDE_MAX_YEARS) {
      fail(
        'age_range',
        x,
        'MATCH_AGE_OUT_OF_RANGE',
        `${yName} is ${y.age}; ${wanted}: ${years}, meer dan de ${AGE_OVERRIDE_MAX_YEARS} jaar waarvan je met een reden mag afwijken.`,
        filter,
      );
    } else {
      fail('age_range', x, OVERRIDE, `${yName} is ${y.age}; ${wanted} (${years}).`, filter, true);
    }
  }

  // Distance: a dealbreaker on each side (an unknown distance fails it), else a soft wish.
  for (const { x, xName, yName, suffix } of sides) {
    if (x.max_distance_km === null) continue;
    const far = `${yName} woont ${distanceKm} km van ${xName}; ${xName} wil hoogstens ${x.max_distance_km} km`;
    if (x.dealbreakers.includes('distance')) {
      if (distanceKm !== null && distanceKm <= x.max_distance_km) continue;
      fail(
        'distance_dealbreaker',
        x,
        'MATCH_DEALBREAKER',
        distanceKm === null
          ? `De afstand tussen ${xName} en ${yName} is onbekend (postcode ontbreekt) en afstand is een dealbreaker voor ${xName}.`
          : `${far} en afstand is een dealbreaker voor ${xName}.`,
        suffix === 'a' ? 'distance_dealbreaker_a' : 'distance_dealbreaker_b',
      );
    } else if (distanceKm !== null && distanceKm > x.max_distance_km) {
      fail('distance', x, OVERRIDE, `${far}.`, null, true);
    }
  }

  // Smoking: the other on the same side (smokes or not); the owner without an answer is a non-smoker.
  for (const { x, y, xName, yName, suffix } of sides) {
    if (!x.dealbreakers.includes('smoking')) continue;
    if (y.smoking !== null && isSmoker(y.smoking) === isSmoker(x.smoking)) continue;
    const fact =
      y.smoking === null
        ? `van ${yName} is niet bekend of die rookt`
        : isSmoker(y.smoking)
          ? `${yName} rookt${y.smoking === 'sometimes' ? ' soms' : ''} en ${xName} niet`
          : `${yName} rookt niet en ${xName} wel`;
    fail(
      'smoking_dealbreaker',
      x,
      'MATCH_DEALBREAKER',
      `Roken is een dealbreaker voor ${xName}: ${fact}.`,
      suffix === 'a' ? 'smoking_dealbreaker_a' : 'smoking_dealbreaker_b',
    );
  }

  // Children: the other answered, and not yes against no ('maybe' fits both).
  for (const { x, y, xName, yName, suffix } of sides) {
    if (!x.dealbreakers.includes('children')) continue;
    if (y.wants_children !== null && !childrenConflict(x.wants_children, y.wants_children)) continue;
    const fact =
      y.wants_children === null
        ? `de kinderwens van ${yName} is niet ingevuld`
        : y.wants_children === 'yes'
          ? `${yName} wil kinderen en ${xName} niet`
          : `${yName} wil geen kinderen en ${xName} wel`;
    fail(
      'children_dealbreaker',
      x,
      'MATCH_DEALBREAKER',
      `Kinderwens is een dealbreaker voor ${xName}: ${fact}.`,
      suffix === 'a' ? 'children_dealbreaker_a' : 'children_dealbreaker_b',
    );
  }

  // Language (issue 28): both named a language they speak and they share none. Overridable with a
  // reason in a proposal (a matchmaker may know they get by); magic match filters on it unless the
  // matchmaker widens one search (`ignore: language`).
  const shared = sharedLanguages(a, b);
  if (shared !== null && shared.length === 0 && !adj.ignore.includes('language')) {
    const spoken = (p: MatchPerson) => listedAnd(knownLanguages(p).map(languageName));
    fail(
      'language',
      a,
      OVERRIDE,
      `${names.a} en ${names.b} spreken geen gemeenschappelijke taal (${spoken(a)} tegenover ${spoken(b)}).`,
      'language',
      true,
    );
  }
  return failed;
}

/** Whether a client may be proposed to anyone now: deletion, pause, contract status (in that order). */
export function clientStateFailures(client: PairClient): RuleFailure[] {
  const failed: RuleFailure[] = [];
  const id = client.person.id;
  const fail = (rule: EligibilityRule, code: ErrorCode, message: string) =>
    failed.push({ rule, client_id: id, overridable: false, code, message, filter: null });
  if (client.deleted) fail('deleted', 'ACCOUNT_DELETED', MESSAGES.accountDeleted);
  if (client.paused) {
    fail(
      'paused',
      'MATCHING_PAUSED',
      `${client.first_name} heeft matching gepauzeerd en kan nu geen voorstellen krijgen.`,
    );
  }
  if (client.contract_status !== 'active_for_matching') {
    fail(
      'contract_status',
      'MATCH_CLIENT_NOT_ELIGIBLE',
      `${client.first_name} is niet actief voor matching. ${MESSAGES.matchClientNotEligible}`,
    );
  }
  return failed;
}

/**
 * The one rule: every rule the pair fails, in the order of ELIGIBILITY_RULES per kind (the state
 * of each client, then the pair, then the profile rules). Empty: they may be proposed.
 */
export function judgePair(a: PairClient, b: PairClient, facts: PairFacts): RuleFailure[] {
  if (a.person.id === b.person.id) {
    return [
      {
        rule: 'self',
        client_id: a.person.id,
        overridable: false,
        code: 'BAD_REQUEST',
        message: MESSAGES.matchWithSelf,
        filter: null,
      },
    ];
  }
  const failed = [...clientStateFailures(a), ...clientStateFailures(b)].sort(
    (x, y) => ruleOrder(x.rule) - ruleOrder(y.rule),
  );
  if (facts.existingMatch) {
    failed.push({
      rule: 'duplicate',
      client_id: null,
      overridable: false,
      code: 'DUPLICATE_MATCH',
      message: MESSAGES.duplicateMatch,
      filter: null,
    });
  }
  failed.push(
    ...profileRuleFailures(a.person, b.person, facts.distanceKm, NO_ADJUSTMENTS, {
      a: a.first_name,
      b: b.first_name,
    }),
  );
  return failed;
}

const RULE_ORDER: readonly EligibilityRule[] = ['self', 'deleted', 'paused', 'contract_status', 'duplicate'];
const ruleOrder = (rule: EligibilityRule) => RULE_ORDER.indexOf(rule);

/** What a proposal stores of an override, or the refusal: a rule that cannot be overridden, or no reason. */
export function proposalOverride(
  failures: readonly RuleFailure[],
  reason: string | undefined,
): { override_reason: string | null; overridden_rules: EligibilityRule[] } {
  const blocking = failures.find((f) => !f.overridable);
  if (blocking) throw new AppError(blocking.code, blocking.message);
  if (failures.length === 0) return { override_reason: null, overridden_rules: [] };
  if (!reason?.trim()) {
    throw new AppError(
      'MATCH_OVERRIDE_REASON_REQUIRED',
      `${MESSAGES.matchOverrideReasonRequired} ${failures.map((f) => f.message).join(' ')}`,
    );
  }
  return {
    override_reason: reason.trim(),
    overridden_rules: [...new Set(failures.map((f) => f.rule))],
  };
}

/** A client's profile as the rule reads it (magic match reads its traits and quiz besides). */
export function personOfProfile(
  id: string,
  p: typeof client_profiles.$inferSelect | null | undefined,
  now: Date,
): MatchPerson {
  return {
    id,
    gender: p?.gender ?? null,
    age: p?.birth_date ? ageOn(p.birth_date, now) : null,
    seeking_genders: p?.seeking_genders ?? [],
    age_min: p?.age_min ?? null,
    age_max: p?.age_max ?? null,
    max_distance_km: p?.max_distance_km ?? null,
    dealbreakers: p?.dealbreakers ?? [],
    smoking: p?.smoking ?? null,
    wants_children: p?.wants_children ?? null,
    religion: p?.religion ?? null,
    relationship_sought: p?.relationship_sought ?? null,
    interests: p?.interests ?? [],
    traits: [],
    quiz: null,
    postcode: p?.postcode ?? null,
    drinking: p?.drinking ?? null,
    has_children: p?.has_children ?? null,
    education: p?.education ?? null,
    languages: p?.languages ?? [],
  };
}

export const firstNameOf = (fullName: string | null) => (fullName ?? '').trim().split(/\s+/)[0] || 'Klant';

/**
 * The rule's verdict on two clients as the database holds them now, read in one statement (the
 * pair's match along): for a path without an actor, such as the demo seed. `lock` holds both
 * clients' rows until the commit (a proposal counts against their package one after the other).
 * Not two clients: 400.
 */
export async function judgeStoredPair({
  db,
  ids: [a, b],
  now,
  lock = false,
}: {
  db: Db;
  ids: [string, string];
  now: Date;
  lock?: boolean;
}): Promise<{ matchmakers: (string | null)[]; failures: RuleFailure[] }> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const query = db
    .select({
      id: user_profiles.id,
      full_name: user_profiles.full_name,
      assigned_matchmaker_id: user_profiles.assigned_matchmaker_id,
      contract_status: user_profiles.contract_status,
      paused_at: account_settings.matching_paused_at,
      deleted_at: account_settings.deleted_at,
      profile: client_profiles,
      // The pair's match in any status, read along (issue 19: one statement for the rule's rows).
      has_match: sql<boolean>`EXISTS (SELECT 1 FROM ${matches}
        WHERE ${matches.client1_id} = ${low} AND ${matches.client2_id} = ${high})`,
    })
    .from(user_profiles)
    .leftJoin(account_settings, eq(account_settings.user_id, user_profiles.id))
    .leftJoin(client_profiles, eq(client_profiles.id, user_profiles.id))
    .where(and(inArray(user_profiles.id, [a, b]), eq(user_profiles.role, 'client')))
    // In id order, so two proposals that share a client lock in the same order.
    .orderBy(user_profiles.id);
  const rows = lock ? await query.for('update', { of: user_profiles }) : await query;
  if (rows.length !== (a === b ? 1 : 2)) throw new AppError('BAD_REQUEST', MESSAGES.matchNeedsClients);
  const clientOf = (id: string): PairClient => {
    const r = rows.find((row) => row.id === id)!;
    return {
      person: personOfProfile(r.id, r.profile, now),
      first_name: firstNameOf(r.full_name),
      contract_status: r.contract_status,
      paused: r.paused_at !== null,
      deleted: r.deleted_at !== null,
    };
  };
  const [first, second] = [clientOf(a), clientOf(b)];
  const failures = judgePair(first, second, {
    distanceKm: postcodeDistanceKm(first.person.postcode, second.person.postcode),
    existingMatch: rows.some((r) => r.has_match),
  });
  return { matchmakers: rows.map((r) => r.assigned_matchmaker_id), failures };
}

/**
 * `judgeStoredPair` for a staff member, with who may propose the two checked first (decision 015:
 * a matchmaker only where at least one of the two is their own client, admins any two).
 */
export async function checkPair({
  db,
  actor,
  ids,
  now,
  lock = false,
}: {
  db: Db;
  actor: Actor;
  ids: [string, string];
  now: Date;
  lock?: boolean;
}): Promise<{ failures: RuleFailure[] }> {
  const { matchmakers, failures } = await judgeStoredPair({ db, ids, now, lock });
  if (actor.profile.role !== 'admin' && !matchmakers.includes(actor.user.id)) {
    throw new AppError('MATCH_NOT_OWN_CLIENT');
  }
  return { failures };
}

/** GET /api/matches/eligibility: the rule's verdict on a pair, for who may propose them. */
export async function eligibilityOf({
  ctx,
  actor,
  ids,
}: {
  ctx: AppContext;
  actor: Actor;
  ids: [string, string];
}): Promise<EligibilityResponse> {
  const { failures } = await checkPair({ db: ctx.db, actor, ids, now: ctx.clock.now() });
  return {
    proposable: failures.every((f) => f.overridable),
    needs_reason: failures.length > 0 && failures.every((f) => f.overridable),
    failures: failures.map(({ filter: _filter, ...failure }) => failure),
  };
}
