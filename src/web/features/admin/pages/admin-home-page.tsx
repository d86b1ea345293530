import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../lib/use-page-title';
import { matchesQueryOptions } from '../../matches/api/matches';
import { matchmakersQueryOptions } from '../../matchmakers/api/matchmakers';
import { clientsToReassignQueryOptions } from '../api/admin';
import { ClientsToReassignList } from '../components/clients-to-reassign';
import { MatchesByStatus } from '../components/matches-by-status';
import { MatchmakersOverview } from '../components/matchmakers-overview';

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card className="max-sm:p-5!">
      <section aria-labelledby={id}>
        <h2 id={id} className="mb-4 text-lg font-semibold text-stone-900">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

/** /admin: the admin's home, from the APIs an admin may call today (the admin console follows). */
export function AdminHomePage() {
  usePageTitle('Beheer');
  const matches = useQuery(matchesQueryOptions());
  const matchmakers = useQuery(matchmakersQueryOptions);
  const toReassign = useQuery(clientsToReassignQueryOptions);

  return (
    <>
      <PageHeader title="Beheer" description="De matches van het bureau en de actieve matchmakers." />
      <div className="grid gap-6 lg:grid-cols-2">
        {/* Issue 26: shown first while a deactivated matchmaker still has clients. */}
        {toReassign.isError ? (
          <Section title="Klanten om toe te wijzen" id="beheer-toewijzen">
            <LoadError error={toReassign.error} onRetry={() => void toReassign.refetch()} />
          </Section>
        ) : toReassign.data && toReassign.data.length > 0 ? (
          <Section title="Klanten om toe te wijzen" id="beheer-toewijzen">
            <ClientsToReassignList matchmakers={toReassign.data} />
          </Section>
        ) : null}
        <Section title="Matches per status" id="beheer-matches">
          {matches.isPending ? (
            <Spinner label="Matches laden..." className="items-start" />
          ) : matches.isError ? (
            <LoadError error={matches.error} onRetry={() => void matches.refetch()} />
          ) : (
            <MatchesByStatus matches={matches.data} />
          )}
        </Section>
        <Section title="Matchmakers" id="beheer-matchmakers">
          {matchmakers.isPending ? (
            <Spinner label="Matchmakers laden..." className="items-start" />
          ) : matchmakers.isError ? (
            <LoadError error={matchmakers.error} onRetry={() => void matchmakers.refetch()} />
          ) : (
            <MatchmakersOverview matchmakers={matchmakers.data} />
          )}
        </Section>
      </div>
    </>
  );
}
