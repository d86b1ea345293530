import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Tier } from '../../../shared/domain';
import {
  type AdminPayment,
  canWithdraw,
  documentNumber,
  type InvoiceSummary,
  type Purchase,
  splitVat,
  VAT_RATE,
  withdrawalDeadline,
} from '../../../shared/money';
import type { Actor, AppContext } from '../../context';
import type { Db } from '../../db/client';
import { document_counters, invoices, payments, user, user_profiles } from '../../db/schema';
import { selectTogether, tableRows } from '../../db/together';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { renderInvoicePdf } from './invoice-pdf';

/*
 * Issue 29 (decision 031): invoices and credit notes in one gapless series per calendar year, and
 * the lists and files made of them (the client's "Mijn aankopen", the admin console, the VAT CSV).
 */

type InvoiceRow = typeof invoices.$inferSelect;

/** The calendar year of a moment in Brussels (an invoice of 31 December 23:30 is that year's). */
export const brusselsYear = (moment: Date) =>
  Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Europe/Brussels' }).format(moment));

/**
 * The next number of `year`'s series, in the caller's transaction. The counter row is created or
 * incremented in one statement; its row lock holds every other issuer of that year until this
 * transaction ends, and a rollback gives the number back: no gap, no duplicate.
 */
async function nextSequence(db: Db, year: number): Promise<number> {
  const [row] = await db
    .insert(document_counters)
    .values({ year, last_number: 1 })
    .onConflictDoUpdate({
      target: document_counters.year,
      set: { last_number: sql`${document_counters.last_number} + 1` },
    })
    .returning({ last_number: document_counters.last_number });
  return row!.last_number;
}

/** The buyer an invoice names: the client's name as it is now, else their e-mail address. */
export const invoiceBuyer = ({ full_name, email }: { full_name: string | null; email: string }) => ({
  name: full_name || email,
  email,
});

/**
 * Issues an invoice (for a payment) or a credit note (for a refund) in the caller's transaction:
 * the next number, the seller from the configuration, the buyer and the amounts as they are now.
 */
export async function issueDocument(
  db: Db,
  env: Pick<Env, 'seller'>,
  input: {
    kind: 'invoice' | 'credit_note';
    payment: { id: string; client_id: string; tier: Tier; currency: string };
    amountTotal: number;
    issuedAt: Date;
    buyer: { name: string; email: string };
    refundId?: string;
    creditsInvoiceId?: string | null;
    reason?: string | null;
  },
): Promise<InvoiceRow> {
  const year = brusselsYear(input.issuedAt);
  const sequence = await nextSequence(db, year);
  const { excl, vat } = splitVat(input.amountTotal);
  const [row] = await db
    .insert(invoices)
    .values({
      kind: input.kind,
      year,
      sequence,
      number: documentNumber(year, sequence),
      payment_id: input.payment.id,
      refund_id: input.refundId ?? null,
      credits_invoice_id: input.creditsInvoiceId ?? null,
      client_id: input.payment.client_id,
      buyer_name: input.buyer.name,
      buyer_email: input.buyer.email,
      tier: input.payment.tier,
      issued_at: input.issuedAt,
      amount_excl_vat: excl,
      vat_amount: vat,
      amount_total: input.amountTotal,
      vat_rate: VAT_RATE,
      currency: input.payment.currency,
      seller_name: env.seller.name,
      seller_address: env.seller.address,
      seller_vat_number: env.seller.vatNumber,
      reason: input.reason ?? null,
    })
    .returning();
  return row!;
}

/** The PDF of a stored invoice or credit note (a credit note names the invoice it corrects). */
export async function invoicePdf(db: Db, invoice: InvoiceRow): Promise<Buffer> {
  const [credited] = invoice.credits_invoice_id
    ? await db
        .select({ number: invoices.number })
        .from(invoices)
        .where(eq(invoices.id, invoice.credits_invoice_id))
    : [];
  return renderInvoicePdf(invoice, credited ?? null);
}

/** An attachment of the PDF, for an e-mail queued with the purchase or the refund. */
export async function invoiceAttachment(db: Db, invoice: InvoiceRow) {
  return {
    filename: `${invoice.kind === 'invoice' ? 'factuur' : 'creditnota'}-${invoice.number}.pdf`,
    content_type: 'application/pdf',
    encoding: 'base64' as const,
    content: (await invoicePdf(db, invoice)).toString('base64'),
  };
}

/**
 * GET /api/me/invoices/{id}/pdf and /api/admin/invoices/{id}/pdf: a client downloads only their
 * own documents (another's is "not found"), an admin any.
 */
export async function findInvoiceFor({ ctx, actor, id }: { ctx: AppContext; actor: Actor; id: string }) {
  const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.id, id));
  if (!invoice || (actor.profile.role !== 'admin' && invoice.client_id !== actor.user.id)) {
    throw new AppError('INVOICE_NOT_FOUND');
  }
  return { invoice, pdf: await invoicePdf(ctx.db, invoice) };
}

const toSummary = (row: InvoiceRow): InvoiceSummary => ({
  id: row.id,
  kind: row.kind,
  number: row.number,
  issued_at: row.issued_at.toISOString(),
  amount_excl_vat: row.amount_excl_vat,
  vat_amount: row.vat_amount,
  amount_total: row.amount_total,
  reason: row.reason,
});

type PaymentRow = typeof payments.$inferSelect;

function toPurchase(payment: PaymentRow, documents: InvoiceRow[], now: Date): Purchase {
  return {
    id: payment.id,
    tier: payment.tier,
    paid_at: payment.paid_at.toISOString(),
    amount_total: payment.amount_total,
    amount_refunded: payment.amount_refunded,
    payment_method: payment.payment_method,
    withdrawal_requested_at: payment.withdrawal_requested_at?.toISOString() ?? null,
    withdrawal_deadline: withdrawalDeadline(payment.paid_at).toISOString(),
    can_withdraw: canWithdraw(payment, now),
    documents: documents
      .filter((d) => d.payment_id === payment.id)
      .sort((a, b) => a.sequence - b.sequence || a.year - b.year)
      .map(toSummary),
  };
}

/** GET /api/me/purchases: the client's own payments, newest first, with their documents. */
export async function listOwnPurchases({ ctx, actor }: { ctx: AppContext; actor: Actor }) {
  // Decision 022: the payments and their documents in one statement.
  const own = sql`SELECT id FROM ${payments} WHERE ${payments.client_id} = ${actor.user.id}`;
  const found = await selectTogether<{ payments: object; documents: object }>(ctx.db, {
    payments: sql`SELECT * FROM ${payments} WHERE ${payments.client_id} = ${actor.user.id}
                  ORDER BY ${payments.paid_at} DESC`,
    documents: sql`SELECT * FROM ${invoices} WHERE ${invoices.payment_id} IN (${own})`,
  });
  const documents = tableRows(invoices, found.documents);
  const now = ctx.clock.now();
  return tableRows(payments, found.payments).map((payment) => toPurchase(payment, documents, now));
}

/** GET /api/admin/payments: every payment, newest first (at most 500), with client and documents. */
export async function listPaymentsForAdmin({ ctx }: { ctx: AppContext }): Promise<AdminPayment[]> {
  // Decision 022: the payments, their clients' names and their documents in one statement.
  const latest = sql`SELECT * FROM ${payments} ORDER BY ${payments.paid_at} DESC, ${payments.id} LIMIT 500`;
  const found = await selectTogether<{
    payments: object;
    clients: { id: string; name: string | null; email: string };
    documents: object;
  }>(ctx.db, {
    payments: latest,
    clients: sql`SELECT u.id AS id, p.full_name AS name, u.email AS email
                   FROM ${user} u LEFT JOIN ${user_profiles} p ON p.id = u.id
                  WHERE u.id IN (SELECT client_id FROM (${latest}) latest)`,
    documents: sql`SELECT * FROM ${invoices}
                    WHERE ${invoices.payment_id} IN (SELECT id FROM (${latest}) latest)`,
  });
  const clients = new Map(found.clients.map((c) => [c.id, c]));
  const documents = tableRows(invoices, found.documents);
  const now = ctx.clock.now();
  return tableRows(payments, found.payments).map((payment) => {
    const client = payment.client_id ? clients.get(payment.client_id) : undefined;
    return {
      ...toPurchase(payment, documents, now),
      client_id: payment.client_id,
      client_name: client?.name || client?.email || '',
      client_email: client?.email ?? '',
      provider: payment.provider,
    };
  });
}

/**
 * GET /api/admin/revenue: per Brussels month of the last 12 (oldest first), what was paid (the
 * invoices), refunded (the credit notes) and kept. Issued documents are the record: they stay
 * when a client's account is deleted.
 */
export async function revenueByMonth({ ctx }: { ctx: AppContext }) {
  const month = sql<string>`to_char(${invoices.issued_at} AT TIME ZONE 'Europe/Brussels', 'YYYY-MM')`;
  const since = new Date(ctx.clock.now().getTime() - 400 * 24 * 60 * 60_000);
  const rows = await ctx.db
    .select({
      month,
      paid: sql<number>`coalesce(sum(${invoices.amount_total}) filter (where ${invoices.kind} = 'invoice'), 0)::int`,
      refunded: sql<number>`coalesce(sum(${invoices.amount_total}) filter (where ${invoices.kind} = 'credit_note'), 0)::int`,
    })
    .from(invoices)
    .where(gte(invoices.issued_at, since))
    .groupBy(month)
    .orderBy(month);
  return rows.slice(-12).map((r) => ({
    month: r.month,
    paid: Number(r.paid),
    refunded: Number(r.refunded),
    net: Number(r.paid) - Number(r.refunded),
  }));
}

/** The first moment of a Brussels calendar month (months may run past 12: the next year's). */
function brusselsMonthStart(year: number, monthIndex: number): Date {
  const utc = new Date(Date.UTC(year, monthIndex, 1));
  // Brussels is UTC+1 or UTC+2: find the offset at that moment and step back by it.
  const hour = Number(
    new Intl.DateTimeFormat('en', { hour: 'numeric', hourCycle: 'h23', timeZone: 'Europe/Brussels' }).format(
      utc,
    ),
  );
  return new Date(utc.getTime() - hour * 60 * 60_000);
}

/** A text cell: quoted when it holds a separator, and never read as a formula by a spreadsheet. */
const csvCell = (text: string) => {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};
const csvAmount = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/**
 * GET /api/admin/invoices.csv: the invoices and credit notes of a quarter in number order, for
 * the VAT return. Semicolon-separated with decimal commas (as Belgian spreadsheets read it); a
 * credit note's amounts are negative.
 */
export async function invoicesCsv({
  ctx,
  year,
  quarter,
}: {
  ctx: AppContext;
  year: number;
  quarter: number;
}) {
  const from = brusselsMonthStart(year, (quarter - 1) * 3);
  const to = brusselsMonthStart(year, quarter * 3);
  const rows = await ctx.db
    .select()
    .from(invoices)
    .where(and(gte(invoices.issued_at, from), lt(invoices.issued_at, to)))
    .orderBy(invoices.year, invoices.sequence);
  const header = [
    'nummer',
    'soort',
    'datum',
    'klant',
    'e-mail',
    'lidmaatschap',
    'excl. btw',
    'btw %',
    'btw',
    'totaal',
    'munt',
    'reden',
  ];
  const date = new Intl.DateTimeFormat('fr-CA', { timeZone: 'Europe/Brussels' });
  const lines = rows.map((r) => {
    const sign = r.kind === 'credit_note' ? -1 : 1;
    return [
      csvCell(r.number),
      r.kind === 'invoice' ? 'factuur' : 'creditnota',
      date.format(r.issued_at),
      csvCell(r.buyer_name),
      csvCell(r.buyer_email),
      csvCell(r.tier),
      csvAmount(sign * r.amount_excl_vat),
      r.vat_rate,
      csvAmount(sign * r.vat_amount),
      csvAmount(sign * r.amount_total),
      r.currency.toUpperCase(),
      csvCell(r.reason ?? ''),
    ].join(';');
  });
  return `${[header.join(';'), ...lines].join('\r\n')}\r\n`;
}
