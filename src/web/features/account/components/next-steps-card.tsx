import { useQuery } from '@tanstack/react-query';
import type { UserProfile } from '../../../../shared/account';
import { Card } from '../../../components/ui/card';
import { CheckIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { AppLink } from '../../../lib/app-link';
import { cn } from '../../../lib/cn';
import { myIntakeSessionsQueryOptions } from '../../intake/api/intake';
import { myMatchesQueryOptions } from '../../matches/api/my-matches';
import { proposedMatchesQueryOptions } from '../../matches/api/proposed-matches';
import { profileQueryOptions } from '../../profile/api/profile';
import { latestQuizResultQueryOptions } from '../../quiz/api/quiz';
import { nextSteps } from '../next-steps';

/** 'Volgende stappen': the client's checklist, each step a link, following their state. */
export function NextStepsCard({ profile }: { profile: UserProfile }) {
  const proposals = useQuery(proposedMatchesQueryOptions);
  const matches = useQuery(myMatchesQueryOptions);
  const ownProfile = useQuery(profileQueryOptions);
  const quiz = useQuery(latestQuizResultQueryOptions);
  const intakes = useQuery(myIntakeSessionsQueryOptions);
  const isLoading = [proposals, matches, ownProfile, quiz, intakes].some((query) => query.isPending);
  const now = Date.now();
  const upcoming = intakes.data
    ?.filter(
      (session) =>
        session.status === 'scheduled' && session.scheduled_at && Date.parse(session.scheduled_at) > now,
    )
    .sort((a, b) => Date.parse(a.scheduled_at!) - Date.parse(b.scheduled_at!))[0];
  const steps = nextSteps({
    profile,
    openProposals: proposals.data?.filter((proposal) => proposal.my_response === null).length ?? null,
    matches: matches.data ?? null,
    profileComplete: ownProfile.data ? ownProfile.data.completeness.percent === 100 : null,
    quizFinished: quiz.data ? quiz.data.finished : null,
    upcomingIntakeAt: upcoming?.scheduled_at ?? null,
  });

  return (
    <Card>
      <section aria-labelledby="volgende-stappen">
        <h2 id="volgende-stappen" className="text-lg font-semibold text-stone-900">
          Volgende stappen
        </h2>
        <ul className="mt-4 flex flex-col gap-3">
          {steps.map((step) => (
            <li key={step.id}>
              <AppLink
                to={step.to}
                className={cn(
                  'flex gap-3 rounded-xl border px-3 py-3 hover:bg-brand-50',
                  step.done ? 'border-stone-200' : 'border-brand-200 bg-brand-50/40',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full border-2',
                    step.done ? 'border-green-700 bg-green-700 text-white' : 'border-brand-700',
                  )}
                >
                  {step.done && <CheckIcon className="size-4" />}
                </span>
                <span>
                  <span className="block font-semibold text-stone-900">
                    {step.title}
                    <span className="sr-only">{step.done ? ' (gedaan)' : ' (nog te doen)'}</span>
                  </span>
                  <span className="block text-sm text-stone-700">{step.text}</span>
                </span>
              </AppLink>
            </li>
          ))}
        </ul>
        {isLoading && <Spinner label="Je stappen laden..." className="mt-3 items-start" />}
      </section>
    </Card>
  );
}
