import { formatDate, formatEuroCents } from '../../../../shared/format';
import { INVOICE_KIND_LABELS, type InvoiceSummary } from '../../../../shared/money';

/** The invoices and credit notes of one payment, each a download link with its number and amount. */
export function DocumentLinks({
  documents,
  urlFor,
}: {
  documents: readonly InvoiceSummary[];
  urlFor: (id: string) => string;
}) {
  if (!documents.length) return <p className="text-sm text-stone-700">Nog geen factuur.</p>;
  return (
    <ul className="flex flex-col gap-2">
      {documents.map((d) => (
        <li key={d.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
          <a
            href={urlFor(d.id)}
            download
            className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950"
          >
            {INVOICE_KIND_LABELS[d.kind]} {d.number} (PDF)
          </a>
          <span className="text-stone-700">
            {formatDate(d.issued_at)} · {d.kind === 'credit_note' ? '−' : ''}
            {formatEuroCents(d.amount_total)}, waarvan {formatEuroCents(d.vat_amount)} btw
            {d.reason ? ` · ${d.reason}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
