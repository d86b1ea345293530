import type { MatchmakerSummary } from '../../../../shared/matchmakers';
import { MatchmakerPhoto } from '../../../components/matchmaker-photo';
import { AppLink } from '../../../lib/app-link';

/** The active matchmakers as visitors see them, each with a link to their public page. */
export function MatchmakersOverview({ matchmakers }: { matchmakers: readonly MatchmakerSummary[] }) {
  if (matchmakers.length === 0) {
    return <p className="text-stone-700">Er zijn nog geen actieve matchmakers.</p>;
  }
  return (
    <ul className="flex flex-col divide-y divide-stone-200">
      {matchmakers.map((matchmaker) => (
        <li key={matchmaker.id} className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
          <MatchmakerPhoto name={matchmaker.full_name} url={matchmaker.profile_photo_url} size={48} />
          <div className="min-w-0 flex-1">
            <p className="font-semibold break-words text-stone-900">{matchmaker.full_name}</p>
            <p className="text-sm text-stone-700">
              {matchmaker.client_count === 1 ? '1 klant' : `${matchmaker.client_count} klanten`}
              {matchmaker.success_rate !== null && ` · ${matchmaker.success_rate}% succes`}
            </p>
          </div>
          <AppLink
            to={`/${matchmaker.slug}`}
            className="inline-flex min-h-10 items-center rounded-lg px-2 font-semibold text-brand-800 underline hover:text-brand-950"
          >
            Publiek profiel<span className="sr-only"> van {matchmaker.full_name}</span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
