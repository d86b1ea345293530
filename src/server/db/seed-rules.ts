/**
 * Issue 26: the rules the demo seed writes its rows by, each in one function that the seed and
 * seed.test.ts both call. Marked TO MOVE where the product's own shared function is being written by
 * another part of issue 26: the lead swaps the body for that function on merge, and the seed and
 * its test follow.
 */
import type { SubscriptionStatus } from '../../shared/domain';
import { ageOn } from '../../shared/format';
import { postcodeDistanceKm } from '../../shared/postcode-zones';
import { isKnownTrait } from '../features/magic-match/engine';
import { type MatchPerson, profileRuleFailures } from '../features/matches/eligibility';

/** What the pair rule reads of a client's profile (a client_profiles row has these fields). */
export interface PairProfile {
  id: string;
  gender: string | null;
  birth_date: string | null;
  seeking_genders: readonly string[] | null;
  age_min: number | null;
  age_max: number | null;
  max_distance_km: number | null;
  dealbreakers: readonly string[] | null;
  smoking: string | null;
  wants_children: string | null;
  religion: string | null;
  relationship_sought: string | null;
  interests: readonly string[] | null;
  postcode: number | null;
  // Issue 28: what the mutual score and the language rule read (absent: not answered).
  drinking?: string | null;
  has_children?: boolean | null;
  education?: string | null;
  languages?: readonly string[] | null;
}

/** A client as magic match reads them (magic-match.service.ts `loadClient`), on the day `at`. */
export function pairPerson(profile: PairProfile, at: Date, traits: readonly string[] = []): MatchPerson {
  return {
    id: profile.id,
    gender: profile.gender,
    age: ageOn(profile.birth_date, at),
    seeking_genders: profile.seeking_genders ?? [],
    age_min: profile.age_min,
    age_max: profile.age_max,
    max_distance_km: profile.max_distance_km,
    dealbreakers: profile.dealbreakers ?? [],
    smoking: profile.smoking,
    wants_children: profile.wants_children,
    religion: profile.religion,
    relationship_sought: profile.relationship_sought,
    interests: profile.interests ?? [],
    traits: traits.filter(isKnownTrait),
    quiz: null,
    postcode: profile.postcode,
    drinking: profile.drinking ?? null,
    has_children: profile.has_children ?? null,
    education: profile.education ?? null,
    languages: profile.languages ?? [],
  };
}

/**
 * The product's one eligibility rule (features/matches/eligibility.ts, decision 026) on two demo
 * clients on the day `at`: every profile rule they fail, the overridable ones included, so that no
 * demo proposal needs an override. The clients' state (active for matching, paused, deleted) is
 * checked by seed.test.ts on the rows themselves. Empty: they may be proposed.
 */
export function pairRuleFailures(a: PairProfile, b: PairProfile, at: Date): string[] {
  return profileRuleFailures(
    pairPerson(a, at),
    pairPerson(b, at),
    postcodeDistanceKm(a.postcode, b.postcode),
  ).map((failure) => `${failure.rule}: ${failure.message}`);
}

/** The moment a paid term stopped counting (for the rule above): the cancellation, or the grace period's end. */
export function paidTermEndedAt(profile: {
  subscription_status: SubscriptionStatus | null;
  subscription_ends_at: Date | null;
  grace_period_end_date: Date | null;
}): Date | null {
  if (profile.subscription_status === 'cancelled') return profile.subscription_ends_at;
  if (profile.subscription_status === 'expired') return profile.grace_period_end_date;
  return null;
}

/**
 * The demo's side of the feedback job's rule (features/feedback, decision 016 as narrowed by 024): who may get the three-monthly
 * matchmaker-feedback request at a moment: a client with an assigned matchmaker, a paid term
 * running then, and a completed intake; the first request 3 months after the later of the
 * assignment and the intake, each next one 3 months after the previous one.
 */
export function periodicFeedbackAskable(client: {
  hasMatchmaker: boolean;
  paidTermRunning: boolean;
  intakeCompletedAt: Date | null;
}): boolean {
  return client.hasMatchmaker && client.paidTermRunning && client.intakeCompletedAt !== null;
}
