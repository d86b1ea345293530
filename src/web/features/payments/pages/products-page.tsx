import type { UserProfile } from '../../../../shared/account';
import {
  DOWNGRADE_TIER,
  GRACE_PERIOD_DAYS,
  PAID_TIER_TERM_MONTHS,
  type Tier,
} from '../../../../shared/domain';
import { formatDate } from '../../../../shared/format';
import { canBuyTier } from '../../../../shared/payments';
import { TIER_CATALOGUE } from '../../../../shared/tiers';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useStartCheckout } from '../api/start-checkout';
import { TierCard } from '../components/tier-card';

/** The line on the client's own tier: until when it runs, or until when it can be renewed. */
function currentTierNote(profile: UserProfile) {
  if (profile.subscription_status === 'active' && profile.subscription_ends_at) {
    return <>Actief tot {formatDate(profile.subscription_ends_at)}.</>;
  }
  if (profile.subscription_status === 'grace_period') {
    return profile.grace_period_end_date ? (
      <>
        Je lidmaatschap is afgelopen. Verleng vóór {formatDate(profile.grace_period_end_date)} om het te
        behouden.
      </>
    ) : (
      <>Je lidmaatschap is afgelopen. Verleng het om het te behouden.</>
    );
  }
  return undefined;
}

function PaymentTerms() {
  return (
    <section
      aria-labelledby="betalen-titel"
      className="mb-6 rounded-2xl border border-sky-200 bg-sky-50 px-5 py-4 text-sky-950"
    >
      <h2 id="betalen-titel" className="font-semibold">
        Eenmalige betaling, geen automatische verlenging
      </h2>
      <p className="mt-1 text-sm leading-relaxed">
        Je betaalt één keer; er wordt nooit automatisch geld afgeschreven. Een betalend lidmaatschap loopt{' '}
        {PAID_TIER_TERM_MONTHS} maanden. Stap je over naar een hoger lidmaatschap terwijl je huidige nog
        loopt, dan komen de {PAID_TIER_TERM_MONTHS} maanden bovenop je huidige looptijd. Na afloop heb je nog{' '}
        {GRACE_PERIOD_DAYS} dagen om te verlengen; doe je dat niet, dan ga je terug naar het gratis{' '}
        {DOWNGRADE_TIER}-lidmaatschap.
      </p>
    </section>
  );
}

/** /dashboard/producten: the four tiers, the client's own marked, and a button for each tier they may buy. */
export function ProductsPage() {
  usePageTitle('Diensten');
  const { profile } = useSession();
  const checkout = useStartCheckout();
  // Busy from the click until the browser has left for the payment page.
  const busyTier: Tier | undefined =
    checkout.isPending || checkout.isSuccess ? checkout.variables?.tier : undefined;

  const buy = (tier: Tier) => {
    checkout.reset();
    checkout.mutate({ tier });
  };

  return (
    <>
      <PageHeader title="Diensten" description="Kies het lidmaatschap dat bij je past." />
      <PaymentTerms />
      <ul className="grid gap-6 sm:grid-cols-2 2xl:grid-cols-4">
        {TIER_CATALOGUE.map((info) => {
          const isCurrent = info.tier === profile.tier;
          const canBuy = canBuyTier(profile, info.tier);
          const hasFailed = checkout.isError && checkout.variables?.tier === info.tier;
          return (
            <li key={info.tier}>
              <TierCard
                info={info}
                isCurrent={isCurrent}
                note={isCurrent ? currentTierNote(profile) : undefined}
                action={
                  canBuy && (
                    <>
                      <Button
                        size="lg"
                        className="w-full"
                        isBusy={busyTier === info.tier}
                        disabled={busyTier !== undefined}
                        onClick={() => buy(info.tier)}
                      >
                        {isCurrent ? 'Verlengen' : `Kies ${info.name}`}
                      </Button>
                      {hasFailed && <Alert>{errorMessage(checkout.error)}</Alert>}
                    </>
                  )
                }
              />
            </li>
          );
        })}
      </ul>
    </>
  );
}
