import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  pgView,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CONTRACT_STATUSES,
  FEEDBACK_REQUEST_STATUSES,
  FEEDBACK_REQUEST_TYPES,
  GENDERS,
  INACTIVITY_STATUSES,
  INTAKE_STATUSES,
  MATCH_RESPONSES,
  MATCH_STATUSES,
  OUTBOX_STATUSES,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  ROLES,
  SESSION_TYPES,
  SUBSCRIPTION_STATUSES,
  TIERS,
} from '../../shared/domain';
import { STAFF_TASK_KINDS } from '../../shared/tasks';
import { TRAIT_SOURCES, TRAIT_STATUSES } from '../../shared/traits';

/** A file sent along with an e-mail (issue 27: a date's invitation), stored on its outbox row. */
export interface MailAttachment {
  filename: string;
  content_type: string;
  /** The file's text; with `encoding: 'base64'`, a binary file (issue 29: an invoice's PDF). */
  content: string;
  encoding?: 'base64';
}

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();
const rating = (name: string) => integer(name);
const ratingCheck = (column: string) => sql.raw(`${column} IS NULL OR ${column} BETWEEN 1 AND 5`);

// ---------------------------------------------------------------------------------------------
// Enums: every status, tier and role of the spec.
export const roleEnum = pgEnum('role', ROLES);
export const tierEnum = pgEnum('tier', TIERS);
export const subscriptionStatusEnum = pgEnum('subscription_status', SUBSCRIPTION_STATUSES);
export const contractStatusEnum = pgEnum('contract_status', CONTRACT_STATUSES);
export const inactivityStatusEnum = pgEnum('inactivity_status', INACTIVITY_STATUSES);
export const matchStatusEnum = pgEnum('match_status', MATCH_STATUSES);
export const matchResponseEnum = pgEnum('match_response', MATCH_RESPONSES);
export const sessionTypeEnum = pgEnum('session_type', SESSION_TYPES);
export const intakeStatusEnum = pgEnum('intake_status', INTAKE_STATUSES);
export const feedbackRequestTypeEnum = pgEnum('feedback_request_type', FEEDBACK_REQUEST_TYPES);
export const feedbackRequestStatusEnum = pgEnum('feedback_request_status', FEEDBACK_REQUEST_STATUSES);
export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES);
export const paymentProviderEnum = pgEnum('payment_provider', PAYMENT_PROVIDERS);
export const outboxStatusEnum = pgEnum('outbox_status', OUTBOX_STATUSES);
export const genderEnum = pgEnum('gender', GENDERS);
export const traitSourceEnum = pgEnum('trait_source', TRAIT_SOURCES);
export const traitStatusEnum = pgEnum('trait_status', TRAIT_STATUSES);
export const staffTaskKindEnum = pgEnum('staff_task_kind', STAFF_TASK_KINDS);

// ---------------------------------------------------------------------------------------------
// better-auth's tables (keys are the names better-auth uses; columns are snake_case).
export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Issue 17: better-auth's two-factor plugin; true once an authenticator app is confirmed. */
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/**
 * Failed logins, shared by every app instance on the database (auth/login-throttle.ts and
 * docs/decisions/008-login-throttling.md). Keys are HMACs of the e-mail address and the visitor's
 * address, so the table holds neither. Rows older than the longest window are deleted.
 */
export const login_failures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    account_key: text('account_key').notNull(),
    address_key: text('address_key').notNull(),
    /** The attempt came from a browser that logged in to this account before (device cookie). */
    known_device: boolean('known_device').notNull().default(false),
    created_at: ts('created_at').notNull(),
  },
  (t) => [
    index('login_failures_account_idx').on(t.account_key, t.created_at),
    index('login_failures_address_idx').on(t.address_key, t.created_at),
    index('login_failures_created_idx').on(t.created_at),
  ],
);

// ---------------------------------------------------------------------------------------------
// Profiles. A user_profiles row is created for every user by a trigger (see migration 0001), in
// the same transaction as the user row.
export const user_profiles = pgTable(
  'user_profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: roleEnum('role').notNull().default('client'),
    full_name: text('full_name'),
    assigned_matchmaker_id: text('assigned_matchmaker_id').references(
      // biome-ignore lint/suspicious/noExplicitAny: self-reference needs the loose type
      (): any => user_profiles.id,
      { onDelete: 'set null' },
    ),
    tier: tierEnum('tier').notNull().default('Relax'),
    contract_status: contractStatusEnum('contract_status').notNull().default('pending'),
    subscription_status: subscriptionStatusEnum('subscription_status'),
    subscription_started_at: ts('subscription_started_at'),
    subscription_ends_at: ts('subscription_ends_at'),
    grace_period_end_date: ts('grace_period_end_date'),
    last_activity_at: ts('last_activity_at'),
    last_login_at: ts('last_login_at'),
    inactivity_status: inactivityStatusEnum('inactivity_status').notNull().default('active'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('user_profiles_assigned_matchmaker_idx').on(t.assigned_matchmaker_id),
    index('user_profiles_role_idx').on(t.role),
    index('user_profiles_subscription_idx').on(t.subscription_status, t.subscription_ends_at),
    // The matchmaker's client list (issue 15): each sort walks an index to its page.
    index('user_profiles_clients_name_idx')
      .on(sql`${t.full_name} ASC NULLS LAST`, t.id)
      .where(sql`${t.role} = 'client'`),
    index('user_profiles_clients_matchmaker_name_idx')
      .on(t.assigned_matchmaker_id, sql`${t.full_name} ASC NULLS LAST`, t.id)
      .where(sql`${t.role} = 'client'`),
    index('user_profiles_clients_created_idx').on(t.created_at, t.id).where(sql`${t.role} = 'client'`),
    // Decision 041: the list sorts by the Brussels day of the last activity (decision 034), then
    // the id; the index holds that expression, so a page far down walks the index to it.
    index('user_profiles_clients_activity_day_idx')
      .on(sql`((${t.last_activity_at} AT TIME ZONE 'Europe/Brussels')::date) DESC NULLS LAST`, t.id)
      .where(sql`${t.role} = 'client'`),
    // Issue 31 (decision 040): the list's search (`full_name ILIKE '%…%'`) through trigrams
    // (pg_trgm, loaded into PGlite too), instead of reading every client's name.
    // Decision 041: the dashboard's clients per contract status and tier, and those still to
    // claim, counted from this index alone (an index-only scan), per matchmaker or for the agency;
    // the list's tier and contract filters join the client profiles by the id it holds.
    index('user_profiles_clients_counts_idx')
      .on(t.assigned_matchmaker_id, t.contract_status, t.tier, t.id)
      .where(sql`${t.role} = 'client'`),
    index('user_profiles_clients_name_trgm_idx')
      .using('gin', sql`${t.full_name} gin_trgm_ops`)
      .where(sql`${t.role} = 'client'`),
    // Issue 16: magic match's candidates are the clients active for matching.
    index('user_profiles_matching_idx')
      .on(t.id)
      .where(sql`${t.role} = 'client' AND ${t.contract_status} = 'active_for_matching'`),
  ],
);

export const matchmaker_profiles = pgTable(
  'matchmaker_profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => user_profiles.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull().unique(),
    profile_photo_url: text('profile_photo_url'),
    bio: text('bio'),
    about_me: text('about_me'),
    years_experience: integer('years_experience'),
    specialties: text('specialties').array().notNull().default(sql`'{}'::text[]`),
    calendly_link: text('calendly_link'),
    is_active: boolean('is_active').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
    // Issue 26 (decision 024): when an admin deactivated them; while set, no staff route answers
    // them. An invited matchmaker is inactive (not public) but was never deactivated.
    deactivated_at: ts('deactivated_at'),
  },
  (t) => [
    check('matchmaker_years_nonnegative', sql`${t.years_experience} IS NULL OR ${t.years_experience} >= 0`),
  ],
);

/**
 * The public listing of spec section 3; ordered by the caller (spec section 7). The success rate
 * comes from real outcomes (decision 017, migration 0017): of the matchmaker's proposals the
 * clients decided on, the share both accepted; null below 5 decided proposals.
 */
export const available_matchmakers = pgView('available_matchmakers', {
  id: text('id').notNull(),
  full_name: text('full_name'),
  email: text('email').notNull(),
  slug: text('slug').notNull(),
  profile_photo_url: text('profile_photo_url'),
  bio: text('bio'),
  about_me: text('about_me'),
  specialties: text('specialties').array().notNull(),
  is_active: boolean('is_active').notNull(),
  success_rate: integer('success_rate'),
  years_experience: integer('years_experience'),
  calendly_link: text('calendly_link'),
  client_count: integer('client_count').notNull(),
}).as(sql`
  SELECT mp.id, up.full_name, u.email, mp.slug, mp.profile_photo_url, mp.bio, mp.about_me, mp.specialties,
         mp.is_active,
         (SELECT CASE WHEN count(*) >= 5
                      THEN round(100.0 * count(*) FILTER (WHERE m.accepted_at IS NOT NULL) / count(*))::int
                 END
            FROM matches m
           WHERE m.matchmaker_id = mp.id
             AND (m.accepted_at IS NOT NULL OR m.status = 'rejected')) AS success_rate,
         mp.years_experience, mp.calendly_link,
         (SELECT count(*)::int FROM user_profiles c
           WHERE c.assigned_matchmaker_id = mp.id AND c.role = 'client') AS client_count
    FROM matchmaker_profiles mp
    JOIN user_profiles up ON up.id = mp.id
    JOIN "user" u ON u.id = mp.id
`);

/**
 * The client's own answers (MATCHING.md). This first version holds what the listings, the seed
 * and the match proposals need (age, region, interests); the profile issue extends it.
 */
export const client_profiles = pgTable(
  'client_profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => user_profiles.id, { onDelete: 'cascade' }),
    birth_date: date('birth_date', { mode: 'string' }),
    gender: genderEnum('gender'),
    town: text('town'),
    postcode: integer('postcode'),
    province: text('province'),
    interests: text('interests').array().notNull().default(sql`'{}'::text[]`),
    about_me: text('about_me'),
    looking_for: text('looking_for'),
    // Issue 14 (the profile form, migration 0010): the rest of MATCHING.md's five steps.
    height_cm: integer('height_cm'),
    education: text('education'),
    profession: text('profession'),
    languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
    /** Special-category data (GDPR art. 9): only stored with a consent in client_consents. */
    seeking_genders: text('seeking_genders').array().notNull().default(sql`'{}'::text[]`),
    age_min: integer('age_min'),
    age_max: integer('age_max'),
    max_distance_km: integer('max_distance_km'),
    relationship_sought: text('relationship_sought'),
    smoking: text('smoking'),
    drinking: text('drinking'),
    has_children: boolean('has_children'),
    wants_children: text('wants_children'),
    religion: text('religion'),
    /** Fields marked as hard filters: smoking, children, distance, age. */
    dealbreakers: text('dealbreakers').array().notNull().default(sql`'{}'::text[]`),
    /** The steps of the form the client saved, so the form reopens where they were. */
    completed_steps: text('completed_steps').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Issue 28 (speed, decision 037): the client's confirmed traits (distinct, sorted) and the scores
     * of their latest finished quiz (in QUIZ_DIMENSIONS' order; null: none), copies that triggers on
     * client_traits and quiz_attempts keep (migration 0025), so magic match reads a candidate from
     * one row. Written only by those triggers.
     */
    match_traits: text('match_traits').array().notNull().default(sql`'{}'::text[]`),
    quiz_scores: integer('quiz_scores').array(),
    /**
     * Decision 037: whether the client is a candidate at all (a client active for matching, not
     * paused, not deleted: `client_matchable()` of migration 0026, the state part of the eligibility
     * rule in SQL), kept by triggers on user_profiles and account_settings.
     */
    matchable: boolean('matchable').notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check(
      'client_profiles_postcode_range',
      sql`${t.postcode} IS NULL OR ${t.postcode} BETWEEN 1000 AND 9999`,
    ),
    // Decision 041: the client list's region and age filters together (the region alone too),
    // with the id to join by, read from the index alone.
    index('client_profiles_province_birth_idx').on(t.province, t.birth_date, t.id),
    // Issue 16: magic match's hard filters (gender, then age as a birth-date range).
    index('client_profiles_magic_match_idx').on(t.gender, t.birth_date),
    // Decision 037: the same, of the clients who can be candidates only, is the hand-written
    // client_profiles_matchable_cover_idx (migration 0032): it includes every column magic match's
    // ranking reads, which Drizzle cannot declare, so the ranking reads the index alone.
  ],
);

/**
 * Trait tags of a client (MATCHING.md "Traits"): suggested by the tagger after the intake or by the
 * quiz, or added by a matchmaker; only confirmed ones feed magic match and show to the client. One
 * row per client, trait and source: a new tagging run or a quiz retake updates it.
 */
export const client_traits = pgTable(
  'client_traits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: text('client_id')
      .notNull()
      .references(() => user_profiles.id, { onDelete: 'cascade' }),
    trait: text('trait').notNull(),
    confidence: real('confidence').notNull(),
    source: traitSourceEnum('source').notNull(),
    evidence: text('evidence'),
    status: traitStatusEnum('status').notNull().default('suggested'),
    intake_session_id: uuid('intake_session_id').references(() => intake_sessions.id, {
      onDelete: 'set null',
    }),
    decided_by: text('decided_by').references(() => user_profiles.id, { onDelete: 'set null' }),
    decided_at: ts('decided_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    unique('client_traits_client_trait_source_key').on(t.client_id, t.trait, t.source),
    check('client_traits_confidence_range', sql`${t.confidence} BETWEEN 0 AND 1`),
    index('client_traits_client_status_idx').on(t.client_id, t.status),
    index('client_traits_confirmed_idx').on(t.trait).where(sql`${t.status} = 'confirmed'`),
  ],
);

/**
 * Clients whose texts changed (a completed intake, their own 'over mij'): the tagging job reads
 * them again. One row per client; a claim (token and time) lets one server process take it, and a
 * new request while it runs clears the claim so the newer texts are read too.
 */
export const tagging_requests = pgTable('tagging_requests', {
  client_id: text('client_id')
    .primaryKey()
    .references(() => user_profiles.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  requested_at: ts('requested_at').notNull().defaultNow(),
  claim_token: uuid('claim_token'),
  claimed_at: ts('claimed_at'),
});

/** Every change to a client's traits: who (null: the tagger), when, what and from which source. */
export const client_trait_events = pgTable(
  'client_trait_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: text('client_id')
      .notNull()
      .references(() => user_profiles.id, { onDelete: 'cascade' }),
    trait: text('trait').notNull(),
    source: traitSourceEnum('source').notNull(),
    action: text('action', { enum: ['suggested', 'confirmed', 'rejected', 'added', 'withdrawn'] }).notNull(),
    actor_id: text('actor_id').references(() => user_profiles.id, { onDelete: 'set null' }),
    evidence: text('evidence'),
    created_at: createdAt(),
  },
  (t) => [
    index('client_trait_events_client_idx').on(t.client_id, t.created_at.desc()),
    check(
      'client_trait_events_action',
      sql`${t.action} IN ('suggested', 'confirmed', 'rejected', 'added', 'withdrawn')`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
export const intake_sessions = pgTable(
  'intake_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: text('user_id')
      .notNull()
      .references(() => user_profiles.id, { onDelete: 'cascade' }),
    calendly_event_id: text('calendly_event_id').unique(),
    scheduled_at: ts('scheduled_at'),
    session_type: sessionTypeEnum('session_type').notNull().default('intake'),
    status: intakeStatusEnum('status').notNull().default('scheduled'),
    matchmaker_notes: text('matchmaker_notes'),
    location: text('location'),
    assigned_matchmaker_id: text('assigned_matchmaker_id').references(() => user_profiles.id, {
      onDelete: 'set null',
    }),
    created_at: createdAt(),
    updated_at: updatedAt(),
    // Issue 13 (migration 0009): the video link of an online intake, and when it ended either way.
    join_url: text('join_url'),
    completed_at: ts('completed_at'),
    cancelled_at: ts('cancelled_at'),
  },
  (t) => [
    index('intake_sessions_user_created_idx').on(t.user_id, t.created_at.desc()),
    index('intake_sessions_matchmaker_idx').on(t.assigned_matchmaker_id, t.scheduled_at),
    // Issue 13: the reminder sweep (scheduled sessions starting tomorrow).
    index('intake_sessions_status_scheduled_idx').on(t.status, t.scheduled_at),
    // Decision 041: whether a client's intake was held (the client list's "intake pending").
    index('intake_sessions_completed_intake_idx')
      .on(t.user_id)
      .where(sql`${t.session_type} = 'intake' AND ${t.status} = 'completed'`),
  ],
);

export const matches = pgTable(
  'matches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client1_id: text('client1_id')
      .notNull()
      .references(() => user_profiles.id, { onDelete: 'cascade' }),
    client2_id: text('client2_id')
      .notNull()
      .references(() => user_profiles.id, { onDelete: 'cascade' }),
    matchmaker_id: text('matchmaker_id').references(() => user_profiles.id, { onDelete: 'set null' }),
    status: matchStatusEnum('status').notNull().default('proposed'),
    note: text('note'),
    proposed_to_clients_at: ts('proposed_to_clients_at'),
    response_deadline: ts('response_deadline'),
    accepted_at: ts('accepted_at'),
    scheduled_at: ts('scheduled_at'),
    /** Issue 27: when the date took place, which is its planned time (`scheduled_at`). */
    completed_at: ts('completed_at'),
    /** Issue 27: when staff marked the date as held (the click), apart from when it took place. */
    completed_recorded_at: ts('completed_recorded_at'),
    cancelled_at: ts('cancelled_at'),
    /** Issue 26 (decision 026): why a soft wish was overridden, and which rules (staff only). */
    override_reason: text('override_reason'),
    overridden_rules: text('overridden_rules').array().notNull().default(sql`'{}'::text[]`),
    /** Issue 27 (decision 027): the date's place, shown to both clients and in their calendars. */
    date_place_name: text('date_place_name'),
    date_place_address: text('date_place_address'),
    date_place_url: text('date_place_url'),
    /** The matchmaker's message to both clients about the date (the staff note stays apart). */
    date_message: text('date_message'),
    /** The iCalendar SEQUENCE of the date's invitation: raised on every move and on cancelling. */
    date_sequence: integer('date_sequence').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('matches_client_order', sql`${t.client1_id} < ${t.client2_id}`),
    unique('matches_client_pair_unique').on(t.client1_id, t.client2_id),
    index('matches_client2_idx').on(t.client2_id),
    index('matches_matchmaker_idx').on(t.matchmaker_id),
    index('matches_created_at_idx').on(t.created_at.desc()),
    index('matches_status_deadline_idx').on(t.status, t.response_deadline),
    // Issue 17: the success rate of decision 017 counts these per matchmaker.
    index('matches_matchmaker_outcome_idx')
      .on(t.matchmaker_id, t.status)
      .where(sql`${t.accepted_at} IS NOT NULL OR ${t.status} = 'rejected'`),
  ],
);

export const client_match_responses = pgTable(
  'client_match_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    match_id: uuid('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    client_id: text('client_id')
      .notNull()
      .references(() => user_profiles.id, { onDelete: 'cascade' }),
    response: matchResponseEnum('response').notNull(),
    rejection_reason: text('rejection_reason'),
    created_at: createdAt(),
  },
  (t) => [unique('client_match_responses_once').on(t.match_id, t.client_id)],
);

export const match_feedback = pgTable(
  'match_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    match_id: uuid('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    client_id: text('client_id')
      .notNull()
      .references(() => user_profiles.id, { onDelete: 'cascade' }),
    rating: rating('rating').notNull(),
    would_meet_again: boolean('would_meet_again'),
    feedback_text: text('feedback_text'),
    submitted_at: ts('submitted_at').notNull().defaultNow(),
  },
  (t) => [
    check('match_feedback_rating_range', ratingCheck('rating')),
    unique('match_feedback_once').on(t.match_id, t.client_id),
    index('match_feedback_match_submitted_idx').on(t.match_id, t.submitted_at.desc()),
  ],
);

export const match_follow_up = pgTable(
  'match_follow_up',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    match_id: uuid('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    follow_up_date: ts('follow_up_date').notNull(),
    notes: text('notes'),
    reported_by_client_id: text('reported_by_client_id').references(() => user_profiles.id, {
      onDelete: 'set null',
    }),
    updated_by_matchmaker_id: text('updated_by_matchmaker_id').references(() => user_profiles.id, {
      onDelete: 'set null',
    }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('match_follow_up_match_date_idx').on(t.match_id, t.follow_up_date.desc())],
);

export const feedback_requests = pgTable(
  'feedback_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: text('client_id')
      .notNull()
      .references(() => user_profiles.id, { onDelete: 'cascade' }),
    matchmaker_id: text('matchmaker_id')
      .notNull()
      .references(() => user_profiles.id, { onDelete: 'cascade' }),
    request_type: feedbackRequestTypeEnum('request_type').notNull().default('periodic'),
    status: feedbackRequestStatusEnum('status').notNull().default('pending'),
    expires_at: ts('expires_at').notNull(),
    created_at: createdAt(),
    completed_at: ts('completed_at'),
    /** Issue 17: the completed date a `post_match` request asks about (one per match and client). */
    match_id: uuid('match_id').references(() => matches.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('feedback_requests_client_status_idx').on(t.client_id, t.status, t.created_at.desc()),
    // Issue 17: never two pending requests for a client; one request per completed date.
    uniqueIndex('feedback_requests_one_pending_idx').on(t.client_id).where(sql`${t.status} = 'pending'`),
    uniqueIndex('feedback_requests_match_client_idx').on(t.match_id, t.client_id),
  ],
);

export const matchmaker_feedback = pgTable(
  'matchmaker_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: text('client_id')
      .notNull()
      .references(() => user_profiles.id, { onDelete: 'cascade' }),
    matchmaker_id: text('matchmaker_id')
      .notNull()
      .references(() => user_profiles.id, { onDelete: 'cascade' }),
    feedback_request_id: uuid('feedback_request_id').references(() => feedback_requests.id, {
      onDelete: 'set null',
    }),
    communication_rating: rating('communication_rating'),
    preference_understanding_rating: rating('preference_understanding_rating'),
    match_quality_rating: rating('match_quality_rating'),
    responsiveness_rating: rating('responsiveness_rating'),
    overall_satisfaction_rating: rating('overall_satisfaction_rating').notNull(),
    feedback_text: text('feedback_text'),
    improvement_suggestions: text('improvement_suggestions'),
    is_anonymous: boolean('is_anonymous').notNull().default(false),
    feedback_period_start: ts('feedback_period_start').notNull(),
    feedback_period_end: ts('feedback_period_end').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    check('mf_communication_range', ratingCheck('communication_rating')),
    check('mf_preference_range', ratingCheck('preference_understanding_rating')),
    check('mf_match_quality_range', ratingCheck('match_quality_rating')),
    check('mf_responsiveness_range', ratingCheck('responsiveness_rating')),
    check('mf_overall_range', ratingCheck('overall_satisfaction_rating')),
    index('matchmaker_feedback_matchmaker_idx').on(t.matchmaker_id, t.created_at.desc()),
    index('matchmaker_feedback_client_idx').on(t.client_id),
    // Issue 17: feedback once per request.
    uniqueIndex('matchmaker_feedback_request_idx').on(t.feedback_request_id),
  ],
);

export const intake_feedback = pgTable(
  'intake_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    intake_session_id: uuid('intake_session_id')
      .notNull()
      .unique()
      .references(() => intake_sessions.id, { onDelete: 'cascade' }),
    client_id: text('client_id')
      .notNull()
      .references(() => user_profiles.id, { onDelete: 'cascade' }),
    matchmaker_id: text('matchmaker_id').references(() => user_profiles.id, { onDelete: 'set null' }),
    feedback_requested_at: ts('feedback_requested_at').notNull().defaultNow(),
    submitted_at: ts('submitted_at'),
    professionalism_rating: rating('professionalism_rating'),
    communication_rating: rating('communication_rating'),
    overall_satisfaction_rating: rating('overall_satisfaction_rating'),
    improvement_feedback: text('improvement_feedback'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('if_professionalism_range', ratingCheck('professionalism_rating')),
    check('if_communication_range', ratingCheck('communication_rating')),
    check('if_overall_range', ratingCheck('overall_satisfaction_rating')),
    index('intake_feedback_pending_idx')
      .on(t.client_id, t.feedback_requested_at.desc())
      .where(sql`${t.submitted_at} IS NULL`),
    index('intake_feedback_matchmaker_idx').on(t.matchmaker_id),
  ],
);

// ---------------------------------------------------------------------------------------------
// Payments: a checkout session per attempt, and at most one payment per provider session.
export const checkout_sessions = pgTable(
  'checkout_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: paymentProviderEnum('provider').notNull(),
    provider_session_id: text('provider_session_id').notNull().unique(),
    client_id: text('client_id')
      .notNull()
      .references(() => user_profiles.id, { onDelete: 'cascade' }),
    tier: tierEnum('tier').notNull(),
    price_id: text('price_id').notNull(),
    amount_total: integer('amount_total').notNull(),
    currency: text('currency').notNull().default('eur'),
    status: paymentStatusEnum('status').notNull().default('open'),
    url: text('url'),
    expires_at: ts('expires_at'),
    /** Issue 29 (decision 031): the terms accepted at checkout, and when. */
    terms_version: text('terms_version'),
    terms_accepted_at: ts('terms_accepted_at'),
    /** The express request to start the service within the withdrawal period, and when. */
    start_requested_at: ts('start_requested_at'),
    /** The demo checkout's chosen method (`card`, `bancontact`); Stripe's session says it itself. */
    payment_method: text('payment_method'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('checkout_amount_nonnegative', sql`${t.amount_total} >= 0`),
    index('checkout_sessions_client_idx').on(t.client_id, t.status),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: paymentProviderEnum('provider').notNull(),
    provider_session_id: text('provider_session_id').notNull().unique(),
    /** Null once the retention period is over (issue 29, decision 032): nobody's payment any more. */
    client_id: text('client_id').references(() => user_profiles.id, { onDelete: 'cascade' }),
    tier: tierEnum('tier').notNull(),
    amount_total: integer('amount_total').notNull(),
    currency: text('currency').notNull(),
    paid_at: ts('paid_at').notNull().defaultNow(),
    /** Issue 29: the provider's payment (Stripe's PaymentIntent), which a refund names. */
    provider_payment_id: text('provider_payment_id'),
    /** `card` or `bancontact` (Stripe's payment method type), when the provider says. */
    payment_method: text('payment_method'),
    /** Decision 031: the terms and the express request to start, copied from the checkout. */
    terms_version: text('terms_version'),
    terms_accepted_at: ts('terms_accepted_at'),
    start_requested_at: ts('start_requested_at'),
    /** The client's withdrawal (herroeping) within 14 days, for staff to settle with a refund. */
    withdrawal_requested_at: ts('withdrawal_requested_at'),
    /** Cents refunded so far (the sum of `refunds`), never above `amount_total`. */
    amount_refunded: integer('amount_refunded').notNull().default(0),
    /** When the retention job erased who paid (the client, the provider's session id). */
    personal_data_erased_at: ts('personal_data_erased_at'),
  },
  (t) => [
    index('payments_client_idx').on(t.client_id),
    index('payments_retention_idx').on(t.paid_at).where(sql`${t.personal_data_erased_at} IS NULL`),
    check('payments_refund_within_amount', sql`${t.amount_refunded} BETWEEN 0 AND ${t.amount_total}`),
  ],
);

/**
 * Issue 29 (decision 031): one gapless series of document numbers per calendar year, shared by
 * invoices and credit notes. The row of a year is incremented in the transaction that issues the
 * document, so its lock orders simultaneous purchases and a rollback gives the number back.
 */
export const document_counters = pgTable('document_counters', {
  year: integer('year').primaryKey(),
  last_number: integer('last_number').notNull(),
});

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export const invoiceKindEnum = pgEnum('invoice_kind', INVOICE_KINDS);

/** An invoice or a credit note as issued: what it says is kept as it was, whatever changes later. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: invoiceKindEnum('kind').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    /** "2026-00001" */
    number: text('number').notNull().unique(),
    /** Kept when the payment row goes (an account deleted): an issued invoice is kept for 7 years. */
    payment_id: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** A credit note's refund. */
    refund_id: uuid('refund_id').unique(),
    /** The invoice a credit note corrects. */
    credits_invoice_id: uuid('credits_invoice_id'),
    client_id: text('client_id').references(() => user_profiles.id, { onDelete: 'set null' }),
    buyer_name: text('buyer_name').notNull(),
    buyer_email: text('buyer_email').notNull(),
    tier: tierEnum('tier').notNull(),
    issued_at: ts('issued_at').notNull(),
    /** Cents, positive on both kinds (a credit note's kind says it is money back). */
    amount_excl_vat: integer('amount_excl_vat').notNull(),
    vat_amount: integer('vat_amount').notNull(),
    amount_total: integer('amount_total').notNull(),
    vat_rate: integer('vat_rate').notNull(),
    currency: text('currency').notNull(),
    seller_name: text('seller_name').notNull(),
    seller_address: text('seller_address').notNull(),
    seller_vat_number: text('seller_vat_number').notNull(),
    /** A credit note's reason, as the admin gave it. */
    reason: text('reason'),
    /** When the retention job erased the buyer (name, e-mail, client) after the retention period. */
    personal_data_erased_at: ts('personal_data_erased_at'),
  },
  (t) => [
    unique('invoices_year_sequence').on(t.year, t.sequence),
    index('invoices_client_idx').on(t.client_id),
    index('invoices_issued_idx').on(t.issued_at),
    index('invoices_retention_idx').on(t.issued_at).where(sql`${t.personal_data_erased_at} IS NULL`),
  ],
);

/** A refund at the provider, applied once by its id whether it started in the console or there. */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payment_id: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    provider_refund_id: text('provider_refund_id').notNull().unique(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    /** The admin who refunded in the console; null for a refund made at the provider. */
    refunded_by: text('refunded_by').references(() => user.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    check('refunds_amount_positive', sql`${t.amount} > 0`),
    index('refunds_payment_idx').on(t.payment_id),
  ],
);

// ---------------------------------------------------------------------------------------------
// Issue 29 (decision 032): what a purchase promised, as a task for staff due in working hours:
// the client's matchmaker's, or the queue's (no assignee) until an admin hands it out.
export const staff_tasks = pgTable(
  'staff_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: staffTaskKindEnum('kind').notNull(),
    client_id: text('client_id')
      .notNull()
      .references(() => user_profiles.id, { onDelete: 'cascade' }),
    /** The purchase that promised it: one task of a kind per payment, however often fulfilment runs. */
    payment_id: uuid('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    tier: tierEnum('tier').notNull(),
    assignee_id: text('assignee_id').references(() => user_profiles.id, { onDelete: 'set null' }),
    due_at: ts('due_at').notNull(),
    created_at: createdAt(),
    done_at: ts('done_at'),
    done_by: text('done_by').references(() => user_profiles.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('staff_tasks_payment_kind_unique').on(t.payment_id, t.kind),
    index('staff_tasks_open_idx').on(t.assignee_id, t.due_at).where(sql`${t.done_at} IS NULL`),
    index('staff_tasks_client_idx').on(t.client_id),
  ],
);

// ---------------------------------------------------------------------------------------------
/** Every e-mail goes through here; a pg-boss worker delivers it. */
export const email_outbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to_address: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    template: text('template').notNull(),
    /** Makes a message idempotent: the same key is queued once. */
    dedupe_key: text('dedupe_key'),
    status: outboxStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    /** A worker sending the message holds it until then; another worker skips it meanwhile. */
    claimed_until: ts('claimed_until'),
    /** Not picked for delivery before then (backoff after a failure); null: due now. */
    next_attempt_at: ts('next_attempt_at'),
    /** The first failed attempt since the message was queued or resent; 3 days later it gives up. */
    first_failed_at: ts('first_failed_at'),
    /** When delivery gave up (status `failed`); a resend clears it. */
    failed_at: ts('failed_at'),
    created_at: createdAt(),
    sent_at: ts('sent_at'),
    /** Issue 27: files sent along (a date's .ics invitation), as `{ filename, content_type, content }`. */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
  },
  (t) => [
    uniqueIndex('email_outbox_dedupe_idx').on(t.dedupe_key),
    index('email_outbox_status_idx').on(t.status, t.created_at),
    index('email_outbox_created_idx').on(t.created_at.desc()),
    // Mails per recipient and kind (auth/mail-limit.ts).
    index('email_outbox_recipient_idx').on(t.to_address, t.template, t.created_at),
  ],
);

// ---------------------------------------------------------------------------------------------
// Issue 14 (item 3): the quiz. An attempt per run (a retake starts a new one and keeps the old),
// its answers saved one by one, and on finishing each dimension's score (0-100) on the attempt.
const quizScore = (name: string) => integer(name);
const QUIZ_SCORE_COLUMNS = [
  'openness',
  'conscientiousness',
  'extraversion',
  'agreeableness',
  'emotional_stability',
  'closeness',
  'independence',
  'togetherness',
] as const;

export const quiz_attempts = pgTable(
  'quiz_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: text('client_id')
      .notNull()
      .references(() => user_profiles.id, { onDelete: 'cascade' }),
    /** The statements this attempt was asked (QUIZ_VERSION in src/shared/quiz.ts). */
    quiz_version: text('quiz_version').notNull(),
    started_at: ts('started_at').notNull().defaultNow(),
    /** Null while the client is still answering. */
    finished_at: ts('finished_at'),
    openness: quizScore('openness'),
    conscientiousness: quizScore('conscientiousness'),
    extraversion: quizScore('extraversion'),
    agreeableness: quizScore('agreeableness'),
    emotional_stability: quizScore('emotional_stability'),
    closeness: quizScore('closeness'),
    independence: quizScore('independence'),
    togetherness: quizScore('togetherness'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check(
      'quiz_attempts_scores',
      sql.raw(
        `(finished_at IS NULL AND ${QUIZ_SCORE_COLUMNS.map((c) => `${c} IS NULL`).join(' AND ')}) OR (finished_at IS NOT NULL AND ${QUIZ_SCORE_COLUMNS.map((c) => `${c} BETWEEN 0 AND 100`).join(' AND ')})`,
      ),
    ),
    // One attempt in progress per client: starting twice (two tabs) resumes the same one.
    uniqueIndex('quiz_attempts_one_open_idx').on(t.client_id).where(sql`${t.finished_at} IS NULL`),
    index('quiz_attempts_client_finished_idx').on(t.client_id, t.finished_at.desc()),
  ],
);

export const quiz_answers = pgTable(
  'quiz_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    attempt_id: uuid('attempt_id')
      .notNull()
      .references(() => quiz_attempts.id, { onDelete: 'cascade' }),
    question_id: text('question_id').notNull(),
    value: integer('value').notNull(),
    answered_at: ts('answered_at').notNull().defaultNow(),
  },
  (t) => [
    unique('quiz_answers_attempt_question_key').on(t.attempt_id, t.question_id),
    check('quiz_answers_value_range', sql`${t.value} BETWEEN 1 AND 5`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Issue 14 (profile form and overview, migration 0010): consents, photos, trait corrections.

/**
 * Consents a client gave for special-category data (GDPR art. 9): the text version and when; a
 * withdrawal keeps the record (with its time) and clears the data it covered.
 */
export const client_consents = pgTable(
  'client_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: text('client_id')
      .notNull()
      .references(() => user_profiles.id, { onDelete: 'cascade' }),
    /** What it covers: 'orientation' (the genders sought). */
    kind: text('kind').notNull(),
    text_version: text('text_version').notNull(),
    given_at: ts('given_at').notNull(),
    withdrawn_at: ts('withdrawn_at'),
  },
  (t) => [index('client_consents_client_idx').on(t.client_id, t.kind, t.given_at.desc())],
);

/** A client's photos; the files (one per size) live in the storage provider under `photos/<client>/<id>/`. */
export const client_photos = pgTable(
  'client_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: text('client_id')
      .notNull()
      .references(() => user_profiles.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('client_photos_client_idx').on(t.client_id, t.created_at)],
);

/** A client asks their matchmaker to correct their confirmed traits (the matchmaker sees it later). */
export const trait_correction_requests = pgTable(
  'trait_correction_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: text('client_id')
      .notNull()
      .references(() => user_profiles.id, { onDelete: 'cascade' }),
    /** The matchmaker assigned when it was asked (null: none yet; staff see it in the open list). */
    matchmaker_id: text('matchmaker_id').references(() => user_profiles.id, { onDelete: 'set null' }),
    trait: text('trait'),
    message: text('message').notNull(),
    status: text('status').notNull().default('open'),
    created_at: createdAt(),
    handled_at: ts('handled_at'),
  },
  (t) => [
    index('trait_correction_requests_matchmaker_idx').on(t.matchmaker_id, t.status),
    index('trait_correction_requests_client_idx').on(t.client_id),
  ],
);

// ---------------------------------------------------------------------------------------------
// Issue 14 (account settings, export and deletion): one row per account, created on first use.
/**
 * What an account chose in its settings: the optional e-mails it does not want
 * (`src/shared/account-settings.ts` lists which may be switched off), whether a client's matching
 * is paused, and when the account was deleted (its personal data erased, decision 014).
 */
export const account_settings = pgTable(
  'account_settings',
  {
    user_id: text('user_id')
      .primaryKey()
      .references(() => user_profiles.id, { onDelete: 'cascade' }),
    email_opt_outs: text('email_opt_outs').array().notNull().default(sql`'{}'::text[]`),
    matching_paused_at: ts('matching_paused_at'),
    deleted_at: ts('deleted_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // Decision 041: the few deleted accounts, which lists and counts leave out, without reading
    // every account's settings.
    index('account_settings_deleted_idx').on(t.user_id).where(sql`${t.deleted_at} IS NOT NULL`),
  ],
);

/**
 * Decision 045: how many clients each matchmaker has (null: none yet) per contract status and tier,
 * the dashboard's numbers, kept as changes: triggers on user_profiles and account_settings
 * (migration 0036) add a row of +n or -n per key in the transaction of every write that moves a
 * client (sign-up, tier, contract, matchmaker, role, account deletion, removal), and the dashboard
 * sums the rows per key. Rows are only added (no row is locked by two writes); the
 * `client-counts` job folds them into one row per key. Deleted accounts are not counted.
 */
export const client_counts = pgTable('client_counts', {
  // No foreign key: a removed matchmaker's rows sum to zero and are folded away.
  assigned_matchmaker_id: text('assigned_matchmaker_id'),
  contract_status: contractStatusEnum('contract_status').notNull(),
  tier: tierEnum('tier').notNull(),
  clients: integer('clients').notNull(),
});

// ---------------------------------------------------------------------------------------------
// Issue 15: staff notes on a client's file (the author edits their own).
export const client_notes = pgTable(
  'client_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: text('client_id')
      .notNull()
      .references(() => user_profiles.id, { onDelete: 'cascade' }),
    author_id: text('author_id').references(() => user_profiles.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('client_notes_client_idx').on(t.client_id, t.created_at.desc())],
);

// ---------------------------------------------------------------------------------------------
// Issue 17 item 5 (two-factor login, decision 018): better-auth's two-factor plugin.
/**
 * One row per account that started or finished setting up an authenticator app: the TOTP secret
 * and the backup codes, both encrypted with AUTH_SECRET by better-auth; `verified` turns true
 * when the first code from the app is accepted. Keys are the names better-auth uses.
 */
export const two_factor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Issue 30: the last 30-second step whose code was accepted; a code of it or before is refused. */
    last_totp_step: bigint('last_totp_step', { mode: 'number' }),
  },
  (t) => [uniqueIndex('two_factor_user_id_idx').on(t.userId)],
);

// ---------------------------------------------------------------------------------------------
// Issue 17 (feedback on matchmakers): since when a client has their current matchmaker, as the
// daily feedback-requests job first saw it; the first periodic request comes 3 months later.
export const matchmaker_assignments = pgTable('matchmaker_assignments', {
  client_id: text('client_id')
    .primaryKey()
    .references(() => user_profiles.id, { onDelete: 'cascade' }),
  matchmaker_id: text('matchmaker_id')
    .notNull()
    .references(() => user_profiles.id, { onDelete: 'cascade' }),
  assigned_at: ts('assigned_at').notNull(),
});

// ---------------------------------------------------------------------------------------------
// Issue 17 (item 4): the admin console's audit trail: who changed what on an account (a client's
// matchmaker, pause, a matchmaker's public profile), newest first per account.
export const admin_audit_events = pgTable(
  'admin_audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The account the change is about. */
    subject_id: text('subject_id')
      .notNull()
      .references(() => user_profiles.id, { onDelete: 'cascade' }),
    /** Who made it (null once their account is gone). */
    actor_id: text('actor_id').references(() => user_profiles.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    /** One Dutch line: what changed, from what to what. */
    detail: text('detail').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('admin_audit_events_subject_idx').on(t.subject_id, t.created_at.desc())],
);

// ---------------------------------------------------------------------------------------------
// Issue 16 (magic match, migration 0015): candidates a matchmaker hid for a client, and the
// indexes of the candidate query's hard filters (gender and birth date of the active clients).
/** A candidate hidden from a client's magic match results, with the reason (remembered). */
export const magic_match_hidden = pgTable(
  'magic_match_hidden',
  {
    client_id: text('client_id')
      .notNull()
      .references(() => user_profiles.id, { onDelete: 'cascade' }),
    candidate_id: text('candidate_id')
      .notNull()
      .references(() => user_profiles.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    hidden_by: text('hidden_by').references(() => user_profiles.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.client_id, t.candidate_id] })],
);

// Issue 30 (decision 034): which candidates magic match showed a matchmaker, and when last. A
// matchmaker sees a candidate's photos for a set time after magic match showed them.
export const magic_match_shown = pgTable(
  'magic_match_shown',
  {
    matchmaker_id: text('matchmaker_id')
      .notNull()
      .references(() => user_profiles.id, { onDelete: 'cascade' }),
    candidate_id: text('candidate_id')
      .notNull()
      .references(() => user_profiles.id, { onDelete: 'cascade' }),
    shown_at: ts('shown_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.matchmaker_id, t.candidate_id] }),
    index('magic_match_shown_candidate_idx').on(t.candidate_id),
  ],
);

// ---------------------------------------------------------------------------------------------
// Issue 30 (decision 034): a scheduler booking whose webhook carried no valid client reference.
// It is attached to nobody; staff attach it to the client it belongs to.
export const unassigned_bookings = pgTable('unassigned_bookings', {
  id: uuid('id').primaryKey().defaultRandom(),
  calendly_event_id: text('calendly_event_id').notNull().unique(),
  scheduled_at: ts('scheduled_at'),
  event_type_name: text('event_type_name'),
  location: text('location'),
  join_url: text('join_url'),
  invitee_email: text('invitee_email'),
  invitee_name: text('invitee_name'),
  host_matchmaker_id: text('host_matchmaker_id').references(() => user_profiles.id, { onDelete: 'set null' }),
  cancelled_at: ts('cancelled_at'),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

// ---------------------------------------------------------------------------------------------
// Issue 19: better-auth's request limits (per address and path) in the database, so that they
// count across every server process (docs/deployment.md).
export const rate_limit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

// ---------------------------------------------------------------------------------------------
// Issue 32 (decision 036): the conversation between a client and their matchmaker. One per
// client: whoever is the client's matchmaker reads and writes it, so a new matchmaker inherits
// the history. The row holds what the notification sweep claims (one mail per side per hour) and
// the matchmaker who last had it, for the inbox's "Verwijderd account" once the client is gone.
export const conversations = pgTable(
  'conversations',
  {
    client_id: text('client_id')
      .primaryKey()
      .references(() => user_profiles.id, { onDelete: 'cascade' }),
    /** The client's matchmaker when the conversation last changed (a deleted client keeps it). */
    matchmaker_id: text('matchmaker_id').references(() => user_profiles.id, { onDelete: 'set null' }),
    /** When the client was last mailed about unread messages (the sweep's claim). */
    client_notified_at: ts('client_notified_at'),
    /** When the matchmaker was last mailed about unread messages of this client. */
    matchmaker_notified_at: ts('matchmaker_notified_at'),
    last_message_at: ts('last_message_at'),
    created_at: createdAt(),
  },
  (t) => [index('conversations_matchmaker_idx').on(t.matchmaker_id, t.last_message_at)],
);

/**
 * One message: text only. `sender_role` says whose side it is on (`system` for a notice such as a
 * handover); `kind` marks the debrief after a date (`debrief`, and the client's `debrief_answer`,
 * both with the date's match). `read_at` is the read receipt of the other side; `notified_at`
 * when its recipient was mailed about it.
 */
export const conversation_messages = pgTable(
  'conversation_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: text('client_id')
      .notNull()
      .references(() => user_profiles.id, { onDelete: 'cascade' }),
    sender_id: text('sender_id').references(() => user_profiles.id, { onDelete: 'set null' }),
    sender_role: text('sender_role', { enum: ['client', 'matchmaker', 'system'] }).notNull(),
    kind: text('kind', { enum: ['text', 'debrief', 'debrief_answer', 'handover'] })
      .notNull()
      .default('text'),
    body: text('body').notNull(),
    match_id: uuid('match_id').references(() => matches.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    read_at: ts('read_at'),
    notified_at: ts('notified_at'),
  },
  (t) => [
    index('conversation_messages_client_idx').on(t.client_id, t.created_at),
    // The unread counts and the notification sweep walk only what is unread.
    index('conversation_messages_unread_idx')
      .on(t.client_id, t.sender_role, t.created_at)
      .where(sql`${t.read_at} IS NULL`),
    check('conversation_messages_body_length', sql`char_length(${t.body}) BETWEEN 1 AND 4000`),
  ],
);
