import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { client_match_responses, matches } from '../../db/schema';
import { mailMatchDeadlines } from './matches.mail';

/** A client who has not answered hears of a proposal once it is due within a day. */
const REMINDER_BEFORE_MS = 86_400_000;

/**
 * The deadline sweep (the `match-deadlines` job, every minute): proposals past their deadline
 * without two acceptances are cancelled and their matchmaker mailed; each client who has not
 * answered a proposal due within a day is reminded once (the dedupe key), unless they switched
 * reminders off. One transaction of at most five statements, however many matches: the
 * cancelling UPDATE, the reminders' SELECT, the people's SELECT, the opt-outs' SELECT and the
 * e-mails' INSERT (each of the last three only when it has something to do; the INSERT takes
 * 1,000 e-mails, one more per further 1,000). After the commit the stored e-mails go to delivery
 * in one hand-off (one pg-boss batch insert). Safe to run any number of times.
 */
export async function sweepMatchDeadlines({ ctx, now = ctx.clock.now() }: { ctx: AppContext; now?: Date }) {
  const appUrl = ctx.env.APP_URL;
  return ctx.transaction(async (tx) => {
    const expired = await tx.db
      .update(matches)
      .set({ status: 'cancelled', cancelled_at: now, updated_at: now })
      .where(and(eq(matches.status, 'proposed'), sql`${matches.response_deadline} <= ${now}`))
      .returning({
        id: matches.id,
        client1_id: matches.client1_id,
        client2_id: matches.client2_id,
        matchmaker_id: matches.matchmaker_id,
      });

    // Each client of a proposal due within a day who has not answered it yet.
    const unanswered = await tx.db
      .select({ match_id: matches.id, client_id: sql<string>`c.client_id` })
      .from(matches)
      .innerJoin(
        sql`LATERAL (VALUES (${matches.client1_id}), (${matches.client2_id})) AS c(client_id)`,
        sql`true`,
      )
      .leftJoin(
        client_match_responses,
        and(
          eq(client_match_responses.match_id, matches.id),
          sql`${client_match_responses.client_id} = c.client_id`,
        ),
      )
      .where(
        and(
          eq(matches.status, 'proposed'),
          sql`${matches.response_deadline} > ${now}`,
          sql`${matches.response_deadline} <= ${new Date(now.getTime() + REMINDER_BEFORE_MS)}`,
          isNull(client_match_responses.id),
        ),
      );

    await mailMatchDeadlines({ tx, appUrl, expired, unanswered });
    return { cancelled: expired.length, reminded: unanswered.length };
  });
}
