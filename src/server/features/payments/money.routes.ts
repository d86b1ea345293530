import { createRoute, z } from '@hono/zod-openapi';
import {
  adminPaymentsResponseSchema,
  createRefundSchema,
  invoicesCsvQuerySchema,
  purchasesResponseSchema,
  revenueResponseSchema,
} from '../../../shared/money';
import { type AppContext, requireActor } from '../../context';
import { authErrorResponses, createRouter, errorContent, json } from '../../lib/openapi';
import {
  findInvoiceFor,
  invoicesCsv,
  listOwnPurchases,
  listPaymentsForAdmin,
  revenueByMonth,
} from './invoices.service';
import { refundPayment, requestWithdrawal } from './refunds.service';

/* Issue 29: "Mijn aankopen", withdrawals, refunds, invoices' PDFs, revenue and the VAT CSV. */

const ADMIN = ['admin'] as const;
const idParams = z.object({
  id: z
    .string()
    .uuid('Ongeldige id')
    .openapi({ param: { name: 'id', in: 'path' } }),
});
const pdfResponse = {
  content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
  description: 'The PDF',
};

const purchasesRoute = createRoute({
  method: 'get',
  path: '/me/purchases',
  tags: ['payments'],
  summary: 'Clients: their own payments with invoices, credit notes and whether they may still withdraw',
  responses: {
    200: { ...json(purchasesResponseSchema), description: 'Newest first' },
    ...authErrorResponses,
  },
});

const withdrawalRoute = createRoute({
  method: 'post',
  path: '/me/purchases/{id}/withdrawal',
  tags: ['payments'],
  summary: 'Clients: withdraw a purchase within 14 days of paying (a confirmation e-mail; admins are told)',
  request: { params: idParams },
  responses: {
    200: { ...json(purchasesResponseSchema), description: 'The purchases after the withdrawal' },
    400: errorContent('Ongeldige id'),
    ...authErrorResponses,
    404: errorContent('Not a purchase of this client'),
    409: errorContent('Termijn voorbij, of al herroepen'),
  },
});

const ownInvoicePdfRoute = createRoute({
  method: 'get',
  path: '/me/invoices/{id}/pdf',
  tags: ['payments'],
  summary: 'Clients: the PDF of one of their own invoices or credit notes',
  request: { params: idParams },
  responses: {
    200: pdfResponse,
    400: errorContent('Ongeldige id'),
    ...authErrorResponses,
    404: errorContent('Niet gevonden'),
  },
});

const adminPaymentsRoute = createRoute({
  method: 'get',
  path: '/admin/payments',
  tags: ['admin'],
  summary: 'Admin: every payment (newest first) with client, invoices, credit notes, refunds and withdrawals',
  responses: {
    200: { ...json(adminPaymentsResponseSchema), description: 'The payments' },
    ...authErrorResponses,
  },
});

const refundRoute = createRoute({
  method: 'post',
  path: '/admin/payments/{id}/refunds',
  tags: ['admin'],
  summary:
    'Admin: refund (part of) a payment through the provider with a reason; a credit note follows, and a full or withdrawn refund ends the term',
  request: { params: idParams, body: { ...json(createRefundSchema), required: true } },
  responses: {
    200: { ...json(adminPaymentsResponseSchema), description: 'The payments after the refund' },
    400: errorContent('Ongeldig bedrag of reden'),
    ...authErrorResponses,
    404: errorContent('Geen betaling'),
    409: errorContent('Meer dan wat terug te betalen is'),
    502: errorContent('De betaalprovider antwoordt niet'),
  },
});

const adminInvoicePdfRoute = createRoute({
  method: 'get',
  path: '/admin/invoices/{id}/pdf',
  tags: ['admin'],
  summary: 'Admin: the PDF of any invoice or credit note',
  request: { params: idParams },
  responses: {
    200: pdfResponse,
    400: errorContent('Ongeldige id'),
    ...authErrorResponses,
    404: errorContent('Niet gevonden'),
  },
});

const revenueRoute = createRoute({
  method: 'get',
  path: '/admin/revenue',
  tags: ['admin'],
  summary: 'Admin: per month (Brussels) of the last 12, invoiced, refunded (credit notes) and net, in cents',
  responses: {
    200: { ...json(revenueResponseSchema), description: 'Oldest month first' },
    ...authErrorResponses,
  },
});

const invoicesCsvRoute = createRoute({
  method: 'get',
  path: '/admin/invoices.csv',
  tags: ['admin'],
  summary: "Admin: a quarter's invoices and credit notes as CSV (`;`, decimal commas) for the VAT return",
  request: { query: invoicesCsvQuerySchema },
  responses: {
    200: { content: { 'text/csv': { schema: z.string() } }, description: 'The CSV file' },
    400: errorContent('Geen geldig jaar of kwartaal'),
    ...authErrorResponses,
  },
});

const pdfHeaders = (number: string, kind: 'invoice' | 'credit_note') => ({
  'content-type': 'application/pdf',
  'content-disposition': `attachment; filename="${kind === 'invoice' ? 'factuur' : 'creditnota'}-${number}.pdf"`,
  'cache-control': 'private, no-store',
});

export function moneyRoutes(ctx: AppContext) {
  return createRouter()
    .openapi(purchasesRoute, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      return c.json({ purchases: await listOwnPurchases({ ctx, actor }) }, 200);
    })
    .openapi(withdrawalRoute, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      await requestWithdrawal({ ctx, actor, paymentId: c.req.valid('param').id });
      return c.json({ purchases: await listOwnPurchases({ ctx, actor }) }, 200);
    })
    .openapi(ownInvoicePdfRoute, async (c) => {
      const actor = await requireActor(ctx, c, ['client']);
      const { invoice, pdf } = await findInvoiceFor({ ctx, actor, id: c.req.valid('param').id });
      return c.body(new Uint8Array(pdf), 200, pdfHeaders(invoice.number, invoice.kind));
    })
    .openapi(adminPaymentsRoute, async (c) => {
      await requireActor(ctx, c, ADMIN);
      return c.json({ payments: await listPaymentsForAdmin({ ctx }) }, 200);
    })
    .openapi(refundRoute, async (c) => {
      const actor = await requireActor(ctx, c, ADMIN);
      const { amount, reason } = c.req.valid('json');
      await refundPayment({ ctx, actor, paymentId: c.req.valid('param').id, amount, reason });
      return c.json({ payments: await listPaymentsForAdmin({ ctx }) }, 200);
    })
    .openapi(adminInvoicePdfRoute, async (c) => {
      const actor = await requireActor(ctx, c, ADMIN);
      const { invoice, pdf } = await findInvoiceFor({ ctx, actor, id: c.req.valid('param').id });
      return c.body(new Uint8Array(pdf), 200, pdfHeaders(invoice.number, invoice.kind));
    })
    .openapi(revenueRoute, async (c) => {
      await requireActor(ctx, c, ADMIN);
      return c.json({ months: await revenueByMonth({ ctx }) }, 200);
    })
    .openapi(invoicesCsvRoute, async (c) => {
      await requireActor(ctx, c, ADMIN);
      const { year, quarter } = c.req.valid('query');
      return c.body(await invoicesCsv({ ctx, year, quarter }), 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="koppel-facturen-${year}-K${quarter}.csv"`,
      });
    });
}
