import { createRoute, z } from '@hono/zod-openapi';
import { MATCH_RESPONSES, STAFF_ROLES } from '../../../shared/domain';
import { packageDatesResponseSchema } from '../../../shared/magic-match';
import {
  clientMatchesResponseSchema,
  createFollowUpSchema,
  createMatchFeedbackSchema,
  createMatchSchema,
  dateMoveRequestSchema,
  eligibilityQuerySchema,
  eligibilityResponseSchema,
  followUpSchema,
  listMatchesQuerySchema,
  matchDetailResponseSchema,
  matchesResponseSchema,
  matchFeedbackSchema,
  matchOutcomeSchema,
  matchResponseSchema,
  proposedMatchesResponseSchema,
  respondToMatchSchema,
  updateMatchSchema,
} from '../../../shared/matches';
import { type AppContext, requireActor, requireActorWith } from '../../context';
import { jsonTextResponse } from '../../lib/json';
import { authErrorResponses, createRouter, errorContent, json } from '../../lib/openapi';
import {
  listAcceptedMatchesForClient,
  proposedMatchesOfUser,
  proposedMatchSummaries,
} from './client-matches.service';
import { dateCalendarFile, requestDateMove } from './dates.service';
import { eligibilityOf } from './eligibility';
import { createFollowUp, listFollowUps } from './follow-ups.service';
import { createMatchFeedback, listMatchFeedback } from './match-feedback.service';
import { recordMatchOutcome, updateMatch } from './match-outcome.service';
import { getMatchDetail, matchListOfStaff } from './matches.service';
import { packageDatesOf } from './package-dates';
import { createMatch } from './propose-match.service';
import { respondToMatch } from './respond-to-match.service';

const idParams = z.object({
  id: z.uuid('Ongeldige match').openapi({ param: { name: 'id', in: 'path' } }),
});

const createRouteDef = createRoute({
  method: 'post',
  path: '/matches',
  tags: ['matches'],
  summary: 'Propose a match between two clients (matchmaker or admin)',
  request: { body: { ...json(createMatchSchema), required: true } },
  responses: {
    201: { ...json(matchResponseSchema), description: 'The new match, with both clients joined' },
    400: errorContent('Ongeldige invoer, dezelfde klant twee keer, of geen klanten'),
    ...authErrorResponses,
    403: errorContent('Geen toegang, of geen van beide is een klant van de matchmaker (beslissing 009)'),
    409: errorContent(
      'Een regel laat het voorstel niet toe (beslissing 026: geslacht, leeftijd, dealbreaker, status, al een match), of een afwijking van een wens zonder reden',
    ),
  },
});

// Issue 26 (decision 026): the rule's checks for a pair, before the dialog proposes it.
const eligibilityRouteDef = createRoute({
  method: 'get',
  path: '/matches/eligibility',
  tags: ['matches'],
  summary:
    'The eligibility rule for two clients (staff, as for proposing): every rule they fail, in Dutch, and whether a reason may override it',
  request: { query: eligibilityQuerySchema },
  responses: {
    200: { ...json(eligibilityResponseSchema), description: 'The checks of the pair' },
    400: errorContent('Ongeldige invoer, of geen twee klanten'),
    ...authErrorResponses,
    403: errorContent('Geen toegang, of geen van beide is een klant van de matchmaker'),
  },
});

const listRouteDef = createRoute({
  method: 'get',
  path: '/matches',
  tags: ['matches'],
  summary: 'Matches the caller made or whose clients they guide (admins: all), newest first',
  request: { query: listMatchesQuerySchema },
  responses: {
    200: { ...json(matchesResponseSchema), description: 'Matches with both clients joined' },
    400: errorContent('Ongeldige filter'),
    ...authErrorResponses,
  },
});

const detailRouteDef = createRoute({
  method: 'get',
  path: '/matches/{id}',
  tags: ['matches'],
  summary: "One match the caller may see (as in the list), with the clients' answers oldest first",
  request: { params: idParams },
  responses: {
    200: {
      ...json(matchDetailResponseSchema),
      description: 'The match with both clients joined and answers',
    },
    400: errorContent('Ongeldige match'),
    ...authErrorResponses,
    404: errorContent('Geen match die je mag zien'),
  },
});

const updateRouteDef = createRoute({
  method: 'patch',
  path: '/matches/{id}',
  tags: ['matches'],
  summary:
    'Change the status of a match under the outcome rule (scheduled, completed, cancelled); sets the timestamp of that status (spec section 4)',
  request: { params: idParams, body: { ...json(updateMatchSchema), required: true } },
  responses: {
    200: { ...json(matchResponseSchema), description: 'The updated match' },
    400: errorContent('Ongeldige invoer'),
    ...authErrorResponses,
    404: errorContent('Geen match die je mag zien'),
    409: errorContent('Deze stap past niet bij de huidige status van de match'),
  },
});

const respondRouteDef = createRoute({
  method: 'post',
  path: '/matches/{id}/response',
  tags: ['matches'],
  summary: "A client's answer to a proposal: once, before the deadline",
  request: { params: idParams, body: { ...json(respondToMatchSchema), required: true } },
  responses: {
    200: {
      ...json(z.object({ response: z.enum(MATCH_RESPONSES) })),
      description: 'The answer was saved',
    },
    400: errorContent('Ongeldige invoer'),
    ...authErrorResponses,
    404: errorContent('Geen voorstel aan jou'),
    409: errorContent('Al geantwoord, niet meer open, of de termijn is verstreken'),
  },
});

const outcomeRouteDef = createRoute({
  method: 'post',
  path: '/matches/{id}/outcome',
  tags: ['matches'],
  summary:
    'Staff record what happened: scheduled (with scheduled_at, after both accepted), completed (after a scheduled date) or cancelled; an optional note is kept as a follow-up',
  request: { params: idParams, body: { ...json(matchOutcomeSchema), required: true } },
  responses: {
    200: { ...json(matchResponseSchema), description: 'The updated match' },
    400: errorContent('Ongeldige invoer (scheduled zonder scheduled_at)'),
    ...authErrorResponses,
    404: errorContent('Geen match die je mag zien'),
    409: errorContent('Deze stap past niet bij de huidige status van de match'),
  },
});

const feedbackListRouteDef = createRoute({
  method: 'get',
  path: '/matches/{id}/feedback',
  tags: ['matches'],
  summary: "A match's feedback, newest first (staff: all; a client of the match: their own)",
  request: { params: idParams },
  responses: {
    200: { ...json(z.object({ feedback: z.array(matchFeedbackSchema) })), description: 'Feedback' },
    ...authErrorResponses,
    404: errorContent('Geen match die je mag zien'),
  },
});

const feedbackCreateRouteDef = createRoute({
  method: 'post',
  path: '/matches/{id}/feedback',
  tags: ['matches'],
  summary: "A client's feedback after a completed date: rating 1-5, would meet again, free text",
  request: { params: idParams, body: { ...json(createMatchFeedbackSchema), required: true } },
  responses: {
    201: { ...json(z.object({ feedback: matchFeedbackSchema })), description: 'The saved feedback' },
    400: errorContent('Ongeldige invoer'),
    ...authErrorResponses,
    404: errorContent('Geen match van jou'),
    409: errorContent('De date heeft nog niet plaatsgevonden, of je gaf al feedback'),
  },
});

const followUpsListRouteDef = createRoute({
  method: 'get',
  path: '/matches/{id}/follow-ups',
  tags: ['matches'],
  summary: "A match's follow-ups for staff, by follow_up_date descending, reporter and updater names joined",
  request: { params: idParams },
  responses: {
    200: { ...json(z.object({ follow_ups: z.array(followUpSchema) })), description: 'Follow-ups' },
    ...authErrorResponses,
    404: errorContent('Geen match die je mag zien'),
  },
});

const followUpsCreateRouteDef = createRoute({
  method: 'post',
  path: '/matches/{id}/follow-ups',
  tags: ['matches'],
  summary: 'Staff record a follow-up of a match',
  request: { params: idParams, body: { ...json(createFollowUpSchema), required: true } },
  responses: {
    201: { ...json(z.object({ follow_up: followUpSchema })), description: 'The follow-up' },
    400: errorContent('Ongeldige invoer'),
    ...authErrorResponses,
    404: errorContent('Geen match die je mag zien'),
  },
});

const proposedMatchesRouteDef = createRoute({
  method: 'get',
  path: '/me/proposed-matches',
  tags: ['matches'],
  summary: "The client's open match proposals (only what may be shown before both accept)",
  responses: {
    200: { ...json(proposedMatchesResponseSchema), description: 'Open proposals, newest first' },
    ...authErrorResponses,
  },
});

const myMatchesRouteDef = createRoute({
  method: 'get',
  path: '/me/matches',
  tags: ['matches'],
  summary: "The client's matches after both accepted (accepted, scheduled, completed), newest first",
  responses: {
    200: {
      ...json(clientMatchesResponseSchema),
      description: 'Matches with the other person by first name only',
    },
    ...authErrorResponses,
  },
});

// Issue 16 item 6: the dates the client's package includes ('Date 2 van 4').
const myPackageDatesRouteDef = createRoute({
  method: 'get',
  path: '/me/package-dates',
  tags: ['matches'],
  summary:
    "The client's package dates: completed dates of the current term against the 4 of Persoonlijk and Persoonlijk+ (null for other tiers)",
  responses: {
    200: { ...json(packageDatesResponseSchema), description: 'The package dates, or null' },
    ...authErrorResponses,
  },
});

// Issue 27: the date in the client's calendar, and "Kan je niet?".
const dateIcsRouteDef = createRoute({
  method: 'get',
  path: '/me/matches/{id}/date.ics',
  tags: ['matches'],
  summary:
    "A client's planned date as an iCalendar file (RFC 5545, METHOD:PUBLISH; the UID and SEQUENCE of the mailed invitations); only the two clients of the match",
  request: { params: idParams },
  responses: {
    200: { content: { 'text/calendar': { schema: z.string() } }, description: 'The .ics file' },
    400: errorContent('Ongeldige match'),
    ...authErrorResponses,
    404: errorContent('Geen match van jou, of geen geplande date'),
  },
});

const dateMoveRequestRouteDef = createRoute({
  method: 'post',
  path: '/me/matches/{id}/move-request',
  tags: ['matches'],
  summary:
    '"Kan je niet?": a client asks the matchmaker to move a planned date still to come (a follow-up in the match\'s timeline and a mail to the matchmaker); once per planning',
  request: { params: idParams, body: { ...json(dateMoveRequestSchema), required: true } },
  responses: {
    201: {
      ...json(z.object({ requested_at: z.string() })),
      description: 'The request was passed on',
    },
    400: errorContent('Ongeldige invoer'),
    ...authErrorResponses,
    404: errorContent('Geen match van jou'),
    409: errorContent('Geen geplande date die nog moet komen, of al gevraagd'),
  },
});

export function matchesRoutes(ctx: AppContext) {
  return createRouter()
    .openapi(createRouteDef, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      const match = await createMatch({ ctx, actor, input: c.req.valid('json') });
      return c.json({ match }, 201);
    })
    .openapi(eligibilityRouteDef, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      const { client1_id, client2_id } = c.req.valid('query');
      return c.json(await eligibilityOf({ ctx, actor, ids: [client1_id, client2_id] }), 200);
    })
    .openapi(listRouteDef, async (c) => {
      const { status, client_id } = c.req.valid('query');
      // Issue 31 (decisions 043, 049): the answer's JSON as PostgreSQL wrote it
      // (`matchesResponseSchema`), read with the session in one statement.
      const { data } = await requireActorWith(ctx, c, STAFF_ROLES, matchListOfStaff(!!status, !!client_id), {
        status,
        client_id,
      });
      return jsonTextResponse(c, data, 200);
    })
    .openapi(detailRouteDef, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      const detail = await getMatchDetail({ ctx, actor, id: c.req.valid('param').id });
      return c.json(detail, 200);
    })
    .openapi(updateRouteDef, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      const match = await updateMatch({
        ctx,
        actor,
        id: c.req.valid('param').id,
        input: c.req.valid('json'),
      });
      return c.json({ match }, 200);
    })
    .openapi(respondRouteDef, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      const body = c.req.valid('json');
      const response = await respondToMatch({
        ctx,
        actor,
        match_id: c.req.valid('param').id,
        response: body.response,
        rejection_reason: body.rejection_reason,
      });
      return c.json({ response }, 200);
    })
    .openapi(outcomeRouteDef, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      const match = await recordMatchOutcome({
        ctx,
        actor,
        id: c.req.valid('param').id,
        input: c.req.valid('json'),
      });
      return c.json({ match }, 200);
    })
    .openapi(feedbackListRouteDef, async (c) => {
      const actor = await requireActor(ctx, c);
      const feedback = await listMatchFeedback({ ctx, actor, match_id: c.req.valid('param').id });
      return c.json({ feedback }, 200);
    })
    .openapi(feedbackCreateRouteDef, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      const feedback = await createMatchFeedback({
        ctx,
        actor,
        match_id: c.req.valid('param').id,
        input: c.req.valid('json'),
      });
      return c.json({ feedback }, 201);
    })
    .openapi(followUpsListRouteDef, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      const follow_ups = await listFollowUps({ ctx, actor, match_id: c.req.valid('param').id });
      return c.json({ follow_ups }, 200);
    })
    .openapi(followUpsCreateRouteDef, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      const follow_up = await createFollowUp({
        ctx,
        actor,
        match_id: c.req.valid('param').id,
        input: c.req.valid('json'),
      });
      return c.json({ follow_up }, 201);
    })
    .openapi(proposedMatchesRouteDef, async (c) => {
      const { data } = await requireActorWith(ctx, c, ['client'], proposedMatchesOfUser);
      const matches = proposedMatchSummaries(data, ctx.clock.now());
      return c.json({ matches }, 200);
    })
    .openapi(myMatchesRouteDef, async (c) => {
      const { user } = await requireActor(ctx, c, ['client']);
      const matches = await listAcceptedMatchesForClient({ ctx, client_id: user.id });
      return c.json({ matches }, 200);
    })
    .openapi(dateIcsRouteDef, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      const ics = await dateCalendarFile({ ctx, actor, match_id: c.req.valid('param').id });
      return c.body(ics, 200, {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': 'attachment; filename="date.ics"',
        'cache-control': 'no-store',
      });
    })
    .openapi(dateMoveRequestRouteDef, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      const result = await requestDateMove({
        ctx,
        actor,
        match_id: c.req.valid('param').id,
        input: c.req.valid('json'),
      });
      return c.json(result, 201);
    })
    .openapi(myPackageDatesRouteDef, async (c) => {
      const { user } = await requireActor(ctx, c, ['client']);
      return c.json({ package_dates: await packageDatesOf({ db: ctx.db, clientId: user.id }) }, 200);
    });
}
