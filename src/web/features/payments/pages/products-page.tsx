import { useState } from 'react';
import type { UserProfile } from '../../../../shared/account';
import {
  DOWNGRADE_TIER,
  GRACE_PERIOD_DAYS,
  PAID_TIER_TERM_MONTHS,
  type Tier,
} from '../../../../shared/domain';
import { formatDate } from '../../../../shared/format';
import { WITHDRAWAL_DAYS } from '../../../../shared/money';
import { canBuyTier } from '../../../../shared/payments';
import { ROUTES } from '../../../../shared/routes';
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

/**
 * Decision 031: the terms, and the express request to start within the withdrawal period with
 * what it means, both asked before any checkout (the server refuses one without them).
 */
function CheckoutConsent({
  terms,
  startNow,
  onTerms,
  onStartNow,
  missing,
}: {
  terms: boolean;
  startNow: boolean;
  onTerms: (value: boolean) => void;
  onStartNow: (value: boolean) => void;
  missing: boolean;
}) {
  const box = 'mt-1 size-5 shrink-0 accent-brand-700';
  return (
    <fieldset
      className="mb-6 rounded-2xl border border-stone-200 bg-white px-5 py-4"
      aria-describedby="toestemming-uitleg"
    >
      <legend className="px-1 font-semibold text-stone-900">Voor je betaalt</legend>
      <p id="toestemming-uitleg" className="text-sm leading-relaxed text-stone-700">
        Je hebt {WITHDRAWAL_DAYS} dagen om een aankoop te herroepen, onder "Mijn aankopen". Wil je dat we
        meteen starten (je intake plannen, matches zoeken), dan vraag je dat hieronder uitdrukkelijk.
      </p>
      <label className="mt-3 flex gap-3 text-stone-900">
        <input type="checkbox" className={box} checked={terms} onChange={(e) => onTerms(e.target.checked)} />
        <span>
          Ik aanvaard de{' '}
          <a
            href={ROUTES.terms}
            target="_blank"
            rel="noopener"
            className="font-semibold text-brand-800 underline underline-offset-2"
          >
            algemene voorwaarden<span className="sr-only"> (opent in een nieuw tabblad)</span>
          </a>
          .
        </span>
      </label>
      <label className="mt-3 flex gap-3 text-stone-900">
        <input
          type="checkbox"
          className={box}
          checked={startNow}
          onChange={(e) => onStartNow(e.target.checked)}
        />
        <span>
          Ik vraag uitdrukkelijk dat Koppel meteen start, binnen de herroepingstermijn van {WITHDRAWAL_DAYS}{' '}
          dagen. Ik weet dat ik bij herroeping betaal voor wat al geleverd is, naar verhouding van de hele
          dienst.
        </span>
      </label>
      {missing && (
        <Alert className="mt-3">Vink eerst beide vakjes aan om verder te gaan naar de betaling.</Alert>
      )}
    </fieldset>
  );
}

/** /dashboard/producten: the four tiers, the client's own marked, and a button for each tier they may buy. */
export function ProductsPage() {
  usePageTitle('Diensten');
  const { profile } = useSession();
  const checkout = useStartCheckout();
  const [terms, setTerms] = useState(false);
  const [startNow, setStartNow] = useState(false);
  const [missing, setMissing] = useState(false);
  // Busy from the click until the browser has left for the payment page.
  const busyTier: Tier | undefined =
    checkout.isPending || checkout.isSuccess ? checkout.variables?.tier : undefined;

  const buy = (tier: Tier) => {
    checkout.reset();
    if (!terms || !startNow) {
      setMissing(true);
      return;
    }
    setMissing(false);
    checkout.mutate({ tier, accept_terms: true, start_now: true });
  };
  const anyBuyable = TIER_CATALOGUE.some((info) => canBuyTier(profile, info.tier));

  return (
    <>
      <PageHeader title="Diensten" description="Kies het lidmaatschap dat bij je past." />
      <PaymentTerms />
      {anyBuyable && (
        <CheckoutConsent
          terms={terms}
          startNow={startNow}
          onTerms={(value) => {
            setTerms(value);
            if (value && startNow) setMissing(false);
          }}
          onStartNow={(value) => {
            setStartNow(value);
            if (value && terms) setMissing(false);
          }}
          missing={missing}
        />
      )}
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
