import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useParams, useSearchParams } from 'react-router';
import type { ClientSearchResult } from '../../../../shared/clients';
import { GENDER_LABELS, type Gender } from '../../../../shared/domain';
import {
  type Candidate,
  hideCandidateSchema,
  IGNORABLE_LABELS,
  type Ignorable,
  type MagicMatchResults,
} from '../../../../shared/magic-match';
import type { Match } from '../../../../shared/matches';
import { interestLabel } from '../../../../shared/profile';
import { TRAIT_LABELS } from '../../../../shared/traits';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { ContentSpinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api';
import { AppLink } from '../../../lib/app-link';
import { cn } from '../../../lib/cn';
import { usePageTitle } from '../../../lib/use-page-title';
import { NewMatchDialog } from '../../matches/components/new-match-dialog';
import { resultsQueryOptions, useHideCandidate, useInvalidateMagicMatch } from '../api/magic-match';
import { PackageDates } from '../components/package-dates';
import { introductionFromReasons } from '../introduction-from-reasons';

const BAND_CLASSES = {
  excellent: 'bg-emerald-100 text-emerald-900 border-emerald-700',
  good: 'bg-sky-100 text-sky-900 border-sky-700',
  fair: 'bg-stone-100 text-stone-800 border-stone-500',
  weak: 'bg-rose-50 text-rose-900 border-rose-700',
} as const;
const AVAILABILITY_CLASSES = {
  free: '',
  open_proposal: 'bg-amber-50 text-amber-900 border-amber-700',
  date_planned: 'bg-violet-50 text-violet-900 border-violet-700',
} as const;

const traitLabel = (t: string) => (TRAIT_LABELS as Record<string, string>)[t] ?? t;

/** A client as the new-match dialog's picker shows them. */
const asPicked = (
  c: { id: string; full_name: string | null; tier: Candidate['tier'] },
  extra: Partial<ClientSearchResult> = {},
): ClientSearchResult => ({
  id: c.id,
  full_name: c.full_name,
  email: null,
  tier: c.tier,
  age: null,
  region: null,
  contract_status: 'active_for_matching',
  assigned_matchmaker_name: null,
  ...extra,
});

function HideForm({ clientId, candidate }: { clientId: string; candidate: Candidate }) {
  const hide = useHideCandidate(clientId);
  const form = useForm({
    resolver: zodResolver(hideCandidateSchema),
    defaultValues: { candidate_id: candidate.id, reason: '' },
  });
  const reasonError = form.formState.errors.reason?.message;
  return (
    <form
      noValidate
      className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={form.handleSubmit((input) => hide.mutate(input))}
    >
      <TextField
        label={`Waarom verberg je ${candidate.first_name}?`}
        maxLength={500}
        error={reasonError ?? (hide.isError ? errorMessage(hide.error) : undefined)}
        className="grow"
        {...form.register('reason')}
      />
      <Button type="submit" variant="secondary" isBusy={hide.isPending}>
        Verbergen
      </Button>
    </form>
  );
}

function CandidateCard({
  rank,
  candidate,
  clientId,
  clientFirstName,
  onPropose,
}: {
  rank: number;
  candidate: Candidate;
  clientId: string;
  clientFirstName: string;
  onPropose: () => void;
}) {
  const [hiding, setHiding] = useState(false);
  const name = candidate.full_name ?? candidate.first_name;
  const photo = candidate.photo_ids[0];
  return (
    <li>
      <article
        aria-label={name}
        className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <div className="flex gap-4">
          {photo ? (
            <img
              src={`/api/photos/${photo}/small`}
              alt={`Foto van ${name}`}
              className="size-20 shrink-0 rounded-xl object-cover"
              width={80}
              height={80}
            />
          ) : (
            <div
              aria-hidden="true"
              className="flex size-20 shrink-0 items-center justify-center rounded-xl bg-stone-100 text-2xl font-semibold text-stone-600"
            >
              {candidate.first_name.charAt(0)}
            </div>
          )}
          <div className="min-w-0 grow">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="text-lg font-semibold text-stone-900">
                {rank}. {name}
              </h2>
              <span
                className={cn(
                  'rounded-full border px-3 py-1 text-sm font-semibold',
                  BAND_CLASSES[candidate.band],
                )}
              >
                {candidate.score} · {candidate.band_label}
              </span>
            </div>
            <p className="text-sm text-stone-700">
              {[
                candidate.age !== null ? `${candidate.age} jaar` : null,
                candidate.gender ? (GENDER_LABELS[candidate.gender as Gender] ?? candidate.gender) : null,
                candidate.town ?? candidate.province,
                candidate.distance_km !== null ? `${candidate.distance_km} km` : null,
                candidate.tier,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
            <p className="text-sm text-stone-600">
              Matchmaker: {candidate.own_client ? 'jij' : (candidate.matchmaker_name ?? 'nog geen')}
              {candidate.package_dates && (
                <>
                  {' · '}
                  <span data-testid="package-counter">
                    Pakket: {candidate.package_dates.completed} van {candidate.package_dates.included} dates
                    gebruikt
                  </span>
                </>
              )}
            </p>
            {candidate.availability_label && (
              <p className="mt-1">
                <span
                  className={cn(
                    'inline-block rounded-full border px-2 py-0.5 text-xs font-semibold',
                    AVAILABILITY_CLASSES[candidate.availability],
                  )}
                >
                  {candidate.availability_label}
                </span>
              </p>
            )}
            <p className="mt-1 text-xs text-stone-600">
              Past bij wat {clientFirstName} zoekt: {candidate.score_for_client} · past bij wat{' '}
              {candidate.first_name} zoekt: {candidate.score_for_candidate}
            </p>
          </div>
        </div>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <div>
            <h3 className="text-sm font-semibold text-stone-800">Sterkste redenen</h3>
            <ul className="mt-1 list-disc pl-5 text-sm text-stone-800">
              {candidate.reasons.length ? (
                candidate.reasons.map((r) => <li key={r}>{r}</li>)
              ) : (
                <li>Geen sterke redenen</li>
              )}
            </ul>
          </div>
          <div>
            <h3 className="text-sm font-semibold text-stone-800">Let op</h3>
            <ul className="mt-1 list-disc pl-5 text-sm text-stone-800">
              {candidate.frictions.length ? (
                candidate.frictions.map((f) => (
                  <li key={f.text}>
                    {f.text}
                    {f.weight === 'major' && <span className="sr-only"> (levensdoel)</span>}
                  </li>
                ))
              ) : (
                <li>Geen wrijvingspunten</li>
              )}
            </ul>
          </div>
        </div>
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-medium text-brand-800">Zo is de score opgebouwd</summary>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full table-fixed text-left [overflow-wrap:anywhere]">
              <caption className="sr-only">Delen van de score van {name}</caption>
              <thead>
                <tr className="text-stone-600">
                  <th scope="col" className="w-[36%] py-1 font-medium">
                    Deel
                  </th>
                  <th scope="col" className="w-[22%] py-1 font-medium">
                    Punten
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    Uitleg
                  </th>
                </tr>
              </thead>
              <tbody>
                {candidate.parts.map((p) => (
                  <tr key={p.part} className="border-t border-stone-100">
                    <th scope="row" className="py-1 pr-2 font-normal">
                      {p.label}
                    </th>
                    <td className="py-1 pr-2">
                      {p.max === 0 ? 'niet meegeteld' : `${p.points.toLocaleString('nl-BE')} / ${p.max}`}
                    </td>
                    <td className="py-1 break-words">{p.explanation}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="mt-2 text-stone-700">
            Eigenschappen: {candidate.traits.map(traitLabel).join(', ') || 'geen bevestigde'} · Interesses:{' '}
            {candidate.interests.map(interestLabel).join(', ') || 'geen'}
          </p>
        </details>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button onClick={onPropose}>Stel match voor</Button>
          <Button variant="ghost" onClick={() => setHiding((v) => !v)} aria-expanded={hiding}>
            Verberg voor deze klant
          </Button>
        </div>
        {hiding && <HideForm clientId={clientId} candidate={candidate} />}
      </article>
    </li>
  );
}

function Summary({ results }: { results: MagicMatchResults }) {
  const { adjustments } = results;
  const changed = [
    adjustments.extra_age ? `leeftijd ${adjustments.extra_age} jaar verruimd` : null,
    adjustments.extra_distance ? `afstand ${adjustments.extra_distance} km verruimd` : null,
    adjustments.ignore.length
      ? `niet meegeteld: ${adjustments.ignore.map((i) => IGNORABLE_LABELS[i as Ignorable] ?? i).join(', ')}`
      : null,
  ].filter(Boolean);
  return (
    <p className="mb-4 text-sm text-stone-700" role="status">
      {results.eligible} {results.eligible === 1 ? 'kandidaat voldoet' : 'kandidaten voldoen'} aan de harde
      filters; de beste {results.candidates.length} hieronder (berekend in {results.took_ms} ms).
      {changed.length ? ` Aangepast: ${changed.join('; ')}.` : ''}
    </p>
  );
}

/** /matchmaker/clients/{clientId}/magic-match/results: the ranked candidates, each explained. */
export function MagicMatchResultsPage() {
  const { clientId = '' } = useParams();
  const [params] = useSearchParams();
  const results = useQuery(
    resultsQueryOptions(clientId, {
      extra_age: params.get('extra_age') ?? undefined,
      extra_distance: params.get('extra_distance') ?? undefined,
      ignore: params.get('ignore') ?? undefined,
    }),
  );
  const invalidate = useInvalidateMagicMatch();
  const [proposing, setProposing] = useState<Candidate | null>(null);
  const [created, setCreated] = useState<Match | null>(null);
  const name = results.data?.client.full_name ?? 'klant';
  usePageTitle(`Magic Match-resultaten voor ${name}`);
  const back = `/matchmaker/clients/${clientId}/magic-match-overview`;

  return (
    <>
      <p className="mb-2 text-sm">
        <AppLink to={back} className="text-brand-800 underline">
          Terug naar het overzicht
        </AppLink>
      </p>
      <PageHeader title={`Kandidaten voor ${name}`} />
      {created && (
        <Alert tone="success" className="mb-4">
          Match voorgesteld: {created.client1.full_name} & {created.client2.full_name}. Beide klanten krijgen
          een e-mail.
        </Alert>
      )}
      {results.isPending ? (
        <ContentSpinner label="Kandidaten zoeken..." />
      ) : results.isError ? (
        <LoadError error={results.error} onRetry={() => results.refetch()} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0">
            <Summary results={results.data} />
            {results.data.candidates.length === 0 ? (
              <Card>
                <p className="text-stone-700">
                  Geen kandidaten die aan alle harde filters voldoen. Verruim de leeftijd of afstand in het{' '}
                  <AppLink to={back} className="text-brand-800 underline">
                    overzicht
                  </AppLink>
                  .
                </p>
              </Card>
            ) : (
              <ol className="flex flex-col gap-4">
                {results.data.candidates.map((candidate, index) => (
                  <CandidateCard
                    key={candidate.id}
                    rank={index + 1}
                    candidate={candidate}
                    clientId={clientId}
                    clientFirstName={(results.data.client.full_name ?? '').split(' ')[0] || 'de klant'}
                    onPropose={() => setProposing(candidate)}
                  />
                ))}
              </ol>
            )}
          </div>
          {results.data.package_dates && (
            <div>
              <PackageDates dates={results.data.package_dates} audience="staff" />
            </div>
          )}
        </div>
      )}
      {proposing && results.data && (
        <NewMatchDialog
          key={proposing.id}
          isOpen
          initial={{
            client1: asPicked(results.data.client, {
              assigned_matchmaker_name: results.data.client.matchmaker_name,
            }),
            client2: asPicked(proposing, {
              age: proposing.age,
              region: proposing.province,
              assigned_matchmaker_name: proposing.matchmaker_name,
            }),
            note: introductionFromReasons(proposing.reasons),
          }}
          onClose={() => setProposing(null)}
          onCreated={(match) => {
            setProposing(null);
            setCreated(match);
            void invalidate();
          }}
        />
      )}
    </>
  );
}
