import { createRoute } from '@hono/zod-openapi';
import {
  claimResponseSchema,
  clientFileSchema,
  clientIdParamSchema,
  clientListQuerySchema,
  clientListResponseSchema,
  clientNoteInputSchema,
  clientSearchQuerySchema,
  clientSearchResponseSchema,
  noteIdParamSchema,
  noteIdResponseSchema,
} from '../../../shared/clients';
import { STAFF_ROLES } from '../../../shared/domain';
import { type AppContext, requireActor } from '../../context';
import { authErrorResponses, createRouter, errorContent } from '../../lib/openapi';
import { addClientNote, clientFile, editClientNote } from './client-file.service';
import { claimClient, listClients } from './client-list.service';
import { searchClients } from './clients.service';

const searchRoute = createRoute({
  method: 'get',
  path: '/clients',
  tags: ['clients'],
  summary:
    'Staff find clients by name (any case, at least 2 characters), by name, at most 20: admins every client, a matchmaker their own (with e-mail) and those without a matchmaker (decision 009)',
  request: { query: clientSearchQuerySchema },
  responses: {
    200: {
      content: { 'application/json': { schema: clientSearchResponseSchema } },
      description: 'Matching clients with tier, age, region, contract status and matchmaker',
    },
    400: errorContent('Typ minstens 2 letters'),
    ...authErrorResponses,
  },
});

const listRoute = createRoute({
  method: 'get',
  path: '/matchmaker/clients',
  tags: ['clients'],
  summary:
    "The matchmaker's client list: search by name, filters (tier, contract status, region, age range, paused, open proposal, intake pending), sorting and pages. A matchmaker: their own clients (scope mine) or the paying clients without a matchmaker (scope unassigned); an admin: all or unassigned",
  request: { query: clientListQuerySchema },
  responses: {
    200: {
      content: { 'application/json': { schema: clientListResponseSchema } },
      description: 'One page of clients and the total',
    },
    400: errorContent('Ongeldige filter'),
    ...authErrorResponses,
  },
});

const claimRoute = createRoute({
  method: 'post',
  path: '/matchmaker/clients/{clientId}/claim',
  tags: ['clients'],
  summary:
    'An active matchmaker takes on a paying client without a matchmaker; one claim wins, the client is told by e-mail',
  request: { params: clientIdParamSchema },
  responses: {
    200: { content: { 'application/json': { schema: claimResponseSchema } }, description: 'Claimed' },
    404: errorContent('Klant niet gevonden'),
    409: errorContent('Al opgenomen of geen betalende klant'),
    ...authErrorResponses,
  },
});

const fileRoute = createRoute({
  method: 'get',
  path: '/matchmaker/clients/{clientId}',
  tags: ['clients'],
  summary:
    "A client's file: account and term, profile and photos, quiz bands, intakes with notes, matches with both answers, staff notes. Their own matchmaker and admins only",
  request: { params: clientIdParamSchema },
  responses: {
    200: { content: { 'application/json': { schema: clientFileSchema } }, description: 'The file' },
    404: errorContent('Klant niet gevonden'),
    ...authErrorResponses,
  },
});

const noteResponse = { content: { 'application/json': { schema: noteIdResponseSchema } } };

const addNoteRoute = createRoute({
  method: 'post',
  path: '/matchmaker/clients/{clientId}/notes',
  tags: ['clients'],
  summary: "A staff note on the client's file (their own matchmaker and admins)",
  request: {
    params: clientIdParamSchema,
    body: { content: { 'application/json': { schema: clientNoteInputSchema } }, required: true },
  },
  responses: {
    201: { ...noteResponse, description: 'Added' },
    400: errorContent('Schrijf een notitie'),
    404: errorContent('Klant niet gevonden'),
    ...authErrorResponses,
  },
});

const editNoteRoute = createRoute({
  method: 'patch',
  path: '/matchmaker/clients/{clientId}/notes/{noteId}',
  tags: ['clients'],
  summary: 'The author edits their own note',
  request: {
    params: noteIdParamSchema,
    body: { content: { 'application/json': { schema: clientNoteInputSchema } }, required: true },
  },
  responses: {
    200: { ...noteResponse, description: 'Changed' },
    400: errorContent('Schrijf een notitie'),
    404: errorContent('Klant of notitie niet gevonden'),
    ...authErrorResponses,
  },
});

export function clientsRoutes(ctx: AppContext) {
  return createRouter()
    .openapi(searchRoute, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      const clients = await searchClients({ ctx, actor, q: c.req.valid('query').q });
      return c.json({ clients }, 200);
    })
    .openapi(listRoute, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      return c.json(await listClients({ ctx, actor, query: c.req.valid('query') }), 200);
    })
    .openapi(fileRoute, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      return c.json(await clientFile({ ctx, actor, clientId: c.req.valid('param').clientId }), 200);
    })
    .openapi(addNoteRoute, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      const { clientId } = c.req.valid('param');
      return c.json(await addClientNote({ ctx, actor, clientId, input: c.req.valid('json') }), 201);
    })
    .openapi(editNoteRoute, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      const { clientId, noteId } = c.req.valid('param');
      return c.json(await editClientNote({ ctx, actor, clientId, noteId, input: c.req.valid('json') }), 200);
    })
    .openapi(claimRoute, async (c) => {
      const actor = await requireActor(ctx, c, ['matchmaker']);
      return c.json(await claimClient({ ctx, actor, clientId: c.req.valid('param').clientId }), 200);
    });
}
