import { formatDate } from '../../../../shared/format';
import { tierInfo } from '../../../../shared/tiers';
import {
  CONTRACT_STATUS_LABELS,
  NO_SUBSCRIPTION_LABEL,
  SUBSCRIPTION_STATUS_LABELS,
} from '../../../../shared/web-labels';
import { Card } from '../../../components/ui/card';
import { DetailRow } from '../../../components/ui/detail-row';
import { PageHeader } from '../../../components/ui/page-header';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { NextStepsCard } from '../components/next-steps-card';

/** /dashboard: the client's own account data from /api/me. */
export function AccountOverviewPage() {
  usePageTitle('Mijn account');
  const { user, profile } = useSession();
  const tier = tierInfo(profile.tier);
  const status = profile.subscription_status;

  return (
    <>
      <PageHeader title="Mijn account" description="Je gegevens en lidmaatschap in één oogopslag." />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <h2 className="text-lg font-semibold text-stone-900">Je gegevens</h2>
          <dl className="mt-4">
            <DetailRow label="Naam">{profile.full_name || 'Nog niet ingevuld'}</DetailRow>
            <DetailRow label="E-mailadres">{user.email}</DetailRow>
            <DetailRow label="Lidmaatschap">
              <span className="font-semibold">{tier.name}</span>
              <span className="block text-sm text-stone-700">{tier.description}</span>
            </DetailRow>
            <DetailRow label="Abonnement">
              {status ? SUBSCRIPTION_STATUS_LABELS[status] : NO_SUBSCRIPTION_LABEL}
            </DetailRow>
            {profile.subscription_ends_at && (
              <DetailRow label="Loopt tot">{formatDate(profile.subscription_ends_at)}</DetailRow>
            )}
            <DetailRow label="Status">{CONTRACT_STATUS_LABELS[profile.contract_status]}</DetailRow>
            <DetailRow label="Lid sinds">{formatDate(profile.created_at)}</DetailRow>
          </dl>
        </Card>
        <NextStepsCard profile={profile} />
      </div>
    </>
  );
}
