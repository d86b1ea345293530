import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { email_outbox } from '../db/schema';
import {
  type DeliveryResult,
  deliverOutboxMessage,
  GIVE_UP_AFTER_MS,
  type MailTransport,
} from '../integrations/mail/outbox';
import { AppError } from '../lib/errors';

/** The newest 200 outbox messages, for the local mailbox. */
export const listRecentMessages = ({ ctx }: { ctx: AppContext }) =>
  ctx.db.select().from(email_outbox).orderBy(desc(email_outbox.created_at)).limit(200);

export async function findMessage({ ctx, id }: { ctx: AppContext; id: string }) {
  const [message] = await ctx.db.select().from(email_outbox).where(eq(email_outbox.id, id));
  return message;
}

/** A mail server that refuses every message, as during an outage. */
const refusingServer: MailTransport = {
  sendMail: async () => {
    throw new Error('451 4.3.0 Mailserver tijdelijk niet beschikbaar (dev)');
  },
};

/**
 * A pending message as an SMTP outage of 3 days leaves it: the real delivery code, refused on its
 * first attempt (3 days ago) and on its retry now, gives up: `failed`, and the admins' alerts queued.
 * A local install sends nothing, so without this an end-to-end test has no failed message.
 */
export async function refuseDelivery({ ctx, id }: { ctx: AppContext; id: string }): Promise<DeliveryResult> {
  const now = ctx.clock.now();
  const attemptAt = (at: Date) =>
    deliverOutboxMessage({
      db: ctx.db,
      outbox: ctx.outbox,
      transport: refusingServer,
      from: ctx.env.MAIL_FROM,
      id,
      now: at,
    });
  const first = await attemptAt(new Date(now.getTime() - GIVE_UP_AFTER_MS));
  if (first.status === 'skipped') {
    throw new AppError((await findMessage({ ctx, id })) ? 'OUTBOX_NOT_PENDING' : 'NOT_FOUND');
  }
  return first.status === 'retry' ? attemptAt(now) : first;
}
