import { createRoute, z } from '@hono/zod-openapi';
import { GENDERS, MATCH_STATUSES, REGIONS, TIERS } from '../../shared/domain';
import {
  CHILDREN_WISHES,
  DEALBREAKERS,
  EDUCATIONS,
  FORM_STEPS,
  FREQUENCIES,
  INTERESTS,
  LANGUAGES,
  RELATIONSHIPS,
  RELIGIONS,
} from '../../shared/profile';
import { QUIZ_QUESTION_IDS } from '../../shared/quiz';
import { TRAIT_KEYS } from '../../shared/traits';
import { errorContent } from '../lib/openapi';

// Issue 25: end-to-end tests that change something make their own accounts, through the demo
// seed's factories. Local installs only, like every /dev route.

/** An account id as the app makes them (uuid-like): /dev is outside the API's bad-input guard. */
export const accountId = z
  .string()
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'Ongeldige id');

const name = z.string().trim().min(1).max(60);
const accountFields = {
  first_name: name.optional(),
  surname: name.optional(),
  email: z.email('Geef een geldig e-mailadres').max(200).optional(),
  password: z.string().min(8).max(100).optional(),
};
const instant = z.iso.datetime({ offset: true, error: 'Geef een tijdstip als ISO 8601' });

const accountSchema = z.object({
  id: z.string(),
  email: z.string(),
  password: z.string(),
  first_name: z.string(),
  surname: z.string(),
  full_name: z.string(),
});

export const factoryClientSchema = z
  .object({
    ...accountFields,
    tier: z.enum(TIERS).default('Relax'),
    paid_at: instant.optional(),
    matchmaker_id: accountId.optional(),
    active_for_matching: z.boolean().default(false),
    profile: z
      .object({
        birth_date: z.iso.date().optional(),
        gender: z.enum(GENDERS).optional(),
        postcode: z.number().int().min(1000).max(9999).optional(),
        town: name.optional(),
        province: z.enum(REGIONS).optional(),
        interests: z.array(z.enum(INTERESTS)).max(20).optional(),
        seeking_genders: z.array(z.enum(GENDERS)).max(3).optional(),
        age_min: z.number().int().min(18).max(99).optional(),
        age_max: z.number().int().min(18).max(99).optional(),
        max_distance_km: z.number().int().min(1).max(500).optional(),
        relationship_sought: z.enum(RELATIONSHIPS).optional(),
        smoking: z.enum(FREQUENCIES).optional(),
        wants_children: z.enum(CHILDREN_WISHES).optional(),
        religion: z.enum(RELIGIONS).optional(),
        dealbreakers: z.array(z.enum(DEALBREAKERS)).max(4).optional(),
        height_cm: z.number().int().min(100).max(250).optional(),
        education: z.enum(EDUCATIONS).optional(),
        profession: name.optional(),
        languages: z.array(z.enum(LANGUAGES)).max(5).optional(),
        drinking: z.enum(FREQUENCIES).optional(),
        has_children: z.boolean().optional(),
        about_me: z.string().max(2000).optional(),
        looking_for: z.string().max(2000).optional(),
        /** The steps of the form saved (the form reopens after the last). */
        completed_steps: z.array(z.enum(FORM_STEPS)).max(4).optional(),
      })
      .strict()
      .optional(),
    traits: z.array(z.enum(TRAIT_KEYS)).max(12).optional(),
    intake: z.object({ scheduled_at: instant, status: z.enum(['scheduled', 'completed']) }).optional(),
    matchmaker_feedback_requested_at: instant.optional(),
    /** A quiz attempt: answers by statement id (1-5); finished (scored) when every one is there. */
    quiz: z
      .object({
        answers: z.record(z.enum(QUIZ_QUESTION_IDS), z.number().int().min(1).max(5)),
        finished: z.boolean(),
      })
      .optional(),
  })
  .strict();

export const factoryClientRoute = createRoute({
  method: 'post',
  path: '/factory/clients',
  tags: ['dev'],
  summary:
    'Local installs only: a confirmed client for an end-to-end test (a tier bought then, matchmaker, active for matching, profile, traits, intake, feedback request)',
  request: {
    body: { content: { 'application/json': { schema: factoryClientSchema } }, required: true },
  },
  responses: {
    201: { content: { 'application/json': { schema: accountSchema } }, description: 'The client' },
    400: errorContent('Ongeldige invoer'),
    404: errorContent('Geen matchmaker met deze id'),
  },
});

export const factoryMatchmakerRoute = createRoute({
  method: 'post',
  path: '/factory/matchmakers',
  tags: ['dev'],
  summary: 'Local installs only: a matchmaker for an end-to-end test, not public unless is_active',
  request: {
    body: {
      content: {
        'application/json': {
          schema: z
            .object({
              ...accountFields,
              is_active: z.boolean().default(false),
              bio: z.string().max(500).optional(),
              about_me: z.string().max(2000).optional(),
              calendly_link: z.url().max(300).optional(),
            })
            .strict(),
        },
      },
      required: true,
    },
  },
  responses: {
    201: {
      content: { 'application/json': { schema: accountSchema.extend({ slug: z.string() }) } },
      description: 'The matchmaker',
    },
    400: errorContent('Ongeldige invoer'),
  },
});

export const factoryAdminRoute = createRoute({
  method: 'post',
  path: '/factory/admins',
  tags: ['dev'],
  summary: 'Local installs only: an admin for an end-to-end test',
  request: {
    body: {
      content: { 'application/json': { schema: z.object(accountFields).strict() } },
      required: true,
    },
  },
  responses: {
    201: { content: { 'application/json': { schema: accountSchema } }, description: 'The admin' },
    400: errorContent('Ongeldige invoer'),
  },
});

export const factoryMatchRoute = createRoute({
  method: 'post',
  path: '/factory/matches',
  tags: ['dev'],
  summary:
    'Local installs only: a match in any status for an end-to-end test, with the answers and dates the product writes on the way',
  request: {
    body: {
      content: {
        'application/json': {
          schema: z
            .object({
              client_a: accountId,
              client_b: accountId,
              matchmaker_id: accountId.optional(),
              status: z.enum(MATCH_STATUSES).default('proposed'),
              note: z.string().max(1000).optional(),
              proposed_at: instant.optional(),
              scheduled_at: instant.optional(),
              accepted_by: accountId.optional(),
              rejection_reason: z.string().max(1000).optional(),
              // Issue 26: a completed date's open request for feedback, as the daily job asks it.
              feedback_requested_of: accountId.optional(),
            })
            .strict(),
        },
      },
      required: true,
    },
  },
  responses: {
    201: {
      content: {
        'application/json': {
          schema: z.object({
            id: z.string(),
            status: z.enum(MATCH_STATUSES),
            proposed_at: z.string().nullable(),
            accepted_at: z.string().nullable(),
            scheduled_at: z.string().nullable(),
            completed_at: z.string().nullable(),
          }),
        },
      },
      description: 'The match',
    },
    400: errorContent('Ongeldige invoer, of een verhaal dat niet klopt met de klok'),
    404: errorContent('Geen klant of matchmaker met deze id'),
    409: errorContent('Er bestaat al een match tussen deze twee klanten'),
  },
});
