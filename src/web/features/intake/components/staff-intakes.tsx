import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SESSION_TYPE_LABELS } from '../../../../shared/domain';
import { formatDateTime } from '../../../../shared/format';
import type { StaffIntakeSession } from '../../../../shared/intake';
import { canCompleteSession, isFirstIntakeSession } from '../../../../shared/intake-rules';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { ContentSpinner } from '../../../components/ui/spinner';
import { useMe } from '../../../lib/me';
import { useNow } from '../../../lib/use-now';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { staffIntakeSessionsQueryOptions } from '../api/intake';
import { IntakeStatusBadge, SessionPlace } from './intake-session-list';

// Completing a session (its form: react-hook-form and zod) loads when a matchmaker first opens it,
// not with the dashboard (decision 047).
const CompleteIntakeDialog = lazy(async () => ({
  default: (await import('./complete-intake-dialog')).CompleteIntakeDialog,
}));

/** An intake is 'Intake afronden'; a follow-up or coaching session 'Gesprek afronden'. */
export const completeLabel = (session: Pick<StaffIntakeSession, 'session_type'> | null) =>
  !session || isFirstIntakeSession(session.session_type) ? 'Intake afronden' : 'Gesprek afronden';

function SessionRow({
  session,
  canComplete,
  onComplete,
}: {
  session: StaffIntakeSession;
  /** Its host, from its start time on: the button; its host before then: when it can be. */
  canComplete: 'now' | 'later' | false;
  onComplete: () => void;
}) {
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-stone-900">{session.client.full_name ?? 'Klant'}</p>
        <IntakeStatusBadge status={session.status} />
      </div>
      <p className="mt-1 text-sm text-stone-700">
        {session.scheduled_at ? formatDateTime(session.scheduled_at) : 'Tijdstip volgt'} ·{' '}
        {SESSION_TYPE_LABELS[session.session_type]} · {session.client.tier}
      </p>
      <p className="mt-1 text-sm text-stone-700">
        <SessionPlace session={session} />
        {session.matchmaker && <> · met {session.matchmaker.full_name}</>}
      </p>
      {session.matchmaker_notes && (
        <details className="mt-2 text-sm text-stone-700">
          <summary className="cursor-pointer font-medium text-stone-800">Notities</summary>
          <p className="mt-1 whitespace-pre-line">{session.matchmaker_notes}</p>
        </details>
      )}
      {canComplete === 'now' && (
        <Button className="mt-3" variant="secondary" onClick={onComplete}>
          {completeLabel(session)}
          <span className="sr-only"> met {session.client.full_name ?? 'deze klant'}</span>
        </Button>
      )}
      {canComplete === 'later' && (
        <p className="mt-3 text-sm text-stone-700">Af te ronden vanaf het begin van het gesprek.</p>
      )}
    </li>
  );
}

/**
 * The matchmaker's intakes (issue 13): upcoming and past, and a dialog to complete one with notes.
 * Only the session's own matchmaker sees the button, and only from the session's start time on
 * (issue 26; the server checks both too).
 */
export function StaffIntakes() {
  const me = useMe();
  const now = useNow(30_000);
  const sessions = useQuery(staffIntakeSessionsQueryOptions());
  const [completing, setCompleting] = useState<StaffIntakeSession | null>(null);
  // The dialog's code loads when it first opens, then it stays (it closes as before).
  const dialogWanted = useOpenedOnce(completing !== null);
  const myId = me.data?.user.id;
  // The dashboard's 'Intakes af te ronden' links here with ?afronden=<session>: its dialog opens.
  const [params, setParams] = useSearchParams();
  const toComplete = params.get('afronden');
  useEffect(() => {
    if (!toComplete || !sessions.data || !myId) return;
    const session = sessions.data.find(
      (s) =>
        s.id === toComplete &&
        s.status === 'scheduled' &&
        s.assigned_matchmaker_id === myId &&
        canCompleteSession(s.scheduled_at, new Date()),
    );
    if (session) setCompleting(session);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('afronden');
        return next;
      },
      { replace: true },
    );
  }, [toComplete, sessions.data, myId, setParams]);

  if (sessions.isPending) return <ContentSpinner label="Intakegesprekken laden..." />;
  if (sessions.isError) return <LoadError error={sessions.error} onRetry={() => void sessions.refetch()} />;
  const open = sessions.data
    .filter((s) => s.status === 'scheduled')
    .sort((a, b) => (a.scheduled_at ?? '').localeCompare(b.scheduled_at ?? ''));
  const past = sessions.data.filter((s) => s.status !== 'scheduled');

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="upcoming-intakes">
        <h2 id="upcoming-intakes" className="mb-3 text-xl font-semibold text-stone-900">
          Geplande intakes
        </h2>
        {open.length === 0 ? (
          <Card>
            <p className="text-stone-700">
              Geen geplande intakes. Nieuwe boekingen verschijnen hier vanzelf.
            </p>
          </Card>
        ) : (
          <ul className="flex flex-col gap-3">
            {open.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                canComplete={
                  me.data?.profile?.role === 'matchmaker' && session.assigned_matchmaker_id === myId
                    ? canCompleteSession(session.scheduled_at, now)
                      ? 'now'
                      : 'later'
                    : false
                }
                onComplete={() => setCompleting(session)}
              />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="past-intakes">
        <h2 id="past-intakes" className="mb-3 text-xl font-semibold text-stone-900">
          Afgeronde en geannuleerde intakes
        </h2>
        {past.length === 0 ? (
          <p className="text-stone-700">Nog geen afgeronde intakes.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {past.slice(0, 30).map((session) => (
              <SessionRow key={session.id} session={session} canComplete={false} onComplete={() => {}} />
            ))}
          </ul>
        )}
      </section>
      {dialogWanted && (
        <Suspense fallback={null}>
          <CompleteIntakeDialog session={completing} onClose={() => setCompleting(null)} />
        </Suspense>
      )}
    </div>
  );
}
