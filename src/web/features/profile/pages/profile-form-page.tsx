import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { PROFILE_STEP_LABELS, PROFILE_STEPS, type ProfileStep } from '../../../../shared/profile';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { ContentSpinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../lib/use-page-title';
import { profileQueryOptions } from '../api/profile';
import { AboutStep } from '../components/about-step';
import { LifestyleStep } from '../components/lifestyle-step';
import { OwnWordsStep } from '../components/own-words-step';
import { PhotosStep } from '../components/photos-step';
import { SeekingStep } from '../components/seeking-step';
import { StepNav } from '../components/step-nav';

const isStep = (value: string | null): value is ProfileStep =>
  (PROFILE_STEPS as readonly (string | null)[]).includes(value);

/**
 * /dashboard/profiel-formulier: MATCHING.md's five steps. Each step saves on its own; the form
 * reopens at the first step not yet saved (or at `?stap=`), so a client can stop and come back.
 */
export function ProfileFormPage() {
  usePageTitle('Profielformulier');
  const profile = useQuery(profileQueryOptions);
  const [params, setParams] = useSearchParams();
  const requested = params.get('stap');
  const heading = useRef<HTMLHeadingElement>(null);
  const step: ProfileStep | null = isStep(requested) ? requested : (profile.data?.next_step ?? null);

  const go = (next: ProfileStep) => {
    setParams({ stap: next });
  };
  const after = (current: ProfileStep) => () =>
    go(PROFILE_STEPS[PROFILE_STEPS.indexOf(current) + 1] ?? 'photos');

  // A new step moves the focus to its heading, so a screen reader hears where it is.
  const lastStep = useRef<ProfileStep | null>(null);
  useEffect(() => {
    if (step && lastStep.current && lastStep.current !== step) heading.current?.focus();
    lastStep.current = step;
  }, [step]);

  return (
    <>
      <PageHeader
        title="Profielformulier"
        description="Vertel ons wie je bent en wat je zoekt. Elke stap wordt apart bewaard: je kunt stoppen en later verdergaan."
      />
      {profile.isPending ? (
        <ContentSpinner label="Je profiel laden..." />
      ) : profile.isError ? (
        <LoadError error={profile.error} onRetry={() => void profile.refetch()} />
      ) : step ? (
        <>
          <StepNav
            current={step}
            saved={
              new Set<ProfileStep>([
                ...profile.data.profile.completed_steps,
                ...(profile.data.photos.length > 0 ? (['photos'] as const) : []),
              ])
            }
            onSelect={go}
          />
          <Card>
            <h2 ref={heading} tabIndex={-1} className="mb-5 font-serif text-2xl font-bold text-stone-900">
              Stap {PROFILE_STEPS.indexOf(step) + 1} van {PROFILE_STEPS.length}: {PROFILE_STEP_LABELS[step]}
            </h2>
            {step === 'about' && <AboutStep key="about" data={profile.data} onSaved={after('about')} />}
            {step === 'seeking' && (
              <SeekingStep key="seeking" data={profile.data} onSaved={after('seeking')} />
            )}
            {step === 'lifestyle' && (
              <LifestyleStep key="lifestyle" data={profile.data} onSaved={after('lifestyle')} />
            )}
            {step === 'own_words' && (
              <OwnWordsStep key="own_words" data={profile.data} onSaved={after('own_words')} />
            )}
            {step === 'photos' && <PhotosStep data={profile.data} />}
          </Card>
        </>
      ) : null}
    </>
  );
}
