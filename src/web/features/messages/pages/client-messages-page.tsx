import { useQuery } from '@tanstack/react-query';
import { ROUTES } from '../../../../shared/routes';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoadError } from '../../../components/ui/page-load-error';
import { ContentSpinner } from '../../../components/ui/spinner';
import { AppLink } from '../../../lib/app-link';
import { usePageTitle } from '../../../lib/use-page-title';
import { myConversationQueryOptions, useSendMyMessage } from '../api/conversations';
import { MessageComposer, MessageList } from '../components/conversation-view';

/** /dashboard/berichten: the client's conversation with their matchmaker (issue 32). */
export function ClientMessagesPage() {
  usePageTitle('Berichten');
  const conversation = useQuery(myConversationQueryOptions);
  const send = useSendMyMessage();
  if (conversation.isPending) return <ContentSpinner label="Berichten laden..." />;
  if (conversation.isError) {
    return (
      <PageLoadError
        error={conversation.error}
        onRetry={() => void conversation.refetch()}
        back={{ to: ROUTES.dashboard, label: '← Overzicht' }}
      />
    );
  }
  const { matchmaker, can_write } = conversation.data;
  return (
    <>
      <PageHeader
        title="Berichten"
        description={
          matchmaker
            ? `Je gesprek met ${matchmaker.full_name ?? 'je matchmaker'}. Blijft een bericht 15 minuten ongelezen, dan krijg je een e-mail; die zet je uit in je instellingen.`
            : 'Zodra je een matchmaker hebt, schrijf je hier met elkaar.'
        }
      />
      <Card>
        <MessageList
          conversation={conversation.data}
          side="client"
          label={matchmaker ? `Gesprek met ${matchmaker.full_name ?? 'je matchmaker'}` : 'Je berichten'}
          empty={matchmaker ? 'Nog geen berichten. Stel gerust je eerste vraag.' : 'Nog geen berichten.'}
        />
        {can_write ? (
          <MessageComposer send={send} label={`Bericht aan ${matchmaker?.full_name ?? 'je matchmaker'}`} />
        ) : (
          <p className="mt-4 text-stone-800">
            Je hebt nog geen matchmaker.{' '}
            <AppLink to={ROUTES.matchmakers} className="font-semibold text-brand-800 underline">
              Kies een matchmaker
            </AppLink>{' '}
            om een bericht te sturen.
          </p>
        )}
      </Card>
      <p className="mt-4 text-sm text-stone-700">
        Wie leest je berichten? Je matchmaker, en een beheerder van Koppel alleen bij een klacht of voor de
        kwaliteit (elke inzage wordt vastgelegd). Lees meer in de{' '}
        <AppLink to={ROUTES.privacy} className="underline">
          privacyverklaring
        </AppLink>
        .
      </p>
    </>
  );
}
