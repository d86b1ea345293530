import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../../shared/format';
import type { UnassignedBooking } from '../../../../shared/intake';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorText } from '../../../components/ui/error-text';
import { errorText } from '../../../lib/api';
import { unassignedBookingsQueryOptions, useAttachUnassignedBooking } from '../api/intake';

/**
 * Issue 30 (decision 034): scheduler bookings whose webhook carried no client reference. They
 * wait here; staff attach one to the client it belongs to (the account with the invitee's e-mail
 * is only offered, never applied). Shown only when there is one.
 */
export function UnassignedBookings() {
  const bookings = useQuery(unassignedBookingsQueryOptions);
  const attach = useAttachUnassignedBooking();
  const open = bookings.data?.filter((b) => !b.cancelled) ?? [];
  if (open.length === 0) return null;
  return (
    <Card className="mb-6 border-amber-300">
      <h2 className="text-lg font-semibold text-stone-900">Afspraken zonder klant ({open.length})</h2>
      <p className="mt-1 text-sm text-stone-700">
        Deze afspraken kwamen binnen zonder de verwijzing van een klantpagina. Koppel ze pas aan een klant als
        je zeker weet van wie ze zijn.
      </p>
      <ul className="mt-3 flex flex-col gap-3">
        {open.map((booking) => (
          <BookingRow
            key={booking.id}
            booking={booking}
            isBusy={attach.isPending && attach.variables?.id === booking.id}
            onAttach={(client_id) => attach.mutate({ id: booking.id, client_id })}
          />
        ))}
      </ul>
      {attach.isError && <ErrorText message={errorText(attach.error)} />}
    </Card>
  );
}

function BookingRow({
  booking,
  isBusy,
  onAttach,
}: {
  booking: UnassignedBooking;
  isBusy: boolean;
  onAttach: (clientId: string) => void;
}) {
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-3 text-sm text-stone-800">
      <p className="font-semibold">
        {booking.scheduled_at ? formatDateTime(booking.scheduled_at) : 'Tijdstip onbekend'}
        {booking.event_type_name && <> · {booking.event_type_name}</>}
      </p>
      <p className="break-words">
        Geboekt door {booking.invitee_name ?? 'onbekend'}
        {booking.invitee_email && <> ({booking.invitee_email})</>}
        {booking.host?.full_name && <> · bij {booking.host.full_name}</>}
      </p>
      {booking.suggested_client ? (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <span>Klant met dit e-mailadres: {booking.suggested_client.full_name ?? 'onbekend'}</span>
          <Button isBusy={isBusy} onClick={() => onAttach(booking.suggested_client!.id)}>
            Koppel aan {booking.suggested_client.full_name ?? 'deze klant'}
          </Button>
        </div>
      ) : (
        <p className="mt-2 text-stone-700">Geen klant met dit e-mailadres die je kunt koppelen.</p>
      )}
    </li>
  );
}
