import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { formatDateTime, formatEuroCents, formatMonth } from '../../../../shared/format';
import { type AdminPayment, parseEuroToCents } from '../../../../shared/money';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../../shared/payments';
import { tierInfo } from '../../../../shared/tiers';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api';
import { usePageTitle } from '../../../lib/use-page-title';
import {
  adminInvoicePdfUrl,
  adminPaymentsQueryOptions,
  invoicesCsvUrl,
  revenueQueryOptions,
  useRefundPayment,
} from '../api/admin-payments';
import { DocumentLinks } from '../components/document-links';

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card className="max-sm:p-5!">
      <section aria-labelledby={id}>
        <h2 id={id} className="mb-4 text-lg font-semibold text-stone-900">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

const monthLabel = (month: string) => formatMonth(month, 'short');

function Revenue() {
  const revenue = useQuery(revenueQueryOptions);
  if (revenue.isPending) return <Spinner label="Omzet laden..." className="items-start" />;
  if (revenue.isError) return <LoadError error={revenue.error} onRetry={() => void revenue.refetch()} />;
  if (!revenue.data.length) return <p className="text-stone-700">Nog geen facturen.</p>;
  return (
    // On a narrow phone the table scrolls sideways; focusable, so a keyboard can scroll it (axe).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
    <section className="overflow-x-auto" tabIndex={0} aria-label="Omzet per maand, scrollbaar">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Omzet per maand, inclusief btw</caption>
        <thead>
          <tr className="border-b border-stone-200 text-stone-700">
            <th scope="col" className="py-2 pr-2 font-semibold">
              Maand
            </th>
            <th scope="col" className="py-2 pr-2 text-right font-semibold">
              Gefactureerd
            </th>
            <th scope="col" className="py-2 pr-2 text-right font-semibold">
              Terugbetaald
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              Netto
            </th>
          </tr>
        </thead>
        <tbody>
          {revenue.data.map((row) => (
            <tr key={row.month} className="border-b border-stone-100">
              <th scope="row" className="py-2 pr-2 font-normal">
                {monthLabel(row.month)}
              </th>
              <td className="py-2 pr-2 text-right">{formatEuroCents(row.paid)}</td>
              <td className="py-2 pr-2 text-right">{formatEuroCents(row.refunded)}</td>
              <td className="py-2 text-right font-semibold">{formatEuroCents(row.net)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function VatExport() {
  const now = new Date();
  const [year, setYear] = useState(now.getFullYear());
  const [quarter, setQuarter] = useState(Math.floor(now.getMonth() / 3) + 1);
  const years = [now.getFullYear(), now.getFullYear() - 1, now.getFullYear() - 2];
  return (
    <div className="flex flex-wrap items-end gap-3">
      <SelectField label="Jaar" value={year} onChange={(e) => setYear(Number(e.target.value))}>
        {years.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </SelectField>
      <SelectField label="Kwartaal" value={quarter} onChange={(e) => setQuarter(Number(e.target.value))}>
        {[1, 2, 3, 4].map((q) => (
          <option key={q} value={q}>
            Kwartaal {q}
          </option>
        ))}
      </SelectField>
      <a
        href={invoicesCsvUrl(year, quarter)}
        download
        className="inline-flex min-h-11 items-center rounded-xl border border-stone-300 bg-white px-4 font-semibold text-stone-800 hover:bg-stone-100"
      >
        Facturen en creditnota's als CSV
      </a>
    </div>
  );
}

const methodLabel = (method: string | null) =>
  method && method in PAYMENT_METHOD_LABELS ? PAYMENT_METHOD_LABELS[method as PaymentMethod] : null;

function PaymentItem({ payment, onRefund }: { payment: AdminPayment; onRefund: () => void }) {
  const left = payment.amount_total - payment.amount_refunded;
  return (
    <li className="flex flex-col gap-2 py-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-stone-900">
          {payment.client_name} · {tierInfo(payment.tier).name}
        </p>
        <p className="font-semibold text-stone-900">{formatEuroCents(payment.amount_total)}</p>
      </div>
      <p className="text-sm break-words text-stone-700">
        <span className="break-all">{payment.client_email}</span> · betaald op{' '}
        {formatDateTime(payment.paid_at)}
        {methodLabel(payment.payment_method) && ` met ${methodLabel(payment.payment_method)}`}
        {payment.amount_refunded > 0 && ` · terugbetaald: ${formatEuroCents(payment.amount_refunded)}`}
      </p>
      {payment.withdrawal_requested_at && (
        <Alert tone="info">Herroepen op {formatDateTime(payment.withdrawal_requested_at)}.</Alert>
      )}
      <DocumentLinks documents={payment.documents} urlFor={adminInvoicePdfUrl} />
      {left > 0 && (
        <div>
          <Button variant="secondary" onClick={onRefund}>
            Terugbetalen<span className="sr-only"> aan {payment.client_name}</span>
          </Button>
        </div>
      )}
    </li>
  );
}

function RefundDialog({ payment, onClose }: { payment: AdminPayment | null; onClose: () => void }) {
  const refund = useRefundPayment();
  const left = payment ? payment.amount_total - payment.amount_refunded : 0;
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!payment) return;
    const cents = parseEuroToCents(amount);
    if (cents === null || cents <= 0) return setAmountError('Geef een bedrag in euro, bv. 250,00');
    if (cents > left) return setAmountError(`Hoogstens ${formatEuroCents(left)}`);
    setAmountError(undefined);
    refund.mutate({ id: payment.id, amount: cents, reason }, { onSuccess: onClose });
  };
  return (
    <Dialog
      isOpen={payment !== null}
      onClose={onClose}
      title="Terugbetalen"
      description={
        payment
          ? `${payment.client_name}, ${tierInfo(payment.tier).name}: nog ${formatEuroCents(left)} terug te betalen.`
          : undefined
      }
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <TextField
          label="Bedrag (euro, incl. btw)"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={amountError}
          hint="Het volledige bedrag beëindigt het lidmaatschap; na een herroeping ook een deel."
          required
        />
        <TextAreaField label="Reden" value={reason} onChange={(e) => setReason(e.target.value)} required />
        {refund.isError && <Alert>{errorMessage(refund.error)}</Alert>}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose}>
            Annuleren
          </Button>
          <Button type="submit" isBusy={refund.isPending}>
            Terugbetalen
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** /admin/betalingen (issue 29): revenue per month, the VAT CSV, withdrawals and refunds. */
export function AdminPaymentsPage() {
  usePageTitle('Betalingen');
  const payments = useQuery(adminPaymentsQueryOptions);
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  // A withdrawal is settled by the refund (a credit note) that follows it.
  const withdrawn =
    payments.data?.filter(
      (p) =>
        p.withdrawal_requested_at !== null &&
        !p.documents.some((d) => d.kind === 'credit_note' && d.issued_at >= p.withdrawal_requested_at!),
    ) ?? [];
  const list = (items: AdminPayment[]) => (
    <ul className="flex flex-col divide-y divide-stone-200">
      {items.map((payment) => (
        <PaymentItem key={payment.id} payment={payment} onRefund={() => setRefunding(payment)} />
      ))}
    </ul>
  );
  return (
    <>
      <PageHeader
        title="Betalingen"
        description="Omzet, facturen en creditnota's, herroepingen en terugbetalingen. Bedragen zijn inclusief btw."
      />
      <div className="flex flex-col gap-6">
        <Section title="Omzet per maand" id="omzet">
          <Revenue />
        </Section>
        <Section title="Btw-aangifte" id="btw">
          <VatExport />
        </Section>
        {payments.isPending ? (
          <Spinner label="Betalingen laden..." className="items-start" />
        ) : payments.isError ? (
          <LoadError error={payments.error} onRetry={() => void payments.refetch()} />
        ) : (
          <>
            <Section title={`Herroepingen om te verwerken (${withdrawn.length})`} id="herroepingen">
              {withdrawn.length ? list(withdrawn) : <p className="text-stone-700">Geen open herroepingen.</p>}
            </Section>
            <Section title="Alle betalingen" id="betalingen">
              {payments.data.length ? (
                list(payments.data)
              ) : (
                <p className="text-stone-700">Nog geen betalingen.</p>
              )}
            </Section>
          </>
        )}
      </div>
      <RefundDialog key={refunding?.id ?? 'geen'} payment={refunding} onClose={() => setRefunding(null)} />
    </>
  );
}
