import { formatDate } from '../../../../shared/format';
import { ROUTES } from '../../../../shared/routes';
import { tierInfo } from '../../../../shared/tiers';
import {
  CONTRACT_STATUS_LABELS,
  NO_SUBSCRIPTION_LABEL,
  SUBSCRIPTION_STATUS_LABELS,
} from '../../../../shared/web-labels';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DetailRow } from '../../../components/ui/detail-row';
import { PageHeader } from '../../../components/ui/page-header';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';

const NEXT_STEPS = [
  {
    to: ROUTES.profileForm,
    title: 'Vul je profiel aan',
    text: 'Hoe beter we je kennen, hoe beter de match.',
  },
  { to: ROUTES.intakePlanning, title: 'Plan je intakegesprek', text: 'Maak kennis met je matchmaker.' },
  { to: ROUTES.products, title: 'Bekijk onze diensten', text: 'Kies de begeleiding die bij je past.' },
] as const;

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
        <Card>
          <h2 className="text-lg font-semibold text-stone-900">Volgende stappen</h2>
          <ul className="mt-4 flex flex-col gap-4">
            {NEXT_STEPS.map((step) => (
              <li key={step.to}>
                <p className="font-semibold text-stone-900">{step.title}</p>
                <p className="text-sm text-stone-700">{step.text}</p>
              </li>
            ))}
          </ul>
          <ButtonLink to={ROUTES.products} variant="secondary" className="mt-6 w-full">
            Diensten bekijken
          </ButtonLink>
        </Card>
      </div>
    </>
  );
}
