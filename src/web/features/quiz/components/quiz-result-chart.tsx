import {
  QUIZ_BAND_LABELS,
  QUIZ_DIMENSION_GROUPS,
  QUIZ_DIMENSION_INFO,
  QUIZ_HIGH_ABOVE,
  QUIZ_LOW_BELOW,
  type QuizBand,
  type QuizResult,
} from '../../../../shared/quiz';
import { cn } from '../../../lib/cn';

const BAND_BADGE: Record<QuizBand, string> = {
  laag: 'bg-sky-100 text-sky-900',
  gemiddeld: 'bg-stone-200 text-stone-900',
  hoog: 'bg-brand-100 text-brand-900',
};

/**
 * The result as a chart in plain HTML and CSS (no chart library): per dimension a bar from one
 * pole to the other with the three bands shaded, the band in words and its explanation. Every bar
 * is an image with its score and poles in words, so the chart reads the same without sight.
 */
export function QuizResultChart({ result }: { result: QuizResult }) {
  const byDimension = new Map(result.dimensions.map((d) => [d.dimension, d]));
  return (
    <div className="flex flex-col gap-10">
      {Object.entries(QUIZ_DIMENSION_GROUPS).map(([key, group]) => (
        <section key={key} aria-labelledby={`quiz-group-${key}`}>
          <h2 id={`quiz-group-${key}`} className="font-serif text-2xl font-semibold text-stone-900">
            {group.label}
          </h2>
          <ul className="mt-4 flex flex-col gap-6">
            {group.dimensions.map((dimension) => {
              const entry = byDimension.get(dimension);
              if (!entry) return null;
              const info = QUIZ_DIMENSION_INFO[dimension];
              return (
                <li key={dimension} className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 className="text-lg font-semibold text-stone-900">{info.label}</h3>
                    <span
                      className={cn('rounded-full px-3 py-1 text-sm font-semibold', BAND_BADGE[entry.band])}
                    >
                      {QUIZ_BAND_LABELS[entry.band]}
                    </span>
                  </div>
                  <div
                    role="img"
                    aria-label={`${info.label}: ${entry.score} van 100, ${QUIZ_BAND_LABELS[entry.band].toLowerCase()}, op een schaal van ${info.low_pole.toLowerCase()} naar ${info.high_pole.toLowerCase()}`}
                    className="mt-4"
                  >
                    <div className="relative h-4 overflow-hidden rounded-full bg-stone-100">
                      <div
                        className="absolute inset-y-0 left-0 bg-sky-100"
                        style={{ width: `${QUIZ_LOW_BELOW}%` }}
                      />
                      <div
                        className="absolute inset-y-0 right-0 bg-brand-100"
                        style={{ width: `${100 - QUIZ_HIGH_ABOVE}%` }}
                      />
                      <div
                        className="absolute inset-y-0 left-0 rounded-full bg-brand-700/80"
                        style={{ width: `${Math.max(entry.score, 3)}%` }}
                      />
                      {/* Where 'laag' ends and 'hoog' begins. */}
                      {[QUIZ_LOW_BELOW, QUIZ_HIGH_ABOVE].map((edge) => (
                        <div
                          key={edge}
                          className="absolute inset-y-0 w-0.5 bg-white"
                          style={{ left: `${edge}%` }}
                        />
                      ))}
                    </div>
                    <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-stone-700">
                      <span>{info.low_pole}</span>
                      <span className="font-semibold text-stone-900">{entry.score}/100</span>
                      <span>{info.high_pole}</span>
                    </div>
                  </div>
                  <p className="mt-3 text-stone-800">{info.explanations[entry.band]}</p>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
