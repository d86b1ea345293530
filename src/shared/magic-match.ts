/** Magic match (issue 16, MATCHING.md "Magic match"): the contract shared by server and web. */
import { z } from 'zod';
import { AGE_OVERRIDE_MAX_YEARS, CONTRACT_STATUSES, TIERS } from './domain';

/** The parts of the score and their weights (points out of 100): the one place to change them. */
export const MAGIC_MATCH_WEIGHTS = {
  values: 30,
  lifestyle: 10,
  traits: 20,
  quiz: 15,
  interests: 10,
  distance: 10,
  age: 5,
} as const;
/**
 * Issue 28 (decision 030): the parts of `values` and `lifestyle`, each scored per side (how well
 * the other fits this client's wish). Points out of the part's weight above.
 */
export const VALUE_WEIGHTS = { children: 12, relationship: 10, religion: 8 } as const;
export const LIFESTYLE_WEIGHTS = { smoking: 4, drinking: 2, education: 2, languages: 2 } as const;
/**
 * Issue 28: what one friction costs the side whose wish it crosses, in points of 100. A life goal
 * (children, relationship, smoking, distance, faith, age or language only reached by widening) costs
 * more than the whole interests part can add, so shared interests never outweigh it; a lesser
 * friction (drinking, children already had) costs a little.
 */
export const FRICTION_PENALTY = { major: 15, minor: 5 } as const;
export type FrictionWeight = keyof typeof FRICTION_PENALTY;
export type ScorePart = keyof typeof MAGIC_MATCH_WEIGHTS;
export const SCORE_PARTS = Object.keys(MAGIC_MATCH_WEIGHTS) as ScorePart[];
export const SCORE_PART_LABELS: Record<ScorePart, string> = {
  values: 'Levensdoelen en waarden',
  lifestyle: 'Levensstijl en taal',
  traits: 'Bevestigde eigenschappen',
  quiz: 'Persoonlijkheidsquiz',
  interests: 'Gedeelde interesses',
  distance: 'Afstand',
  age: 'Leeftijd',
};

/**
 * Score bands (decision 030): from this (mutual) score up, with at most this many life-goal
 * frictions (major) and frictions in all. A score of 7 with three frictions is "Zwak", not
 * "Redelijk".
 */
export const SCORE_BANDS = [
  { band: 'excellent', label: 'Uitstekend', from: 70, maxMajor: 0, maxFriction: 1 },
  { band: 'good', label: 'Goed', from: 50, maxMajor: 0, maxFriction: 2 },
  { band: 'fair', label: 'Redelijk', from: 35, maxMajor: 1, maxFriction: 3 },
  { band: 'weak', label: 'Zwak', from: 0, maxMajor: 99, maxFriction: 99 },
] as const;
export type ScoreBand = (typeof SCORE_BANDS)[number]['band'];
export const SCORE_BAND_KEYS = ['excellent', 'good', 'fair', 'weak'] as const;
export function scoreBand(
  score: number,
  friction: { major: number; total: number } = { major: 0, total: 0 },
): (typeof SCORE_BANDS)[number] {
  return (
    SCORE_BANDS.find(
      (b) => score >= b.from && friction.major <= b.maxMajor && friction.total <= b.maxFriction,
    ) ?? SCORE_BANDS[SCORE_BANDS.length - 1]!
  );
}

/** How many candidates a search shows. */
export const MAGIC_MATCH_LIMIT = 20;
/**
 * A matchmaker may widen a client's age range by at most this many years on each side: as far as a
 * proposal may go outside it with a reason (decision 026; it was 15 under decision 015).
 */
export const MAX_EXTRA_AGE_YEARS = AGE_OVERRIDE_MAX_YEARS;
/** ... and the maximum distance by at most this many km. */
export const MAX_EXTRA_DISTANCE_KM = 200;
/** Without a maximum distance of the client, distance scores fall to 0 at this distance. */
export const DEFAULT_DISTANCE_KM = 100;

/** Soft criteria a matchmaker may leave out of one search (not when the client marked it a dealbreaker). */
export const IGNORABLE = ['children', 'smoking', 'religion', 'relationship', 'distance', 'language'] as const;
export type Ignorable = (typeof IGNORABLE)[number];
export const IGNORABLE_LABELS: Record<Ignorable, string> = {
  children: 'Kinderwens',
  smoking: 'Roken',
  religion: 'Levensbeschouwing',
  relationship: 'Gezochte relatie',
  distance: 'Afstand',
  language: 'Gemeenschappelijke taal',
};
/** The dealbreaker that protects each ignorable criterion (none: always ignorable). */
export const IGNORABLE_DEALBREAKER: Record<Ignorable, string | null> = {
  children: 'children',
  smoking: 'smoking',
  religion: null,
  relationship: null,
  distance: 'distance',
  language: null,
};

/** Issue 28: a candidate already under way with someone else. */
export const AVAILABILITY = ['free', 'open_proposal', 'date_planned'] as const;
export type Availability = (typeof AVAILABILITY)[number];
export const AVAILABILITY_LABELS: Record<Availability, string> = {
  free: 'Vrij',
  open_proposal: 'Heeft een open voorstel',
  date_planned: 'Date gepland',
};

export const MAGIC_MATCH_TEXTS = {
  notEligible: 'Deze klant is niet actief voor matching (intake nog niet gehad, gepauzeerd of gestopt).',
  profileIncomplete: 'Het profiel van deze klant mist geslacht, geboortedatum of wie ze zoekt.',
  hideReasonRequired: 'Geef een reden waarom je deze kandidaat verbergt.',
} as const;

// ---------------------------------------------------------------------------------------------
// Requests.
const csv = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .max(200)
    .optional()
    .transform((text, ctx) => {
      if (!text) return [] as T[number][];
      const parts = text.split(',').filter(Boolean);
      const bad = parts.find((p) => !(values as readonly string[]).includes(p));
      if (bad) {
        ctx.addIssue({ code: 'custom', message: 'Onbekend criterium' });
        return z.NEVER;
      }
      return [...new Set(parts)] as T[number][];
    });

/** The adjustments of one search: widen the age range or distance, leave soft criteria out. */
export const magicMatchQuerySchema = z.object({
  extra_age: z.coerce
    .number({ error: 'Geef een aantal jaren' })
    .int('Geef hele jaren')
    .min(0, 'Minstens 0 jaar')
    .max(MAX_EXTRA_AGE_YEARS, `Hoogstens ${MAX_EXTRA_AGE_YEARS} jaar`)
    .optional(),
  extra_distance: z.coerce
    .number({ error: 'Geef een afstand in km' })
    .int('Geef hele km')
    .min(0, 'Minstens 0 km')
    .max(MAX_EXTRA_DISTANCE_KM, `Hoogstens ${MAX_EXTRA_DISTANCE_KM} km`)
    .optional(),
  ignore: csv(IGNORABLE),
});
export type MagicMatchQuery = z.infer<typeof magicMatchQuerySchema>;
export interface MagicMatchAdjustments {
  extra_age: number;
  extra_distance: number;
  ignore: Ignorable[];
}

export const hideCandidateSchema = z.object({
  candidate_id: z.string().min(1).max(100),
  reason: z
    .string({ error: MAGIC_MATCH_TEXTS.hideReasonRequired })
    .trim()
    .min(1, MAGIC_MATCH_TEXTS.hideReasonRequired)
    .max(500, 'Hoogstens 500 tekens'),
});
export type HideCandidateInput = z.infer<typeof hideCandidateSchema>;

export const pickerQuerySchema = z.object({
  q: z.string().trim().max(100, 'Zoek met hoogstens 100 tekens').optional(),
});

// ---------------------------------------------------------------------------------------------
// The dates a package includes (issue 16 item 6, decision 015).
export const PACKAGE_DATES_INCLUDED = 4;
export const PACKAGE_DATE_STATES = ['completed', 'planned', 'open'] as const;
export const packageDatesSchema = z.object({
  tier: z.enum(TIERS),
  /** Dates of the current term: 4 for Persoonlijk and Persoonlijk+. */
  included: z.number().int(),
  /** Completed dates in the current term. */
  completed: z.number().int(),
  /** Proposals and dates under way in the current term (proposed, accepted, scheduled). */
  in_progress: z.number().int(),
  term_started_at: z.string().nullable(),
  term_ends_at: z.string().nullable(),
  /** Persoonlijk+: the last included date is the waiting-list date. */
  has_waiting_list_date: z.boolean(),
  dates: z.array(
    z.object({
      number: z.number().int(),
      state: z.enum(PACKAGE_DATE_STATES),
      waiting_list: z.boolean(),
      /** When the date was (completed) or is planned; null when open or not planned yet. */
      at: z.string().nullable(),
    }),
  ),
});
export type PackageDates = z.infer<typeof packageDatesSchema>;
// The label of a package's dates, free of schemas for the web (decision 047).
export { packageDatesLabel } from './package-dates';
export const packageDatesResponseSchema = z.object({ package_dates: packageDatesSchema.nullable() });

// ---------------------------------------------------------------------------------------------
// Responses.
export const pickerClientSchema = z.object({
  id: z.string(),
  full_name: z.string().nullable(),
  tier: z.enum(TIERS),
  age: z.number().int().nullable(),
  region: z.string().nullable(),
  /** Since when they wait for a proposal: the last match that closed, or the intake. */
  waiting_since: z.string().nullable(),
  profile_ready: z.boolean(),
  /** Has a proposal waiting for an answer (only listed when searched by name). */
  open_proposal: z.boolean(),
});
export type PickerClient = z.infer<typeof pickerClientSchema>;
export const pickerResponseSchema = z.object({ clients: z.array(pickerClientSchema) });

export const overviewSchema = z.object({
  client: z.object({
    id: z.string(),
    full_name: z.string().nullable(),
    tier: z.enum(TIERS),
    contract_status: z.enum(CONTRACT_STATUSES),
    paused: z.boolean(),
    age: z.number().int().nullable(),
    gender: z.string().nullable(),
    town: z.string().nullable(),
    postcode: z.number().int().nullable(),
    province: z.string().nullable(),
  }),
  filters: z.object({
    seeking_genders: z.array(z.string()),
    age_min: z.number().int().nullable(),
    age_max: z.number().int().nullable(),
    max_distance_km: z.number().int().nullable(),
    dealbreakers: z.array(z.string()),
    smoking: z.string().nullable(),
    wants_children: z.string().nullable(),
    religion: z.string().nullable(),
    relationship_sought: z.string().nullable(),
    // Issue 28: what the mutual score and the language filter read besides.
    drinking: z.string().nullable(),
    has_children: z.boolean().nullable(),
    education: z.string().nullable(),
    languages: z.array(z.string()),
  }),
  traits: z.array(z.string()),
  quiz_bands: z.array(z.object({ dimension: z.string(), label: z.string(), band: z.string() })),
  interests: z.array(z.string()),
  /** What is missing, each with how it weakens the ranking (Dutch). */
  missing: z.array(z.object({ field: z.string(), effect: z.string() })),
  /** True when a search can run (eligible and the profile has what the hard filters need). */
  searchable: z.boolean(),
  not_searchable_reason: z.string().nullable(),
  package_dates: packageDatesSchema.nullable(),
});
export type MagicMatchOverview = z.infer<typeof overviewSchema>;

export const scorePartSchema = z.object({
  part: z.enum(SCORE_PARTS as [ScorePart, ...ScorePart[]]),
  label: z.string(),
  points: z.number(),
  max: z.number(),
  explanation: z.string(),
});
export type ScorePartResult = z.infer<typeof scorePartSchema>;

export const candidateSchema = z.object({
  id: z.string(),
  full_name: z.string().nullable(),
  first_name: z.string(),
  tier: z.enum(TIERS),
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  town: z.string().nullable(),
  province: z.string().nullable(),
  distance_km: z.number().nullable(),
  matchmaker_name: z.string().nullable(),
  /** The candidate is the caller's own client (admins: always true). */
  own_client: z.boolean(),
  photo_ids: z.array(z.string()),
  interests: z.array(z.string()),
  traits: z.array(z.string()),
  wants_children: z.string().nullable(),
  smoking: z.string().nullable(),
  relationship_sought: z.string().nullable(),
  score: z.number().int(),
  band: z.enum(SCORE_BAND_KEYS),
  band_label: z.string(),
  reasons: z.array(z.string()),
  friction: z.array(z.string()),
  parts: z.array(scorePartSchema),
  /** Issue 28: how well the candidate fits the client's wishes, and the client the candidate's. */
  score_for_client: z.number().int(),
  score_for_candidate: z.number().int(),
  /** Each friction with whose wish it crosses (client id) and how much it weighs. */
  frictions: z.array(
    z.object({ text: z.string(), client_id: z.string().nullable(), weight: z.enum(['major', 'minor']) }),
  ),
  availability: z.enum(AVAILABILITY),
  availability_label: z.string().nullable(),
  /** The candidate's package: dates held of those included (null: a tier without dates). */
  package_dates: z.object({ completed: z.number().int(), included: z.number().int() }).nullable(),
  languages: z.array(z.string()),
});
export type Candidate = z.infer<typeof candidateSchema>;

export const resultsSchema = z.object({
  client: z.object({
    id: z.string(),
    full_name: z.string().nullable(),
    tier: z.enum(TIERS),
    /** The client's matchmaker (the propose dialog names each client's, issue 30). */
    matchmaker_name: z.string().nullable(),
  }),
  adjustments: z.object({
    extra_age: z.number().int(),
    extra_distance: z.number().int(),
    ignore: z.array(z.string()),
  }),
  /** How many passed the hard filters (before the top is taken). */
  eligible: z.number().int(),
  candidates: z.array(candidateSchema),
  took_ms: z.number(),
  package_dates: packageDatesSchema.nullable(),
});
export type MagicMatchResults = z.infer<typeof resultsSchema>;

export const hideResponseSchema = z.object({ hidden: z.literal(true) });

/** 'Wacht 12 dagen': how long a client has waited since a moment (whole days, never below 0). */
export function waitingLabel(since: string | null, now: Date = new Date()): string {
  if (!since) return 'Wacht sinds kort';
  const days = Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / 86_400_000));
  return days === 0 ? 'Wacht sinds vandaag' : days === 1 ? 'Wacht 1 dag' : `Wacht ${days} dagen`;
}
