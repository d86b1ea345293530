import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatEuroCents } from '../../../../shared/format';
import type { DemoCheckout } from '../../../../shared/payments';
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

const CLOSED_TEXT: Record<Exclude<DemoCheckout['status'], 'open'>, string> = {
  processing: 'Deze testbetaling wordt nog verwerkt.',
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
  // Busy from the click until the browser has left for the next page.
  const busyAction = action.isPending || action.isSuccess ? action.variables : undefined;
  const run = (next: 'pay' | 'cancel') => {
    action.reset();
    action.mutate(next);
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
