import type { ReactNode } from 'react';
import { formatDateTime } from '../../../../shared/format';
import { OUTBOX_RESEND_LABEL, OUTBOX_STATUS_LABELS, type OutboxMessage } from '../../../../shared/outbox';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useResendEmail } from '../api/outbox';

function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn('min-w-0', wide && 'sm:col-span-2')}>
      <dt className="font-semibold text-stone-700">{label}</dt>
      <dd className="break-words text-stone-900">{children}</dd>
    </div>
  );
}

const when = (value: string | null) => (value ? formatDateTime(value) : 'Onbekend');

/** One e-mail that gave up: who, what, how delivery went, and its resend button. */
export function FailedEmailItem({ message }: { message: OutboxMessage }) {
  const resend = useResendEmail();
  // The server's answer says where the message is now: pending, queued again.
  const status = resend.data?.status ?? message.status;
  const subjectId = `email-${message.id}-onderwerp`;
  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <p id={subjectId} className="font-semibold break-words text-stone-900">
            {message.subject}
          </p>
          <p className="text-sm break-all text-stone-700">Aan {message.to}</p>
        </div>
        <span
          className={cn(
            'rounded-md px-2 py-0.5 text-xs font-bold',
            status === 'failed' ? 'bg-red-100 text-red-900' : 'bg-sky-100 text-sky-900',
          )}
        >
          {OUTBOX_STATUS_LABELS[status]}
        </span>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <Fact label="Sjabloon">{message.template}</Fact>
        <Fact label="Pogingen">{message.attempts}</Fact>
        <Fact label="In de wachtrij gezet">{formatDateTime(message.created_at)}</Fact>
        <Fact label="Eerste mislukte poging">{when(message.first_failed_at)}</Fact>
        <Fact label="Opgegeven">{when(message.failed_at)}</Fact>
        {message.last_error && (
          <Fact label="Laatste fout" wide>
            <span className="font-mono text-xs [overflow-wrap:anywhere]">{message.last_error}</span>
          </Fact>
        )}
      </dl>
      <div className="mt-3">
        {resend.isSuccess ? (
          <Alert tone="success">
            Staat weer in de wachtrij: Koppel verstuurt deze e-mail opnieuw. Na vernieuwen verdwijnt ze uit
            deze lijst.
          </Alert>
        ) : (
          <Button
            variant="secondary"
            aria-describedby={subjectId}
            isBusy={resend.isPending}
            onClick={() => resend.mutate(message.id)}
          >
            {resend.isPending ? 'Versturen...' : OUTBOX_RESEND_LABEL}
          </Button>
        )}
        {resend.isError && <Alert className="mt-3">{errorMessage(resend.error)}</Alert>}
      </div>
    </li>
  );
}
