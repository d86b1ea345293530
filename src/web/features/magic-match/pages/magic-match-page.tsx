import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { waitingLabel } from '../../../../shared/magic-match';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { ContentSpinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { AppLink } from '../../../lib/app-link';
import { usePageTitle } from '../../../lib/use-page-title';
import { pickerQueryOptions } from '../api/magic-match';

/** /matchmaker/magic-match: pick a client, from the list of those waiting or by name. */
export function MagicMatchPage() {
  usePageTitle('Magic Match');
  const [search, setSearch] = useState('');
  const clients = useQuery(pickerQueryOptions(search.trim().length >= 2 ? search : ''));
  return (
    <>
      <PageHeader
        title="Magic Match"
        description="Kies een klant: Koppel zoekt de best passende kandidaten, met de redenen erbij."
      />
      <TextField
        type="search"
        label="Zoek een klant op naam"
        hint="Zonder zoekterm zie je je klanten die actief zijn voor matching en geen open voorstel hebben, wie het langst wacht eerst."
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        className="mb-6 max-w-md"
      />
      {clients.isPending ? (
        <ContentSpinner label="Klanten laden..." />
      ) : clients.isError ? (
        <LoadError error={clients.error} onRetry={() => clients.refetch()} />
      ) : clients.data.length === 0 ? (
        <Card>
          <p className="text-stone-700">
            {search.trim()
              ? 'Geen klant met die naam die actief is voor matching.'
              : 'Geen klanten die op een voorstel wachten. Klanten verschijnen hier na hun intake.'}
          </p>
        </Card>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {clients.data.map((client) => (
            <li key={client.id}>
              <AppLink
                to={`/matchmaker/clients/${client.id}/magic-match-overview`}
                className="block rounded-2xl border border-stone-200 bg-white p-4 shadow-sm hover:border-brand-700 focus-visible:border-brand-700"
              >
                <span className="block font-semibold text-stone-900">{client.full_name ?? 'Klant'}</span>
                <span className="block text-sm text-stone-700">
                  {[client.tier, client.age !== null ? `${client.age} jaar` : null, client.region]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                <span className="mt-1 block text-sm text-stone-600">
                  {client.open_proposal ? 'Heeft een open voorstel' : waitingLabel(client.waiting_since)}
                  {client.profile_ready ? '' : ' · profiel onvolledig'}
                </span>
              </AppLink>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
