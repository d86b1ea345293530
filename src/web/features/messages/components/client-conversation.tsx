import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MESSAGE_TEXTS } from '../../../../shared/conversations';
import { formatDateTime } from '../../../../shared/format';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ErrorText } from '../../../components/ui/error-text';
import { ContentSpinner } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api';
import {
  clientConversationQueryOptions,
  debriefsQueryOptions,
  useSendClientMessage,
} from '../api/conversations';
import { MessageComposer, MessageList } from './conversation-view';

function Conversation({ clientId, isAdmin }: { clientId: string; isAdmin: boolean }) {
  const conversation = useQuery(clientConversationQueryOptions(clientId, { poll: !isAdmin }));
  const send = useSendClientMessage(clientId);
  if (conversation.isPending) return <ContentSpinner label="Gesprek laden..." />;
  if (conversation.isError) {
    return (
      <Alert>
        <ErrorText message={errorText(conversation.error)} />
      </Alert>
    );
  }
  const { client, matchmaker, can_write } = conversation.data;
  return (
    <>
      <MessageList
        conversation={conversation.data}
        side="staff"
        label={`Gesprek met ${client.full_name ?? 'de klant'}`}
        empty="Nog geen berichten."
      />
      {can_write ? (
        <MessageComposer send={send} label={`Bericht aan ${client.full_name?.split(' ')[0] ?? 'de klant'}`} />
      ) : (
        !isAdmin &&
        !matchmaker && <p className="mt-3 text-sm text-stone-700">Deze klant heeft geen matchmaker.</p>
      )}
    </>
  );
}

/**
 * The conversation in a client's file (issue 32): their matchmaker reads and writes it; an admin
 * opens it only on purpose, for quality or a complaint, and each opening is recorded.
 */
export function ClientConversation({ clientId, isAdmin }: { clientId: string; isAdmin: boolean }) {
  const [isOpen, setOpen] = useState(!isAdmin);
  if (!isOpen) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-stone-800">{MESSAGE_TEXTS.adminReadNotice}</p>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Lees het gesprek (kwaliteit of klacht)
        </Button>
      </div>
    );
  }
  return <Conversation clientId={clientId} isAdmin={isAdmin} />;
}

/** Beside a held date in the file: the debrief question's answer, as the client wrote it. */
export function DebriefAnswer({ clientId, matchId }: { clientId: string; matchId: string }) {
  const { data } = useQuery(debriefsQueryOptions(clientId));
  const debrief = data?.find((d) => d.match_id === matchId);
  if (!debrief) return null;
  return (
    <div className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-stone-900">
      <p className="font-semibold">Debrief na de date</p>
      {debrief.answer ? (
        <>
          <p className="mt-1 whitespace-pre-wrap break-words">{debrief.answer}</p>
          <p className="mt-1 text-xs text-stone-700">Geantwoord {formatDateTime(debrief.answered_at!)}</p>
        </>
      ) : (
        <p className="mt-1 text-stone-700">Gevraagd {formatDateTime(debrief.asked_at)}, nog geen antwoord.</p>
      )}
    </div>
  );
}
