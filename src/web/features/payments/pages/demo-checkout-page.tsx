import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { formatEuroCents } from '../../../../shared/format';
import {
  type DemoCheckout,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '../../../../shared/payments';
import { ROUTES } from '../../../../shared/routes';
import { CenteredContent, PublicLayout } from '../../../components/public-layout';
import { RequireRole } from '../../../components/require-role';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api';
import { usePageTitle } from '../../../lib/use-page-title';
import { demoCheckoutQueryOptions, useDemoCheckoutAction } from '../api/demo-checkout';

const CLOSED_TEXT: Record<Exclude<DemoCheckout['status'], 'open' | 'processing'>, string> = {
  paid: 'Deze testbetaling is al betaald.',
  expired: 'Deze testbetaling is verlopen.',
  failed: 'Deze testbetaling is mislukt.',
};

function TestNotice() {
  return (
    <div className="rounded-xl border-2 border-amber-400 bg-amber-50 px-4 py-3 text-amber-950">
      <p className="font-semibold">
        <span className="mr-2 rounded bg-amber-400 px-2 py-0.5 text-xs font-bold tracking-wide">TEST</span>
        Er wordt geen echt geld aangerekend.
      </p>
      <p className="mt-1 text-sm leading-relaxed">
        Deze pagina bestaat alleen op een lokale installatie van Koppel, om betalingen uit te proberen. Op de
        echte website betaal je via onze betaalpartner.
      </p>
    </div>
  );
}

function ProductsLink() {
  return (
    <ButtonLink to={ROUTES.products} variant="secondary">
      Naar de diensten
    </ButtonLink>
  );
}

function OpenCheckout({ checkout }: { checkout: DemoCheckout }) {
  const action = useDemoCheckoutAction(checkout.id);
  const [method, setMethod] = useState<PaymentMethod>('bancontact');
  const [confirms, setConfirms] = useState<'now' | 'later'>('now');
  // Busy from the click until the browser has left for the next page.
  const busyAction = action.isPending || action.isSuccess ? action.variables?.action : undefined;
  const run = (next: 'pay' | 'cancel') => {
    action.reset();
    action.mutate({ action: next, method, confirms });
  };

  return (
    <>
      <dl className="mt-6 rounded-xl bg-stone-50 px-4 py-3">
        <dt className="sr-only">Product</dt>
        <dd className="text-lg font-semibold text-stone-900">{checkout.name}</dd>
        <dd className="mt-1 text-stone-700">{checkout.description}</dd>
        <dt className="mt-4 text-sm font-semibold text-stone-700">Te betalen</dt>
        <dd className="text-2xl font-bold text-stone-900">{formatEuroCents(checkout.amount_total)}</dd>
      </dl>
      <fieldset className="mt-6">
        <legend className="font-semibold text-stone-900">Betaalmethode</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {PAYMENT_METHODS.map((option) => (
            <label
              key={option}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-stone-300 px-4 py-3 has-checked:border-brand-700 has-checked:ring-2 has-checked:ring-brand-700"
            >
              <input
                type="radio"
                name="betaalmethode"
                value={option}
                checked={method === option}
                onChange={() => setMethod(option)}
                className="size-4 accent-brand-700"
              />
              <span className="text-stone-900">{PAYMENT_METHOD_LABELS[option]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="mt-6">
        <legend className="font-semibold text-stone-900">Bevestiging door de bank</legend>
        <div className="mt-2 grid gap-2">
          {CONFIRM_OPTIONS.map((option) => (
            <label
              key={option.value}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-stone-300 px-4 py-3 has-checked:border-brand-700 has-checked:ring-2 has-checked:ring-brand-700"
            >
              <input
                type="radio"
                name="bevestiging"
                value={option.value}
                checked={confirms === option.value}
                onChange={() => setConfirms(option.value)}
                className="mt-1 size-4 accent-brand-700"
              />
              <span>
                <span className="block text-stone-900">{option.label}</span>
                <span className="block text-sm text-stone-700">{option.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {action.isError && <Alert className="mt-4">{errorMessage(action.error)}</Alert>}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          size="lg"
          isBusy={busyAction === 'cancel'}
          disabled={busyAction !== undefined}
          onClick={() => run('cancel')}
        >
          Annuleren
        </Button>
        <Button
          size="lg"
          isBusy={busyAction === 'pay'}
          disabled={busyAction !== undefined}
          onClick={() => run('pay')}
        >
          Betalen
        </Button>
      </div>
    </>
  );
}

const CONFIRM_OPTIONS = [
  { value: 'now', label: 'Meteen', hint: 'De bank bevestigt de betaling direct, zoals meestal.' },
  {
    value: 'later',
    label: 'Later',
    hint: 'De bank bevestigt pas later. Jij beslist hier daarna wat de testbank doet.',
  },
] as const;

/** A payment the test bank holds: the client plays the bank, as Stripe's test mode lets one do. */
function HeldByBank({ checkout }: { checkout: DemoCheckout }) {
  const action = useDemoCheckoutAction(checkout.id);
  const busyAction = action.isPending || action.isSuccess ? action.variables?.action : undefined;
  const run = (next: 'confirm' | 'decline') => {
    action.reset();
    action.mutate({ action: next });
  };
  return (
    <>
      <Alert tone="info" className="mt-6">
        De testbank heeft deze betaling van {formatEuroCents(checkout.amount_total)} voor {checkout.name} nog
        niet bevestigd.
      </Alert>
      <p className="mt-4 text-stone-700">
        Op de bevestigingspagina zie je wat een klant ziet terwijl de bank de betaling verwerkt. Kies hier wat
        de bank daarna doet.
      </p>
      {action.isError && <Alert className="mt-4">{errorMessage(action.error)}</Alert>}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button
          size="lg"
          isBusy={busyAction === 'confirm'}
          disabled={busyAction !== undefined}
          onClick={() => run('confirm')}
        >
          Bank bevestigt de betaling
        </Button>
        <Button
          variant="secondary"
          size="lg"
          isBusy={busyAction === 'decline'}
          disabled={busyAction !== undefined}
          onClick={() => run('decline')}
        >
          Bank weigert de betaling
        </Button>
        <ButtonLink
          to={`${ROUTES.success}?session_id=${encodeURIComponent(checkout.id)}`}
          variant="secondary"
          size="lg"
        >
          Naar de bevestigingspagina
        </ButtonLink>
      </div>
    </>
  );
}

function DemoCheckoutContent({ sessionId }: { sessionId: string }) {
  const checkout = useQuery(demoCheckoutQueryOptions(sessionId));

  if (checkout.isPending) return <Spinner label="Testbetaling laden..." className="mt-8" />;
  if (checkout.isError) {
    const status = checkout.error instanceof ApiError ? checkout.error.status : 0;
    const canRetry = status === 0 || status >= 500;
    return (
      <>
        <Alert className="mt-6">
          {status === 404 ? 'Deze testbetaling bestaat niet.' : errorMessage(checkout.error)}
        </Alert>
        <div className="mt-6 flex flex-wrap gap-3">
          {canRetry && (
            <Button onClick={() => void checkout.refetch()} isBusy={checkout.isFetching}>
              Opnieuw proberen
            </Button>
          )}
          <ProductsLink />
        </div>
      </>
    );
  }
  if (checkout.data.status === 'processing') return <HeldByBank checkout={checkout.data} />;
  if (checkout.data.status !== 'open') {
    return (
      <>
        <Alert tone="info" className="mt-6">
          {CLOSED_TEXT[checkout.data.status]}
        </Alert>
        <div className="mt-6">
          <ProductsLink />
        </div>
      </>
    );
  }
  return <OpenCheckout checkout={checkout.data} />;
}

function DemoCheckoutView({ sessionId }: { sessionId: string }) {
  usePageTitle('Testbetaling');
  return (
    <PublicLayout>
      <CenteredContent className="max-w-xl!">
        <Card className="max-sm:p-5!">
          <h1 className="font-serif text-3xl font-bold text-stone-900">Testbetaling</h1>
          <div className="mt-4">
            <TestNotice />
          </div>
          <DemoCheckoutContent sessionId={sessionId} />
        </Card>
      </CenteredContent>
    </PublicLayout>
  );
}

/**
 * /testbetaling/:sessionId: the demo payment provider's checkout page (local installs only), for
 * the signed-in client who started it. Paying here goes through the same fulfilment and /success
 * page as a card payment.
 */
export function DemoCheckoutPage() {
  const { sessionId = '' } = useParams();
  return (
    <RequireRole allow={['client']}>
      <DemoCheckoutView sessionId={sessionId} />
    </RequireRole>
  );
}
