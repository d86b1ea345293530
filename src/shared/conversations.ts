/**
 * Issue 32 (decision 036): the conversation between a client and their matchmaker. Text only:
 * nothing in a message is ever rendered as HTML, a link stays text.
 */
import { z } from 'zod';

/** The longest message, in characters (after trimming). */
export const MAX_MESSAGE_LENGTH = 2000;
/** An unread message is mailed once nothing new came for this long (the quiet period). */
export const MESSAGE_QUIET_MINUTES = 15;
/** At most one notification mail per conversation and recipient in this long. */
export const MESSAGE_MAIL_INTERVAL_MINUTES = 60;
// How often the web asks: in conversation-polling.ts, free of schemas (decision 047).
export { CONVERSATION_POLL_MS, UNREAD_POLL_MS } from './conversation-polling';

export const MESSAGE_SENDER_ROLES = ['client', 'matchmaker', 'system'] as const;
export type MessageSenderRole = (typeof MESSAGE_SENDER_ROLES)[number];
export const MESSAGE_KINDS = ['text', 'debrief', 'debrief_answer', 'handover'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** What the matchmaker's side shows for a client whose account was deleted (decision 014). */
export const DELETED_CLIENT_LABEL = 'Verwijderd account';

export const MESSAGE_TEXTS = {
  empty: 'Schrijf eerst een bericht',
  tooLong: `Een bericht is hoogstens ${MAX_MESSAGE_LENGTH} tekens lang`,
  noMatchmaker: 'Je hebt nog geen matchmaker. Kies er eerst een om een bericht te sturen.',
  notYourClient: 'Alleen de matchmaker van deze klant kan hier schrijven',
  adminReadNotice: 'Elke inzage door een beheerder wordt vastgelegd in het auditlogboek van de klant.',
} as const;

export const sendMessageSchema = z.object({
  body: z
    .string({ error: MESSAGE_TEXTS.empty })
    // Counted after trimming, as it is stored.
    .transform((value) => value.trim())
    .pipe(z.string().min(1, MESSAGE_TEXTS.empty).max(MAX_MESSAGE_LENGTH, MESSAGE_TEXTS.tooLong)),
});
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

export const conversationMessageSchema = z.object({
  id: z.string(),
  sender_role: z.enum(MESSAGE_SENDER_ROLES),
  kind: z.enum(MESSAGE_KINDS),
  /** The writer's name as the reader sees it ('Verwijderd account' for a deleted client). */
  sender_name: z.string().nullable(),
  /** Written by the one reading (the client, or the matchmaker of the client). */
  is_mine: z.boolean(),
  body: z.string(),
  match_id: z.string().nullable(),
  created_at: z.string(),
  /** The read receipt: when the other side read it. */
  read_at: z.string().nullable(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

export const conversationSchema = z.object({
  client: z.object({ id: z.string(), full_name: z.string().nullable() }),
  /** The client's matchmaker now (null: none yet). */
  matchmaker: z.object({ id: z.string(), full_name: z.string().nullable() }).nullable(),
  /** Whether the reader may write here (the client with a matchmaker, or that matchmaker). */
  can_write: z.boolean(),
  messages: z.array(conversationMessageSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;
export const conversationResponseSchema = z.object({ conversation: conversationSchema });
export const sendMessageResponseSchema = z.object({ message: conversationMessageSchema });

export const unreadCountSchema = z.object({
  /** Messages to the reader not yet read. */
  unread: z.number().int(),
  /** Staff: conversations whose last word is the client's (wacht op antwoord). */
  waiting: z.number().int(),
});
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const inboxEntrySchema = z.object({
  client_id: z.string(),
  client_name: z.string().nullable(),
  /** The client deleted their account: the messages are erased. */
  is_deleted: z.boolean(),
  unread: z.number().int(),
  /** Since when the client waits for an answer: their oldest message after the matchmaker's last. */
  waiting_since: z.string().nullable(),
  last_message_at: z.string().nullable(),
  /** The start of the last message (text, never HTML); null once erased. */
  last_message_preview: z.string().nullable(),
  last_sender_role: z.enum(MESSAGE_SENDER_ROLES).nullable(),
});
export type InboxEntry = z.infer<typeof inboxEntrySchema>;
export const inboxResponseSchema = z.object({
  conversations: z.array(inboxEntrySchema),
  unread: z.number().int(),
  waiting: z.number().int(),
});

/** A debrief after a held date: the matchmaker's question and the client's answer, per match. */
export const debriefSchema = z.object({
  match_id: z.string(),
  question: z.string(),
  asked_at: z.string(),
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
});
export type Debrief = z.infer<typeof debriefSchema>;
export const debriefListSchema = z.object({ debriefs: z.array(debriefSchema) });

/** The debrief question after a date, in the matchmaker's words. */
export function debriefQuestion(otherFirstName: string | null): string {
  const date = otherFirstName ? `je date met ${otherFirstName}` : 'je date';
  return `Hoe was ${date}? Vertel me gerust wat je fijn vond en wat minder: dan houd ik er rekening mee bij je volgende voorstel.`;
}

/** The notice a client reads when another matchmaker takes over the conversation. */
export function handoverNotice(newName: string | null): string {
  return newName
    ? `Je gesprek is overgedragen aan ${newName}. ${newName} leest je eerdere berichten en schrijft je vanaf nu.`
    : 'Je hebt op dit moment geen matchmaker. Je eerdere berichten blijven hier bewaard.';
}

/** The first characters of a message for a list: one line, cut on a word. */
export function messagePreview(body: string, max = 80): string {
  const line = body.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
