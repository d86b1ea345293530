import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../../../shared/format';
import { ROUTES } from '../../../../shared/routes';
import { tierInfo } from '../../../../shared/tiers';
import {
  CONTRACT_STATUS_LABELS,
  NO_SUBSCRIPTION_LABEL,
  SUBSCRIPTION_STATUS_LABELS,
} from '../../../../shared/web-labels';
import { Card } from '../../../components/ui/card';
import { DetailRow } from '../../../components/ui/detail-row';
import { PageHeader } from '../../../components/ui/page-header';
import { AppLink } from '../../../lib/app-link';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { matchmakersQueryOptions } from '../../matchmakers/api/matchmakers';
import { NextStepsCard } from '../components/next-steps-card';
import { PackageDatesCard } from '../components/package-dates-card';

/** The client's matchmaker by name, or the way to choose one. */
function YourMatchmaker({ matchmakerId }: { matchmakerId: string | null }) {
  const matchmakers = useQuery({ ...matchmakersQueryOptions, enabled: Boolean(matchmakerId) });
  if (!matchmakerId) {
    return (
      <AppLink to={ROUTES.matchmakers} className="font-semibold text-brand-800 underline">
        Kies je matchmaker
      </AppLink>
    );
  }
  if (matchmakers.isPending) return <span className="text-stone-700">Laden...</span>;
  const mine = matchmakers.data?.find((matchmaker) => matchmaker.id === matchmakerId);
  return (
    <AppLink to={ROUTES.matchmakers} className="font-semibold text-brand-800 underline">
      {mine?.full_name ?? 'Je matchmaker'}
    </AppLink>
  );
}

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
            <DetailRow label="Status">
              {CONTRACT_STATUS_LABELS[profile.contract_status]}
              {profile.contract_status === 'ended' && (
                // Issue 26 (decision 024): matching stopped with the paid term, and how it resumes.
                <span className="block text-sm text-stone-700">
                  Zonder lopend lidmaatschap krijg je geen nieuwe matchvoorstellen. Met een nieuw lidmaatschap
                  zoekt je matchmaker weer mee.
                </span>
              )}
            </DetailRow>
            <DetailRow label="Matchmaker">
              <YourMatchmaker matchmakerId={profile.assigned_matchmaker_id} />
            </DetailRow>
            <DetailRow label="Lid sinds">{formatDate(profile.created_at)}</DetailRow>
          </dl>
        </Card>
        <NextStepsCard profile={profile} />
        <PackageDatesCard />
      </div>
    </>
  );
}
