import { MATCH_STATUS_LABELS, type MatchStatus } from '../../../../shared/domain';
import { cn } from '../../../lib/cn';

const TONES: Record<MatchStatus, string> = {
  proposed: 'bg-sky-50 text-sky-900 border-sky-200',
  accepted: 'bg-green-50 text-green-900 border-green-200',
  rejected: 'bg-red-50 text-red-900 border-red-200',
  scheduled: 'bg-brand-50 text-brand-900 border-brand-200',
  completed: 'bg-stone-100 text-stone-900 border-stone-300',
  cancelled: 'bg-amber-50 text-amber-950 border-amber-300',
};

/** The Dutch status label of spec section 4 in a coloured pill. */
export function MatchStatusBadge({ status }: { status: MatchStatus }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        TONES[status],
      )}
    >
      {MATCH_STATUS_LABELS[status]}
    </span>
  );
}
