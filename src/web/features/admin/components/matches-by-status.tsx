import { MATCH_STATUS_LABELS, MATCH_STATUSES, type MatchStatus } from '../../../../shared/domain';
import type { Match } from '../../../../shared/matches';
import { ROUTES } from '../../../../shared/routes';
import { ButtonLink } from '../../../components/ui/button';
import { AppLink } from '../../../lib/app-link';

/** The match overview filtered on one status (the overview reads `?status=`). */
export const matchesWithStatusPath = (status: MatchStatus) => `${ROUTES.matchmakerMatches}?status=${status}`;

/** The agency's matches counted per status; each count opens the overview with that filter. */
export function MatchesByStatus({ matches }: { matches: readonly Pick<Match, 'status'>[] }) {
  if (matches.length === 0) {
    return (
      <div>
        <p className="text-stone-700">Er zijn nog geen matches.</p>
        <ButtonLink to={ROUTES.matchmakerMatches} variant="secondary" className="mt-4">
          Een match voorstellen
        </ButtonLink>
      </div>
    );
  }
  const counts = new Map<MatchStatus, number>();
  for (const { status } of matches) counts.set(status, (counts.get(status) ?? 0) + 1);

  return (
    <div>
      <p className="text-stone-700">
        {matches.length === 1 ? '1 match' : `${matches.length} matches`} in totaal
      </p>
      <ul className="mt-4 grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-3">
        {MATCH_STATUSES.map((status) => (
          <li key={status}>
            <AppLink
              to={matchesWithStatusPath(status)}
              className="flex min-h-11 min-w-0 flex-col rounded-xl border border-stone-200 px-3 py-3 hover:border-brand-700 hover:bg-brand-50"
            >
              <span className="text-sm font-semibold text-stone-700">{MATCH_STATUS_LABELS[status]}</span>
              <span className="text-2xl font-bold text-stone-900">{counts.get(status) ?? 0}</span>
            </AppLink>
          </li>
        ))}
      </ul>
      <ButtonLink to={ROUTES.matchmakerMatches} variant="secondary" className="mt-5">
        Alle matches bekijken
      </ButtonLink>
    </div>
  );
}
