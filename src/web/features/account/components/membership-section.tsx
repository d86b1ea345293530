import { useEffect, useRef, useState } from 'react';
import type { UserProfile } from '../../../../shared/account';
import { DOWNGRADE_TIER } from '../../../../shared/domain';
import { formatDate } from '../../../../shared/format';
import { canCancelSubscription } from '../../../../shared/payments';
import { ROUTES } from '../../../../shared/routes';
import { tierInfo } from '../../../../shared/tiers';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api';
import { useCancelSubscription } from '../api/cancel-subscription';

const FREE_TIER_TEXT = `Je hebt het gratis ${DOWNGRADE_TIER}-lidmaatschap.`;

/** The running paid tier: until when it runs (or can be renewed). */
function RunningMembership({ profile }: { profile: UserProfile }) {
  const name = tierInfo(profile.tier).name;
  if (profile.subscription_status === 'grace_period') {
    return (
      <p className="mt-1 text-stone-700">
        Je lidmaatschap <strong className="text-stone-900">{name}</strong> is afgelopen
        {profile.subscription_ends_at ? ` op ${formatDate(profile.subscription_ends_at)}` : ''}.
        {profile.grace_period_end_date
          ? ` Je kunt het nog verlengen tot ${formatDate(profile.grace_period_end_date)}.`
          : ' Je kunt het nog even verlengen.'}
      </p>
    );
  }
  return (
    <p className="mt-1 text-stone-700">
      Je hebt het lidmaatschap <strong className="text-stone-900">{name}</strong>
      {profile.subscription_ends_at ? `, actief tot ${formatDate(profile.subscription_ends_at)}` : ''}. Het
      wordt niet automatisch verlengd.
    </p>
  );
}

/** Any other state: the free tier, or a tier that has ended (announced when it was cancelled just now). */
function OtherMembership({ profile, isJustCancelled }: { profile: UserProfile; isJustCancelled: boolean }) {
  const ended =
    profile.subscription_status === 'cancelled'
      ? 'Je lidmaatschap is opgezegd. '
      : profile.subscription_status === 'expired'
        ? 'Je lidmaatschap is verlopen. '
        : '';
  const current =
    profile.tier === DOWNGRADE_TIER
      ? FREE_TIER_TEXT
      : `Je hebt het lidmaatschap ${tierInfo(profile.tier).name}.`;
  return (
    <>
      {isJustCancelled ? (
        <Alert tone="success" className="mt-2">
          {ended}
          {current}
        </Alert>
      ) : (
        <p className="mt-1 text-stone-700">
          {ended}
          {current}
        </p>
      )}
      <ButtonLink to={ROUTES.products} variant="secondary" className="mt-3">
        Bekijk de lidmaatschappen
      </ButtonLink>
    </>
  );
}

interface CancelDialogProps {
  profile: UserProfile;
  isOpen: boolean;
  isBusy: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

function CancelDialog({ profile, isOpen, isBusy, error, onConfirm, onClose }: CancelDialogProps) {
  const name = tierInfo(profile.tier).name;
  const runsUntil =
    profile.subscription_status === 'active' && profile.subscription_ends_at
      ? `, ook al loopt je lidmaatschap nog tot ${formatDate(profile.subscription_ends_at)}`
      : '';
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="Lidmaatschap opzeggen?">
      <div className="flex flex-col gap-3 text-stone-800">
        <p>
          Als je opzegt, ga je <strong>meteen</strong> terug naar het gratis {DOWNGRADE_TIER}-lidmaatschap en
          verlies je de voordelen van {name}
          {runsUntil}.
        </p>
        <p>
          Je matchmaker stelt je dan geen nieuwe matches meer voor en openstaande voorstellen vervallen. Dates
          die al aanvaard of gepland zijn, gaan gewoon door.
        </p>
        <p>Je eenmalige betaling wordt niet terugbetaald.</p>
      </div>
      {error !== null && <Alert className="mt-4">{errorMessage(error)}</Alert>}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={isBusy}>
          Lidmaatschap behouden
        </Button>
        <Button variant="danger" isBusy={isBusy} onClick={onConfirm}>
          Ja, opzeggen
        </Button>
      </div>
    </Dialog>
  );
}

/** Settings › Lidmaatschap, for clients: the tier and its end date, and cancelling a running paid tier. */
export function MembershipSection({ profile }: { profile: UserProfile }) {
  const cancel = useCancelSubscription();
  const [isConfirming, setIsConfirming] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const canCancel = canCancelSubscription(profile);
  const hasCancelled = cancel.isSuccess;

  // The button that opened the dialog is gone once cancelled: put focus where the news is.
  useEffect(() => {
    if (hasCancelled) headingRef.current?.focus();
  }, [hasCancelled]);

  const openDialog = () => {
    cancel.reset();
    setIsConfirming(true);
  };

  return (
    <section aria-labelledby="lidmaatschap-titel">
      <h2
        id="lidmaatschap-titel"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-stone-900 outline-none"
      >
        Lidmaatschap
      </h2>
      {canCancel ? (
        <>
          <RunningMembership profile={profile} />
          <div className="mt-3 flex flex-wrap gap-3">
            {profile.subscription_status === 'grace_period' && (
              <ButtonLink to={ROUTES.products}>Lidmaatschap verlengen</ButtonLink>
            )}
            <Button variant="secondary" onClick={openDialog}>
              Lidmaatschap opzeggen
            </Button>
          </div>
        </>
      ) : (
        <OtherMembership profile={profile} isJustCancelled={hasCancelled} />
      )}
      <CancelDialog
        profile={profile}
        isOpen={isConfirming && !hasCancelled}
        isBusy={cancel.isPending}
        error={cancel.error}
        onConfirm={() => cancel.mutate()}
        onClose={() => setIsConfirming(false)}
      />
    </section>
  );
}
