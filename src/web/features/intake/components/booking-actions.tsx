import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate, formatDateTime, formatTime } from '../../../../shared/format';
import type { IntakeSession } from '../../../../shared/intake';
import { canChangeBooking } from '../../../../shared/intake-rules';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorText } from '../../../components/ui/error-text';
import { LoadError } from '../../../components/ui/load-error';
import { ContentSpinner } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api';
import { moveSlotsQueryOptions, useChangeBooking } from '../api/intake';

/** The free moments of the session's matchmaker, by day, to move the booking to. */
function MoveDialog({ session, onClose }: { session: IntakeSession; onClose: () => void }) {
  const slots = useQuery(moveSlotsQueryOptions(session.id));
  const change = useChangeBooking();
  const [chosen, setChosen] = useState<string | null>(null);
  const days = new Map<string, string[]>();
  for (const slot of slots.data?.slots ?? []) {
    const day = formatDate(slot);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title="Gesprek verplaatsen"
      description={`Nu gepland op ${session.scheduled_at ? formatDateTime(session.scheduled_at) : 'een later te bepalen moment'}. Kies een nieuw moment; je matchmaker krijgt een bericht.`}
    >
      {slots.isPending ? (
        <ContentSpinner label="Vrije momenten laden..." />
      ) : slots.isError ? (
        <LoadError error={slots.error} onRetry={() => void slots.refetch()} />
      ) : !slots.data.can_change ? (
        <Alert tone="warning">
          Minder dan 24 uur voor het gesprek kun je het niet meer verplaatsen. Neem contact op met je
          matchmaker.
        </Alert>
      ) : slots.data.slots.length === 0 ? (
        <p className="text-stone-700">
          Je matchmaker heeft de komende twee weken geen vrij moment meer. Neem contact op met je matchmaker.
        </p>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen) change.mutate({ id: session.id, scheduled_at: chosen }, { onSuccess: onClose });
          }}
          className="flex flex-col gap-4"
        >
          <fieldset>
            <legend className="text-sm font-semibold text-stone-900">Kies een nieuw moment</legend>
            <div className="mt-2 flex max-h-80 flex-col gap-4 overflow-y-auto pr-1">
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
                          name="move-slot"
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
          {change.isError && (
            <Alert>
              <ErrorText message={errorText(change.error)} />
            </Alert>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Terug
            </Button>
            <Button type="submit" disabled={!chosen} isBusy={change.isPending}>
              Bevestig nieuw moment
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

function CancelDialog({ session, onClose }: { session: IntakeSession; onClose: () => void }) {
  const change = useChangeBooking();
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title="Gesprek annuleren"
      description={`Wil je je gesprek van ${session.scheduled_at ? formatDateTime(session.scheduled_at) : 'het afgesproken moment'} annuleren? Je matchmaker krijgt een bericht; je kunt daarna een nieuw moment kiezen.`}
    >
      {change.isError && (
        <Alert className="mb-4">
          <ErrorText message={errorText(change.error)} />
        </Alert>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Niet annuleren
        </Button>
        <Button
          variant="danger"
          isBusy={change.isPending}
          onClick={() => change.mutate({ id: session.id, status: 'cancelled' }, { onSuccess: onClose })}
        >
          Gesprek annuleren
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * Issue 26: the client's upcoming booking can be moved or cancelled up to 24 hours before its
 * start; later, the client is told to contact their matchmaker (the server holds the same rule).
 */
export function BookingActions({ session, now }: { session: IntakeSession; now: Date }) {
  const [open, setOpen] = useState<'move' | 'cancel' | null>(null);
  if (!canChangeBooking(session.scheduled_at, now)) {
    return (
      <p className="mt-3 text-sm text-stone-700">
        Wil je dit gesprek verplaatsen of annuleren? Dat kan tot 24 uur vooraf; neem nu contact op met je
        matchmaker.
      </p>
    );
  }
  return (
    <>
      <p className="mt-3 text-sm text-stone-700">Verplaatsen of annuleren kan tot 24 uur vooraf.</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setOpen('move')}>
          Verplaatsen
        </Button>
        <Button variant="secondary" onClick={() => setOpen('cancel')}>
          Annuleren
        </Button>
      </div>
      {open === 'move' && <MoveDialog session={session} onClose={() => setOpen(null)} />}
      {open === 'cancel' && <CancelDialog session={session} onClose={() => setOpen(null)} />}
    </>
  );
}
