import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  CLIENT_PAGE_SIZES,
  CLIENT_SCOPE_LABELS,
  CLIENT_SORT_LABELS,
  CLIENT_SORTS,
  type ClientScope,
} from '../../../../shared/client-list';
import type { ClientListItem } from '../../../../shared/clients';
import { CONTRACT_STATUSES, REGIONS, TIERS } from '../../../../shared/domain';
import { formatDate } from '../../../../shared/format';
import { ROUTES } from '../../../../shared/routes';
import { CONTRACT_STATUS_LABELS } from '../../../../shared/web-labels';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorText } from '../../../components/ui/error-text';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { ContentSpinner } from '../../../components/ui/spinner';
import { SelectField, TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api';
import { AppLink } from '../../../lib/app-link';
import { cn } from '../../../lib/cn';
import { useMe } from '../../../lib/me';
import { usePageTitle } from '../../../lib/use-page-title';
import {
  clientListQueryFromAddress,
  clientListQueryOptions,
  CLIENT_LIST_FILTER_KEYS as FILTER_KEYS,
  useClaimClient,
} from '../api/clients';

const YES_NO = [
  { value: '', label: 'Maakt niet uit' },
  { value: 'true', label: 'Ja' },
  { value: 'false', label: 'Nee' },
];

function ClientRow({
  client,
  scope,
  onClaim,
  isClaiming,
}: {
  client: ClientListItem;
  scope: ClientScope;
  onClaim: (client: ClientListItem) => void;
  isClaiming: boolean;
}) {
  const name = client.full_name ?? 'Naamloze klant';
  const facts = [
    client.age !== null ? `${client.age} jaar` : null,
    client.region,
    `lid sinds ${formatDate(client.member_since)}`,
  ].filter(Boolean);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-stone-200 bg-white px-4 py-3 shadow-sm sm:px-5">
      <div className="min-w-0">
        <h2 className="font-semibold text-stone-900">
          {scope === 'unassigned' ? (
            name
          ) : (
            <AppLink
              to={`${ROUTES.matchmakerClients}/${encodeURIComponent(client.id)}`}
              className="underline"
            >
              {name}
            </AppLink>
          )}
        </h2>
        <p className="mt-1 text-sm text-stone-700">{facts.join(' · ')}</p>
        <p className="mt-2 flex flex-wrap gap-2 text-xs font-semibold">
          <span className="rounded-full bg-rose-50 px-2.5 py-1 text-rose-900">{client.tier}</span>
          <span className="rounded-full bg-stone-100 px-2.5 py-1 text-stone-800">
            {CONTRACT_STATUS_LABELS[client.contract_status]}
          </span>
          {client.intake_pending && (
            <span className="rounded-full bg-amber-50 px-2.5 py-1 text-amber-900">Intake nog te doen</span>
          )}
          {client.open_proposals > 0 && (
            <span className="rounded-full bg-sky-50 px-2.5 py-1 text-sky-900">
              {client.open_proposals === 1 ? '1 open voorstel' : `${client.open_proposals} open voorstellen`}
            </span>
          )}
          {client.paused && (
            <span className="rounded-full bg-stone-200 px-2.5 py-1 text-stone-900">Matching gepauzeerd</span>
          )}
        </p>
        {scope === 'all' && (
          <p className="mt-2 text-sm text-stone-700">
            Matchmaker: {client.assigned_matchmaker_name ?? 'nog geen'}
          </p>
        )}
      </div>
      {scope === 'unassigned' && (
        <Button variant="secondary" onClick={() => onClaim(client)} disabled={isClaiming}>
          Neem op als klant<span className="sr-only"> : {name}</span>
        </Button>
      )}
    </li>
  );
}

/** /matchmaker/clients: the matchmaker's clients (admin: all), searched, filtered, sorted and paged on the server. */
export function ClientsPage() {
  usePageTitle('Klanten');
  const me = useMe();
  const isAdmin = me.data?.profile?.role === 'admin';
  const [params, setParams] = useSearchParams();
  const scope = (params.get('scope') as ClientScope | null) ?? (isAdmin ? 'all' : 'mine');
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [claimed, setClaimed] = useState<string>();
  const claim = useClaimClient();

  const update = (changes: Record<string, string | null>, keepPage = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!keepPage) next.delete('page');
        return next;
      },
      { replace: true },
    );

  // The search goes to the server a moment after the last key, not on every key.
  const q = params.get('q') ?? '';
  useEffect(() => {
    const wanted = search.trim();
    if (wanted === q) return;
    const timer = setTimeout(
      () =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            if (wanted) next.set('q', wanted);
            else next.delete('q');
            next.delete('page');
            return next;
          },
          { replace: true },
        ),
      300,
    );
    return () => clearTimeout(timer);
  }, [search, q, setParams]);

  const apiQuery = clientListQueryFromAddress(params);
  const list = useQuery({ ...clientListQueryOptions(apiQuery), enabled: me.isSuccess });
  const pageSize = list.data?.page_size ?? 25;
  // Decision 041: past 10.000 clients the count stops; the pages then go on as long as a page is full.
  const capped = list.data?.total_capped ?? false;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / pageSize)) : 1;
  const hasNext = capped ? (list.data?.clients.length ?? 0) === pageSize : page < pages;
  const showPager = capped || pages > 1;
  const pageOf = capped ? String(page) : `${page} van ${pages}`;
  const scopes: ClientScope[] = isAdmin ? ['all', 'unassigned'] : ['mine', 'unassigned'];
  const activeFilterCount = FILTER_KEYS.filter(
    (key) => key !== 'scope' && key !== 'sort' && key !== 'page_size' && key !== 'q' && params.get(key),
  ).length;
  const hasFilters = activeFilterCount > 0 || !!params.get('q');
  const [showFilters, setShowFilters] = useState(false);
  const filtersId = useId();

  const onClaim = (client: ClientListItem) => {
    setClaimed(undefined);
    claim.mutate(client.id, {
      onSuccess: () =>
        setClaimed(`${client.full_name ?? 'De klant'} is nu je klant en krijgt daarover een e-mail.`),
    });
  };

  return (
    <>
      <PageHeader
        title="Klanten"
        description={
          isAdmin
            ? 'Alle klanten van Koppel, met hun matchmaker.'
            : 'De klanten die je begeleidt, en nieuwe betalende klanten die nog een matchmaker zoeken.'
        }
      />

      <nav aria-label="Welke klanten" className="mb-6 flex flex-wrap gap-2">
        {scopes.map((value) => (
          <Button
            key={value}
            variant={value === scope ? 'primary' : 'secondary'}
            aria-current={value === scope ? 'page' : undefined}
            onClick={() => update({ scope: value })}
          >
            {CLIENT_SCOPE_LABELS[value]}
          </Button>
        ))}
      </nav>

      {claimed && (
        <Alert tone="success" className="mb-6">
          {claimed}
        </Alert>
      )}
      {claim.isError && (
        <Alert className="mb-6">
          <ErrorText message={errorText(claim.error)} />
        </Alert>
      )}

      <search className="mb-6 block">
        <form
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
          onSubmit={(event) => {
            event.preventDefault();
            update({ q: search.trim() || null });
          }}
        >
          <TextField
            label="Zoek op naam"
            type="search"
            placeholder="Bijvoorbeeld: Claes"
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.target.value)}
            className="sm:col-span-2"
          />
          {/* Issue 30: on a phone the filters fold away behind one button, so the list comes first. */}
          <Button
            variant="secondary"
            className="sm:hidden"
            aria-expanded={showFilters}
            aria-controls={filtersId}
            onClick={() => setShowFilters((shown) => !shown)}
          >
            {showFilters ? 'Verberg filters' : 'Filters en sortering'}
            {activeFilterCount > 0 && ` (${activeFilterCount} actief)`}
          </Button>
          <div
            id={filtersId}
            className={cn(
              'grid gap-4 sm:col-span-2 sm:grid-cols-subgrid lg:col-span-4',
              !showFilters && 'max-sm:hidden',
            )}
          >
            <SelectField
              label="Pakket"
              value={params.get('tier') ?? ''}
              onChange={(e) => update({ tier: e.target.value || null })}
            >
              <option value="">Alle pakketten</option>
              {TIERS.map((tier) => (
                <option key={tier} value={tier}>
                  {tier}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Status"
              value={params.get('contract_status') ?? ''}
              onChange={(e) => update({ contract_status: e.target.value || null })}
            >
              <option value="">Alle statussen</option>
              {CONTRACT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {CONTRACT_STATUS_LABELS[status]}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Regio"
              value={params.get('region') ?? ''}
              onChange={(e) => update({ region: e.target.value || null })}
            >
              <option value="">Heel België</option>
              {REGIONS.map((region) => (
                <option key={region} value={region}>
                  {region}
                </option>
              ))}
            </SelectField>
            <div className="grid grid-cols-2 gap-3">
              <TextField
                label="Leeftijd vanaf"
                type="number"
                inputMode="numeric"
                min={18}
                max={120}
                defaultValue={params.get('age_min') ?? ''}
                onBlur={(e) => update({ age_min: e.target.value || null })}
              />
              <TextField
                label="tot"
                type="number"
                inputMode="numeric"
                min={18}
                max={120}
                defaultValue={params.get('age_max') ?? ''}
                onBlur={(e) => update({ age_max: e.target.value || null })}
              />
            </div>
            {(
              [
                ['intake_pending', 'Intake nog te doen'],
                ['open_proposal', 'Open voorstel'],
                ['paused', 'Gepauzeerd'],
              ] as const
            ).map(([key, label]) => (
              <SelectField
                key={key}
                label={label}
                value={params.get(key) ?? ''}
                onChange={(e) => update({ [key]: e.target.value || null })}
              >
                {YES_NO.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </SelectField>
            ))}
            <SelectField
              label="Sorteer op"
              value={params.get('sort') ?? 'name'}
              onChange={(e) => update({ sort: e.target.value })}
            >
              {CLIENT_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {CLIENT_SORT_LABELS[sort]}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Per pagina"
              value={params.get('page_size') ?? '25'}
              onChange={(e) => update({ page_size: e.target.value })}
            >
              {CLIENT_PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </SelectField>
          </div>
        </form>
        {hasFilters && (
          <Button
            variant="ghost"
            className="mt-3"
            onClick={() => {
              setSearch('');
              setParams(scope === (isAdmin ? 'all' : 'mine') ? {} : { scope }, { replace: true });
            }}
          >
            Wis alle filters
          </Button>
        )}
      </search>

      {me.isPending || list.isPending ? (
        <ContentSpinner label="Klanten laden..." />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.clients.length === 0 ? (
        <Card>
          <h2 className="text-lg font-semibold text-stone-900">Geen klanten gevonden</h2>
          <p className="mt-2 text-stone-700">
            {hasFilters
              ? 'Geen klanten met deze zoekterm of filters. Pas ze aan of wis ze.'
              : scope === 'unassigned'
                ? 'Elke betalende klant heeft een matchmaker. Nieuwe klanten verschijnen hier.'
                : 'Je begeleidt nog geen klanten. Neem een nieuwe klant op bij "Nog zonder matchmaker".'}
          </p>
        </Card>
      ) : (
        <>
          <p className="mb-3 text-sm text-stone-700" aria-live="polite">
            {capped
              ? `Meer dan ${list.data.total.toLocaleString('nl-BE')} klanten`
              : list.data.total === 1
                ? '1 klant'
                : `${list.data.total.toLocaleString('nl-BE')} klanten`}
            {showPager && ` · pagina ${pageOf}`}
          </p>
          <ul className={`flex flex-col gap-3 ${list.isPlaceholderData ? 'opacity-60' : ''}`}>
            {list.data.clients.map((client) => (
              <ClientRow
                key={client.id}
                client={client}
                scope={scope}
                onClaim={onClaim}
                isClaiming={claim.isPending}
              />
            ))}
          </ul>
          {showPager && (
            <nav aria-label="Pagina's" className="mt-6 flex items-center justify-between gap-3">
              <Button
                variant="secondary"
                disabled={page <= 1}
                onClick={() => update({ page: page - 1 > 1 ? String(page - 1) : null }, true)}
              >
                Vorige
              </Button>
              <span className="text-sm text-stone-700">Pagina {pageOf}</span>
              <Button
                variant="secondary"
                disabled={!hasNext}
                onClick={() => update({ page: String(page + 1) }, true)}
              >
                Volgende
              </Button>
            </nav>
          )}
        </>
      )}
    </>
  );
}
