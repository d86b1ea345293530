import { createRoute, z } from '@hono/zod-openapi';
import { STAFF_ROLES } from '../../../shared/domain';
import { addTraitSchema, clientTraitsResponseSchema, traitDecisionSchema } from '../../../shared/traits';
import { type AppContext, requireActor } from '../../context';
import { authErrorResponses, createRouter, errorContent, json } from '../../lib/openapi';
import { addTrait, clientTraits, decideTrait } from './traits.service';

const clientParams = z.object({ clientId: z.string().min(1).max(100) });
const traitParams = clientParams.extend({ traitId: z.uuid({ error: 'Eigenschap niet gevonden' }) });
const changed = z.object({ id: z.string(), status: z.enum(['suggested', 'confirmed', 'rejected']) });

const listRoute = createRoute({
  method: 'get',
  path: '/matchmaker/clients/{clientId}/traits',
  tags: ['traits'],
  summary:
    "A client's traits (suggested, confirmed, rejected; every source), their history and the intake notes the tagger read: their matchmaker and admins only",
  request: { params: clientParams },
  responses: {
    200: { ...json(clientTraitsResponseSchema), description: 'Traits, history and notes' },
    404: errorContent('Klant niet gevonden'),
    ...authErrorResponses,
  },
});

const decideRoute = createRoute({
  method: 'patch',
  path: '/matchmaker/clients/{clientId}/traits/{traitId}',
  tags: ['traits'],
  summary: 'Confirm or reject a tag; recorded with who and when',
  request: { params: traitParams, body: { ...json(traitDecisionSchema), required: true } },
  responses: {
    200: { ...json(changed), description: 'The decision' },
    400: errorContent('Ongeldige keuze'),
    404: errorContent('Klant of eigenschap niet gevonden'),
    ...authErrorResponses,
  },
});

const addRoute = createRoute({
  method: 'post',
  path: '/matchmaker/clients/{clientId}/traits',
  tags: ['traits'],
  summary: "Add a trait (source 'matchmaker', confirmed at once), with an optional note where it was seen",
  request: { params: clientParams, body: { ...json(addTraitSchema), required: true } },
  responses: {
    201: { ...json(changed), description: 'Added' },
    400: errorContent('Onbekende eigenschap'),
    404: errorContent('Klant niet gevonden'),
    ...authErrorResponses,
  },
});

export function traitsRoutes(ctx: AppContext) {
  return createRouter()
    .openapi(listRoute, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      return c.json(await clientTraits({ ctx, actor, clientId: c.req.valid('param').clientId }), 200);
    })
    .openapi(decideRoute, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      const { clientId, traitId } = c.req.valid('param');
      return c.json(await decideTrait({ ctx, actor, clientId, traitId, decision: c.req.valid('json') }), 200);
    })
    .openapi(addRoute, async (c) => {
      const actor = await requireActor(ctx, c, STAFF_ROLES);
      const { clientId } = c.req.valid('param');
      return c.json(await addTrait({ ctx, actor, clientId, input: c.req.valid('json') }), 201);
    });
}
