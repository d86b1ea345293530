import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate, formatTime } from '../../../../shared/format';
import { TEST_SCHEDULER_NAME } from '../../../../shared/intake';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ErrorText } from '../../../components/ui/error-text';
import { LoadError } from '../../../components/ui/load-error';
import { ContentSpinner } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api';
import { bookTestSchedulerSlot, testSchedulerSlotsQueryOptions } from '../api/intake';

/**
 * The local test scheduler ("Testagenda", SCHEDULER=demo): slots of the coming two weeks. Booking
 * one sends Calendly's signed webhook through the server and posts Calendly's browser message to
 * this page, so the same code path runs as with Calendly.
 */
export function TestScheduler({ link, clientRef }: { link: string; clientRef: string | null }) {
  const slots = useQuery(testSchedulerSlotsQueryOptions(link));
  const [chosen, setChosen] = useState<string | null>(null);
  const [isBooking, setIsBooking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [booked, setBooked] = useState<string | null>(null);

  async function book() {
    if (!chosen) return;
    setIsBooking(true);
    setError(null);
    try {
      const { message } = await bookTestSchedulerSlot({
        link,
        ref: clientRef ?? undefined,
        start_time: chosen,
      });
      setBooked(chosen);
      // What Calendly's embed does: the page hears of the booking through a message.
      window.postMessage(message, window.location.origin);
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setIsBooking(false);
    }
  }

  const days = new Map<string, string[]>();
  for (const slot of slots.data?.slots ?? []) {
    const day = formatDate(slot);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }

  return (
    <section
      aria-labelledby="testagenda-title"
      className="rounded-2xl border-2 border-dashed border-amber-400 bg-amber-50/40 p-4 sm:p-6"
    >
      <p className="inline-block rounded-md bg-amber-200 px-2 py-0.5 text-xs font-bold tracking-wide text-amber-950 uppercase">
        Test: geen echte afspraak
      </p>
      <h3 id="testagenda-title" className="mt-2 text-lg font-semibold text-stone-900">
        {TEST_SCHEDULER_NAME}
      </h3>
      <p className="mt-1 text-sm text-stone-700">
        Deze lokale agenda vervangt Calendly op een testinstallatie en stuurt dezelfde berichten.
        {slots.data?.host.full_name && <> Gastheer of gastvrouw: {slots.data.host.full_name}.</>}
      </p>
      {slots.isPending ? (
        <ContentSpinner label="Testagenda laden..." />
      ) : slots.isError ? (
        <LoadError error={slots.error} onRetry={() => void slots.refetch()} className="mt-4" />
      ) : booked ? (
        <Alert tone="success" className="mt-4">
          Geboekt in de {TEST_SCHEDULER_NAME}: {formatDate(booked)} om {formatTime(booked)}.
        </Alert>
      ) : (
        <>
          <fieldset className="mt-4">
            <legend className="text-sm font-semibold text-stone-900">Kies een moment</legend>
            <div className="mt-2 flex max-h-96 flex-col gap-4 overflow-y-auto pr-1">
              {[...days].map(([day, times]) => (
                <div key={day}>
                  <p className="text-sm font-medium text-stone-800">{day}</p>
                  <div className="mt-1 flex flex-wrap gap-2">
                    {times.map((slot) => (
                      <label
                        key={slot}
                        className="cursor-pointer rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:font-semibold has-focus-visible:outline-2 has-focus-visible:outline-brand-700"
                      >
                        <input
                          type="radio"
                          name="testagenda-slot"
                          value={slot}
                          checked={chosen === slot}
                          onChange={() => setChosen(slot)}
                          className="sr-only"
                        />
                        {formatTime(slot)}
                        <span className="sr-only"> op {day}</span>
                      </label>
                    ))}
                  </div>
                </div>
              ))}
            </div>
          </fieldset>
          {error && (
            <Alert className="mt-4">
              <ErrorText message={error} />
            </Alert>
          )}
          <Button className="mt-4" onClick={() => void book()} disabled={!chosen} isBusy={isBooking}>
            Bevestig afspraak
          </Button>
        </>
      )}
    </section>
  );
}
