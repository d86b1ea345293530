import type { Completeness } from '../../../../shared/profile';
import { ROUTES } from '../../../../shared/routes';
import { AppLink } from '../../../lib/app-link';

/** How complete the profile is, as a bar, and what is missing with a link to its step. */
export function CompletenessMeter({ completeness }: { completeness: Completeness }) {
  const { percent, missing } = completeness;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="volledigheid" className="text-lg font-semibold text-stone-900">
          Je profiel is {percent}% compleet
        </h2>
      </div>
      <div
        role="progressbar"
        aria-labelledby="volledigheid"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-3 h-3 w-full overflow-hidden rounded-full bg-stone-200"
      >
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${percent}%` }} />
      </div>
      {missing.length === 0 ? (
        <p className="mt-3 text-sm text-stone-700">
          Alles is ingevuld. Je matchmaker heeft alles wat nodig is.
        </p>
      ) : (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-stone-800">Nog in te vullen</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {missing.map((part) => (
              <li key={part.key}>
                <AppLink
                  to={`${ROUTES.profileForm}?stap=${part.step}`}
                  className="inline-flex min-h-10 items-center rounded-full border border-stone-300 px-3 py-1.5 text-sm text-brand-800 underline-offset-2 hover:underline"
                >
                  {part.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
