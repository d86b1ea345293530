/** Every enumerated value of the spec, with its Dutch label where the UI shows one. */

export const ROLES = ['client', 'matchmaker', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES: readonly Role[] = ['matchmaker', 'admin'];

export const TIERS = ['Relax', 'Relax+', 'Persoonlijk', 'Persoonlijk+'] as const;
export type Tier = (typeof TIERS)[number];
/** The tier a client falls back to when a subscription expires or is cancelled. */
export const DOWNGRADE_TIER: Tier = 'Relax';

export const SUBSCRIPTION_STATUSES = ['active', 'grace_period', 'expired', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const CONTRACT_STATUSES = ['pending', 'active_for_matching', 'paused', 'ended'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const INACTIVITY_STATUSES = ['active', 'inactive', 'dormant'] as const;
export type InactivityStatus = (typeof INACTIVITY_STATUSES)[number];

export const MATCH_STATUSES = [
  'proposed',
  'accepted',
  'rejected',
  'scheduled',
  'completed',
  'cancelled',
] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];
export const MATCH_STATUS_LABELS: Record<MatchStatus, string> = {
  proposed: 'Voorgesteld',
  accepted: 'Geaccepteerd',
  rejected: 'Afgewezen',
  scheduled: 'Gepland',
  completed: 'Voltooid',
  cancelled: 'Geannuleerd',
};

export const MATCH_RESPONSES = ['accepted', 'rejected'] as const;
export type MatchResponse = (typeof MATCH_RESPONSES)[number];

export const SESSION_TYPES = ['intake', 'follow_up', 'coaching'] as const;
export type SessionType = (typeof SESSION_TYPES)[number];

/** 'cancelled' is ours (decision 012): a booking cancelled at the scheduler is kept, not deleted. */
export const INTAKE_STATUSES = ['scheduled', 'completed', 'cancelled'] as const;
export type IntakeStatus = (typeof INTAKE_STATUSES)[number];
export const INTAKE_STATUS_LABELS: Record<IntakeStatus, string> = {
  scheduled: 'Gepland',
  completed: 'Afgerond',
  cancelled: 'Geannuleerd',
};
export const SESSION_TYPE_LABELS: Record<SessionType, string> = {
  intake: 'Intakegesprek',
  follow_up: 'Opvolggesprek',
  coaching: 'Coaching',
};

export const FEEDBACK_REQUEST_TYPES = ['periodic', 'post_match', 'manual'] as const;
export const FEEDBACK_REQUEST_STATUSES = ['pending', 'completed', 'expired'] as const;

export const PAYMENT_STATUSES = ['open', 'processing', 'paid', 'expired', 'failed'] as const;
export const PAYMENT_PROVIDERS = ['stripe', 'demo'] as const;

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;

/** Business constants of spec section 9 and the decisions of DESIGN.md. */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const RESET_REDIRECT_DELAY_MS = 3000;
export const MATCH_RESPONSE_DEADLINE_DAYS = 7;
/**
 * Issue 26 (decision 026): a proposal may fall outside a client's age range by at most this many
 * years, with a reason the matchmaker types, when age is not that client's dealbreaker. Magic match
 * widens a search by at most as much, so every candidate it shows can be proposed.
 */
export const AGE_OVERRIDE_MAX_YEARS = 5;
/** The longest reason for proposing against a soft wish. */
export const MAX_OVERRIDE_REASON_LENGTH = 500;
export const BADGE_MAX = 9;
export const PAID_TIER_TERM_MONTHS = 12;
export const GRACE_PERIOD_DAYS = 14;
export const FEEDBACK_REQUEST_INTERVAL_MONTHS = 3;
export const FEEDBACK_REQUEST_EXPIRY_DAYS = 14;
export const INTAKE_FEEDBACK_DUE_DAYS = 7;
export const SCHEDULER_HEIGHT = 700;
/** The matchmakers dropdown shows at most this many specialties, then an ellipsis. */
export const DROPDOWN_SPECIALTIES = 2;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

export const GENDERS = ['woman', 'man', 'non_binary'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = { woman: 'Vrouw', man: 'Man', non_binary: 'Non-binair' };

/** Belgian provinces (and Brussels), the region a client lives in. */
export const REGIONS = [
  'Antwerpen',
  'Limburg',
  'Oost-Vlaanderen',
  'West-Vlaanderen',
  'Vlaams-Brabant',
  'Brussel',
  'Waals-Brabant',
  'Henegouwen',
  'Luik',
  'Luxemburg',
  'Namen',
] as const;
export const MAX_NAME_LENGTH = 200;
