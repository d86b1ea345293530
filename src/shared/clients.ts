import { z } from 'zod';
import { CLIENT_PAGE_SIZES, CLIENT_SCOPES, CLIENT_SORTS } from './client-list';
import { CONTRACT_STATUSES, MATCH_STATUSES, REGIONS, TIERS } from './domain';
import { staffIntakeSessionSchema } from './intake';
import { profileResponseSchema } from './profile';
import { latestQuizResultResponseSchema } from './quiz';

/** GET /api/clients?q=: staff find clients by name to propose a match (at most 20, by name). */
export const clientSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Typ minstens 2 letters' })
    .trim()
    .min(2, 'Typ minstens 2 letters')
    .max(100, 'Zoek met hoogstens 100 tekens'),
});
export const clientSearchResultSchema = z.object({
  id: z.string(),
  full_name: z.string().nullable(),
  /** Only for the caller's own clients (admins: every client); decision 009. */
  email: z.string().nullable(),
  tier: z.enum(TIERS),
  age: z.number().int().nullable(),
  region: z.string().nullable(),
  contract_status: z.enum(CONTRACT_STATUSES),
  assigned_matchmaker_name: z.string().nullable(),
});
export type ClientSearchResult = z.infer<typeof clientSearchResultSchema>;
export const clientSearchResponseSchema = z.object({ clients: z.array(clientSearchResultSchema) });

// The list's scopes, sorts and page sizes with their labels: in client-list.ts, free of schemas for
// the web's clients list (decision 047).
export {
  CLIENT_PAGE_SIZES,
  CLIENT_SCOPE_LABELS,
  CLIENT_SCOPES,
  CLIENT_SORT_LABELS,
  CLIENT_SORTS,
  type ClientScope,
  type ClientSort,
} from './client-list';
export const MIN_CLIENT_AGE = 18;
export const MAX_CLIENT_AGE = 120;

const yesNo = z
  .enum(['true', 'false'], { error: 'Kies ja of nee' })
  .transform((value) => value === 'true')
  .optional();

const ageBound = (label: string) =>
  z.coerce
    .number({ error: `${label}: geef een leeftijd in jaren` })
    .int(`${label}: geef een leeftijd in hele jaren`)
    .min(MIN_CLIENT_AGE, `${label}: minstens ${MIN_CLIENT_AGE} jaar`)
    .max(MAX_CLIENT_AGE, `${label}: hoogstens ${MAX_CLIENT_AGE} jaar`)
    .optional();

/** GET /api/matchmaker/clients: search, filters, sorting and pages, all on the server. */
export const clientListQuerySchema = z
  .object({
    q: z.string().trim().max(100, 'Zoek met hoogstens 100 tekens').optional(),
    scope: z.enum(CLIENT_SCOPES, { error: 'Kies welke klanten je wilt zien' }).optional(),
    tier: z.enum(TIERS, { error: 'Kies een bestaand pakket' }).optional(),
    contract_status: z.enum(CONTRACT_STATUSES, { error: 'Kies een bestaande status' }).optional(),
    region: z.enum(REGIONS, { error: 'Kies een Belgische provincie' }).optional(),
    age_min: ageBound('Leeftijd vanaf'),
    age_max: ageBound('Leeftijd tot'),
    paused: yesNo,
    open_proposal: yesNo,
    intake_pending: yesNo,
    sort: z.enum(CLIENT_SORTS, { error: 'Kies een bestaande sortering' }).default('name'),
    page: z.coerce
      .number({ error: 'Geef een paginanummer' })
      .int('Geef een paginanummer')
      .min(1, 'Geef een paginanummer')
      .max(100_000, 'Die pagina bestaat niet')
      .default(1),
    page_size: z.coerce
      .number({ error: 'Kies 25, 50 of 100 per pagina' })
      .refine(
        (value) => (CLIENT_PAGE_SIZES as readonly number[]).includes(value),
        'Kies 25, 50 of 100 per pagina',
      )
      .default(25),
  })
  .refine(
    (query) => query.age_min === undefined || query.age_max === undefined || query.age_min <= query.age_max,
    {
      message: 'De leeftijd vanaf mag niet hoger zijn dan de leeftijd tot',
      path: ['age_max'],
    },
  );
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;

export const clientListItemSchema = clientSearchResultSchema.extend({
  assigned_matchmaker_id: z.string().nullable(),
  /** Matching paused: the client's own pause or contract status 'paused'. */
  paused: z.boolean(),
  open_proposals: z.number().int(),
  intake_pending: z.boolean(),
  member_since: z.string(),
  last_activity_at: z.string().nullable(),
});
export type ClientListItem = z.infer<typeof clientListItemSchema>;

/**
 * Decision 041: the list counts its clients up to this many; past it the total says "meer dan
 * 10.000" and `total_capped` is true (an exact count of 200,000 rows cost more than the page).
 */
export const CLIENT_LIST_COUNT_CAP = 10_000;

export const clientListResponseSchema = z.object({
  clients: z.array(clientListItemSchema),
  /** The clients that match, at most CLIENT_LIST_COUNT_CAP. */
  total: z.number().int(),
  /** True when more than CLIENT_LIST_COUNT_CAP clients match: `total` is then the cap. */
  total_capped: z.boolean(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type ClientListResponse = z.infer<typeof clientListResponseSchema>;

/** POST /api/matchmaker/clients/{clientId}/claim: a matchmaker takes on a client without one. */
export const clientIdParamSchema = z.object({ clientId: z.string().min(1).max(100) });
export const claimResponseSchema = z.object({ client_id: z.string(), assigned_matchmaker_id: z.string() });

/** A staff note on a client's file: the author edits their own. */
export const clientNoteSchema = z.object({
  id: z.string(),
  body: z.string(),
  author_id: z.string().nullable(),
  author_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ClientNote = z.infer<typeof clientNoteSchema>;
export const MAX_CLIENT_NOTE_LENGTH = 4000;
export const clientNoteInputSchema = z.object({
  body: z
    .string({ error: 'Schrijf een notitie' })
    .trim()
    .min(1, 'Schrijf een notitie')
    .max(MAX_CLIENT_NOTE_LENGTH, `Schrijf hoogstens ${MAX_CLIENT_NOTE_LENGTH} tekens`),
});
export type ClientNoteInput = z.infer<typeof clientNoteInputSchema>;
export const noteIdResponseSchema = z.object({ id: z.string() });
export const noteIdParamSchema = clientIdParamSchema.extend({
  noteId: z.uuid({ error: 'Notitie niet gevonden' }),
});

/** One of the client's matches as their file shows it: the other client, status, answers, dates. */
export const clientFileMatchSchema = z.object({
  id: z.string(),
  status: z.enum(MATCH_STATUSES),
  other: z.object({ id: z.string(), full_name: z.string().nullable() }),
  matchmaker_name: z.string().nullable(),
  proposed_at: z.string(),
  my_response: z.enum(['accepted', 'rejected']).nullable(),
  other_response: z.enum(['accepted', 'rejected']).nullable(),
  rejection_reason: z.string().nullable(),
  scheduled_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  feedback_count: z.number().int(),
  follow_up_count: z.number().int(),
});
export type ClientFileMatch = z.infer<typeof clientFileMatchSchema>;

/** GET /api/matchmaker/clients/{clientId}: the client's file, for their matchmaker and admins. */
export const clientFileSchema = z.object({
  client: z.object({
    id: z.string(),
    full_name: z.string().nullable(),
    email: z.string(),
    tier: z.enum(TIERS),
    contract_status: z.enum(CONTRACT_STATUSES),
    subscription_status: z.string().nullable(),
    subscription_started_at: z.string().nullable(),
    subscription_ends_at: z.string().nullable(),
    grace_period_end_date: z.string().nullable(),
    member_since: z.string(),
    last_activity_at: z.string().nullable(),
    assigned_matchmaker_id: z.string().nullable(),
    assigned_matchmaker_name: z.string().nullable(),
    matching_paused: z.boolean(),
  }),
  profile: profileResponseSchema,
  quiz: latestQuizResultResponseSchema,
  intake_sessions: z.array(staffIntakeSessionSchema),
  matches: z.array(clientFileMatchSchema),
  notes: z.array(clientNoteSchema),
});
export type ClientFile = z.infer<typeof clientFileSchema>;
