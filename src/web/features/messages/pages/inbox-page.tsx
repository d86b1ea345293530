import { useQuery } from '@tanstack/react-query';
import type { InboxEntry } from '../../../../shared/conversations';
import { formatDateTime } from '../../../../shared/format';
import { ROUTES } from '../../../../shared/routes';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoadError } from '../../../components/ui/page-load-error';
import { ContentSpinner } from '../../../components/ui/spinner';
import { AppLink } from '../../../lib/app-link';
import { useMe } from '../../../lib/me';
import { usePageTitle } from '../../../lib/use-page-title';
import { inboxQueryOptions } from '../api/conversations';
import { UnreadBadge } from '../components/unread-badge';

function InboxItem({ entry }: { entry: InboxEntry }) {
  const name = entry.client_name ?? 'Naamloze klant';
  const body = (
    <>
      <div className="flex items-center justify-between gap-3">
        <span className="font-semibold text-stone-900">{name}</span>
        <UnreadBadge count={entry.unread} />
      </div>
      {entry.is_deleted ? (
        <p className="text-sm text-stone-700">Account verwijderd: het gesprek is gewist.</p>
      ) : (
        <>
          {entry.last_message_preview && (
            <p className="mt-1 break-words text-sm text-stone-800">
              {entry.last_sender_role === 'matchmaker' ? 'Jij: ' : ''}
              {entry.last_message_preview}
            </p>
          )}
          <p className="mt-1 text-xs text-stone-700">
            {entry.waiting_since
              ? `Wacht op antwoord sinds ${formatDateTime(entry.waiting_since)}`
              : entry.last_message_at
                ? `Laatste bericht ${formatDateTime(entry.last_message_at)}`
                : ''}
          </p>
        </>
      )}
    </>
  );
  return (
    <li>
      {entry.is_deleted ? (
        <div className="block rounded-xl border border-stone-200 bg-stone-50 px-4 py-3">{body}</div>
      ) : (
        <AppLink
          to={`${ROUTES.matchmakerClients}/${encodeURIComponent(entry.client_id)}#berichten`}
          className={
            entry.waiting_since
              ? 'block rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 hover:bg-amber-100'
              : 'block rounded-xl border border-stone-200 bg-white px-4 py-3 hover:bg-stone-50'
          }
        >
          {body}
        </AppLink>
      )}
    </li>
  );
}

/** /matchmaker/berichten: the matchmaker's conversations, whoever has waited longest first (issue 32). */
export function InboxPage() {
  usePageTitle('Berichten');
  const me = useMe();
  const isAdmin = me.data?.profile?.role === 'admin';
  const inbox = useQuery({ ...inboxQueryOptions, enabled: me.isSuccess && !isAdmin });
  if (isAdmin) {
    return (
      <>
        <PageHeader title="Berichten" />
        <Card>
          <p className="text-stone-800">
            Een gesprek is tussen een klant en hun matchmaker. Als beheerder lees je het, voor de kwaliteit of
            bij een klacht, in het dossier van de klant; elke inzage wordt vastgelegd.
          </p>
        </Card>
      </>
    );
  }
  if (inbox.isPending) return <ContentSpinner label="Berichten laden..." />;
  if (inbox.isError)
    return (
      <PageLoadError
        error={inbox.error}
        onRetry={() => void inbox.refetch()}
        back={{ to: ROUTES.matchmaker, label: '← Dashboard' }}
      />
    );
  const { conversations, unread, waiting } = inbox.data;
  return (
    <>
      <PageHeader
        title="Berichten"
        description={`${waiting === 1 ? '1 klant wacht' : `${waiting} klanten wachten`} op antwoord · ${unread} ongelezen`}
      />
      <Card>
        {conversations.length === 0 ? (
          <p className="text-stone-700">
            Nog geen gesprekken. Je schrijft een klant vanuit hun dossier, onder "Berichten".
          </p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Gesprekken, wie het langst wacht eerst">
            {conversations.map((entry) => (
              <InboxItem key={entry.client_id} entry={entry} />
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
