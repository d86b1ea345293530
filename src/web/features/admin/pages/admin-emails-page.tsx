import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../lib/use-page-title';
import { failedEmailsQueryOptions } from '../api/outbox';
import { FailedEmailItem } from '../components/failed-email-item';
import { AdminSection } from '../components/section';

/** The API lists the newest 200 (GET /api/outbox). */
const LIST_LIMIT = 200;

const countText = (count: number) =>
  count >= LIST_LIMIT
    ? `De nieuwste ${LIST_LIMIT} mislukte e-mails.`
    : `${count === 1 ? '1 mislukte e-mail' : `${count} mislukte e-mails`}, nieuwste eerst.`;

/** /admin/e-mails: the e-mails that gave up after 3 days of refused delivery, to resend (decision 007). */
export function AdminEmailsPage() {
  usePageTitle('E-mails');
  const failed = useQuery(failedEmailsQueryOptions);
  return (
    <>
      <PageHeader
        title="E-mails"
        description="E-mails die Koppel 3 dagen lang niet kon versturen omdat de mailserver ze weigerde. Los eerst het probleem met de mailserver op en verstuur ze dan opnieuw. De inhoud staat hier niet: een e-mail kan een link bevatten die als wachtwoord werkt."
      />
      <AdminSection
        title="Mislukte e-mails"
        id="beheer-emails"
        actions={
          failed.isSuccess && (
            <Button variant="secondary" isBusy={failed.isFetching} onClick={() => void failed.refetch()}>
              Vernieuwen
            </Button>
          )
        }
      >
        {failed.isPending ? (
          <Spinner label="E-mails laden..." className="items-start" />
        ) : failed.isError ? (
          <LoadError error={failed.error} onRetry={() => void failed.refetch()} />
        ) : failed.data.length === 0 ? (
          <p className="text-stone-700">Geen mislukte e-mails.</p>
        ) : (
          <>
            <p className="mb-4 text-sm text-stone-700">{countText(failed.data.length)}</p>
            <ul className="flex flex-col divide-y divide-stone-200">
              {failed.data.map((message) => (
                <FailedEmailItem key={message.id} message={message} />
              ))}
            </ul>
          </>
        )}
      </AdminSection>
    </>
  );
}
