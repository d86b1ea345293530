import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { GENDER_LABELS, type Gender } from '../../../../shared/domain';
import {
  IGNORABLE,
  IGNORABLE_DEALBREAKER,
  IGNORABLE_LABELS,
  type Ignorable,
  MAX_EXTRA_AGE_YEARS,
  type MagicMatchOverview,
} from '../../../../shared/magic-match';
import {
  CHILDREN_WISH_LABELS,
  type ChildrenWish,
  DEALBREAKER_LABELS,
  type Dealbreaker,
  DRINKING_LABELS,
  EDUCATION_LABELS,
  interestLabel,
  LANGUAGE_LABELS,
  type Language,
  RELATIONSHIP_LABELS,
  RELIGION_LABELS,
  SMOKING_LABELS,
} from '../../../../shared/profile';
import { ROUTES } from '../../../../shared/routes';
import { TRAIT_LABELS } from '../../../../shared/traits';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoadError } from '../../../components/ui/page-load-error';
import { ContentSpinner } from '../../../components/ui/spinner';
import { SelectField } from '../../../components/ui/text-field';
import { AppLink } from '../../../lib/app-link';
import { usePageTitle } from '../../../lib/use-page-title';
import { overviewQueryOptions } from '../api/magic-match';
import { PackageDates } from '../components/package-dates';

const label = (labels: Record<string, string>, value: string | null) =>
  value ? (labels[value] ?? value) : 'Onbekend';
const DISTANCE_STEPS = [0, 10, 25, 50, 100];
const AGE_STEPS = Array.from({ length: MAX_EXTRA_AGE_YEARS + 1 }, (_, years) => years);

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[14rem_1fr]">
      <dt className="font-medium text-stone-700">{term}</dt>
      <dd className="text-stone-900">{children}</dd>
    </div>
  );
}

function Uses({ overview }: { overview: MagicMatchOverview }) {
  const { filters, client } = overview;
  const dealbreakers = filters.dealbreakers as Dealbreaker[];
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="font-serif text-xl font-bold text-stone-900">Wat de rangschikking gebruikt</h2>
      <dl className="mt-3 divide-y divide-stone-100">
        <Row term="Zoekt">
          {filters.seeking_genders.map((g) => GENDER_LABELS[g as Gender] ?? g).join(', ') || 'Onbekend'}
        </Row>
        <Row term="Leeftijd">
          {filters.age_min ?? 18} tot {filters.age_max ?? 99} jaar (klant: {client.age ?? 'onbekend'})
        </Row>
        <Row term="Afstand">
          {filters.max_distance_km ? `Tot ${filters.max_distance_km} km` : 'Geen maximum'} vanaf{' '}
          {client.town ?? 'onbekend'} {client.postcode ?? ''}
        </Row>
        <Row term="Harde filters (dealbreakers)">
          {dealbreakers.length ? dealbreakers.map((d) => DEALBREAKER_LABELS[d] ?? d).join('; ') : 'Geen'}
        </Row>
        <Row term="Roken">{label(SMOKING_LABELS, filters.smoking)}</Row>
        <Row term="Kinderwens">
          {label(CHILDREN_WISH_LABELS, filters.wants_children as ChildrenWish | null)}
        </Row>
        <Row term="Levensbeschouwing">{label(RELIGION_LABELS, filters.religion)}</Row>
        <Row term="Gezochte relatie">{label(RELATIONSHIP_LABELS, filters.relationship_sought)}</Row>
        <Row term="Alcohol">{label(DRINKING_LABELS, filters.drinking)}</Row>
        <Row term="Heeft kinderen">
          {filters.has_children === null ? 'Onbekend' : filters.has_children ? 'Ja' : 'Nee'}
        </Row>
        <Row term="Opleiding">{label(EDUCATION_LABELS, filters.education)}</Row>
        <Row term="Talen">
          {filters.languages.map((l) => LANGUAGE_LABELS[l as Language] ?? l).join(', ') || 'Onbekend'}
        </Row>
        <Row term="Bevestigde eigenschappen">
          {overview.traits.length
            ? overview.traits.map((t) => (TRAIT_LABELS as Record<string, string>)[t] ?? t).join(', ')
            : 'Nog geen'}
        </Row>
        <Row term="Quiz">
          {overview.quiz_bands.length
            ? overview.quiz_bands.map((b) => `${b.label}: ${b.band.toLowerCase()}`).join(' · ')
            : 'Nog niet gedaan'}
        </Row>
        <Row term="Interesses">{overview.interests.map(interestLabel).join(', ') || 'Geen'}</Row>
      </dl>
    </Card>
  );
}

/** /matchmaker/clients/{clientId}/magic-match-overview: what the search uses, and this search's adjustments. */
export function MagicMatchOverviewPage() {
  const { clientId = '' } = useParams();
  const navigate = useNavigate();
  const overview = useQuery(overviewQueryOptions(clientId));
  const name = overview.data?.client.full_name ?? 'klant';
  usePageTitle(`Magic Match voor ${name}`);
  const [extraAge, setExtraAge] = useState(0);
  const [extraDistance, setExtraDistance] = useState(0);
  const [ignore, setIgnore] = useState<Ignorable[]>([]);

  if (overview.isPending) return <ContentSpinner label="Overzicht laden..." />;
  if (overview.isError) {
    return (
      <PageLoadError
        error={overview.error}
        onRetry={() => overview.refetch()}
        back={{ to: ROUTES.magicMatch, label: '← Terug naar Magic Match' }}
      />
    );
  }
  const data = overview.data;
  const isDealbreaker = (d: string | null) => d !== null && data.filters.dealbreakers.includes(d);

  const search = () => {
    const params = new URLSearchParams();
    if (extraAge) params.set('extra_age', String(extraAge));
    if (extraDistance) params.set('extra_distance', String(extraDistance));
    if (ignore.length) params.set('ignore', ignore.join(','));
    const query = params.toString();
    navigate(`/matchmaker/clients/${clientId}/magic-match/results${query ? `?${query}` : ''}`);
  };

  return (
    <>
      <p className="mb-2 text-sm">
        <AppLink to="/matchmaker/magic-match" className="text-brand-800 underline">
          Terug naar Magic Match
        </AppLink>
      </p>
      <PageHeader
        title={`Magic Match voor ${name}`}
        description="Controleer wat de zoekopdracht gebruikt, pas ze voor deze keer aan en zoek."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <Uses overview={data} />
          <Card className="p-5 sm:p-6">
            <h2 className="font-serif text-xl font-bold text-stone-900">Wat ontbreekt</h2>
            {data.missing.length === 0 ? (
              <p className="mt-2 text-stone-700">Niets: alle delen van de score tellen mee.</p>
            ) : (
              <ul className="mt-2 list-disc space-y-1 pl-5 text-stone-800">
                {data.missing.map((m) => (
                  <li key={m.field}>
                    <span className="font-medium">{m.field}</span>: {m.effect}
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
        <div className="flex flex-col gap-6">
          {data.package_dates && <PackageDates dates={data.package_dates} audience="staff" />}
          <Card className="p-5 sm:p-6">
            <h2 className="font-serif text-xl font-bold text-stone-900">Alleen voor deze zoekopdracht</h2>
            {data.searchable ? (
              <form
                className="mt-3 flex flex-col gap-4"
                onSubmit={(event) => {
                  event.preventDefault();
                  search();
                }}
              >
                <SelectField
                  label="Leeftijdsbereik verruimen"
                  value={String(extraAge)}
                  disabled={isDealbreaker('age')}
                  hint={isDealbreaker('age') ? 'De leeftijd is een dealbreaker van de klant.' : undefined}
                  onChange={(event) => setExtraAge(Number(event.target.value))}
                >
                  {AGE_STEPS.map((years) => (
                    <option key={years} value={years}>
                      {years === 0 ? 'Niet verruimen' : `${years} jaar aan elke kant`}
                    </option>
                  ))}
                </SelectField>
                <SelectField
                  label="Maximale afstand verruimen"
                  value={String(extraDistance)}
                  disabled={isDealbreaker('distance')}
                  hint={isDealbreaker('distance') ? 'De afstand is een dealbreaker van de klant.' : undefined}
                  onChange={(event) => setExtraDistance(Number(event.target.value))}
                >
                  {DISTANCE_STEPS.map((km) => (
                    <option key={km} value={km}>
                      {km === 0 ? 'Niet verruimen' : `${km} km verder`}
                    </option>
                  ))}
                </SelectField>
                <fieldset>
                  <legend className="font-medium text-stone-800">Niet meetellen</legend>
                  <div className="mt-2 flex flex-col gap-2">
                    {IGNORABLE.map((item) => {
                      const locked = isDealbreaker(IGNORABLE_DEALBREAKER[item]);
                      return (
                        <label key={item} className="flex items-center gap-2 text-stone-800">
                          <input
                            type="checkbox"
                            className="size-5 accent-brand-700"
                            disabled={locked}
                            checked={ignore.includes(item)}
                            onChange={(event) =>
                              setIgnore((current) =>
                                event.target.checked ? [...current, item] : current.filter((i) => i !== item),
                              )
                            }
                          />
                          {IGNORABLE_LABELS[item]}
                          {locked ? ' (dealbreaker)' : ''}
                        </label>
                      );
                    })}
                  </div>
                </fieldset>
                <Button type="submit">Zoek matches</Button>
              </form>
            ) : (
              <Alert className="mt-3">{data.not_searchable_reason}</Alert>
            )}
          </Card>
        </div>
      </div>
    </>
  );
}
