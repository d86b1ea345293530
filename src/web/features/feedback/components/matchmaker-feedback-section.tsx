import { useQuery } from '@tanstack/react-query';
import {
  averagesByQuarter,
  MATCHMAKER_RATINGS,
  type MatchmakerRatingKey,
  type StaffMatchmakerFeedback,
} from '../../../../shared/feedback';
import { formatDate, formatOneDecimal } from '../../../../shared/format';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { ContentSpinner } from '../../../components/ui/spinner';
import { staffMatchmakerFeedbackQueryOptions } from '../api/matchmaker-feedback';

const format = (value: number | null) => (value === null ? '–' : formatOneDecimal(value));

/** One colour and dash per rating, so the lines differ without colour too. */
const SERIES: Record<MatchmakerRatingKey, { color: string; dash?: string; short: string }> = {
  overall_satisfaction_rating: { color: '#9f1239', short: 'Algemeen' },
  communication_rating: { color: '#1d4ed8', dash: '6 3', short: 'Communicatie' },
  preference_understanding_rating: { color: '#047857', dash: '2 3', short: 'Voorkeuren' },
  match_quality_rating: { color: '#b45309', dash: '8 3 2 3', short: 'Matches' },
  responsiveness_rating: { color: '#6d28d9', dash: '1 2', short: 'Bereikbaarheid' },
};
const CHART_ORDER: MatchmakerRatingKey[] = [
  'overall_satisfaction_rating',
  'communication_rating',
  'preference_understanding_rating',
  'match_quality_rating',
  'responsiveness_rating',
];

function average(feedback: StaffMatchmakerFeedback[], key: MatchmakerRatingKey): number | null {
  const values = feedback.map((f) => f[key]).filter((v): v is number => v !== null);
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
}

/** Averages per rating per quarter as lines, with the same numbers in a table below. */
function RatingsOverTime({ feedback }: { feedback: StaffMatchmakerFeedback[] }) {
  const quarters = averagesByQuarter(feedback);
  const width = 560;
  const height = 220;
  const left = 28;
  const right = 12;
  const top = 12;
  const bottom = 28;
  const x = (i: number) =>
    quarters.length === 1
      ? (left + width - right) / 2
      : left + (i * (width - left - right)) / (quarters.length - 1);
  const y = (value: number) => top + ((5 - value) * (height - top - bottom)) / 4;

  return (
    <figure>
      <figcaption className="mb-2 text-sm font-semibold text-stone-800">Gemiddelden per kwartaal</figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full"
        role="img"
        aria-label="Lijngrafiek van de gemiddelde scores per kwartaal; de tabel hieronder geeft dezelfde cijfers."
      >
        {[1, 2, 3, 4, 5].map((tick) => (
          <g key={tick}>
            <line x1={left} x2={width - right} y1={y(tick)} y2={y(tick)} stroke="#e7e5e4" />
            <text x={left - 8} y={y(tick) + 4} fontSize="11" textAnchor="end" fill="#57534e">
              {tick}
            </text>
          </g>
        ))}
        {quarters.map((q, i) => (
          <text
            key={q.quarter}
            x={x(i)}
            y={height - 8}
            fontSize="11"
            // The first and last labels stay inside the chart.
            textAnchor={
              quarters.length === 1
                ? 'middle'
                : i === 0
                  ? 'start'
                  : i === quarters.length - 1
                    ? 'end'
                    : 'middle'
            }
            fill="#57534e"
          >
            {q.quarter}
          </text>
        ))}
        {CHART_ORDER.map((key) => {
          const points = quarters
            .map((q, i) => (q.averages[key] === null ? null : ([x(i), y(q.averages[key]!)] as const)))
            .filter((p): p is readonly [number, number] => p !== null);
          const series = SERIES[key];
          return (
            <g key={key}>
              {points.length > 1 && (
                <polyline
                  points={points.map((p) => p.join(',')).join(' ')}
                  fill="none"
                  stroke={series.color}
                  strokeWidth={key === 'overall_satisfaction_rating' ? 3 : 2}
                  strokeDasharray={series.dash}
                />
              )}
              {points.map(([px, py]) => (
                <circle key={`${px}-${py}`} cx={px} cy={py} r={3.5} fill={series.color} />
              ))}
            </g>
          );
        })}
      </svg>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-800">
        {CHART_ORDER.map((key) => (
          <li key={key} className="flex items-center gap-1.5">
            <svg width="24" height="8" aria-hidden="true">
              <line
                x1="0"
                x2="24"
                y1="4"
                y2="4"
                stroke={SERIES[key].color}
                strokeWidth="2.5"
                strokeDasharray={SERIES[key].dash}
              />
            </svg>
            {SERIES[key].short}
          </li>
        ))}
      </ul>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm text-stone-800">
          <caption className="sr-only">Gemiddelde score per kwartaal, per onderdeel</caption>
          <thead>
            <tr className="border-b border-stone-200">
              <th scope="col" className="py-1.5 pr-3 font-semibold">
                Kwartaal
              </th>
              {CHART_ORDER.map((key) => (
                <th key={key} scope="col" className="py-1.5 pr-3 font-semibold">
                  {SERIES[key].short}
                </th>
              ))}
              <th scope="col" className="py-1.5 font-semibold">
                Reacties
              </th>
            </tr>
          </thead>
          <tbody>
            {quarters.map((q) => (
              <tr key={q.quarter} className="border-b border-stone-100">
                <th scope="row" className="py-1.5 pr-3 font-medium">
                  {q.quarter}
                </th>
                {CHART_ORDER.map((key) => (
                  <td key={key} className="py-1.5 pr-3 tabular-nums">
                    {format(q.averages[key])}
                  </td>
                ))}
                <td className="py-1.5 tabular-nums">{q.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** Who gave it, as the reader may know: the API sends no client for an anonymous entry to a matchmaker. */
function from(f: StaffMatchmakerFeedback, isAdmin: boolean): string {
  if (f.client)
    return isAdmin && f.is_anonymous
      ? `${f.client.full_name ?? 'onbekend'} (anoniem)`
      : (f.client.full_name ?? 'onbekend');
  return 'Anoniem';
}

/**
 * The matchmaker feedback section of /matchmaker/feedback (issue 17 item 3): averages per rating,
 * their course per quarter, and the texts. A matchmaker reads their own (anonymous entries
 * without a name); an admin every matchmaker's, with the names.
 */
export function MatchmakerFeedbackSection({ isAdmin }: { isAdmin: boolean }) {
  const feedback = useQuery(staffMatchmakerFeedbackQueryOptions);
  const withText = feedback.data?.filter((f) => f.feedback_text || f.improvement_suggestions) ?? [];

  return (
    <section aria-labelledby="matchmaker-feedback-title" className="mt-10">
      <h2 id="matchmaker-feedback-title" className="text-2xl font-bold text-stone-900">
        {isAdmin ? 'Feedback op de matchmakers' : 'Feedback op jouw begeleiding'}
      </h2>
      <p className="mt-1 mb-4 text-stone-700">
        {isAdmin
          ? 'Wat klanten om de drie maanden en na een date over hun matchmaker zeggen, ook anoniem gegeven feedback met de naam.'
          : 'Wat je klanten om de drie maanden en na een date over je begeleiding zeggen. Bij anonieme feedback zie je geen naam.'}
      </p>
      {feedback.isPending ? (
        <ContentSpinner label="Feedback laden..." />
      ) : feedback.isError ? (
        <LoadError error={feedback.error} onRetry={() => void feedback.refetch()} />
      ) : feedback.data.length === 0 ? (
        <Card>
          <h3 className="text-lg font-semibold text-stone-900">Nog geen feedback</h3>
          <p className="mt-2 text-stone-700">
            Elke klant met een matchmaker krijgt om de drie maanden en na een date een vraag om feedback. De
            antwoorden verschijnen hier.
          </p>
        </Card>
      ) : (
        <div className="flex flex-col gap-6">
          <Card>
            <h3 className="text-lg font-semibold text-stone-900">
              Gemiddelden ({feedback.data.length} {feedback.data.length === 1 ? 'reactie' : 'reacties'})
            </h3>
            <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
              {CHART_ORDER.map((key) => (
                <div key={key} className="rounded-xl bg-stone-50 p-3">
                  <dt className="text-sm text-stone-700">
                    {MATCHMAKER_RATINGS.find((r) => r.key === key)?.label}
                  </dt>
                  <dd className="text-2xl font-bold text-stone-900">
                    {average(feedback.data, key) === null
                      ? '–'
                      : `${format(average(feedback.data, key))} / 5`}
                  </dd>
                </div>
              ))}
            </dl>
            <div className="mt-6">
              <RatingsOverTime feedback={feedback.data} />
            </div>
          </Card>
          <section aria-labelledby="matchmaker-feedback-texts">
            <h3 id="matchmaker-feedback-texts" className="mb-3 text-xl font-semibold text-stone-900">
              Wat klanten schrijven
            </h3>
            {withText.length === 0 && <p className="text-stone-700">Nog geen opmerkingen bij de scores.</p>}
            <ul className="flex flex-col gap-3">
              {withText.map((f) => (
                <li
                  key={f.id}
                  className="rounded-xl border border-stone-200 bg-white p-4 text-sm text-stone-800"
                >
                  <p className="text-stone-700">
                    {formatDate(f.created_at)} · algemeen {f.overall_satisfaction_rating}/5
                    {/* An anonymous entry to a matchmaker has no type (decision 034). */}
                    {f.request_type && (
                      <> · {f.request_type === 'post_match' ? 'na een date' : 'driemaandelijks'}</>
                    )}
                    {isAdmin && <> · matchmaker {f.matchmaker.full_name ?? 'onbekend'}</>} ·{' '}
                    <span className="font-semibold">{from(f, isAdmin)}</span>
                  </p>
                  {f.feedback_text && <p className="mt-1 whitespace-pre-line">{f.feedback_text}</p>}
                  {f.improvement_suggestions && (
                    <p className="mt-1 whitespace-pre-line">
                      <span className="font-semibold">Kan beter: </span>
                      {f.improvement_suggestions}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          </section>
        </div>
      )}
    </section>
  );
}
