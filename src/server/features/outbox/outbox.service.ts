import { and, desc, eq } from 'drizzle-orm';
import type { OutboxMessage, OutboxStatus } from '../../../shared/outbox';
import type { AppContext } from '../../context';
import { email_outbox } from '../../db/schema';
import { AppError } from '../../lib/errors';

type OutboxRow = typeof email_outbox.$inferSelect;

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** The row as staff see it: never the body, whose links may be a password. */
function toOutboxMessage(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    to: row.to_address,
    template: row.template,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    last_error: row.last_error,
    created_at: row.created_at.toISOString(),
    first_failed_at: iso(row.first_failed_at),
    failed_at: iso(row.failed_at),
    next_attempt_at: iso(row.next_attempt_at),
    sent_at: iso(row.sent_at),
  };
}

/** The newest 200 outbox messages, of one status when given. */
export async function listOutboxMessages({
  ctx,
  status,
}: {
  ctx: AppContext;
  status?: OutboxStatus;
}): Promise<OutboxMessage[]> {
  const rows = await ctx.db
    .select()
    .from(email_outbox)
    .where(status ? eq(email_outbox.status, status) : undefined)
    .orderBy(desc(email_outbox.created_at))
    .limit(200);
  return rows.map(toOutboxMessage);
}

/**
 * Puts a message that gave up back in the queue as if it were new (attempts and failure times
 * reset) and hands it to the delivery worker. Only a `failed` message: resending a pending or
 * sent one could send it twice (409).
 */
export async function resendOutboxMessage({
  ctx,
  id,
}: {
  ctx: AppContext;
  id: string;
}): Promise<OutboxMessage> {
  const { db, outbox } = ctx;
  const [row] = await db
    .update(email_outbox)
    .set({
      status: 'pending',
      attempts: 0,
      last_error: null,
      first_failed_at: null,
      failed_at: null,
      next_attempt_at: null,
      claimed_until: null,
    })
    .where(and(eq(email_outbox.id, id), eq(email_outbox.status, 'failed')))
    .returning();
  if (!row) {
    const [existing] = await db
      .select({ id: email_outbox.id })
      .from(email_outbox)
      .where(eq(email_outbox.id, id));
    throw new AppError(existing ? 'OUTBOX_NOT_FAILED' : 'NOT_FOUND');
  }
  await outbox.deliver([row.id]);
  return toOutboxMessage(row);
}
