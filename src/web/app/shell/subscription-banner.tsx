import type { UserProfile } from '../../../shared/account';
import { DOWNGRADE_TIER } from '../../../shared/domain';
import { daysRemaining, formatDate } from '../../../shared/format';
import { ROUTES } from '../../../shared/routes';
import { ButtonLink } from '../../components/ui/button';

type BannerProfile = Pick<UserProfile, 'subscription_status' | 'grace_period_end_date' | 'tier'>;

/** The subscription banner of spec section 4, from the profile's subscription_status. */
export function SubscriptionBanner({ profile }: { profile: BannerProfile }) {
  const status = profile.subscription_status;

  if (status === 'grace_period') {
    const endDate = profile.grace_period_end_date;
    const days = endDate ? daysRemaining(endDate) : 0;
    return (
      <div className="mb-6 flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-semibold">
            Je abonnement is afgelopen. Nog {days} {days === 1 ? 'dag' : 'dagen'} om te verlengen.
          </p>
          <p className="mt-1 text-sm">
            {endDate ? `Verleng vóór ${formatDate(endDate)}` : 'Verleng binnenkort'} om je {profile.tier}
            -voordelen te behouden; daarna ga je terug naar {DOWNGRADE_TIER}.
          </p>
        </div>
        <ButtonLink to={ROUTES.products} className="shrink-0">
          Abonnement verlengen
        </ButtonLink>
      </div>
    );
  }

  if (status === 'expired' || status === 'cancelled') {
    return (
      <div className="mb-6 flex flex-col gap-3 rounded-2xl border border-red-300 bg-red-50 p-4 text-red-950 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-semibold">
            {status === 'expired' ? 'Je abonnement is verlopen.' : 'Je abonnement is opgezegd.'} Je
            lidmaatschap is teruggezet naar {DOWNGRADE_TIER}.
          </p>
          <p className="mt-1 text-sm">Premiumfuncties zijn niet langer beschikbaar.</p>
        </div>
        <ButtonLink to={ROUTES.products} className="shrink-0">
          Upgrade je lidmaatschap
        </ButtonLink>
      </div>
    );
  }

  return null;
}
