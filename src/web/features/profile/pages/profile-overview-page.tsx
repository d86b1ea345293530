import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { GENDER_LABELS } from '../../../../shared/domain';
import { formatDate } from '../../../../shared/format';
import {
  CHILDREN_WISH_LABELS,
  type ClientProfile,
  DEALBREAKER_LABELS,
  DRINKING_LABELS,
  EDUCATION_LABELS,
  interestLabel,
  LANGUAGE_LABELS,
  PROFILE_STEP_LABELS,
  type ProfileStep,
  RELATIONSHIP_LABELS,
  RELIGION_LABELS,
  SMOKING_LABELS,
} from '../../../../shared/profile';
import { ROUTES } from '../../../../shared/routes';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { ContentSpinner } from '../../../components/ui/spinner';
import { AppLink } from '../../../lib/app-link';
import { usePageTitle } from '../../../lib/use-page-title';
import { QuizSummary } from '../../quiz/components/quiz-summary';
import { profileQueryOptions } from '../api/profile';
import { CompletenessMeter } from '../components/completeness-meter';
import { TraitCorrectionDialog } from '../components/trait-correction-dialog';

const NOT_FILLED = 'Nog niet ingevuld';
const list = (values: readonly string[]) => (values.length ? values.join(', ') : NOT_FILLED);

function Section({ title, step, children }: { title: string; step?: ProfileStep; children: ReactNode }) {
  return (
    <Card className="p-5 sm:p-6">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-stone-900">{title}</h2>
        {step && (
          <AppLink
            to={`${ROUTES.profileForm}?stap=${step}`}
            className="text-sm font-semibold text-brand-800 underline underline-offset-2"
          >
            {`${PROFILE_STEP_LABELS[step]} wijzigen`}
          </AppLink>
        )}
      </div>
      {children}
    </Card>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-semibold text-stone-700">{label}</dt>
          <dd className="text-stone-900">{value ?? NOT_FILLED}</dd>
        </div>
      ))}
    </dl>
  );
}

const show = (value: string | number | null | undefined, suffix = '') =>
  value === null || value === undefined || value === '' ? NOT_FILLED : `${value}${suffix}`;

function profileRows(p: ClientProfile) {
  return {
    about: [
      ['Geboortedatum', p.birth_date ? formatDate(`${p.birth_date}T12:00:00Z`) : NOT_FILLED],
      ['Geslacht', p.gender ? GENDER_LABELS[p.gender] : NOT_FILLED],
      ['Woonplaats', p.town ? `${p.town} (${p.postcode}, ${p.province ?? '?'})` : NOT_FILLED],
      ['Lengte', show(p.height_cm, ' cm')],
      ['Opleiding', p.education ? EDUCATION_LABELS[p.education] : NOT_FILLED],
      ['Beroep', show(p.profession)],
      ['Talen', list(p.languages.map((l) => LANGUAGE_LABELS[l]))],
    ] as [string, ReactNode][],
    seeking: [
      ['Wie je zoekt', list(p.seeking_genders.map((g) => GENDER_LABELS[g]))],
      ['Leeftijd', p.age_min != null ? `${p.age_min} tot ${p.age_max} jaar` : NOT_FILLED],
      ['Afstand', show(p.max_distance_km, ' km')],
      ['Relatie', p.relationship_sought ? RELATIONSHIP_LABELS[p.relationship_sought] : NOT_FILLED],
      [
        'Toestemming',
        p.orientation_consent ? `Gegeven op ${formatDate(p.orientation_consent.given_at)}` : 'Niet gegeven',
      ],
    ] as [string, ReactNode][],
    lifestyle: [
      ['Roken', p.smoking ? SMOKING_LABELS[p.smoking] : NOT_FILLED],
      ['Alcohol', p.drinking ? DRINKING_LABELS[p.drinking] : NOT_FILLED],
      ['Kinderen', p.has_children == null ? NOT_FILLED : p.has_children ? 'Ja' : 'Nee'],
      ['Kinderwens', p.wants_children ? CHILDREN_WISH_LABELS[p.wants_children] : NOT_FILLED],
      ['Levensbeschouwing', p.religion ? RELIGION_LABELS[p.religion] : NOT_FILLED],
      ['Interesses', list(p.interests.map(interestLabel))],
      [
        'Dealbreakers',
        p.dealbreakers.length ? p.dealbreakers.map((d) => DEALBREAKER_LABELS[d]).join('; ') : 'Geen',
      ],
    ] as [string, ReactNode][],
  };
}

/**
 * /dashboard/profiel-overzicht (also where /profiel-succes leads): what the client entered, how
 * complete it is, their photos, their confirmed traits with a way to ask for a correction, and the
 * quiz's bands (or the way to the quiz).
 */
export function ProfileOverviewPage() {
  usePageTitle('Mijn profiel');
  const profile = useQuery(profileQueryOptions);
  const [isCorrecting, setIsCorrecting] = useState(false);

  return (
    <>
      <PageHeader
        title="Mijn profiel"
        description="Wat je ons vertelde, en wat je matchmaker over je bevestigde."
      />
      {profile.isPending ? (
        <ContentSpinner label="Je profiel laden..." />
      ) : profile.isError ? (
        <LoadError error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <div className="flex flex-col gap-6">
          <Card className="p-5 sm:p-6">
            <CompletenessMeter completeness={profile.data.completeness} />
            {profile.data.completeness.percent === 0 ? (
              <ButtonLink to={ROUTES.profileForm} className="mt-4">
                Begin aan je profiel
              </ButtonLink>
            ) : (
              profile.data.completeness.percent < 100 && (
                <ButtonLink to={ROUTES.profileForm} variant="secondary" className="mt-4">
                  Verder invullen
                </ButtonLink>
              )
            )}
          </Card>

          <Section title="Foto's" step="photos">
            {profile.data.photos.length === 0 ? (
              <p className="text-stone-700">Je hebt nog geen foto opgeladen.</p>
            ) : (
              <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4">
                {profile.data.photos.map((photo, index) => (
                  <li key={photo.id}>
                    <img
                      src={photo.urls.small}
                      alt={`Jouw foto ${index + 1}`}
                      width={240}
                      height={240}
                      className="aspect-square w-full rounded-xl object-cover"
                    />
                  </li>
                ))}
              </ul>
            )}
            <p className="mt-3 text-sm text-stone-600">
              Alleen je matchmaker en, nadat jullie allebei ja zeiden, je match zien je foto's.
            </p>
          </Section>

          {(() => {
            const rows = profileRows(profile.data.profile);
            return (
              <>
                <Section title="Over jou" step="about">
                  <Facts rows={rows.about} />
                </Section>
                <Section title="Wie zoek je" step="seeking">
                  <Facts rows={rows.seeking} />
                </Section>
                <Section title="Levensstijl en waarden" step="lifestyle">
                  <Facts rows={rows.lifestyle} />
                </Section>
                <Section title="In je eigen woorden" step="own_words">
                  <h3 className="text-sm font-semibold text-stone-700">Over mezelf</h3>
                  <p className="mt-1 whitespace-pre-line text-stone-900">
                    {profile.data.profile.about_me || NOT_FILLED}
                  </p>
                  <h3 className="mt-4 text-sm font-semibold text-stone-700">Wat ik zoek</h3>
                  <p className="mt-1 whitespace-pre-line text-stone-900">
                    {profile.data.profile.looking_for || NOT_FILLED}
                  </p>
                </Section>
              </>
            );
          })()}

          <Section title="Mijn eigenschappen">
            {profile.data.traits.length === 0 ? (
              <p className="text-stone-700">
                Na je intakegesprek bevestigt je matchmaker hier je eigenschappen. Zo zoeken we gerichter.
              </p>
            ) : (
              <ul className="flex flex-wrap gap-2">
                {profile.data.traits.map((trait) => (
                  <li
                    key={trait.trait}
                    className="rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-sm text-brand-900"
                  >
                    {trait.label}
                  </li>
                ))}
              </ul>
            )}
            <Button variant="secondary" className="mt-4" onClick={() => setIsCorrecting(true)}>
              Klopt er iets niet? Vraag een correctie
            </Button>
            <TraitCorrectionDialog
              isOpen={isCorrecting}
              onClose={() => setIsCorrecting(false)}
              traits={profile.data.traits.map((t) => t.trait)}
            />
          </Section>

          <Section title="Persoonlijkheidsquiz">
            <QuizSummary />
          </Section>
        </div>
      )}
    </>
  );
}
