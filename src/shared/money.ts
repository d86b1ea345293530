import { z } from 'zod';
import { TIERS } from './domain';

/**
 * Issue 29 (decision 031): invoices, the terms and the 14-day withdrawal, refunds. The rules the
 * server and the web share live here, once.
 */

/** The version of /voorwaarden a checkout accepts; a new text gets a new version. */
export const TERMS_VERSION = '2026-11-27';
/** Belgian VAT on the agency's services, in percent. */
export const VAT_RATE = 21;
/** The consumer's withdrawal period after a contract made online (Code of Economic Law, book VI). */
export const WITHDRAWAL_DAYS = 14;

/** A VAT-inclusive amount in cents split into the amount excluding VAT and the VAT, to the cent. */
export function splitVat(totalCents: number, rate = VAT_RATE): { excl: number; vat: number } {
  const excl = Math.round((totalCents * 100) / (100 + rate));
  return { excl, vat: totalCents - excl };
}

/** "2026-00001": the year and the place in that year's one series of invoices and credit notes. */
export const documentNumber = (year: number, sequence: number) =>
  `${year}-${String(sequence).padStart(5, '0')}`;

/** The last moment a payment made at `paidAt` may be withdrawn from: 14 days later. */
export const withdrawalDeadline = (paidAt: Date) =>
  new Date(paidAt.getTime() + WITHDRAWAL_DAYS * 24 * 60 * 60_000);

export const canWithdraw = (
  payment: {
    paid_at: Date;
    withdrawal_requested_at: Date | null;
    amount_refunded: number;
    amount_total: number;
  },
  now: Date,
) =>
  payment.withdrawal_requested_at === null &&
  payment.amount_refunded < payment.amount_total &&
  now.getTime() <= withdrawalDeadline(payment.paid_at).getTime();

export const INVOICE_KIND_LABELS = { invoice: 'Factuur', credit_note: 'Creditnota' } as const;

export const invoiceSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  number: z.string(),
  issued_at: z.string(),
  amount_excl_vat: z.number().int(),
  vat_amount: z.number().int(),
  amount_total: z.number().int(),
  reason: z.string().nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

/** GET /api/me/purchases: the client's payments with their invoices and credit notes. */
export const purchaseSchema = z.object({
  id: z.string(),
  tier: z.enum(TIERS),
  paid_at: z.string(),
  amount_total: z.number().int(),
  amount_refunded: z.number().int(),
  payment_method: z.string().nullable(),
  withdrawal_requested_at: z.string().nullable(),
  /** Until when the client may withdraw (14 days after the payment). */
  withdrawal_deadline: z.string(),
  can_withdraw: z.boolean(),
  documents: z.array(invoiceSummarySchema),
});
export type Purchase = z.infer<typeof purchaseSchema>;
export const purchasesResponseSchema = z.object({ purchases: z.array(purchaseSchema) });

/** GET /api/admin/payments: every payment, newest first, with its client and documents. */
export const adminPaymentSchema = purchaseSchema.extend({
  client_id: z.string().nullable(),
  client_name: z.string(),
  client_email: z.string(),
  provider: z.string(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
export const adminPaymentsResponseSchema = z.object({ payments: z.array(adminPaymentSchema) });

/** POST /api/admin/payments/{id}/refunds: an amount in cents (at most what is left) and a reason. */
export const createRefundSchema = z.object({
  amount: z
    .number({ message: 'Geef een bedrag in centen' })
    .int('Geef een bedrag in centen')
    .min(1, 'Het bedrag moet groter zijn dan 0')
    .max(10_000_000, 'Dit bedrag is te hoog'),
  reason: z
    .string({ message: 'Geef een reden' })
    .trim()
    .min(3, 'Geef een reden (minstens 3 tekens)')
    .max(500, 'De reden is te lang (hoogstens 500 tekens)'),
});
export type CreateRefundInput = z.infer<typeof createRefundSchema>;

/** GET /api/admin/revenue: per month (Brussels), what was paid, refunded and kept. */
export const revenueMonthSchema = z.object({
  month: z.string(),
  paid: z.number().int(),
  refunded: z.number().int(),
  net: z.number().int(),
});
export const revenueResponseSchema = z.object({ months: z.array(revenueMonthSchema) });

/** GET /api/admin/invoices.csv?year=&quarter=: the VAT return's quarter. */
export const invoicesCsvQuerySchema = z.object({
  year: z.coerce
    .number({ message: 'Geef een jaar' })
    .int('Geef een jaar')
    .min(2000, 'Geef een jaar')
    .max(2100, 'Geef een jaar'),
  quarter: z.coerce
    .number({ message: 'Geef een kwartaal (1 tot 4)' })
    .int('Geef een kwartaal (1 tot 4)')
    .min(1, 'Geef een kwartaal (1 tot 4)')
    .max(4, 'Geef een kwartaal (1 tot 4)'),
});

/** "12,50", "€ 1.250", "1250.5" → cents; null when it is not an amount. */
export function parseEuroToCents(input: string): number | null {
  const cleaned = input.replace(/[€\s]/g, '');
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+([,.]\d{1,2})?$/.test(cleaned)) return null;
  const normal = /,/.test(cleaned) ? cleaned.replace(/\./g, '').replace(',', '.') : cleaned;
  const cents = Math.round(Number(normal) * 100);
  return Number.isFinite(cents) ? cents : null;
}
