import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { CLIENT_REF_UTM_FIELD } from '../../../../shared/intake';
import { MESSAGES } from '../../../../shared/messages';
import { SchedulerWidget } from '../../../components/scheduler-widget';
import { Alert } from '../../../components/ui/alert';
import { ErrorText } from '../../../components/ui/error-text';
import { LoadError } from '../../../components/ui/load-error';
import { ContentSpinner } from '../../../components/ui/spinner';
import { createIntakeSession, refreshAfterBooking, schedulerSettingsQueryOptions } from '../api/intake';
import {
  type BookingOutcome,
  bookingFromMessage,
  isSchedulerOrigin,
  saveBookingWithRetries,
} from '../booking';
import { TestScheduler } from './test-scheduler';

const ALERTS: Record<BookingOutcome, { tone: 'success' | 'error'; text: string }> = {
  success: { tone: 'success', text: MESSAGES.bookingSuccess },
  'save-failed': { tone: 'error', text: MESSAGES.bookingSaveFailed },
  unexpected: { tone: 'error', text: MESSAGES.bookingUnexpectedError },
};

/**
 * The scheduler of issue 13: the matchmaker's link or the tier's fallback (Calendly's embed, or the
 * local Testagenda), and the listener that turns its booking message into a session. With an
 * upcoming booking (issue 26: one at a time) the listener and its alert stay, the scheduler not.
 */
export function IntakeScheduler({
  name,
  email,
  hasUpcoming = false,
}: {
  name: string | null;
  email: string | null;
  hasUpcoming?: boolean;
}) {
  const queryClient = useQueryClient();
  const settings = useQuery(schedulerSettingsQueryOptions);
  const [outcome, setOutcome] = useState<BookingOutcome | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const isTest = settings.data?.provider === 'demo';

  useEffect(() => {
    if (!settings.data) return;
    async function onMessage(event: MessageEvent) {
      if (!isSchedulerOrigin(event.origin, window.location.origin, isTest)) return;
      const booking = bookingFromMessage(event.data);
      if (!booking) return;
      let result: BookingOutcome = 'success';
      try {
        if (booking.kind === 'booking') {
          const input = booking.input;
          result = await saveBookingWithRetries(() => createIntakeSession(input));
        }
      } catch {
        result = 'unexpected';
      }
      setOutcome(result);
      refreshAfterBooking(queryClient);
      // Calendly's own message carries no details: the webhook saves the session a moment later.
      if (booking.kind === 'webhook-only') setTimeout(() => refreshAfterBooking(queryClient), 4000);
    }
    const listener = (event: MessageEvent) => void onMessage(event);
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [settings.data, isTest, queryClient]);

  useEffect(() => {
    if (outcome) alertRef.current?.scrollIntoView({ block: 'nearest' });
  }, [outcome]);

  if (settings.isPending) return <ContentSpinner label="Agenda laden..." />;
  if (settings.isError) return <LoadError error={settings.error} onRetry={() => void settings.refetch()} />;
  const clientRef = new URL(settings.data.url, window.location.origin).searchParams.get(CLIENT_REF_UTM_FIELD);

  return (
    <div className="flex flex-col gap-4">
      <div ref={alertRef}>
        {outcome && (
          <Alert tone={ALERTS[outcome].tone}>
            <ErrorText message={ALERTS[outcome].text} />
          </Alert>
        )}
      </div>
      {hasUpcoming ? (
        <p className="text-stone-700">
          Je hebt al een gesprek gepland. Wil je een ander moment? Verplaats of annuleer je gesprek hierboven.
        </p>
      ) : isTest ? (
        <TestScheduler link={settings.data.link} clientRef={clientRef} />
      ) : (
        <SchedulerWidget url={settings.data.url} name={name} email={email} />
      )}
    </div>
  );
}
