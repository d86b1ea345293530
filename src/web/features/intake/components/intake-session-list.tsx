import { INTAKE_STATUS_LABELS, SESSION_TYPE_LABELS } from '../../../../shared/domain';
import { formatDateTime } from '../../../../shared/format';
import type { IntakeSession } from '../../../../shared/intake';
import { isUpcomingBooking } from '../../../../shared/intake-rules';
import { cn } from '../../../lib/cn';
import { useNow } from '../../../lib/use-now';
import { BookingActions } from './booking-actions';

const STATUS_CLASSES: Record<IntakeSession['status'], string> = {
  scheduled: 'bg-sky-100 text-sky-900',
  completed: 'bg-green-100 text-green-900',
  cancelled: 'bg-stone-200 text-stone-800',
};

export function IntakeStatusBadge({ status }: { status: IntakeSession['status'] }) {
  return (
    <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', STATUS_CLASSES[status])}>
      {INTAKE_STATUS_LABELS[status]}
    </span>
  );
}

/** Where the session takes place: the join link of an online meeting, or the place. */
export function SessionPlace({
  session,
}: {
  session: Pick<IntakeSession, 'join_url' | 'location' | 'status'>;
}) {
  if (session.join_url) {
    return session.status === 'scheduled' ? (
      <a
        href={session.join_url}
        target="_blank"
        rel="noopener noreferrer"
        className="font-semibold text-brand-800 underline"
      >
        Deelnemen aan het online gesprek
      </a>
    ) : (
      <span>Online gesprek</span>
    );
  }
  return <span>{session.location ?? 'Plaats volgt via je matchmaker'}</span>;
}

/**
 * The client's sessions, newest first: date and time, type, status, place or link, matchmaker; the
 * upcoming booking with moving and cancelling (issue 26).
 */
export function IntakeSessionList({ sessions }: { sessions: IntakeSession[] }) {
  const now = useNow(60_000);
  return (
    <ul className="flex flex-col gap-3" aria-label="Je gesprekken">
      {sessions.map((session) => (
        <li key={session.id} className="rounded-xl border border-stone-200 bg-white p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold text-stone-900">
              {session.scheduled_at ? formatDateTime(session.scheduled_at) : 'Tijdstip volgt'}
            </p>
            <IntakeStatusBadge status={session.status} />
          </div>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-stone-700">
            <dt className="font-medium">Soort</dt>
            <dd>{SESSION_TYPE_LABELS[session.session_type]}</dd>
            <dt className="font-medium">Matchmaker</dt>
            <dd>{session.matchmaker?.full_name ?? 'Wordt toegewezen'}</dd>
            <dt className="font-medium">Waar</dt>
            <dd className="min-w-0 break-words">
              <SessionPlace session={session} />
            </dd>
          </dl>
          {isUpcomingBooking(session, now) && <BookingActions session={session} now={now} />}
        </li>
      ))}
    </ul>
  );
}
