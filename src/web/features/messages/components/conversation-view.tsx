import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  type Conversation,
  type ConversationMessage,
  MAX_MESSAGE_LENGTH,
  MESSAGE_TEXTS,
} from '../../../../shared/conversations';
import { formatDateTime } from '../../../../shared/format';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ErrorText } from '../../../components/ui/error-text';
import { TextAreaField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api';
import { cn } from '../../../lib/cn';

/** Whose side a reader is on: the client's, or the matchmaker's (an admin reads the latter's way). */
export type ReaderSide = 'client' | 'staff';

const KIND_TAGS: Partial<Record<ConversationMessage['kind'], string>> = {
  debrief: 'Vraag na je date',
  debrief_answer: 'Antwoord na de date',
};

function isOurSide(message: ConversationMessage, side: ReaderSide) {
  return side === 'client' ? message.sender_role === 'client' : message.sender_role === 'matchmaker';
}

/**
 * One message. Its text is a React text node: markup and links stay the characters they are
 * (decision 036), and line breaks are kept with `whitespace-pre-wrap`.
 */
function MessageItem({ message, side }: { message: ConversationMessage; side: ReaderSide }) {
  if (message.sender_role === 'system') {
    return (
      <li className="mx-auto max-w-prose rounded-xl bg-stone-100 px-4 py-2 text-center text-sm text-stone-800">
        <p className="whitespace-pre-wrap break-words">{message.body}</p>
        <p className="mt-1 text-xs text-stone-700">
          <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
        </p>
      </li>
    );
  }
  const ours = isOurSide(message, side);
  const tag = KIND_TAGS[message.kind];
  return (
    <li className={cn('flex flex-col', ours ? 'items-end' : 'items-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-4 py-3 sm:max-w-[70%]',
          ours ? 'bg-brand-50 text-stone-900' : 'border border-stone-200 bg-white text-stone-900',
        )}
      >
        <p className="text-xs font-semibold text-stone-700">
          {message.is_mine ? 'Jij' : (message.sender_name ?? 'Onbekend')}
          {tag && <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-amber-950">{tag}</span>}
        </p>
        <p className="mt-1 whitespace-pre-wrap break-words">{message.body}</p>
      </div>
      <p className="mt-1 px-1 text-xs text-stone-700">
        <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
        {ours && (
          <>
            {' · '}
            {message.read_at ? (
              <span>
                Gelezen <span className="sr-only">op {formatDateTime(message.read_at)}</span>
              </span>
            ) : (
              <span>Nog niet gelezen</span>
            )}
          </>
        )}
      </p>
    </li>
  );
}

/**
 * The messages, oldest first, the newest just above the composer; new ones are announced politely
 * (role="log"). The page scrolls, not the list: no scrolling region to reach by keyboard.
 */
export function MessageList({
  conversation,
  side,
  label,
  empty,
}: {
  conversation: Conversation;
  side: ReaderSide;
  label: string;
  empty: string;
}) {
  return (
    <div role="log" aria-label={label} className="rounded-xl border border-stone-200 bg-stone-50 p-3 sm:p-4">
      {conversation.messages.length === 0 ? (
        <p className="text-sm text-stone-700">{empty}</p>
      ) : (
        <ol className="flex flex-col gap-4">
          {conversation.messages.map((message) => (
            <MessageItem key={message.id} message={message} side={side} />
          ))}
        </ol>
      )}
    </div>
  );
}

/** Writing a message: text only, up to MAX_MESSAGE_LENGTH characters, checked again by the server. */
export function MessageComposer({
  send,
  label = 'Je bericht',
}: {
  send: UseMutationResult<ConversationMessage, Error, string>;
  label?: string;
}) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = body.trim();
    if (!text) return setError(MESSAGE_TEXTS.empty);
    if (text.length > MAX_MESSAGE_LENGTH) return setError(MESSAGE_TEXTS.tooLong);
    setError(undefined);
    send.mutate(text, { onSuccess: () => setBody('') });
  };
  return (
    <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-2">
      <TextAreaField
        label={label}
        value={body}
        rows={3}
        maxLength={MAX_MESSAGE_LENGTH}
        error={error}
        hint={`${body.trim().length} van ${MAX_MESSAGE_LENGTH} tekens. Alleen tekst: een link blijft gewone tekst.`}
        onChange={(event) => setBody(event.target.value)}
      />
      {send.isError && (
        <Alert>
          <ErrorText message={errorText(send.error)} />
        </Alert>
      )}
      <div>
        <Button type="submit" isBusy={send.isPending}>
          Verstuur
        </Button>
      </div>
    </form>
  );
}
