import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { formatDate } from '../../../../shared/format';
import { QUIZ_QUESTIONS } from '../../../../shared/quiz';
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
import { usePageTitle } from '../../../lib/use-page-title';
import { quizStateQueryOptions, useStartQuiz } from '../api/quiz';
import { QuizRunner } from '../components/quiz-runner';

/** Set by a page that starts a (re)take and sends the client here: focus goes to the first answer. */
export interface QuizPageState {
  startedQuiz?: boolean;
}

/** /dashboard/quiz: the introduction, then one statement per screen until the result. */
export function QuizPage() {
  usePageTitle('Persoonlijkheidsquiz');
  const location = useLocation();
  const quiz = useQuery(quizStateQueryOptions);
  const start = useStartQuiz();
  const startedElsewhere = (location.state as QuizPageState | null)?.startedQuiz === true;
  const [startedHere, setStartedHere] = useState(false);
  const [finishing, setFinishing] = useState(false);

  return (
    <>
      <PageHeader
        title="Persoonlijkheidsquiz"
        description={`${QUIZ_QUESTIONS.length} uitspraken over jezelf en over wat je zoekt in een relatie. Er zijn geen goede of foute antwoorden.`}
      />
      {quiz.isPending ? (
        <ContentSpinner label="Quiz laden..." />
      ) : quiz.isError ? (
        <LoadError error={quiz.error} onRetry={() => void quiz.refetch()} />
      ) : quiz.data.current ? (
        <QuizRunner
          key={quiz.data.current.id}
          attempt={quiz.data.current}
          autoFocus={startedHere || startedElsewhere}
          onFinishing={() => setFinishing(true)}
        />
      ) : finishing ? (
        <ContentSpinner label="Je resultaat laden..." />
      ) : (
        <Card>
          {quiz.data.results[0] ? (
            <>
              <h2 className="text-lg font-semibold text-stone-900">Je hebt de quiz al gedaan</h2>
              <p className="mt-2 text-stone-700">
                Je deed de quiz op {formatDate(quiz.data.results[0].finished_at)}. Je kunt hem opnieuw doen
                wanneer je wilt: je eerdere resultaten blijven bewaard.
              </p>
            </>
          ) : (
            <>
              <h2 className="text-lg font-semibold text-stone-900">Zo werkt het</h2>
              <ul className="mt-3 list-disc space-y-2 pl-5 text-stone-800">
                <li>
                  Je ziet telkens één uitspraak en kiest hoe goed ze bij je past, van helemaal oneens tot
                  helemaal eens.
                </li>
                <li>
                  Het duurt {QUIZ_DURATION}. Elk antwoord wordt meteen bewaard: je kunt stoppen en later
                  verdergaan.
                </li>
                <li>
                  Daarna zie je je resultaat, met uitleg. Op basis van je antwoorden stellen we je matchmaker
                  een paar kenmerken voor; die bespreekt ze met je voor ze meetellen.
                </li>
              </ul>
            </>
          )}
          <div className="mt-6 flex flex-wrap gap-3">
            <Button
              size="lg"
              isBusy={start.isPending}
              onClick={() => {
                setStartedHere(true);
                start.mutate();
              }}
            >
              {quiz.data.results[0] ? 'Doe de quiz opnieuw' : 'Start de quiz'}
            </Button>
            {quiz.data.results[0] && (
              <ButtonLink to={ROUTES.quizResults} variant="secondary" size="lg">
                Bekijk je resultaten
              </ButtonLink>
            )}
          </div>
          {start.isError && (
            <Alert className="mt-4">
              <ErrorText message={errorText(start.error)} />
            </Alert>
          )}
        </Card>
      )}
    </>
  );
}
