import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { OPTIONAL_EMAIL_TEMPLATES } from '../../../shared/account-settings';
import type { Db } from '../../db/client';
import { jsonRows, resultRows } from '../../db/json-param';
import { account_settings, email_outbox, type MailAttachment, user } from '../../db/schema';
import { type EmailContent, withOptOut } from './layout';
import { queueFailureAlerts } from './outbox-alert';

export const SEND_EMAIL_QUEUE = 'send-email';

/** Hands queued messages' ids to the delivery worker, all at once (set once jobs are running). */
export type EnqueueDelivery = (outboxIds: readonly string[]) => Promise<void>;

/** A message to store: its content, the address, and a key that makes storing it twice a no-op. */
export type OutboxInput = EmailContent & { to: string; dedupe_key?: string };

export interface Outbox {
  /**
   * Stores the message; with a `dedupe_key`, a second call with the same key stores nothing.
   * Given a transaction (`db`), the message is stored in it and commits or rolls back with the
   * change it reports; hand its id to `deliver` after the commit (else the sweep sends it).
   */
  queue(input: OutboxInput, options?: { db?: Db }): Promise<string | null>;
  /**
   * `queue` for many messages in a fixed number of statements: one opt-out read for all
   * recipients of optional e-mails, one INSERT for all rows (issue 31: each a single parameter). Returns the ids stored (a message
   * opted out of, or whose `dedupe_key` exists, stores nothing), in no particular order.
   */
  queueMany(inputs: readonly OutboxInput[], options?: { db?: Db }): Promise<string[]>;
  /** Hands messages stored in a committed transaction to the delivery worker. */
  deliver(ids: readonly (string | null)[]): Promise<void>;
  setDelivery(enqueue: EnqueueDelivery | null): void;
  /** Messages due for delivery at `now` that no worker holds. */
  pendingIds(now: Date): Promise<string[]>;
}

/**
 * `settingsUrl`: where a person switches optional e-mails off (issue 30: each optional e-mail links
 * there); the app's settings page on this install.
 */
export function createOutbox(db: Db, { settingsUrl }: { settingsUrl: string }): Outbox {
  let enqueue: EnqueueDelivery | null = null;
  async function queueMany(inputs: readonly OutboxInput[], options: { db?: Db } = {}) {
    const target = options.db ?? db;
    const optedOut = await optedOutIndexes(target, inputs);
    const rows = inputs
      .filter((_, i) => !optedOut.has(i))
      .map((input) => (isOptionalEmail(input.template) ? withOptOut(input, settingsUrl) : input))
      .map(({ to, subject, html, text, template, dedupe_key, attachments }) => ({
        to_address: to,
        subject,
        html,
        text,
        template,
        dedupe_key,
        attachments: attachments?.length ? attachments : null,
      }));
    // Issue 31 (decision 040): one INSERT for every row, the rows in one JSON parameter.
    const ids: string[] = rows.length
      ? resultRows<{ id: string }>(
          await target.execute(sql`
            INSERT INTO ${email_outbox} (to_address, subject, html, text, template, dedupe_key, attachments)
            SELECT r.to_address, r.subject, r.html, r.text, r.template, r.dedupe_key, r.attachments
            FROM jsonb_to_recordset(${jsonRows(rows)}) AS r(to_address text, subject text, html text,
              text text, template text, dedupe_key text, attachments jsonb)
            ON CONFLICT DO NOTHING
            RETURNING id`),
        ).map((r) => r.id)
      : [];
    if (ids.length && enqueue && !options.db) await enqueue(ids);
    return ids;
  }
  return {
    async queue(input, options) {
      const [id] = await queueMany([input], options);
      return id ?? null;
    },
    queueMany,
    async deliver(ids) {
      const stored = ids.filter((id): id is string => !!id);
      if (enqueue && stored.length) await enqueue(stored);
    },
    setDelivery(next) {
      enqueue = next;
    },
    async pendingIds(now) {
      const rows = await db
        .select({ id: email_outbox.id })
        .from(email_outbox)
        .where(isDue(now))
        .orderBy(asc(email_outbox.created_at));
      return rows.map((r) => r.id);
    },
  };
}

/**
 * Issue 14: the positions of the messages whose recipient switched that optional e-mail off in
 * their settings, in one query for all of them. Required e-mails (every template outside
 * OPTIONAL_EMAILS) always go, and need no query.
 */
const isOptionalEmail = (template: string) => (OPTIONAL_EMAIL_TEMPLATES as string[]).includes(template);

async function optedOutIndexes(db: Db, inputs: readonly OutboxInput[]): Promise<Set<number>> {
  const optional = inputs.flatMap(({ to, template }, i) =>
    isOptionalEmail(template) ? [{ i, address: to, template }] : [],
  );
  if (!optional.length) return new Set();
  const rows = await db
    .selectDistinct({ i: sql<number>`wanted.i` })
    .from(account_settings)
    .innerJoin(user, eq(user.id, account_settings.user_id))
    .innerJoin(
      sql`jsonb_to_recordset(${jsonRows(optional)}) AS wanted(i int, address text, template text)`,
      sql`lower(${user.email}) = lower(wanted.address) AND wanted.template = ANY(${account_settings.email_opt_outs})`,
    );
  return new Set(rows.map((r) => Number(r.i)));
}

export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    html: string;
    text: string;
    /** Nodemailer's form: a date's invitation travels as a `text/calendar` file (issue 27). */
    attachments?: { filename: string; content: string; contentType: string; encoding?: 'base64' }[];
  }): Promise<unknown>;
}

/** The first retry comes this long after a failed attempt; each next one waits twice as long... */
export const FIRST_RETRY_DELAY_MS = 30_000;
/** ...but never longer than this. */
export const MAX_RETRY_DELAY_MS = 60 * 60_000;
/** A message that has been failing this long, from its first failed attempt, gives up. */
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60_000;
/** How long a worker holds a message it is sending (SMTP times out well within it). */
const CLAIM_MS = 3 * 60_000;

/** The wait after the `failures`-th failed attempt in a row: 30 s doubling, at most 1 hour. */
export function retryDelayMs(failures: number, firstDelayMs = FIRST_RETRY_DELAY_MS): number {
  return Math.min(firstDelayMs * 2 ** Math.min(Math.max(failures - 1, 0), 20), MAX_RETRY_DELAY_MS);
}

/** A message that is `pending`, held by no worker and due at `now`. */
const isDue = (now: Date) =>
  and(
    eq(email_outbox.status, 'pending'),
    or(isNull(email_outbox.claimed_until), lt(email_outbox.claimed_until, now)),
    or(isNull(email_outbox.next_attempt_at), lte(email_outbox.next_attempt_at, now)),
  );

export type DeliveryResult =
  | { status: 'sent' | 'skipped' }
  | { status: 'retry'; next_attempt_at: Date }
  | { status: 'failed'; template: string };

/**
 * Makes one attempt to send an outbox message that is due at `now`. The row is claimed first
 * (atomically, for a few minutes), so two workers never send it at once and a sent message is not
 * sent again. A refused send is recorded on the row with the time of the next attempt (backoff,
 * decision 007); once the message has been failing for GIVE_UP_AFTER_MS it becomes `failed` and
 * the admins' alert is queued in the same transaction. Other errors (the database) are thrown.
 */
export async function deliverOutboxMessage({
  db,
  outbox,
  transport,
  from,
  id,
  now,
  firstRetryDelayMs = FIRST_RETRY_DELAY_MS,
}: {
  db: Db;
  /** Where the alert of a message that gives up is queued. */
  outbox: Outbox;
  transport: MailTransport;
  from: string;
  id: string;
  now: Date;
  firstRetryDelayMs?: number;
}): Promise<DeliveryResult> {
  const [message] = await db
    .update(email_outbox)
    .set({
      claimed_until: new Date(now.getTime() + CLAIM_MS),
      attempts: sql`${email_outbox.attempts} + 1`,
    })
    .where(and(eq(email_outbox.id, id), isDue(now)))
    .returning();
  if (!message) return { status: 'skipped' };
  try {
    await transport.sendMail({
      from,
      to: message.to_address,
      subject: message.subject,
      html: message.html,
      text: message.text,
      ...(message.attachments?.length ? { attachments: message.attachments.map(toNodemailer) } : {}),
    });
  } catch (error) {
    const last_error = String((error as Error).message).slice(0, 500);
    const first_failed_at = message.first_failed_at ?? now;
    if (now.getTime() - first_failed_at.getTime() < GIVE_UP_AFTER_MS) {
      const next_attempt_at = new Date(now.getTime() + retryDelayMs(message.attempts, firstRetryDelayMs));
      await db
        .update(email_outbox)
        .set({ claimed_until: null, last_error, first_failed_at, next_attempt_at })
        .where(eq(email_outbox.id, id));
      return { status: 'retry', next_attempt_at };
    }
    const alertIds = await db.transaction(async (tx) => {
      const [failed] = await tx
        .update(email_outbox)
        .set({
          status: 'failed',
          failed_at: now,
          claimed_until: null,
          last_error,
          first_failed_at,
          next_attempt_at: null,
        })
        .where(and(eq(email_outbox.id, id), eq(email_outbox.status, 'pending')))
        .returning({ id: email_outbox.id });
      if (!failed) return [];
      return queueFailureAlerts({ db: tx, outbox, message: { ...message, first_failed_at }, now });
    });
    await outbox.deliver(alertIds);
    return { status: 'failed', template: message.template };
  }
  await db
    .update(email_outbox)
    .set({ status: 'sent', sent_at: now, claimed_until: null, last_error: null, next_attempt_at: null })
    .where(eq(email_outbox.id, id));
  return { status: 'sent' };
}

const toNodemailer = ({ filename, content, content_type, encoding }: MailAttachment) => ({
  filename,
  content,
  contentType: content_type,
  ...(encoding ? { encoding } : {}),
});
