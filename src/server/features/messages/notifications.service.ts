import { sql } from 'drizzle-orm';
import { MESSAGE_MAIL_INTERVAL_MINUTES, MESSAGE_QUIET_MINUTES } from '../../../shared/conversations';
import type { AppContext, OutgoingEmail, Tx } from '../../context';
import { greetingName } from '../../integrations/mail/layout';
import { clientUnreadEmail, matchmakerUnreadEmail } from './conversations.mail';

type Side = 'client' | 'matchmaker';

interface Claimed {
  client_id: string;
  count: number;
  last_id: string;
  client_name: string | null;
  client_email: string;
  matchmaker_name: string | null;
  matchmaker_email: string | null;
}

/**
 * The messages a side receives: the client receives the matchmaker's and Koppel's notices, the
 * matchmaker the client's. As SQL on the alias `m`.
 */
const toSide = (side: Side) =>
  side === 'client' ? sql.raw(`m.sender_role <> 'client'`) : sql.raw(`m.sender_role = 'client'`);

/**
 * One side's notifications, in the caller's transaction. The conditional UPDATE of the
 * conversation row is the claim: of two servers sweeping at once, the second waits for the
 * first's row lock, then finds the row notified within the hour and skips it; each mail also
 * carries a dedupe key (the last message it reports).
 */
async function notifySide(tx: Tx, side: Side, now: Date, appUrl: string): Promise<number> {
  const quietSince = new Date(now.getTime() - MESSAGE_QUIET_MINUTES * 60_000);
  const mailedBefore = new Date(now.getTime() - MESSAGE_MAIL_INTERVAL_MINUTES * 60_000);
  const notifiedColumn = sql.raw(side === 'client' ? 'client_notified_at' : 'matchmaker_notified_at');
  const received = toSide(side);
  // The matchmaker is mailed only while they have the client and were not deactivated.
  const reachable =
    side === 'client'
      ? sql`true`
      : sql`p.assigned_matchmaker_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM matchmaker_profiles mp
          WHERE mp.id = p.assigned_matchmaker_id AND mp.deactivated_at IS NOT NULL)`;
  const result = (await tx.db.execute(sql`
    WITH claimed AS (
      UPDATE conversations c SET ${notifiedColumn} = ${now}
      FROM user_profiles p
      LEFT JOIN account_settings s ON s.user_id = p.id
      WHERE p.id = c.client_id AND s.deleted_at IS NULL AND ${reachable}
        AND (c.${notifiedColumn} IS NULL OR c.${notifiedColumn} <= ${mailedBefore})
        AND EXISTS (SELECT 1 FROM conversation_messages m WHERE m.client_id = c.client_id AND ${received}
          AND m.read_at IS NULL AND m.notified_at IS NULL)
        AND NOT EXISTS (SELECT 1 FROM conversation_messages m WHERE m.client_id = c.client_id AND ${received}
          AND m.created_at > ${quietSince})
      RETURNING c.client_id, p.assigned_matchmaker_id
    ),
    marked AS (
      UPDATE conversation_messages m SET notified_at = ${now}
      FROM claimed
      WHERE m.client_id = claimed.client_id AND ${received} AND m.read_at IS NULL AND m.notified_at IS NULL
      RETURNING m.client_id, m.id, m.created_at
    )
    SELECT claimed.client_id,
      (SELECT count(*) FROM marked WHERE marked.client_id = claimed.client_id)::int AS count,
      (SELECT marked.id FROM marked WHERE marked.client_id = claimed.client_id
        ORDER BY marked.created_at DESC, marked.id DESC LIMIT 1)::text AS last_id,
      cp.full_name AS client_name, cu.email AS client_email,
      mp.full_name AS matchmaker_name, mu.email AS matchmaker_email
    FROM claimed
    JOIN user_profiles cp ON cp.id = claimed.client_id
    JOIN "user" cu ON cu.id = claimed.client_id
    LEFT JOIN user_profiles mp ON mp.id = claimed.assigned_matchmaker_id
    LEFT JOIN "user" mu ON mu.id = claimed.assigned_matchmaker_id`)) as unknown as { rows: Claimed[] };
  const mails: OutgoingEmail[] = [];
  for (const row of result.rows) {
    if (!row.count || !row.last_id) continue;
    const common = { count: Number(row.count), appUrl };
    if (side === 'client') {
      mails.push({
        to: row.client_email,
        dedupe_key: `message-notification:client:${row.last_id}`,
        ...clientUnreadEmail({
          ...common,
          name: greetingName(row.client_name),
          matchmakerName: row.matchmaker_name,
        }),
      });
    } else if (row.matchmaker_email) {
      mails.push({
        to: row.matchmaker_email,
        dedupe_key: `message-notification:matchmaker:${row.last_id}`,
        ...matchmakerUnreadEmail({
          ...common,
          name: greetingName(row.matchmaker_name),
          clientName: row.client_name,
          clientId: row.client_id,
        }),
      });
    }
  }
  // An opt-out (the settings) is honoured by the outbox: the messages still count as notified.
  await tx.queueMails(mails);
  return mails.length;
}

/**
 * The `message-notifications` job (every minute, decision 036): an unread message is mailed to
 * its recipient once its conversation was quiet for 15 minutes, all unread messages of that
 * conversation in one mail, and no recipient gets more than one such mail per conversation per
 * hour. Safe to run any number of times, on any number of servers.
 */
export async function sweepMessageNotifications({
  ctx,
  now = ctx.clock.now(),
}: {
  ctx: AppContext;
  now?: Date;
}) {
  return ctx.transaction(async (tx) => ({
    clients: await notifySide(tx, 'client', now, ctx.env.APP_URL),
    matchmakers: await notifySide(tx, 'matchmaker', now, ctx.env.APP_URL),
  }));
}
