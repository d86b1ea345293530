import type { MatchmakerSummary } from '../../../../shared/matchmakers';
import { MatchmakerPhoto } from '../../../components/matchmaker-photo';
import { AppLink } from '../../../lib/app-link';
import { cn } from '../../../lib/cn';

/** Columns that follow the count: one card centred, two side by side, three or more in threes. */
function gridFor(count: number): string {
  if (count === 1) return 'mx-auto max-w-sm grid-cols-1';
  if (count === 2) return 'mx-auto max-w-3xl sm:grid-cols-2';
  return 'sm:grid-cols-2 lg:grid-cols-3';
}

/** The active matchmakers as cards with photo, success rate, specialties and a link to their page. */
export function MatchmakerCards({
  matchmakers,
  headingLevel = 'h3',
  className,
}: {
  matchmakers: MatchmakerSummary[];
  headingLevel?: 'h2' | 'h3' | 'h4';
  className?: string;
}) {
  const Heading = headingLevel;
  return (
    <ul className={cn('grid gap-6', gridFor(matchmakers.length), className)}>
      {matchmakers.map((matchmaker) => (
        <li
          key={matchmaker.id}
          className="flex flex-col items-center rounded-2xl border border-stone-200 bg-white p-6 text-center shadow-sm"
        >
          <MatchmakerPhoto name={matchmaker.full_name} url={matchmaker.profile_photo_url} size={112} />
          <Heading className="mt-4 text-lg font-semibold break-words text-stone-900">
            {matchmaker.full_name}
          </Heading>
          {matchmaker.success_rate !== null && (
            <p className="text-sm text-stone-700">{`${matchmaker.success_rate}% Succespercentage`}</p>
          )}
          {matchmaker.specialties.length > 0 && (
            <p className="mt-2 text-sm text-stone-600">{matchmaker.specialties.join(' · ')}</p>
          )}
          <AppLink
            to={`/${matchmaker.slug}`}
            className="mt-4 rounded-lg font-semibold text-brand-800 underline hover:text-brand-950"
          >
            Bekijk profiel<span className="sr-only"> van {matchmaker.full_name}</span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
