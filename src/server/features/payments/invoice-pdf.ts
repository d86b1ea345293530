import PDFDocument from 'pdfkit';
import { formatDate, formatEuroCents } from '../../../shared/format';
import { INVOICE_KIND_LABELS } from '../../../shared/money';
import { tierInfo } from '../../../shared/tiers';
import type { invoices } from '../../db/schema';

type InvoiceRow = typeof invoices.$inferSelect;

const INK = '#222222';
const MUTED = '#555555';
const BRAND = '#881337';

/**
 * An invoice or credit note as a PDF (pdfkit, its built-in Helvetica: no font is fetched). Made
 * from the stored row alone, so the same document comes out whenever it is downloaded again.
 */
export function renderInvoicePdf(invoice: InvoiceRow, credited?: { number: string } | null): Promise<Buffer> {
  const title = `${INVOICE_KIND_LABELS[invoice.kind]} ${invoice.number}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: title, Author: invoice.seller_name, CreationDate: invoice.issued_at },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).fillColor(BRAND).text(invoice.seller_name);
  doc.font('Helvetica').fontSize(10).fillColor(MUTED);
  for (const line of invoice.seller_address.split('\n')) doc.text(line);
  doc.text(`Btw-nummer: ${invoice.seller_vat_number}`);

  doc.moveDown(2).font('Helvetica-Bold').fontSize(16).fillColor(INK).text(title);
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  doc.text(`Datum: ${formatDate(invoice.issued_at)}`);
  if (credited) doc.text(`Corrigeert factuur ${credited.number}`);

  doc.moveDown().font('Helvetica-Bold').text('Klant');
  doc.font('Helvetica').text(invoice.buyer_name).text(invoice.buyer_email);

  const info = tierInfo(invoice.tier);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const row = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(label, left, y, { width: width - 140 });
    doc.text(value, left + width - 140, y, { width: 140, align: 'right' });
    doc.moveDown(0.4);
  };
  doc.moveDown(1.5).fontSize(11);
  row('Omschrijving', 'Bedrag', true);
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .strokeColor('#cccccc')
    .stroke();
  doc.moveDown(0.4);
  row(
    invoice.kind === 'invoice'
      ? `Lidmaatschap ${info.name} (12 maanden)`
      : `Terugbetaling lidmaatschap ${info.name}${invoice.reason ? `: ${invoice.reason}` : ''}`,
    formatEuroCents(invoice.amount_excl_vat),
  );
  doc.moveDown(0.6);
  row('Totaal excl. btw', formatEuroCents(invoice.amount_excl_vat));
  row(`Btw ${invoice.vat_rate} %`, formatEuroCents(invoice.vat_amount));
  row(
    invoice.kind === 'invoice' ? 'Totaal incl. btw' : 'Terug te betalen incl. btw',
    formatEuroCents(invoice.amount_total),
    true,
  );

  doc.moveDown(2).font('Helvetica').fontSize(9).fillColor(MUTED);
  doc.text(
    invoice.kind === 'invoice'
      ? 'Betaald bij de bestelling. Herroepen kan binnen 14 dagen na de aankoop, onder "Mijn aankopen" in je account (zie onze algemene voorwaarden).'
      : 'Het bedrag wordt teruggestort via de betaalmethode van de oorspronkelijke betaling.',
    left,
    doc.y,
    { width },
  );
  doc.end();
  return done;
}
