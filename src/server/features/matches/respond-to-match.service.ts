import { and, eq, sql } from 'drizzle-orm';
import type { MatchResponse } from '../../../shared/domain';
import type { Actor, AppContext } from '../../context';
import { client_match_responses, matches } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { mailMatchAccepted, mailMatchRejected, mailProposalDeclined } from './matches.mail';
import { isClientOf } from './matches.service';

/**
 * A client's answer to a proposal (DESIGN.md "Answering a proposal"): only the two clients, once
 * each, while it is proposed and before the deadline. A rejection closes the match; two
 * acceptances make it accepted.
 */
export async function respondToMatch({
  ctx,
  actor,
  match_id,
  response,
  rejection_reason,
}: {
  ctx: AppContext;
  actor: Actor;
  match_id: string;
  response: MatchResponse;
  rejection_reason?: string;
}): Promise<MatchResponse> {
  const now = ctx.clock.now();
  return ctx.transaction(async (t) => {
    const tx = t.db;
    const [match] = await tx
      .select()
      .from(matches)
      .where(and(eq(matches.id, match_id), isClientOf(actor.user.id)))
      .for('update');
    if (!match) throw new AppError('NOT_FOUND');
    if (match.status !== 'proposed') throw new AppError('MATCH_NOT_OPEN');
    if (match.response_deadline && match.response_deadline.getTime() <= now.getTime()) {
      throw new AppError('MATCH_DEADLINE_PASSED');
    }
    const [saved] = await tx
      .insert(client_match_responses)
      .values({
        match_id,
        client_id: actor.user.id,
        response,
        rejection_reason: response === 'rejected' ? rejection_reason || null : null,
        created_at: now,
      })
      .onConflictDoNothing({ target: [client_match_responses.match_id, client_match_responses.client_id] })
      .returning({ id: client_match_responses.id });
    if (!saved) throw new AppError('MATCH_ALREADY_ANSWERED');

    if (response === 'rejected') {
      await tx.update(matches).set({ status: 'rejected', updated_at: now }).where(eq(matches.id, match_id));
      await mailMatchRejected({ tx: t, appUrl: ctx.env.APP_URL, match });
      // Issue 27: the other client hears kindly that it stops (never the reason).
      await mailProposalDeclined({ tx: t, appUrl: ctx.env.APP_URL, match, declinedBy: actor.user.id });
      return response;
    }
    {
      const [{ accepted }] = (await tx
        .select({ accepted: sql<number>`count(*)::int` })
        .from(client_match_responses)
        .where(
          and(eq(client_match_responses.match_id, match_id), eq(client_match_responses.response, 'accepted')),
        )) as [{ accepted: number }];
      if (accepted === 2) {
        await tx
          .update(matches)
          .set({ status: 'accepted', accepted_at: now, updated_at: now })
          .where(eq(matches.id, match_id));
        await mailMatchAccepted({ tx: t, appUrl: ctx.env.APP_URL, match });
      }
    }
    return response;
  });
}
