import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  type Conversation,
  type ConversationMessage,
  DELETED_CLIENT_LABEL,
  type Debrief,
  type InboxEntry,
  MESSAGE_TEXTS,
  messagePreview,
  type UnreadCount,
} from '../../../shared/conversations';
import { requireClientAccess } from '../../auth/client-access';
import type { Actor, AppContext } from '../../context';
import type { Db } from '../../db/client';
import { admin_audit_events, conversation_messages } from '../../db/schema';
import { isoInstant, selectTogether } from '../../db/together';
import { AppError } from '../../lib/errors';
import { appendClientMessage, appendMessage, type MessageRow } from './conversation-rules';

/** Who is reading a conversation, and what that reading does. */
type Reader =
  /** The client, or the client's matchmaker: reading marks the other side's messages read. */
  | { kind: 'participant'; side: 'client' | 'matchmaker'; id: string }
  /** An admin, for quality and complaints: nothing is marked read, the reading is audited. */
  | { kind: 'admin'; id: string };

/** The audit trail's action for an admin reading a conversation. */
export const CONVERSATION_READ_ACTION = 'conversation_read';

interface MessageJson {
  id: string;
  sender_id: string | null;
  sender_role: ConversationMessage['sender_role'];
  kind: ConversationMessage['kind'];
  body: string;
  match_id: string | null;
  created_at: string;
  read_at: string | null;
  sender_name: string | null;
}

interface PeopleJson {
  client_id: string;
  client_name: string | null;
  is_deleted: boolean;
  matchmaker_id: string | null;
  matchmaker_name: string | null;
}

/** The client and their matchmaker now, and every message, oldest first: one statement. */
async function readConversation(db: Db, clientId: string) {
  const rows = await selectTogether<{ people: PeopleJson; messages: MessageJson }>(db, {
    people: sql`
      SELECT p.id AS client_id, p.full_name AS client_name,
             (s.deleted_at IS NOT NULL) AS is_deleted,
             p.assigned_matchmaker_id AS matchmaker_id,
             (SELECT m.full_name FROM user_profiles m WHERE m.id = p.assigned_matchmaker_id) AS matchmaker_name
      FROM user_profiles p LEFT JOIN account_settings s ON s.user_id = p.id
      WHERE p.id = ${clientId}`,
    messages: sql`
      SELECT m.id, m.sender_id, m.sender_role, m.kind, m.body, m.match_id, m.created_at, m.read_at,
             (SELECT u.full_name FROM user_profiles u WHERE u.id = m.sender_id) AS sender_name
      FROM conversation_messages m
      WHERE m.client_id = ${clientId}
      ORDER BY m.created_at, m.id`,
  });
  const people = rows.people[0];
  if (!people) throw new AppError('CLIENT_NOT_FOUND');
  return { people, messages: rows.messages };
}

function toMessage(row: MessageJson, people: PeopleJson, reader: Reader): ConversationMessage {
  // A matchmaker's own words, not a predecessor's (who wrote before a handover).
  const isMine =
    reader.kind === 'participant' &&
    (reader.side === 'client' ? row.sender_role === 'client' : row.sender_id === reader.id);
  const senderName =
    row.sender_role === 'system'
      ? 'Koppel'
      : row.sender_role === 'client'
        ? people.is_deleted
          ? DELETED_CLIENT_LABEL
          : people.client_name
        : (row.sender_name ?? 'Matchmaker');
  return {
    id: row.id,
    sender_role: row.sender_role,
    kind: row.kind,
    sender_name: senderName,
    is_mine: isMine,
    body: row.body,
    match_id: row.match_id,
    created_at: isoInstant(row.created_at),
    read_at: isoInstant(row.read_at),
  };
}

const fromRow = (row: MessageRow, people: PeopleJson, reader: Reader) =>
  toMessage(
    {
      ...row,
      created_at: row.created_at.toISOString(),
      read_at: row.read_at?.toISOString() ?? null,
      sender_name: row.sender_role === 'matchmaker' ? people.matchmaker_name : null,
    },
    people,
    reader,
  );

/** Marks what the participant received as read (the read receipts), then reads the conversation. */
async function openConversation(ctx: AppContext, clientId: string, reader: Reader): Promise<Conversation> {
  if (reader.kind === 'participant') {
    await ctx.db
      .update(conversation_messages)
      .set({ read_at: ctx.clock.now() })
      .where(
        and(
          eq(conversation_messages.client_id, clientId),
          isNull(conversation_messages.read_at),
          reader.side === 'client'
            ? ne(conversation_messages.sender_role, 'client')
            : eq(conversation_messages.sender_role, 'client'),
        ),
      );
  }
  const { people, messages } = await readConversation(ctx.db, clientId);
  const canWrite =
    reader.kind === 'participant' &&
    !people.is_deleted &&
    people.matchmaker_id !== null &&
    (reader.side === 'client' || people.matchmaker_id === reader.id);
  return {
    client: {
      id: people.client_id,
      full_name: people.is_deleted ? DELETED_CLIENT_LABEL : people.client_name,
    },
    matchmaker: people.matchmaker_id ? { id: people.matchmaker_id, full_name: people.matchmaker_name } : null,
    can_write: canWrite,
    messages: messages.map((m) => toMessage(m, people, reader)),
  };
}

// ---------------------------------------------------------------------------------------------
// The client's side

/** GET /api/me/conversation: the client's conversation with their matchmaker (read on opening). */
export async function getMyConversation({ ctx, actor }: { ctx: AppContext; actor: Actor }) {
  if (actor.profile.role !== 'client') throw new AppError('CLIENTS_ONLY');
  return openConversation(ctx, actor.user.id, { kind: 'participant', side: 'client', id: actor.user.id });
}

/** POST /api/me/conversation/messages: the client writes to their matchmaker. */
export async function sendMyMessage({
  ctx,
  actor,
  body,
}: {
  ctx: AppContext;
  actor: Actor;
  body: string;
}): Promise<ConversationMessage> {
  if (actor.profile.role !== 'client') throw new AppError('CLIENTS_ONLY');
  const matchmakerId = actor.profile.assigned_matchmaker_id;
  if (!matchmakerId) throw new AppError('NO_MATCHMAKER', MESSAGE_TEXTS.noMatchmaker);
  const row = await ctx.transaction((tx) =>
    appendClientMessage(tx.db, {
      client_id: actor.user.id,
      matchmaker_id: matchmakerId,
      body,
      now: ctx.clock.now(),
    }),
  );
  const { people } = await readConversation(ctx.db, actor.user.id);
  return fromRow(row, people, { kind: 'participant', side: 'client', id: actor.user.id });
}

/** GET /api/me/conversation/unread: the client's unread messages (the navigation's badge). */
export async function myUnreadCount({ ctx, actor }: { ctx: AppContext; actor: Actor }): Promise<UnreadCount> {
  if (actor.profile.role !== 'client') throw new AppError('CLIENTS_ONLY');
  const [row] = await ctx.db
    .select({ unread: sql<number>`count(*)::int` })
    .from(conversation_messages)
    .where(
      and(
        eq(conversation_messages.client_id, actor.user.id),
        ne(conversation_messages.sender_role, 'client'),
        isNull(conversation_messages.read_at),
      ),
    );
  return { unread: row?.unread ?? 0, waiting: 0 };
}

// ---------------------------------------------------------------------------------------------
// The staff's side

/**
 * GET /api/matchmaker/clients/{clientId}/conversation: the client's own matchmaker reads it (and
 * their messages are marked read); an admin reads it for quality or a complaint, recorded in the
 * client's audit trail, each time. Anyone else: 403; no such client: 404.
 */
export async function getClientConversation({
  ctx,
  actor,
  clientId,
}: {
  ctx: AppContext;
  actor: Actor;
  clientId: string;
}): Promise<Conversation> {
  await requireClientAccess({ ctx, actor, clientId });
  if (actor.profile.role === 'admin') {
    await ctx.db.insert(admin_audit_events).values({
      subject_id: clientId,
      actor_id: actor.user.id,
      action: CONVERSATION_READ_ACTION,
      detail: 'Gesprek met de matchmaker ingezien (kwaliteit en klachten)',
      created_at: ctx.clock.now(),
    });
    return openConversation(ctx, clientId, { kind: 'admin', id: actor.user.id });
  }
  return openConversation(ctx, clientId, { kind: 'participant', side: 'matchmaker', id: actor.user.id });
}

/** POST /api/matchmaker/clients/{clientId}/conversation/messages: only the client's own matchmaker. */
export async function sendClientMessage({
  ctx,
  actor,
  clientId,
  body,
}: {
  ctx: AppContext;
  actor: Actor;
  clientId: string;
  body: string;
}): Promise<ConversationMessage> {
  await requireClientAccess({ ctx, actor, clientId });
  if (actor.profile.role !== 'matchmaker') throw new AppError('UNAUTHORIZED', MESSAGE_TEXTS.notYourClient);
  const row = await ctx.transaction((tx) =>
    appendMessage(tx.db, {
      client_id: clientId,
      matchmaker_id: actor.user.id,
      sender_id: actor.user.id,
      sender_role: 'matchmaker',
      body,
      now: ctx.clock.now(),
    }),
  );
  const { people } = await readConversation(ctx.db, clientId);
  return fromRow(row, people, { kind: 'participant', side: 'matchmaker', id: actor.user.id });
}

interface InboxJson {
  client_id: string;
  client_name: string | null;
  is_deleted: boolean;
  unread: number;
  waiting_since: string | null;
  last_message_at: string | null;
  last_body: string | null;
  last_sender_role: InboxEntry['last_sender_role'];
}

/**
 * The matchmaker's conversations: those of their clients, whoever waited longest first (their
 * oldest message after the matchmaker's last), then the latest; a client who deleted their
 * account stays listed to the matchmaker who had them, as "Verwijderd account", without messages.
 */
async function readInbox(db: Db, matchmakerId: string): Promise<InboxEntry[]> {
  const { rows } = await selectTogether<{ rows: InboxJson }>(db, {
    rows: sql`
      SELECT c.client_id, p.full_name AS client_name, (s.deleted_at IS NOT NULL) AS is_deleted,
        (SELECT count(*) FROM conversation_messages m
          WHERE m.client_id = c.client_id AND m.sender_role = 'client' AND m.read_at IS NULL)::int AS unread,
        (SELECT min(m.created_at) FROM conversation_messages m
          WHERE m.client_id = c.client_id AND m.sender_role = 'client'
            AND m.created_at > coalesce((SELECT max(x.created_at) FROM conversation_messages x
              WHERE x.client_id = c.client_id AND x.sender_role = 'matchmaker'), '-infinity')) AS waiting_since,
        c.last_message_at, last.body AS last_body, last.sender_role AS last_sender_role
      FROM conversations c
      JOIN user_profiles p ON p.id = c.client_id
      LEFT JOIN account_settings s ON s.user_id = c.client_id
      LEFT JOIN LATERAL (SELECT m.body, m.sender_role FROM conversation_messages m
        WHERE m.client_id = c.client_id ORDER BY m.created_at DESC, m.id DESC LIMIT 1) last ON true
      WHERE (p.assigned_matchmaker_id = ${matchmakerId} AND s.deleted_at IS NULL)
         OR (s.deleted_at IS NOT NULL AND c.matchmaker_id = ${matchmakerId})
      ORDER BY waiting_since ASC NULLS LAST, c.last_message_at DESC NULLS LAST, c.client_id`,
  });
  return rows.map((row) => ({
    client_id: row.client_id,
    client_name: row.is_deleted ? DELETED_CLIENT_LABEL : row.client_name,
    is_deleted: row.is_deleted,
    unread: row.unread,
    waiting_since: isoInstant(row.waiting_since),
    last_message_at: isoInstant(row.last_message_at),
    last_message_preview: row.last_body === null ? null : messagePreview(row.last_body),
    last_sender_role: row.last_sender_role,
  }));
}

/** GET /api/matchmaker/conversations: a matchmaker's inbox (admins read one client's at a time). */
export async function getInbox({ ctx, actor }: { ctx: AppContext; actor: Actor }) {
  if (actor.profile.role !== 'matchmaker') throw new AppError('UNAUTHORIZED');
  const conversations = await readInbox(ctx.db, actor.user.id);
  return {
    conversations,
    unread: conversations.reduce((sum, c) => sum + c.unread, 0),
    waiting: conversations.filter((c) => c.waiting_since !== null).length,
  };
}

/** GET /api/matchmaker/conversations/unread: the navigation's and the dashboard's counts. */
export async function staffUnreadCount({
  ctx,
  actor,
}: {
  ctx: AppContext;
  actor: Actor;
}): Promise<UnreadCount> {
  // An admin has no conversations of their own: nothing waits for them.
  if (actor.profile.role !== 'matchmaker') return { unread: 0, waiting: 0 };
  const [row] = await ctx.db
    .execute(sql`
    SELECT coalesce(sum(u.unread), 0)::int AS unread, count(*) FILTER (WHERE u.waiting)::int AS waiting
    FROM (
      SELECT (SELECT count(*) FROM conversation_messages m
               WHERE m.client_id = c.client_id AND m.sender_role = 'client' AND m.read_at IS NULL) AS unread,
             EXISTS (SELECT 1 FROM conversation_messages m
               WHERE m.client_id = c.client_id AND m.sender_role = 'client'
                 AND m.created_at > coalesce((SELECT max(x.created_at) FROM conversation_messages x
                   WHERE x.client_id = c.client_id AND x.sender_role = 'matchmaker'), '-infinity')) AS waiting
      FROM conversations c JOIN user_profiles p ON p.id = c.client_id
      WHERE p.assigned_matchmaker_id = ${actor.user.id}
    ) u`)
    .then((r) => (r as unknown as { rows: { unread: number; waiting: number }[] }).rows);
  return { unread: Number(row?.unread ?? 0), waiting: Number(row?.waiting ?? 0) };
}

/**
 * GET /api/matchmaker/clients/{clientId}/debriefs: each held date's debrief question and the
 * client's answer, for the file beside the date's feedback (the client's matchmaker, or an admin).
 */
export async function listDebriefs({
  ctx,
  actor,
  clientId,
}: {
  ctx: AppContext;
  actor: Actor;
  clientId: string;
}): Promise<Debrief[]> {
  await requireClientAccess({ ctx, actor, clientId });
  const { rows } = await selectTogether<{
    rows: {
      match_id: string;
      question: string;
      asked_at: string;
      answer: string | null;
      answered_at: string | null;
    };
  }>(ctx.db, {
    rows: sql`
      SELECT q.match_id, q.body AS question, q.created_at AS asked_at, a.body AS answer, a.created_at AS answered_at
      FROM conversation_messages q
      LEFT JOIN LATERAL (SELECT m.body, m.created_at FROM conversation_messages m
        WHERE m.client_id = q.client_id AND m.kind = 'debrief_answer' AND m.match_id = q.match_id
        ORDER BY m.created_at LIMIT 1) a ON true
      WHERE q.client_id = ${clientId} AND q.kind = 'debrief' AND q.match_id IS NOT NULL
      ORDER BY q.created_at DESC`,
  });
  return rows.map((row) => ({
    ...row,
    asked_at: isoInstant(row.asked_at),
    answered_at: isoInstant(row.answered_at),
  }));
}
