import { and, eq, sql } from 'drizzle-orm';
import {
  debriefQuestion,
  handoverNotice,
  type MessageKind,
  type MessageSenderRole,
} from '../../../shared/conversations';
import { firstName } from '../../../shared/format';
import type { Db } from '../../db/client';
import { account_settings, conversation_messages, conversations, user_profiles } from '../../db/schema';

/**
 * Issue 32 (decision 036): the rules every path that writes into a conversation follows: the
 * client's and the matchmaker's messages (the routes), the debrief after a held date (the date's
 * outcome, in its transaction), the handover notice (a change of matchmaker, by the client or an
 * admin) and the demo seed.
 */

export type MessageRow = typeof conversation_messages.$inferSelect;

/**
 * One message into the client's conversation, created with its first message. The conversation
 * remembers the client's matchmaker of the moment, so the inbox of the matchmaker who had it last
 * can still say "Verwijderd account" once the client is gone.
 */
export async function appendMessage(
  db: Db,
  message: {
    client_id: string;
    matchmaker_id: string | null;
    sender_id: string | null;
    sender_role: MessageSenderRole;
    kind?: MessageKind;
    body: string;
    match_id?: string | null;
    now: Date;
    /** The seed's history is read already. */
    read_at?: Date | null;
  },
): Promise<MessageRow> {
  const { client_id, matchmaker_id, now } = message;
  await db
    .insert(conversations)
    .values({ client_id, matchmaker_id, last_message_at: now, created_at: now })
    .onConflictDoUpdate({
      target: conversations.client_id,
      set: {
        matchmaker_id: sql`coalesce(excluded.matchmaker_id, ${conversations.matchmaker_id})`,
        last_message_at: sql`greatest(${conversations.last_message_at}, excluded.last_message_at)`,
      },
    });
  const [row] = await db
    .insert(conversation_messages)
    .values({
      client_id,
      sender_id: message.sender_id,
      sender_role: message.sender_role,
      kind: message.kind ?? 'text',
      body: message.body,
      match_id: message.match_id ?? null,
      created_at: now,
      read_at: message.read_at ?? null,
      notified_at: message.read_at ?? null,
    })
    .returning();
  return row!;
}

/**
 * A client's message: the first one after an unanswered debrief question is its answer (kind
 * `debrief_answer`, with the date's match), so it sits beside that date's feedback in the file.
 * Runs in the caller's transaction; the conversation's row lock orders two messages sent at once.
 */
export async function appendClientMessage(
  db: Db,
  {
    client_id,
    matchmaker_id,
    body,
    now,
    read_at,
  }: { client_id: string; matchmaker_id: string; body: string; now: Date; read_at?: Date },
): Promise<MessageRow> {
  await db.select().from(conversations).where(eq(conversations.client_id, client_id)).for('update');
  const [open] = await db
    .select({ match_id: conversation_messages.match_id })
    .from(conversation_messages)
    .where(
      and(
        eq(conversation_messages.client_id, client_id),
        eq(conversation_messages.kind, 'debrief'),
        sql`NOT EXISTS (SELECT 1 FROM ${conversation_messages} a
          WHERE a.client_id = ${client_id} AND a.sender_role = 'client'
            AND a.created_at >= ${conversation_messages.created_at})`,
      ),
    )
    .orderBy(sql`${conversation_messages.created_at} DESC`)
    .limit(1);
  return appendMessage(db, {
    client_id,
    matchmaker_id,
    sender_id: client_id,
    sender_role: 'client',
    kind: open?.match_id ? 'debrief_answer' : 'text',
    match_id: open?.match_id ?? null,
    body,
    now,
    read_at,
  });
}

/**
 * After a date is marked held, in the same transaction: each of its two clients who has a
 * matchmaker (and an account) gets that matchmaker's debrief question about the other, once per
 * date.
 */
export async function postDebriefQuestions(
  db: Db,
  { match, now }: { match: { id: string; client1_id: string; client2_id: string }; now: Date },
): Promise<number> {
  const people = await db
    .select({
      id: user_profiles.id,
      full_name: user_profiles.full_name,
      matchmaker_id: user_profiles.assigned_matchmaker_id,
      deleted_at: account_settings.deleted_at,
      asked: sql<boolean>`EXISTS (SELECT 1 FROM ${conversation_messages} d
        WHERE d.client_id = ${user_profiles.id} AND d.kind = 'debrief' AND d.match_id = ${match.id})`,
    })
    .from(user_profiles)
    .leftJoin(account_settings, eq(account_settings.user_id, user_profiles.id))
    .where(sql`${user_profiles.id} IN (${match.client1_id}, ${match.client2_id})`);
  let asked = 0;
  for (const person of people) {
    if (!person.matchmaker_id || person.deleted_at || person.asked) continue;
    const other = people.find((p) => p.id !== person.id);
    await appendMessage(db, {
      client_id: person.id,
      matchmaker_id: person.matchmaker_id,
      sender_id: person.matchmaker_id,
      sender_role: 'matchmaker',
      kind: 'debrief',
      match_id: match.id,
      body: debriefQuestion(other?.deleted_at ? null : firstName(other?.full_name) || null),
      now,
    });
    asked++;
  }
  return asked;
}

/**
 * A change of matchmaker hands the conversation over (by the client's choice or an admin's, in
 * that change's transaction): the history stays with the client, so the new matchmaker reads it,
 * and the client reads a notice saying who writes from now on.
 */
export async function noteMatchmakerChange(
  db: Db,
  {
    client_id,
    matchmaker_id,
    matchmaker_name,
    now,
  }: { client_id: string; matchmaker_id: string | null; matchmaker_name: string | null; now: Date },
): Promise<void> {
  await appendMessage(db, {
    client_id,
    matchmaker_id,
    sender_id: null,
    sender_role: 'system',
    kind: 'handover',
    body: handoverNotice(matchmaker_id ? matchmaker_name || 'je nieuwe matchmaker' : null),
    now,
  });
}
