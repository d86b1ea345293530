import { useQuery } from '@tanstack/react-query';
import { ROUTES } from '../../../../shared/routes';
import { Alert } from '../../../components/ui/alert';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { ContentSpinner } from '../../../components/ui/spinner';
import { AppLink } from '../../../lib/app-link';
import { useNow } from '../../../lib/use-now';
import { usePageTitle } from '../../../lib/use-page-title';
import { myMatchesQueryOptions } from '../api/my-matches';
import { proposedMatchesQueryOptions } from '../api/proposed-matches';
import { ProposalCard } from '../components/proposal-card';

/** /dashboard/proposed-matches: a card per open proposal, to accept or reject. */
export function ProposedMatchesPage() {
  usePageTitle('Voorgestelde matches');
  const now = useNow();
  const proposals = useQuery(proposedMatchesQueryOptions);
  const accepted = useQuery(myMatchesQueryOptions);
  const waitingForDate = accepted.data?.filter((match) => match.status !== 'completed') ?? [];

  return (
    <>
      <PageHeader
        title="Voorgestelde matches"
        description="Je matchmaker stelt je voor aan iemand die bij je past. Je hebt 7 dagen om te antwoorden."
      />
      {waitingForDate.length > 0 && (
        <Alert tone="success" className="mb-6">
          Jullie hebben allebei ja gezegd tegen een match.{' '}
          <AppLink to={ROUTES.matchAccepted} className="font-semibold underline underline-offset-2">
            Bekijk wat er nu gebeurt
          </AppLink>
        </Alert>
      )}
      {proposals.isPending ? (
        <ContentSpinner label="Voorstellen laden..." />
      ) : proposals.isError ? (
        <LoadError error={proposals.error} onRetry={() => void proposals.refetch()} />
      ) : proposals.data.length === 0 ? (
        <Card>
          <h2 className="text-lg font-semibold text-stone-900">Geen voorstellen op dit moment</h2>
          <p className="mt-2 text-stone-700">
            Zodra je matchmaker iemand voor je vindt, zie je het voorstel hier en krijg je een e-mail.
          </p>
          <ButtonLink to={ROUTES.profileOverview} variant="secondary" className="mt-4">
            Je profiel bekijken
          </ButtonLink>
        </Card>
      ) : (
        <ul className="flex flex-col gap-6">
          {proposals.data.map((proposal) => (
            <li key={proposal.id}>
              <ProposalCard proposal={proposal} now={now} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
