import { formatBadgeCount } from '../../../../shared/format';
import { useProposedMatchCount } from '../api/proposed-matches';

/** The count of open proposals beside a navigation link: 9+ above 9, nothing at 0. */
export function ProposalBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  const label = count === 1 ? '1 voorgestelde match' : `${count} voorgestelde matches`;
  return (
    <span
      role="img"
      aria-label={label}
      className="inline-flex min-w-6 shrink-0 items-center justify-center rounded-full whitespace-nowrap bg-brand-700 px-1.5 py-0.5 text-xs font-bold text-white"
    >
      {formatBadgeCount(count)}
    </span>
  );
}

/** The client's navigation badge of spec section 2: the number of their proposed matches. */
export function ProposedMatchesBadge() {
  return <ProposalBadge count={useProposedMatchCount()} />;
}
