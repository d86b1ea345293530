import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../../../shared/format';
import type { PackageDates as PackageDatesData } from '../../../../shared/magic-match';
import { packageDatesLabel } from '../../../../shared/package-dates';
import { cn } from '../../../lib/cn';
import { clientPackageDatesQueryOptions, myPackageDatesQueryOptions } from '../api/magic-match';

const STATE_TEXT = { completed: 'Gehad', planned: 'Gepland of voorgesteld', open: 'Nog te komen' } as const;

/**
 * The dates a package includes (issue 16 item 6): 'Date 2 van 4' and each date of the term, the
 * waiting-list date of Persoonlijk+ named as such. For the client's dashboard, the client's file
 * (matchmaker) and magic match; `audience` only changes the wording.
 */
export function PackageDates({
  dates,
  audience = 'client',
  className,
}: {
  dates: PackageDatesData;
  audience?: 'client' | 'staff';
  className?: string;
}) {
  const headingId = `pakketdates-${audience}`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn('rounded-2xl border border-stone-200 bg-white p-5', className)}
    >
      <h2 id={headingId} className="font-serif text-lg font-bold text-stone-900">
        {audience === 'client' ? 'Je dates in je pakket' : `Dates in het pakket (${dates.tier})`}
      </h2>
      <p className="mt-1 text-2xl font-semibold text-brand-800">{packageDatesLabel(dates)}</p>
      <p className="mt-1 text-sm text-stone-700">
        {dates.tier} bevat {dates.included} persoonlijk samengestelde dates
        {dates.has_waiting_list_date ? ', waarvan 1 via de wachtlijst' : ''}
        {dates.term_ends_at ? `, tot ${formatDate(dates.term_ends_at)}` : ''}.
      </p>
      <ol className="mt-3 flex flex-wrap gap-2">
        {dates.dates.map((d) => (
          <li
            key={d.number}
            className={cn(
              'rounded-xl border px-3 py-2 text-sm',
              d.state === 'completed' && 'border-brand-700 bg-brand-50 text-brand-900',
              d.state === 'planned' && 'border-amber-600 bg-amber-50 text-amber-900',
              d.state === 'open' && 'border-stone-300 text-stone-700',
            )}
          >
            <span className="font-semibold">
              Date {d.number}
              {d.waiting_list ? ' (wachtlijstdate)' : ''}
              {d.number > dates.included ? ' (extra)' : ''}
            </span>
            : {STATE_TEXT[d.state]}
            {d.at ? ` op ${formatDate(d.at)}` : ''}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The signed-in client's own package dates; nothing for a tier without dates. */
export function MyPackageDates({ className }: { className?: string }) {
  const query = useQuery(myPackageDatesQueryOptions());
  if (!query.data) return null;
  return <PackageDates dates={query.data} className={className} />;
}

/** A client's package dates on their file (staff); nothing for a tier without dates. */
export function ClientPackageDates({ clientId, className }: { clientId: string; className?: string }) {
  const query = useQuery(clientPackageDatesQueryOptions(clientId));
  if (!query.data) return null;
  return <PackageDates dates={query.data} audience="staff" className={className} />;
}
