/** The admin console's contract (issue 17, item 4): staff, clients, feedback and the numbers. */
import { z } from 'zod';
import { MATCH_STATUSES, MAX_NAME_LENGTH, SUBSCRIPTION_STATUSES, TIERS } from './domain';
import { isCalendlyUrl } from './scheduler';

export const MAX_SPECIALTIES = 8;
export const MAX_SPECIALTY_LENGTH = 60;
export const MAX_BIO_LENGTH = 600;
export const MAX_ABOUT_ME_LENGTH = 3000;
export const MAX_YEARS_EXPERIENCE = 60;
/** How long an invitation link lets the new matchmaker set a password. */
export const STAFF_INVITATION_DAYS = 7;

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label}: geef tekst` })
    .trim()
    .max(max, `${label} mag hoogstens ${max} tekens bevatten`)
    .transform((value) => (value === '' ? null : value))
    .nullable();

const fullName = z
  .string({ error: 'Vul een naam in' })
  .trim()
  .min(1, 'Vul een naam in')
  .max(MAX_NAME_LENGTH, `Een naam mag hoogstens ${MAX_NAME_LENGTH} tekens bevatten`);

/**
 * A matchmaker's public profile as the admin (any matchmaker) or the matchmaker (their own) edits
 * it. `is_active` only counts from an admin: a matchmaker cannot switch themselves on or off.
 */
export const matchmakerProfileInputSchema = z.object({
  full_name: fullName,
  bio: optionalText(MAX_BIO_LENGTH, 'De korte bio'),
  about_me: optionalText(MAX_ABOUT_ME_LENGTH, 'Over mij'),
  specialties: z
    .array(
      z
        .string({ error: 'Een specialiteit is tekst' })
        .trim()
        .min(1, 'Een specialiteit mag niet leeg zijn')
        .max(MAX_SPECIALTY_LENGTH, `Een specialiteit mag hoogstens ${MAX_SPECIALTY_LENGTH} tekens bevatten`),
      { error: 'Geef de specialiteiten als lijst' },
    )
    .max(MAX_SPECIALTIES, `Hoogstens ${MAX_SPECIALTIES} specialiteiten`),
  years_experience: z
    .number({ error: 'Geef de jaren ervaring als getal' })
    .int('Geef hele jaren ervaring')
    .min(0, 'Jaren ervaring kan niet negatief zijn')
    .max(MAX_YEARS_EXPERIENCE, `Hoogstens ${MAX_YEARS_EXPERIENCE} jaar ervaring`)
    .nullable(),
  calendly_link: z
    .string({ error: 'Geef een Calendly-link' })
    .trim()
    .max(500, 'De Calendly-link is te lang')
    .refine((value) => value === '' || isCalendlyUrl(value), 'Geef een https-link naar calendly.com')
    .transform((value) => (value === '' ? null : value))
    .nullable(),
  is_active: z.boolean({ error: 'Kies actief of niet actief' }).optional(),
});
export type MatchmakerProfileInput = z.input<typeof matchmakerProfileInputSchema>;
export type MatchmakerProfileUpdate = z.output<typeof matchmakerProfileInputSchema>;

/** A matchmaker as the admin console (and the matchmaker's own settings) shows them. */
export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  slug: z.string(),
  profile_photo_url: z.string().nullable(),
  bio: z.string().nullable(),
  about_me: z.string().nullable(),
  specialties: z.array(z.string()),
  years_experience: z.number().int().nullable(),
  calendly_link: z.string().nullable(),
  is_active: z.boolean(),
  /** From real outcomes (decision 017); null below 5 decided proposals. */
  success_rate: z.number().int().nullable(),
  client_count: z.number().int(),
  /** Invited and not yet set a password. */
  invitation_pending: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListResponseSchema = z.object({ staff: z.array(staffMemberSchema) });
export const staffMemberResponseSchema = z.object({ member: staffMemberSchema });

/** One client of a matchmaker, to reassign when the matchmaker stops. */
export const staffClientSchema = z.object({
  id: z.string(),
  full_name: z.string().nullable(),
  tier: z.enum(TIERS),
});
export const staffDetailResponseSchema = z.object({
  member: staffMemberSchema,
  clients: z.array(staffClientSchema),
});
export type StaffDetail = z.infer<typeof staffDetailResponseSchema>;

/**
 * Issue 26: GET /api/admin/clients-to-reassign: each deactivated matchmaker who still has clients,
 * with those clients (the admin home lists them for reassignment).
 */
export const clientsToReassignResponseSchema = z.object({
  matchmakers: z.array(
    z.object({
      id: z.string(),
      full_name: z.string(),
      deactivated_at: z.string(),
      clients: z.array(staffClientSchema),
    }),
  ),
});
export type ClientsToReassign = z.infer<typeof clientsToReassignResponseSchema>['matchmakers'];

export const staffInvitationSchema = z.object({
  email: z
    .string({ error: 'Vul een e-mailadres in' })
    .trim()
    .toLowerCase()
    .max(254, 'Vul een geldig e-mailadres in')
    .pipe(z.email('Vul een geldig e-mailadres in')),
  full_name: fullName,
});
export type StaffInvitationInput = z.input<typeof staffInvitationSchema>;
export type StaffInvitation = z.output<typeof staffInvitationSchema>;

// ---------------------------------------------------------------------------------------------
// Clients.

export const paymentRowSchema = z.object({
  id: z.string(),
  tier: z.enum(TIERS),
  amount_total: z.number().int(),
  currency: z.string(),
  paid_at: z.string(),
});

export const auditEventSchema = z.object({
  id: z.string(),
  action: z.string(),
  detail: z.string(),
  actor_name: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const adminClientSchema = z.object({
  id: z.string(),
  full_name: z.string().nullable(),
  email: z.string(),
  tier: z.enum(TIERS),
  subscription_status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  subscription_started_at: z.string().nullable(),
  subscription_ends_at: z.string().nullable(),
  grace_period_end_date: z.string().nullable(),
  assigned_matchmaker_id: z.string().nullable(),
  assigned_matchmaker_name: z.string().nullable(),
  matching_paused_at: z.string().nullable(),
  deleted_at: z.string().nullable(),
  payments: z.array(paymentRowSchema),
  audit: z.array(auditEventSchema),
});
export type AdminClient = z.infer<typeof adminClientSchema>;
export const adminClientResponseSchema = z.object({ client: adminClientSchema });

export const reassignClientSchema = z.object({
  matchmaker_id: z.string({ error: 'Kies een matchmaker' }).min(1, 'Kies een matchmaker').max(100).nullable(),
});
export const pauseClientSchema = z.object({ paused: z.boolean({ error: 'Kies pauzeren of hervatten' }) });

// ---------------------------------------------------------------------------------------------
// Feedback.

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Geef een datum als JJJJ-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Geef een geldige datum');

export const adminFeedbackQuerySchema = z.object({
  matchmaker_id: z.string().min(1).max(100).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
});
export type AdminFeedbackQuery = z.infer<typeof adminFeedbackQuerySchema>;

export const FEEDBACK_KINDS = ['matchmaker', 'intake'] as const;
export const FEEDBACK_KIND_LABELS: Record<(typeof FEEDBACK_KINDS)[number], string> = {
  matchmaker: 'Matchmaker',
  intake: 'Intake',
};

export const adminFeedbackEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(FEEDBACK_KINDS),
  matchmaker_id: z.string().nullable(),
  matchmaker_name: z.string().nullable(),
  client_name: z.string().nullable(),
  is_anonymous: z.boolean(),
  overall: z.number().int().nullable(),
  /** The other ratings by their Dutch label (only those given). */
  ratings: z.record(z.string(), z.number().int()),
  text: z.string().nullable(),
  suggestions: z.string().nullable(),
  submitted_at: z.string(),
});
export type AdminFeedbackEntry = z.infer<typeof adminFeedbackEntrySchema>;
export const adminFeedbackResponseSchema = z.object({ feedback: z.array(adminFeedbackEntrySchema) });

// ---------------------------------------------------------------------------------------------
// The agency's numbers.

export const agencyStatsSchema = z.object({
  clients_by_tier: z.array(z.object({ tier: z.enum(TIERS), count: z.number().int() })),
  /** The last 12 months, oldest first; `month` as YYYY-MM (Brussels), amounts in cents. */
  revenue_by_month: z.array(z.object({ month: z.string(), amount_total: z.number().int() })),
  matches_by_status: z.array(z.object({ status: z.enum(MATCH_STATUSES), count: z.number().int() })),
  ratings_by_matchmaker: z.array(
    z.object({
      matchmaker_id: z.string(),
      matchmaker_name: z.string(),
      /** Average overall satisfaction of matchmaker feedback, one decimal; null without any. */
      matchmaker_feedback: z.number().nullable(),
      matchmaker_feedback_count: z.number().int(),
      intake_feedback: z.number().nullable(),
      intake_feedback_count: z.number().int(),
    }),
  ),
});
export type AgencyStats = z.infer<typeof agencyStatsSchema>;

/** The CSV's columns, in order (Dutch headers). */
export const FEEDBACK_CSV_HEADERS = [
  'Soort',
  'Datum',
  'Matchmaker',
  'Klant',
  'Anoniem',
  'Algemeen',
  'Andere scores',
  'Feedback',
  'Suggesties',
] as const;

/** Where a matchmaker's photo is uploaded (the app gives these paths the photo body limit). */
export const OWN_MATCHMAKER_PHOTO_PATH = '/api/me/matchmaker-profile/photo';
const STAFF_PHOTO_PATH = /^\/api\/admin\/staff\/[^/]+\/photo$/;
export const isMatchmakerPhotoUploadPath = (path: string) =>
  path === OWN_MATCHMAKER_PHOTO_PATH || STAFF_PHOTO_PATH.test(path);
