import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { MATCH_STATUS_LABELS, MATCH_STATUSES, type MatchStatus } from '../../../../shared/domain';
import { formatDate, formatDateTime } from '../../../../shared/format';
import type { Match } from '../../../../shared/matches';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { ContentSpinner } from '../../../components/ui/spinner';
import { SelectField, TextField } from '../../../components/ui/text-field';
import { usePageTitle } from '../../../lib/use-page-title';
import { matchDetailQueryOptions, matchesQueryOptions } from '../api/matches';
import { MatchDetail } from '../components/match-detail';
import { MatchStatusBadge } from '../components/match-status-badge';
import { NewMatchDialog } from '../components/new-match-dialog';

const clientName = (client: Match['client1']) => client.full_name ?? client.email ?? 'Klant';
const pairName = (match: Match) => `${clientName(match.client1)} & ${clientName(match.client2)}`;

/** Case- and accent-insensitive, so "zoe" finds "Zoë". */
function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

function matchesSearch(match: Match, search: string): boolean {
  const needle = normalise(search.trim());
  if (!needle) return true;
  return [match.client1, match.client2].some((client) =>
    normalise(`${client.full_name ?? ''} ${client.email ?? ''}`).includes(needle),
  );
}

function MatchSummaryLine({ match }: { match: Match }) {
  if (match.status === 'proposed' && match.response_deadline) {
    return <>Antwoord uiterlijk {formatDateTime(match.response_deadline)}</>;
  }
  if (match.status === 'scheduled' && match.scheduled_at)
    return <>Date op {formatDateTime(match.scheduled_at)}</>;
  return <>Voorgesteld op {formatDate(match.proposed_to_clients_at ?? match.created_at)}</>;
}

function isMatchStatus(value: string | null): value is MatchStatus {
  return MATCH_STATUSES.includes(value as MatchStatus);
}

/** /matchmaker/matches: every match the matchmaker may see, a new proposal, and each match's detail. */
export function MatchmakerMatchesPage() {
  usePageTitle('Matches');
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = isMatchStatus(statusParam) ? statusParam : undefined;
  const openMatchId = params.get('match');
  const [search, setSearch] = useState('');
  const [isCreating, setIsCreating] = useState(false);
  const [created, setCreated] = useState<string>();
  const matches = useQuery(matchesQueryOptions(status));

  const updateParams = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  const visible = (matches.data ?? []).filter((match) => matchesSearch(match, search));
  const openMatch = useQuery({
    ...matchDetailQueryOptions(openMatchId ?? ''),
    enabled: Boolean(openMatchId),
  });

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader title="Matches" description="Stel matches voor en volg ze op tot na de date." />
        <Button onClick={() => setIsCreating(true)}>Nieuwe match</Button>
      </div>
      {created && (
        <Alert tone="success" className="mb-6">
          {created}
        </Alert>
      )}

      <div className="mb-6 grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Status"
          value={status ?? ''}
          onChange={(event) => updateParams({ status: event.target.value || null })}
        >
          <option value="">Alle statussen</option>
          {MATCH_STATUSES.map((value) => (
            <option key={value} value={value}>
              {MATCH_STATUS_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Zoek op naam"
          type="search"
          placeholder="Naam of e-mailadres van een klant"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>

      {matches.isPending ? (
        <ContentSpinner label="Matches laden..." />
      ) : matches.isError ? (
        <LoadError error={matches.error} onRetry={() => void matches.refetch()} />
      ) : visible.length === 0 ? (
        <Card>
          <h2 className="text-lg font-semibold text-stone-900">Geen matches gevonden</h2>
          <p className="mt-2 text-stone-700">
            {matches.data.length === 0 && !status
              ? 'Je hebt nog geen matches. Stel je eerste match voor met de knop hierboven.'
              : 'Geen matches met deze status of naam. Pas de filter of de zoekterm aan.'}
          </p>
        </Card>
      ) : (
        <>
          <p className="mb-3 text-sm text-stone-700" aria-live="polite">
            {visible.length === 1 ? '1 match' : `${visible.length} matches`}
          </p>
          <ul className="flex flex-col gap-3">
            {visible.map((match) => (
              <li
                key={match.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-stone-200 bg-white px-4 py-3 shadow-sm sm:px-5"
              >
                <div className="min-w-0">
                  <h2 className="font-semibold text-stone-900">{pairName(match)}</h2>
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-700">
                    <MatchStatusBadge status={match.status} />
                    <span>
                      <MatchSummaryLine match={match} />
                    </span>
                  </p>
                </div>
                <Button variant="secondary" onClick={() => updateParams({ match: match.id })}>
                  Details<span className="sr-only"> van {pairName(match)}</span>
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}

      <NewMatchDialog
        isOpen={isCreating}
        onClose={() => setIsCreating(false)}
        onCreated={(match) => {
          setCreated(`Match voorgesteld: ${pairName(match)}. Beide klanten krijgen een e-mail.`);
          updateParams({ match: match.id, status: null });
        }}
      />
      <Dialog
        isOpen={Boolean(openMatchId)}
        onClose={() => updateParams({ match: null })}
        title={openMatch.data ? pairName(openMatch.data.match) : 'Match'}
        size="wide"
      >
        {openMatchId && <MatchDetail matchId={openMatchId} />}
      </Dialog>
    </>
  );
}
