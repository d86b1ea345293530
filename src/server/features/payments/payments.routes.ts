import { createRoute, z } from '@hono/zod-openapi';
import { userProfileSchema } from '../../../shared/account';
import { MESSAGES } from '../../../shared/messages';
import {
  checkoutSessionLookupQuerySchema,
  checkoutSessionResponseSchema,
  checkoutSessionUrlSchema,
  createCheckoutSessionSchema,
  demoBankSchema,
  demoCheckoutSchema,
  demoPaySchema,
} from '../../../shared/payments';
import { tierInfo } from '../../../shared/tiers';
import { type AppContext, requireActor } from '../../context';
import { WebhookSignatureError } from '../../integrations/payments/provider';
import { AppError } from '../../lib/errors';
import { jsonify } from '../../lib/json';
import { authErrorResponses, createRouter, errorContent, json } from '../../lib/openapi';
import {
  cancelDemoCheckout,
  demoCheckoutStatus,
  findDemoCheckout,
  payDemoCheckout,
  settleDemoPayment,
} from './demo-checkout.service';
import { createCheckoutSession, handleCheckoutEvent, lookupCheckoutSession } from './payments.service';
import { applyRefund } from './refunds.service';
import { cancelSubscription } from './subscriptions.service';

const createCheckoutRoute = createRoute({
  method: 'post',
  path: '/checkout-sessions',
  tags: ['payments'],
  summary:
    'Start paying for a tier (clients): the price comes from the catalogue; while a session for the tier is open, the same one again',
  request: { body: { ...json(createCheckoutSessionSchema), required: true } },
  responses: {
    201: { ...json(checkoutSessionUrlSchema), description: "The provider's checkout page" },
    400: errorContent('Geen betalend lidmaatschap, of de voorwaarden niet aanvaard'),
    ...authErrorResponses,
    409: errorContent('Dit lidmaatschap kun je nu niet kopen'),
    502: errorContent('De betaalprovider antwoordt niet'),
  },
});

const lookupRoute = createRoute({
  method: 'get',
  path: '/checkout-session',
  tags: ['payments'],
  summary:
    "A checkout session in spec section 3's shape, for the client who paid it; a paid session is fulfilled (once)",
  request: { query: checkoutSessionLookupQuerySchema },
  responses: {
    200: { ...json(checkoutSessionResponseSchema), description: 'The session (success false while unpaid)' },
    400: errorContent('Geen of een ongeldige sessie'),
    ...authErrorResponses,
    404: { ...json(checkoutSessionResponseSchema), description: 'Not a session of this client' },
    502: { ...json(checkoutSessionResponseSchema), description: 'The provider did not answer' },
  },
});

const webhookRoute = createRoute({
  method: 'post',
  path: '/webhooks/stripe',
  tags: ['payments'],
  summary:
    'Stripe events, signed (Stripe-Signature over the raw body): checkout.session.completed and async_payment_succeeded fulfil; charge.refunded and refund.created/updated apply each refund once; others are acknowledged',
  responses: {
    200: { ...json(z.object({ received: z.literal(true) })), description: 'Acknowledged' },
    400: errorContent('Ongeldige handtekening'),
    404: errorContent('Stripe is niet ingesteld op deze installatie'),
  },
});

const cancelSubscriptionRoute = createRoute({
  method: 'post',
  path: '/me/subscription/cancel',
  tags: ['payments'],
  summary: "Cancel the client's paid tier: subscription_status cancelled and tier Relax, at once",
  responses: {
    200: { ...json(z.object({ profile: userProfileSchema })), description: 'The updated profile' },
    ...authErrorResponses,
    409: errorContent('Geen lopend lidmaatschap'),
  },
});

const sessionParams = z.object({
  id: z
    .string()
    .min(1)
    .max(255)
    .openapi({ param: { name: 'id', in: 'path' } }),
});
const demoCheckoutRoute = createRoute({
  method: 'get',
  path: '/demo-checkout/{id}',
  tags: ['payments'],
  summary: 'Local installs with PAYMENTS=demo: the test checkout of this client',
  request: { params: sessionParams },
  responses: {
    200: { ...json(demoCheckoutSchema), description: 'What is being paid' },
    ...authErrorResponses,
    404: errorContent('Niet gevonden'),
  },
});
const demoPayRoute = createRoute({
  method: 'post',
  path: '/demo-checkout/{id}/pay',
  tags: ['payments'],
  summary:
    'Local installs with PAYMENTS=demo: pay the test checkout by Bancontact or card (the same fulfilment as Stripe)',
  request: { params: sessionParams, body: { ...json(demoPaySchema), required: false } },
  responses: {
    200: { ...json(checkoutSessionUrlSchema), description: 'The success page to go to' },
    ...authErrorResponses,
    404: errorContent('Niet gevonden'),
    409: errorContent('Deze betaling is niet meer open'),
  },
});
const demoBankRoute = createRoute({
  method: 'post',
  path: '/demo-checkout/{id}/bank',
  tags: ['payments'],
  summary:
    'Local installs with PAYMENTS=demo: the test bank confirms (the fulfilment) or declines a payment paid to confirm later',
  request: { params: sessionParams, body: { ...json(demoBankSchema), required: true } },
  responses: {
    200: { ...json(checkoutSessionUrlSchema), description: 'The page to go to: /success, or the products' },
    ...authErrorResponses,
    404: errorContent('Niet gevonden'),
    409: errorContent('Deze betaling wacht niet op de bank'),
  },
});
const demoCancelRoute = createRoute({
  method: 'post',
  path: '/demo-checkout/{id}/cancel',
  tags: ['payments'],
  summary: 'Local installs with PAYMENTS=demo: cancel the test checkout; nothing is bought',
  request: { params: sessionParams },
  responses: {
    200: { ...json(checkoutSessionUrlSchema), description: 'The products page to go back to' },
    ...authErrorResponses,
    404: errorContent('Niet gevonden'),
  },
});

export function paymentsRoutes(ctx: AppContext) {
  const router = createRouter()
    .openapi(createCheckoutRoute, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      // The schema refuses a checkout without the terms accepted and the request to start now.
      const result = await createCheckoutSession({ ctx, actor, tier: c.req.valid('json').tier });
      return c.json(result, 201);
    })
    .openapi(lookupRoute, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      const { status, body } = await lookupCheckoutSession({
        ctx,
        actor,
        sessionId: c.req.valid('query').session_id,
      });
      return c.json(
        status === 200
          ? body
          : {
              ...body,
              error: body.error ?? MESSAGES.purchaseDetailFailed,
              code: status === 404 ? 'NOT_FOUND' : 'PAYMENT_PROVIDER',
            },
        status,
      );
    })
    .openapi(webhookRoute, async (c) => {
      if (ctx.payments.name !== 'stripe') throw new AppError('NOT_FOUND');
      const rawBody = await c.req.text();
      let event: Awaited<ReturnType<typeof ctx.payments.eventFromWebhook>>;
      try {
        event = await ctx.payments.eventFromWebhook(rawBody, c.req.header('stripe-signature'));
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          throw new AppError('BAD_REQUEST', MESSAGES.invalidWebhookSignature);
        }
        throw error;
      }
      if (event?.type === 'refund') {
        // Issue 29: once per refund id, whether it started in the console or at Stripe.
        for (const refund of event.refunds) await applyRefund(ctx, refund);
      } else if (event) {
        await handleCheckoutEvent({ ctx, event });
      }
      return c.json({ received: true as const }, 200);
    })
    .openapi(cancelSubscriptionRoute, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      const profile = await cancelSubscription({ ctx, actor });
      return c.json({ profile: jsonify(profile) }, 200);
    });

  if (ctx.payments.name !== 'demo') return router;
  return router
    .openapi(demoCheckoutRoute, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      const checkout = await findDemoCheckout({ ctx, actor, sessionId: c.req.valid('param').id });
      const info = tierInfo(checkout.tier);
      return c.json(
        {
          id: checkout.provider_session_id,
          tier: checkout.tier,
          name: info.name,
          description: info.description,
          amount_total: checkout.amount_total,
          currency: checkout.currency,
          status: demoCheckoutStatus(checkout, ctx.clock.now()),
        },
        200,
      );
    })
    .openapi(demoPayRoute, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      const { method, confirms } = c.req.valid('json') ?? {};
      return c.json(
        await payDemoCheckout({ ctx, actor, sessionId: c.req.valid('param').id, method, confirms }),
        200,
      );
    })
    .openapi(demoBankRoute, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      const { outcome } = c.req.valid('json');
      return c.json(
        await settleDemoPayment({ ctx, actor, sessionId: c.req.valid('param').id, outcome }),
        200,
      );
    })
    .openapi(demoCancelRoute, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      return c.json(await cancelDemoCheckout({ ctx, actor, sessionId: c.req.valid('param').id }), 200);
    });
}
