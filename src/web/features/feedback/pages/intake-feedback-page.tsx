import { useQuery } from '@tanstack/react-query';
import { RATING_MAX, RATING_MIN } from '../../../../shared/domain';
import { formatDate, formatOneDecimal } from '../../../../shared/format';
import type { StaffIntakeFeedback } from '../../../../shared/intake';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { ContentSpinner } from '../../../components/ui/spinner';
import { useMe } from '../../../lib/me';
import { usePageTitle } from '../../../lib/use-page-title';
import { staffIntakeFeedbackQueryOptions } from '../api/intake-feedback';
import { MatchmakerFeedbackSection } from '../components/matchmaker-feedback-section';

type RatingKey = 'overall_satisfaction_rating' | 'professionalism_rating' | 'communication_rating';
const RATINGS: { key: RatingKey; label: string }[] = [
  { key: 'overall_satisfaction_rating', label: 'Algemene tevredenheid' },
  { key: 'professionalism_rating', label: 'Professionaliteit' },
  { key: 'communication_rating', label: 'Communicatie' },
];

function average(feedback: StaffIntakeFeedback[], key: RatingKey): number | null {
  const values = feedback.map((f) => f[key]).filter((v): v is number => v !== null);
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
}

/** The distribution of overall satisfaction as bars, with the counts in text for everyone. */
function Distribution({ feedback }: { feedback: StaffIntakeFeedback[] }) {
  const counts = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => {
    const stars = RATING_MAX - i;
    return { stars, count: feedback.filter((f) => f.overall_satisfaction_rating === stars).length };
  });
  const max = Math.max(1, ...counts.map((c) => c.count));
  return (
    <figure>
      <figcaption className="mb-2 text-sm font-semibold text-stone-800">
        Verdeling algemene tevredenheid
      </figcaption>
      <ul className="flex flex-col gap-1.5">
        {counts.map(({ stars, count }) => (
          <li
            key={stars}
            className="grid grid-cols-[5.5rem_1fr_2rem] items-center gap-2 text-sm text-stone-800"
          >
            <span>{stars === 1 ? '1 ster' : `${stars} sterren`}</span>
            <span className="h-3 rounded-full bg-stone-100" aria-hidden="true">
              <span
                className="block h-3 rounded-full bg-brand-700"
                style={{ width: `${(count / max) * 100}%` }}
              />
            </span>
            <span className="text-right tabular-nums">{count}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

/**
 * /matchmaker/feedback: intake feedback as averages, a distribution and the texts. A matchmaker
 * sees their own without anything that identifies the client (the API sends nothing of them); an
 * admin sees every matchmaker's, with the client's name.
 */
export function IntakeFeedbackPage() {
  usePageTitle('Intake feedback');
  const me = useMe();
  const feedback = useQuery(staffIntakeFeedbackQueryOptions);
  const isAdmin = me.data?.profile?.role === 'admin';
  const withText = feedback.data?.filter((f) => f.improvement_feedback) ?? [];

  return (
    <>
      <PageHeader
        title="Intake feedback"
        description={
          isAdmin
            ? 'Wat klanten van hun intakegesprek vinden, van alle matchmakers.'
            : 'Wat je klanten van hun intakegesprek met jou vinden. Alle scores zijn anoniem.'
        }
      />
      {feedback.isPending ? (
        <ContentSpinner label="Feedback laden..." />
      ) : feedback.isError ? (
        <LoadError error={feedback.error} onRetry={() => void feedback.refetch()} />
      ) : feedback.data.length === 0 ? (
        <Card>
          <h2 className="text-lg font-semibold text-stone-900">Nog geen feedback</h2>
          <p className="mt-2 text-stone-700">
            Na elke afgeronde intake krijgt de klant 7 dagen om feedback te geven. Die verschijnt hier.
          </p>
        </Card>
      ) : (
        <div className="flex flex-col gap-6">
          <Card>
            <h2 className="text-lg font-semibold text-stone-900">
              Gemiddelden ({feedback.data.length} {feedback.data.length === 1 ? 'reactie' : 'reacties'})
            </h2>
            <dl className="mt-3 grid gap-3 sm:grid-cols-3">
              {RATINGS.map(({ key, label }) => {
                const value = average(feedback.data, key);
                return (
                  <div key={key} className="rounded-xl bg-stone-50 p-3">
                    <dt className="text-sm text-stone-700">{label}</dt>
                    <dd className="text-2xl font-bold text-stone-900">
                      {value === null ? '–' : `${formatOneDecimal(value)} / 5`}
                    </dd>
                  </div>
                );
              })}
            </dl>
            <div className="mt-6">
              <Distribution feedback={feedback.data} />
            </div>
          </Card>
          <section aria-labelledby="feedback-texts">
            <h2 id="feedback-texts" className="mb-3 text-xl font-semibold text-stone-900">
              Wat kan beter
            </h2>
            {withText.length === 0 && <p className="text-stone-700">Nog geen opmerkingen bij de scores.</p>}
            <ul className="flex flex-col gap-3">
              {withText.map((f) => (
                <li
                  key={f.id}
                  className="rounded-xl border border-stone-200 bg-white p-4 text-sm text-stone-800"
                >
                  <p className="text-stone-700">
                    {formatDate(f.submitted_at)} · algemeen {f.overall_satisfaction_rating ?? '–'}/5
                    {isAdmin && f.matchmaker?.full_name && <> · matchmaker {f.matchmaker.full_name}</>}
                    {isAdmin && f.client && <> · klant {f.client.full_name ?? 'onbekend'}</>}
                  </p>
                  <p className="mt-1 whitespace-pre-line">{f.improvement_feedback}</p>
                </li>
              ))}
            </ul>
          </section>
        </div>
      )}
      {/* Issue 17: feedback on the matchmaker, beside the intake feedback. */}
      <MatchmakerFeedbackSection isAdmin={isAdmin} />
    </>
  );
}
