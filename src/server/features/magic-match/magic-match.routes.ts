import { createRoute, z } from '@hono/zod-openapi';
import { STAFF_ROLES } from '../../../shared/domain';
import {
  hideCandidateSchema,
  hideResponseSchema,
  magicMatchQuerySchema,
  overviewSchema,
  packageDatesResponseSchema,
  pickerQuerySchema,
  pickerResponseSchema,
  resultsSchema,
} from '../../../shared/magic-match';
import { type AppContext, requireActor } from '../../context';
import { authErrorResponses, createRouter, errorContent, json } from '../../lib/openapi';
import { clientPackageDates, hideCandidate } from './client-candidates.service';
import { getOverview, rankCandidates } from './magic-match.service';
import { listPickerClients } from './picker.service';

const params = z.object({
  clientId: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: 'clientId', in: 'path' } }),
});

const pickerRoute = createRoute({
  method: 'get',
  path: '/matchmaker/magic-match/clients',
  tags: ['magic-match'],
  summary:
    "Clients to run magic match for: the matchmaker's own (admins: all) active for matching, not paused, without an open proposal, longest waiting first",
  request: { query: pickerQuerySchema },
  responses: {
    200: { ...json(pickerResponseSchema), description: 'The clients' },
    400: errorContent('Ongeldige zoekopdracht'),
    ...authErrorResponses,
  },
});

const overviewRoute = createRoute({
  method: 'get',
  path: '/matchmaker/clients/{clientId}/magic-match/overview',
  tags: ['magic-match'],
  summary:
    'What the ranking uses for this client (hard filters, confirmed traits, quiz bands, interests, location) and what is missing; for the client’s matchmaker and admins',
  request: { params },
  responses: {
    200: { ...json(overviewSchema), description: 'The overview' },
    ...authErrorResponses,
    404: errorContent('Klant niet gevonden'),
  },
});

const resultsRoute = createRoute({
  method: 'get',
  path: '/matchmaker/clients/{clientId}/magic-match',
  tags: ['magic-match'],
  summary:
    'The top candidates for this client with score 0-100, band, reasons, friction and each part of the score (MATCHING.md); for the client’s matchmaker and admins',
  request: { params, query: magicMatchQuerySchema },
  responses: {
    200: { ...json(resultsSchema), description: 'The ranked candidates' },
    400: errorContent('Ongeldige aanpassing, of een dealbreaker versoepeld'),
    ...authErrorResponses,
    404: errorContent('Klant niet gevonden'),
    409: errorContent('De klant is niet actief voor matching of het profiel is onvolledig'),
  },
});

const hideRoute = createRoute({
  method: 'post',
  path: '/matchmaker/clients/{clientId}/magic-match/hidden',
  tags: ['magic-match'],
  summary: 'Hide a candidate from this client’s results, with a reason (remembered)',
  request: { params, body: { ...json(hideCandidateSchema), required: true } },
  responses: {
    200: { ...json(hideResponseSchema), description: 'Hidden' },
    400: errorContent('Geen reden'),
    ...authErrorResponses,
    404: errorContent('Klant of kandidaat niet gevonden'),
  },
});

// Issue 16 item 6: the package dates of one client, for their file (the client's matchmaker, admins).
const packageDatesRoute = createRoute({
  method: 'get',
  path: '/matchmaker/clients/{clientId}/package-dates',
  tags: ['magic-match'],
  summary:
    "A client's package dates ('Date 2 van 4'), for the client's file: the client's matchmaker and admins",
  request: { params },
  responses: {
    200: { ...json(packageDatesResponseSchema), description: 'The package dates, or null' },
    ...authErrorResponses,
    404: errorContent('Klant niet gevonden'),
  },
});

export function magicMatchRoutes(ctx: AppContext) {
  return createRouter()
    .openapi(pickerRoute, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      return c.json({ clients: await listPickerClients({ ctx, actor, q: c.req.valid('query').q }) }, 200);
    })
    .openapi(overviewRoute, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      return c.json(await getOverview({ ctx, actor, clientId: c.req.valid('param').clientId }), 200);
    })
    .openapi(resultsRoute, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      const results = await rankCandidates({
        ctx,
        actor,
        clientId: c.req.valid('param').clientId,
        query: c.req.valid('query'),
      });
      return c.json(results, 200);
    })
    .openapi(hideRoute, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      const body = c.req.valid('json');
      await hideCandidate({
        ctx,
        actor,
        clientId: c.req.valid('param').clientId,
        candidateId: body.candidate_id,
        reason: body.reason,
      });
      return c.json({ hidden: true as const }, 200);
    })
    .openapi(packageDatesRoute, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      return c.json(
        { package_dates: await clientPackageDates({ ctx, actor, clientId: c.req.valid('param').clientId }) },
        200,
      );
    });
}
