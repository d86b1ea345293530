import { useId, useState } from 'react';
import type { ClientSearchResult } from '../../../../shared/clients';
import { CONTRACT_STATUS_LABELS } from '../../../../shared/web-labels';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api';
import { useClientSearch } from '../api/matches';

function clientFacts(client: ClientSearchResult): string {
  return [
    client.tier,
    client.age === null ? null : `${client.age} jaar`,
    client.region,
    CONTRACT_STATUS_LABELS[client.contract_status],
    client.assigned_matchmaker_name ? `matchmaker ${client.assigned_matchmaker_name}` : 'geen matchmaker',
  ]
    .filter(Boolean)
    .join(' · ');
}

interface ClientPickerProps {
  label: string;
  selected: ClientSearchResult | null;
  onSelect: (client: ClientSearchResult | null) => void;
  /** A client that may not be picked (the other side of the match). */
  excludeId?: string;
}

/** Finds a client by name (from 2 letters) and keeps the one chosen. */
export function ClientPicker({ label, selected, onSelect, excludeId }: ClientPickerProps) {
  const [search, setSearch] = useState('');
  const resultsId = useId();
  const results = useClientSearch(search);
  const options = (results.data ?? []).filter((client) => client.id !== excludeId);

  if (selected) {
    return (
      <div className="rounded-xl border border-brand-200 bg-brand-50 px-4 py-3">
        <p className="text-sm font-semibold text-stone-800">{label}</p>
        <p className="mt-1 font-semibold text-stone-900">{selected.full_name ?? selected.email}</p>
        <p className="text-sm text-stone-700">{clientFacts(selected)}</p>
        <Button variant="ghost" className="mt-2 -ml-3" onClick={() => onSelect(null)}>
          Andere klant kiezen
        </Button>
      </div>
    );
  }

  const q = search.trim();
  return (
    <div>
      <TextField
        label={label}
        type="search"
        placeholder="Typ een naam"
        autoComplete="off"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        hint="Minstens 2 letters."
        aria-controls={resultsId}
      />
      <div id={resultsId} aria-live="polite" className="mt-2">
        {q.length >= 2 &&
          (results.isPending ? (
            <Spinner label="Klanten zoeken..." className="items-start py-2" />
          ) : results.isError ? (
            <Alert>{errorMessage(results.error)}</Alert>
          ) : options.length === 0 ? (
            <p className="text-sm text-stone-700">Geen klanten gevonden voor '{q}'.</p>
          ) : (
            <ul className="flex max-h-64 flex-col divide-y divide-stone-200 overflow-y-auto rounded-xl border border-stone-200">
              {options.map((client) => {
                const name = client.full_name ?? client.email ?? 'Klant';
                return (
                  <li key={client.id} className="flex items-center justify-between gap-3 px-3 py-2">
                    <div className="min-w-0">
                      <p className="truncate font-semibold text-stone-900">{name}</p>
                      <p className="text-xs text-stone-700">{clientFacts(client)}</p>
                    </div>
                    <Button variant="secondary" onClick={() => onSelect(client)}>
                      Kies<span className="sr-only"> {name}</span>
                    </Button>
                  </li>
                );
              })}
            </ul>
          ))}
      </div>
    </div>
  );
}
