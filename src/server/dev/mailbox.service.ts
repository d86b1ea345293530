import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { email_outbox } from '../db/schema';

/** The newest 200 outbox messages, for the local mailbox. */
export const listRecentMessages = ({ ctx }: { ctx: AppContext }) =>
  ctx.db.select().from(email_outbox).orderBy(desc(email_outbox.created_at)).limit(200);

export async function findMessage({ ctx, id }: { ctx: AppContext; id: string }) {
  const [message] = await ctx.db.select().from(email_outbox).where(eq(email_outbox.id, id));
  return message;
}
