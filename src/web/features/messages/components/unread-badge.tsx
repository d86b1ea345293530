import { formatBadgeCount } from '../../../../shared/format';
import { useMyUnreadCount, useStaffUnread } from '../api/conversations';

/** A count of unread messages beside a navigation link: 9+ above 9, nothing at 0. */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  const label = count === 1 ? '1 ongelezen bericht' : `${count} ongelezen berichten`;
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

/** The client's "Berichten" link: their unread messages. */
export function ClientMessagesBadge() {
  return <UnreadBadge count={useMyUnreadCount()} />;
}

/** The matchmaker's "Berichten" link: their clients' unread messages. */
export function StaffMessagesBadge() {
  return <UnreadBadge count={useStaffUnread().unread} />;
}
