import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatDate } from '../../../../shared/format';
import { QUIZ_BAND_LABELS, QUIZ_DIMENSION_INFO, type QuizResult } from '../../../../shared/quiz';
import { QUIZ_DURATION } from '../../../../shared/quiz-duration';
import { ROUTES } from '../../../../shared/routes';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorText } from '../../../components/ui/error-text';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { ContentSpinner } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { quizStateQueryOptions, useStartQuiz } from '../api/quiz';
import { QuizResultChart } from '../components/quiz-result-chart';
import { quizFollowUp } from '../follow-up';
import type { QuizPageState } from './quiz-page';

/** /dashboard/quiz/resultaten: the latest result as bands with a chart, the way on, and the history. */
export function QuizResultsPage() {
  usePageTitle('Quizresultaten');
  const navigate = useNavigate();
  const quiz = useQuery(quizStateQueryOptions);
  const start = useStartQuiz();
  const followUp = quizFollowUp(useSession().profile);

  if (quiz.isPending) {
    return (
      <>
        <PageHeader title="Je quizresultaten" />
        <ContentSpinner label="Resultaten laden..." />
      </>
    );
  }
  if (quiz.isError) {
    return (
      <>
        <PageHeader title="Je quizresultaten" />
        <LoadError error={quiz.error} onRetry={() => void quiz.refetch()} />
      </>
    );
  }

  const { current, results } = quiz.data;
  const [latest, ...earlier] = results;
  if (!latest) {
    return (
      <>
        <PageHeader title="Je quizresultaten" />
        <Card>
          <h2 className="text-lg font-semibold text-stone-900">Je hebt de quiz nog niet afgerond</h2>
          <p className="mt-2 text-stone-700">
            {current
              ? 'Je antwoorden zijn bewaard. Ga verder waar je gebleven was en je ziet hier je resultaat.'
              : `Doe de persoonlijkheidsquiz (${QUIZ_DURATION}): daarna zie je hier je resultaat, met uitleg.`}
          </p>
          <ButtonLink to={ROUTES.quiz} className="mt-4">
            {current ? 'Ga verder met de quiz' : 'Start de quiz'}
          </ButtonLink>
        </Card>
      </>
    );
  }

  const retake = () =>
    start.mutate(undefined, {
      onSuccess: () => navigate(ROUTES.quiz, { state: { startedQuiz: true } satisfies QuizPageState }),
    });

  return (
    <>
      <PageHeader
        title="Je quizresultaten"
        description={`Afgerond op ${formatDate(latest.finished_at)}. Elke uitkomst is een manier van zijn, geen oordeel: het helpt je matchmaker om iemand te vinden die bij je past.`}
      />
      <QuizResultChart result={latest} />

      <Card className="mt-10">
        <h2 className="text-lg font-semibold text-stone-900">Wat nu?</h2>
        <p className="mt-2 text-stone-700">{followUp.text}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <ButtonLink to={followUp.to}>{followUp.label}</ButtonLink>
          {current ? (
            <ButtonLink to={ROUTES.quiz} variant="secondary">
              Ga verder met je nieuwe quizronde
            </ButtonLink>
          ) : (
            <Button variant="secondary" isBusy={start.isPending} onClick={retake}>
              Doe de quiz opnieuw
            </Button>
          )}
        </div>
        {start.isError && (
          <Alert className="mt-4">
            <ErrorText message={errorText(start.error)} />
          </Alert>
        )}
      </Card>

      {earlier.length > 0 && (
        <section aria-labelledby="quiz-history" className="mt-10">
          <h2 id="quiz-history" className="font-serif text-2xl font-semibold text-stone-900">
            Eerdere resultaten
          </h2>
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {earlier.map((result) => (
              <li key={result.attempt_id}>
                <EarlierResult result={result} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function EarlierResult({ result }: { result: QuizResult }) {
  return (
    <Card className="sm:p-6">
      <h3 className="font-semibold text-stone-900">Quiz van {formatDate(result.finished_at)}</h3>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {result.dimensions.map((d) => (
          <div key={d.dimension} className="contents">
            <dt className="text-stone-700">{QUIZ_DIMENSION_INFO[d.dimension].label}</dt>
            <dd className="text-right font-semibold text-stone-900">
              {QUIZ_BAND_LABELS[d.band]} <span className="font-normal text-stone-700">({d.score}/100)</span>
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
