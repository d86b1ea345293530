import { formatSpecialtiesPreview } from '../../../../shared/format';
import type { MatchmakerSummary } from '../../../../shared/matchmakers';
import { ROUTES } from '../../../../shared/routes';
import { MatchmakerPhoto } from '../../../components/matchmaker-photo';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { AppLink } from '../../../lib/app-link';
import { cn } from '../../../lib/cn';
import { SUMMARY_CLASS, useDisclosure } from './use-disclosure';

export type MatchmakersState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; matchmakers: MatchmakerSummary[] };

/**
 * The top bar's matchmakers list (spec section 2): a disclosure (`<details>`, issue 31: it opens
 * before its script has run) with a panel of the active matchmakers. Once hydrated it also closes on
 * an outside click, on Escape (focus returns to the summary) and when focus leaves it.
 */
export function MatchmakersDropdown({
  state,
  allPath = ROUTES.publicMatchmakers,
  className,
}: {
  state: MatchmakersState;
  /** Where 'Bekijk alle matchmakers' leads: the public list, or a client's own choice page. */
  allPath?: string;
  className?: string;
}) {
  const { rootRef, summaryRef } = useDisclosure();

  return (
    <details ref={rootRef} className={cn('group relative', className)}>
      <summary
        ref={summaryRef}
        className={cn(
          SUMMARY_CLASS,
          'inline-flex min-h-10 items-center gap-1 rounded-xl px-2 py-2 text-sm sm:px-3 font-semibold text-stone-800 hover:bg-brand-50',
        )}
      >
        Matchmakers
        <ChevronDownIcon className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <div className="absolute left-0 z-30 mt-2 w-[min(20rem,calc(100vw-2rem))] rounded-2xl border border-stone-200 bg-white p-2 shadow-xl sm:right-0 sm:left-auto">
        <DropdownContent state={state} />
        <div className="mt-1 border-t border-stone-100 pt-1">
          <AppLink
            to={allPath}
            className="block rounded-xl px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          >
            Bekijk alle matchmakers
          </AppLink>
        </div>
      </div>
    </details>
  );
}

function DropdownContent({ state }: { state: MatchmakersState }) {
  if (state.status === 'loading') {
    return (
      <p role="status" className="px-3 py-4 text-sm text-stone-700">
        Matchmakers laden...
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <p role="alert" className="px-3 py-4 text-sm text-red-800">
        {state.message}
      </p>
    );
  }
  if (state.matchmakers.length === 0) {
    return <p className="px-3 py-4 text-sm text-stone-700">Geen matchmakers gevonden</p>;
  }
  return (
    <ul className="max-h-80 overflow-y-auto" aria-label="Actieve matchmakers">
      {state.matchmakers.map((matchmaker) => (
        <li key={matchmaker.id}>
          <AppLink
            to={`/${matchmaker.slug}`}
            className="flex items-center gap-3 rounded-xl px-3 py-2 hover:bg-brand-50"
          >
            <MatchmakerPhoto name={matchmaker.full_name} url={matchmaker.profile_photo_url} size={40} />
            <span className="min-w-0">
              <span className="block truncate text-sm font-semibold text-stone-900">
                {matchmaker.full_name}
              </span>
              {matchmaker.specialties.length > 0 && (
                <span className="block text-xs text-stone-600">
                  {formatSpecialtiesPreview(matchmaker.specialties)}
                </span>
              )}
            </span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
