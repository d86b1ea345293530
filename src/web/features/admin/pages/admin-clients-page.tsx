import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ROUTES } from '../../../../shared/routes';
import { CONTRACT_STATUS_LABELS } from '../../../../shared/web-labels';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { AppLink } from '../../../lib/app-link';
import { usePageTitle } from '../../../lib/use-page-title';
import { clientSearchQueryOptions } from '../api/admin';
import { AdminSection } from '../components/section';

/** /admin/klanten: search every client by name; each opens the admin's client page. */
export function AdminClientsPage() {
  usePageTitle('Klanten');
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const query = params.get('q') ?? '';
  const results = useQuery(clientSearchQueryOptions(query));

  return (
    <>
      <PageHeader
        title="Klanten"
        description="Zoek een klant om lidmaatschap, betalingen, matchmaker en historiek te zien."
      />
      <AdminSection title="Zoeken" id="beheer-zoeken">
        <form
          aria-label="Klanten zoeken"
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            setParams(q.trim() ? { q: q.trim() } : {});
          }}
        >
          <TextField
            label="Naam van de klant"
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            hint="Minstens 2 letters."
            className="min-w-0 flex-1"
          />
          <button
            type="submit"
            className="mb-7 inline-flex min-h-11 items-center rounded-xl bg-brand-800 px-4 font-semibold text-white hover:bg-brand-900"
          >
            Zoeken
          </button>
        </form>
        <div className="mt-4" aria-live="polite">
          {query.length < 2 ? (
            <p className="text-stone-700">Typ een naam om te zoeken.</p>
          ) : results.isPending ? (
            <Spinner label="Klanten zoeken..." className="items-start" />
          ) : results.isError ? (
            <LoadError error={results.error} onRetry={() => void results.refetch()} />
          ) : results.data.length === 0 ? (
            <p className="text-stone-700">Geen klanten gevonden voor '{query}'.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-stone-200">
              {results.data.map((client) => (
                <li key={client.id} className="py-3 first:pt-0 last:pb-0">
                  <AppLink
                    to={`${ROUTES.adminClients}/${client.id}`}
                    className="font-semibold break-words text-brand-800 underline"
                  >
                    {client.full_name ?? 'Naamloze klant'}
                  </AppLink>
                  <p className="text-sm break-words text-stone-700">
                    {[
                      client.email,
                      client.tier,
                      CONTRACT_STATUS_LABELS[client.contract_status],
                      client.assigned_matchmaker_name
                        ? `Matchmaker: ${client.assigned_matchmaker_name}`
                        : 'Geen matchmaker',
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
      </AdminSection>
    </>
  );
}
