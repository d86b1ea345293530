import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { email_outbox } from '../db/schema';
import type { EmailContent } from '../integrations/mail/layout';
import type { Outbox } from '../integrations/mail/outbox';

/**
 * Anyone can ask Koppel to mail an address (sign-up, reset, confirmation), so each recipient gets
 * at most this many mails of one kind per hour, whoever asks and from wherever. Beyond it the mail
 * is skipped silently: the answer stays the same, so nobody learns who is a member.
 */
export const MAIL_LIMIT_PER_HOUR = 3;

const LOCK_RECIPIENT = 18_003;

/**
 * Queues `content` unless the recipient reached the limit for its kind (`template`), counted in
 * the outbox. `alongside` runs in the same transaction and learns whether the mail goes out.
 * Returns whether it was queued.
 */
export async function queueLimitedMail({
  db,
  outbox,
  to,
  content,
  alongside,
}: {
  db: Db;
  outbox: Outbox;
  to: string;
  content: EmailContent;
  alongside?: (tx: Db, isQueued: boolean) => Promise<void>;
}): Promise<boolean> {
  const id = await db.transaction(async (tx) => {
    // Two requests at once must not both see room for one more.
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_RECIPIENT}, hashtext(${to}))`);
    const [recent] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(email_outbox)
      .where(
        and(
          eq(email_outbox.to_address, to),
          eq(email_outbox.template, content.template),
          gt(email_outbox.created_at, sql`now() - interval '1 hour'`),
        ),
      );
    const isQueued = (recent?.count ?? 0) < MAIL_LIMIT_PER_HOUR;
    await alongside?.(tx, isQueued);
    return isQueued ? outbox.queue({ to, ...content }, { db: tx }) : null;
  });
  await outbox.deliver([id]);
  return id !== null;
}
