import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { email_outbox } from '../../db/schema';
import type { EmailContent } from './layout';

export const SEND_EMAIL_QUEUE = 'send-email';

/** Hands a queued message's id to the delivery worker (set once jobs are running). */
export type EnqueueDelivery = (outboxId: string) => Promise<void>;

export interface Outbox {
  /**
   * Stores the message; with a `dedupe_key`, a second call with the same key stores nothing.
   * Given a transaction (`db`), the message is stored in it and commits or rolls back with the
   * change it reports; hand its id to `deliver` after the commit (else the sweep sends it).
   */
  queue(
    input: EmailContent & { to: string; dedupe_key?: string },
    options?: { db?: Db },
  ): Promise<string | null>;
  /** Hands messages stored in a committed transaction to the delivery worker. */
  deliver(ids: readonly (string | null)[]): Promise<void>;
  setDelivery(enqueue: EnqueueDelivery | null): void;
  /** Messages waiting for delivery that no worker holds right now. */
  pendingIds(): Promise<string[]>;
}

export function createOutbox(db: Db): Outbox {
  let enqueue: EnqueueDelivery | null = null;
  return {
    async queue({ to, subject, html, text, template, dedupe_key }, options = {}) {
      const [row] = await (options.db ?? db)
        .insert(email_outbox)
        .values({ to_address: to, subject, html, text, template, dedupe_key })
        .onConflictDoNothing()
        .returning({ id: email_outbox.id });
      if (row && enqueue && !options.db) await enqueue(row.id);
      return row?.id ?? null;
    },
    async deliver(ids) {
      if (!enqueue) return;
      for (const id of ids) if (id) await enqueue(id);
    },
    setDelivery(next) {
      enqueue = next;
    },
    async pendingIds() {
      const rows = await db
        .select({ id: email_outbox.id })
        .from(email_outbox)
        .where(
          and(
            eq(email_outbox.status, 'pending'),
            or(isNull(email_outbox.claimed_until), lt(email_outbox.claimed_until, sql`now()`)),
          ),
        )
        .orderBy(asc(email_outbox.created_at));
      return rows.map((r) => r.id);
    },
  };
}

export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    html: string;
    text: string;
  }): Promise<unknown>;
}

/** After this many failed attempts a message is marked `failed` and no longer retried. */
export const MAX_DELIVERY_ATTEMPTS = 10;

/**
 * Sends one outbox message. The row is claimed first (atomically, for a few minutes), so two
 * workers never send it at once and a sent message is not sent again. A failure is recorded on
 * the row and rethrown so the job is retried; after MAX_DELIVERY_ATTEMPTS it is `failed`.
 */
export async function deliverOutboxMessage({
  db,
  transport,
  from,
  id,
}: {
  db: Db;
  transport: MailTransport;
  from: string;
  id: string;
}): Promise<'sent' | 'skipped'> {
  const [message] = await db
    .update(email_outbox)
    .set({ claimed_until: sql`now() + interval '3 minutes'`, attempts: sql`${email_outbox.attempts} + 1` })
    .where(
      and(
        eq(email_outbox.id, id),
        eq(email_outbox.status, 'pending'),
        or(isNull(email_outbox.claimed_until), lt(email_outbox.claimed_until, sql`now()`)),
      ),
    )
    .returning();
  if (!message) return 'skipped';
  try {
    await transport.sendMail({
      from,
      to: message.to_address,
      subject: message.subject,
      html: message.html,
      text: message.text,
    });
  } catch (error) {
    await db
      .update(email_outbox)
      .set({
        claimed_until: null,
        last_error: String((error as Error).message).slice(0, 500),
        status: message.attempts >= MAX_DELIVERY_ATTEMPTS ? 'failed' : 'pending',
      })
      .where(eq(email_outbox.id, id));
    throw error;
  }
  await db
    .update(email_outbox)
    .set({ status: 'sent', sent_at: new Date(), claimed_until: null, last_error: null })
    .where(eq(email_outbox.id, id));
  return 'sent';
}
