import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { MESSAGES } from '../../../../shared/messages';
import { ROUTES } from '../../../../shared/routes';
import { CenteredContent, PublicLayout } from '../../../components/public-layout';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DetailRow } from '../../../components/ui/detail-row';
import { Spinner } from '../../../components/ui/spinner';
import { meQueryKey } from '../../../lib/me';
import { usePageTitle } from '../../../lib/use-page-title';
import { PromisedFollowUps } from '../../tasks/components/promised-follow-ups';
import { checkoutSessionQueryOptions } from '../api/checkout-session';
import { type PurchaseSummary, purchaseSummary } from '../purchase-summary';

function PurchaseFailed() {
  usePageTitle('Aankoop niet gevonden');
  return (
    <Card>
      <h1 className="font-serif text-3xl font-bold text-stone-900">Er is iets misgegaan</h1>
      <Alert className="mt-6">{MESSAGES.purchaseDetailFailed}</Alert>
      <p className="mt-4 text-stone-700">
        Heb je net betaald? Je lidmaatschap verschijnt op je dashboard zodra de betaling verwerkt is.
      </p>
      <div className="mt-8 flex flex-col sm:flex-row">
        <ButtonLink to={ROUTES.dashboard} size="lg">
          Naar je dashboard
        </ButtonLink>
      </div>
    </Card>
  );
}

interface PurchaseConfirmationProps {
  sessionId: string;
  purchase: PurchaseSummary;
  /** Not paid yet: the server's word on it, and a way to look again (not once it was declined). */
  pending?: { notice: string; onCheckAgain: () => void; isChecking: boolean; isDeclined: boolean };
}

function PurchaseConfirmation({ sessionId, purchase, pending }: PurchaseConfirmationProps) {
  const title = pending?.isDeclined
    ? 'Betaling niet gelukt'
    : pending
      ? 'Betaling nog niet bevestigd'
      : 'Betaling geslaagd';
  usePageTitle(title);
  return (
    <Card>
      <h1 className="font-serif text-3xl font-bold text-stone-900">{title}</h1>
      {pending ? (
        <Alert tone={pending.isDeclined ? 'error' : 'info'} className="mt-4">
          {pending.notice}
        </Alert>
      ) : (
        <p className="mt-3 text-stone-700">Bedankt voor je aankoop! Hieronder vind je de details.</p>
      )}
      <dl className="mt-6 rounded-xl bg-stone-50 px-4 py-1">
        <DetailRow label="Product">
          <span className="font-semibold">{purchase.productName}</span>
          <span className="block text-sm text-stone-700">{purchase.productDescription}</span>
        </DetailRow>
        <DetailRow label="Totaal">
          <span className="font-semibold">{purchase.total}</span>
        </DetailRow>
        <DetailRow label="Referentie">
          <span className="font-mono text-sm">{purchase.reference}</span>
        </DetailRow>
      </dl>
      {!pending && <PromisedFollowUps sessionId={sessionId} later={purchase.followUps} />}
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <ButtonLink to={ROUTES.dashboard} size="lg">
          Naar je dashboard
        </ButtonLink>
        {pending?.isDeclined ? (
          <ButtonLink to={ROUTES.products} variant="secondary" size="lg">
            Naar Diensten
          </ButtonLink>
        ) : (
          pending && (
            <Button variant="secondary" size="lg" onClick={pending.onCheckAgain} isBusy={pending.isChecking}>
              Opnieuw controleren
            </Button>
          )
        )}
      </div>
    </Card>
  );
}

/** /success?session_id=: the purchase confirmation of spec section 2, or the purchase detail failure. */
export function SuccessPage() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id')?.trim() ?? '';
  const queryClient = useQueryClient();
  const checkout = useQuery({ ...checkoutSessionQueryOptions(sessionId), enabled: sessionId !== '' });
  const lookup = checkout.data;
  const purchase = lookup ? purchaseSummary(lookup.session) : null;
  const isPaid = lookup?.isPaid === true;

  // The purchase changed the tier: the dashboard must not show the old one from the cache.
  useEffect(() => {
    if (isPaid) void queryClient.invalidateQueries({ queryKey: meQueryKey });
  }, [isPaid, queryClient]);

  return (
    <PublicLayout>
      <CenteredContent className="max-w-xl!">
        {sessionId !== '' && checkout.isPending ? (
          <Spinner label="Je aankoop laden..." className="py-16" />
        ) : lookup && purchase ? (
          <PurchaseConfirmation
            sessionId={sessionId}
            purchase={purchase}
            pending={
              isPaid
                ? undefined
                : {
                    notice: lookup.notice ?? MESSAGES.paymentNotConfirmed,
                    onCheckAgain: () => void checkout.refetch(),
                    isChecking: checkout.isFetching,
                    isDeclined: lookup.isDeclined,
                  }
            }
          />
        ) : (
          <PurchaseFailed />
        )}
      </CenteredContent>
    </PublicLayout>
  );
}
