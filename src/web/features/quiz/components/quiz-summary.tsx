import { QUIZ_BAND_LABELS, QUIZ_DIMENSION_INFO } from '../../../../shared/quiz';
import { ROUTES } from '../../../../shared/routes';
import { ButtonLink } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { useLatestQuizResult } from '../api/quiz';

/**
 * The client's latest quiz bands in a few lines, with the way to the full results or to the quiz:
 * for the profile overview and other pages that show the quiz beside other things.
 */
export function QuizSummary() {
  const latest = useLatestQuizResult();
  if (latest.isPending) return <Spinner label="Quizresultaat laden..." />;
  if (latest.isError) return <LoadError error={latest.error} onRetry={() => void latest.refetch()} />;
  const { result, in_progress } = latest.data;
  if (!result) {
    return (
      <div>
        <p className="text-stone-700">
          {in_progress
            ? 'Je bent aan de quiz begonnen. Je antwoorden zijn bewaard.'
            : 'Je hebt de persoonlijkheidsquiz nog niet gedaan.'}
        </p>
        <ButtonLink to={ROUTES.quiz} variant="secondary" className="mt-3">
          {in_progress ? 'Ga verder met de quiz' : 'Doe de quiz'}
        </ButtonLink>
      </div>
    );
  }
  return (
    <div>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {result.dimensions.map((d) => (
          <div key={d.dimension} className="contents">
            <dt className="text-stone-700">{QUIZ_DIMENSION_INFO[d.dimension].label}</dt>
            <dd className="text-right font-semibold text-stone-900">{QUIZ_BAND_LABELS[d.band]}</dd>
          </div>
        ))}
      </dl>
      <ButtonLink to={ROUTES.quizResults} variant="secondary" className="mt-3">
        Bekijk je quizresultaten
      </ButtonLink>
    </div>
  );
}
