import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate, formatDateTime, formatEuroCents } from '../../../../shared/format';
import { type Purchase, WITHDRAWAL_DAYS } from '../../../../shared/money';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../../shared/payments';
import { ROUTES } from '../../../../shared/routes';
import { tierInfo } from '../../../../shared/tiers';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { usePageTitle } from '../../../lib/use-page-title';
import { ownInvoicePdfUrl, purchasesQueryOptions, useWithdrawPurchase } from '../api/purchases';
import { DocumentLinks } from '../components/document-links';

const methodLabel = (method: string | null) =>
  method && method in PAYMENT_METHOD_LABELS ? PAYMENT_METHOD_LABELS[method as PaymentMethod] : null;

function WithdrawalState({ purchase, onWithdraw }: { purchase: Purchase; onWithdraw: () => void }) {
  if (purchase.withdrawal_requested_at) {
    return (
      <Alert tone="info">
        Je hebt deze aankoop herroepen op {formatDateTime(purchase.withdrawal_requested_at)}. We betalen je
        binnen {WITHDRAWAL_DAYS} dagen terug.
      </Alert>
    );
  }
  if (purchase.can_withdraw) {
    return (
      <div className="flex flex-col items-start gap-2">
        <p className="text-sm text-stone-700">
          Je kunt deze aankoop herroepen tot {formatDateTime(purchase.withdrawal_deadline)}.
        </p>
        <Button variant="secondary" onClick={onWithdraw}>
          Aankoop herroepen
        </Button>
      </div>
    );
  }
  return (
    <p className="text-sm text-stone-700">
      De herroepingstermijn liep af op {formatDate(purchase.withdrawal_deadline)}.
    </p>
  );
}

function PurchaseCard({ purchase, onWithdraw }: { purchase: Purchase; onWithdraw: () => void }) {
  const info = tierInfo(purchase.tier);
  const method = methodLabel(purchase.payment_method);
  const headingId = `aankoop-${purchase.id}`;
  return (
    <Card className="max-sm:p-5!">
      <article aria-labelledby={headingId} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={headingId} className="font-serif text-2xl font-bold text-stone-900">
            {info.name}
          </h2>
          <span className="text-lg font-semibold text-stone-900">
            {formatEuroCents(purchase.amount_total)}
          </span>
        </div>
        <p className="text-sm text-stone-700">
          Betaald op {formatDateTime(purchase.paid_at)}
          {method ? ` met ${method}` : ''}.
          {purchase.amount_refunded > 0 && ` Terugbetaald: ${formatEuroCents(purchase.amount_refunded)}.`}
        </p>
        <section aria-label={`Facturen van ${info.name}`}>
          <DocumentLinks documents={purchase.documents} urlFor={ownInvoicePdfUrl} />
        </section>
        <WithdrawalState purchase={purchase} onWithdraw={onWithdraw} />
      </article>
    </Card>
  );
}

/** /dashboard/aankopen (issue 29): the client's payments, invoices and credit notes, and the withdrawal. */
export function PurchasesPage() {
  usePageTitle('Mijn aankopen');
  const purchases = useQuery(purchasesQueryOptions);
  const withdraw = useWithdrawPurchase();
  const [confirming, setConfirming] = useState<Purchase | null>(null);

  return (
    <>
      <PageHeader
        title="Mijn aankopen"
        description={`Je betalingen, facturen en creditnota's. Binnen ${WITHDRAWAL_DAYS} dagen na een aankoop kun je die hier herroepen.`}
      />
      {purchases.isPending ? (
        <Spinner label="Je aankopen laden..." className="py-12" />
      ) : purchases.isError ? (
        <LoadError error={purchases.error} onRetry={() => void purchases.refetch()} />
      ) : purchases.data.length === 0 ? (
        <Card>
          <p className="text-stone-800">Je hebt nog niets gekocht.</p>
          <ButtonLink to={ROUTES.products} variant="secondary" className="mt-4">
            Naar de diensten
          </ButtonLink>
        </Card>
      ) : (
        <ul className="flex flex-col gap-6">
          {purchases.data.map((purchase) => (
            <li key={purchase.id}>
              <PurchaseCard
                purchase={purchase}
                onWithdraw={() => {
                  withdraw.reset();
                  setConfirming(purchase);
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <Dialog
        isOpen={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Aankoop herroepen?"
        description={
          confirming
            ? `Je herroept je aankoop van ${tierInfo(confirming.tier).name} (${formatEuroCents(confirming.amount_total)}).`
            : undefined
        }
      >
        <div className="flex flex-col gap-4">
          <p className="text-stone-800">
            We betalen je binnen {WITHDRAWAL_DAYS} dagen terug. Vroeg je ons om meteen te starten, dan houden
            we alleen een bedrag in naar verhouding van wat we al voor je deden (zie de{' '}
            <a href={ROUTES.terms} className="font-semibold text-brand-800 underline underline-offset-2">
              algemene voorwaarden
            </a>
            ). Met de terugbetaling eindigt je lidmaatschap.
          </p>
          {withdraw.isError && <Alert>{errorMessage(withdraw.error)}</Alert>}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              Annuleren
            </Button>
            <Button
              variant="danger"
              isBusy={withdraw.isPending}
              onClick={() =>
                confirming && withdraw.mutate(confirming.id, { onSuccess: () => setConfirming(null) })
              }
            >
              Ja, herroepen
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
