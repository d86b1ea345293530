import { and, eq, sql } from 'drizzle-orm';
import type { Match, MatchOutcomeInput, UpdateMatchInput } from '../../../shared/matches';
import { MATCH_OUTCOMES, OUTCOME_FROM } from '../../../shared/matches';
import type { Actor, AppContext } from '../../context';
import { match_follow_up, matches } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { postDebriefQuestions } from '../messages/conversation-rules';
import { mailDateCancelled, mailDateHeld, mailDatePlanned } from './matches.mail';
import { getVisibleMatch } from './matches.service';

/**
 * PATCH /api/matches/{id}: a status change by staff, under the same rule as the outcome (spec
 * section 4 timestamps): only a planned date, a held date or a cancellation, each from the
 * statuses `OUTCOME_FROM` allows. Acceptance and rejection come only from the clients' answers.
 */
export async function updateMatch({
  ctx,
  actor,
  id,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  id: string;
  input: UpdateMatchInput;
}): Promise<Match> {
  const current = await getVisibleMatch(ctx.db, actor, id);
  const outcome = MATCH_OUTCOMES.find((o) => o === input.status);
  if (!outcome) throw new AppError('MATCH_OUTCOME_NOT_ALLOWED');
  // A date keeps its time when the status is set again without one.
  const scheduled_at = input.scheduled_at ?? current.scheduled_at ?? ctx.clock.now().toISOString();
  return applyOutcome(ctx, actor, current, { outcome, scheduled_at });
}

/** Staff record what happened with a match; a note becomes a follow-up by the matchmaker. */
export async function recordMatchOutcome({
  ctx,
  actor,
  id,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  id: string;
  input: MatchOutcomeInput;
}): Promise<Match> {
  return applyOutcome(ctx, actor, await getVisibleMatch(ctx.db, actor, id), input);
}

/** One outcome on a match the caller may see, if its status allows it; a note becomes a follow-up. */
async function applyOutcome(
  ctx: AppContext,
  actor: Actor,
  current: Match,
  input: MatchOutcomeInput,
): Promise<Match> {
  const now = ctx.clock.now();
  if (!OUTCOME_FROM[input.outcome].includes(current.status)) throw new AppError('MATCH_OUTCOME_NOT_ALLOWED');
  // A date is marked as held once its time has come; one that happened earlier is moved first.
  if (input.outcome === 'completed' && current.scheduled_at && new Date(current.scheduled_at) > now) {
    throw new AppError('MATCH_DATE_NOT_PASSED');
  }
  const scheduledAt = input.outcome === 'scheduled' ? new Date(input.scheduled_at!) : null;
  // A date is planned between the two of them, so never before both said yes.
  if (scheduledAt && current.accepted_at && scheduledAt < new Date(current.accepted_at)) {
    throw new AppError('MATCH_DATE_BEFORE_ACCEPTANCE');
  }
  const changes: Partial<typeof matches.$inferInsert> = { status: input.outcome, updated_at: now };
  // Issue 27: the place and message come with a planning; a move without them keeps them.
  if (scheduledAt) {
    changes.scheduled_at = scheduledAt;
    const keep = (value: string | undefined, current: string | null) =>
      value === undefined ? current : value || null;
    changes.date_place_name = keep(input.place_name, current.date_place_name);
    changes.date_place_address = keep(input.place_address, current.date_place_address);
    changes.date_place_url = keep(input.place_url, current.date_place_url);
    changes.date_message = keep(input.message, current.date_message);
  }
  // Every change of a planned date is a new version of its invitation (RFC 5545 SEQUENCE).
  const moved =
    current.status === 'scheduled' && (input.outcome === 'scheduled' || input.outcome === 'cancelled');
  if (moved) changes.date_sequence = current.date_sequence + 1;
  // The date took place at its planned time; the click is when it was recorded (issue 27).
  if (input.outcome === 'completed') {
    changes.completed_at = current.scheduled_at ? new Date(current.scheduled_at) : now;
    changes.completed_recorded_at = now;
  }
  if (input.outcome === 'cancelled') changes.cancelled_at = now;
  await ctx.transaction(async (t) => {
    const tx = t.db;
    // Conditional: of two staff members changing the match at once, the first wins. The dates'
    // order is part of the condition, so a date moved meanwhile never ends up after its completion.
    const [changed] = await tx
      .update(matches)
      .set(changes)
      .where(
        and(
          eq(matches.id, current.id),
          eq(matches.status, current.status),
          eq(matches.date_sequence, current.date_sequence),
          scheduledAt
            ? sql`(${matches.accepted_at} IS NULL OR ${matches.accepted_at} <= ${scheduledAt})`
            : undefined,
          input.outcome === 'completed'
            ? sql`(${matches.scheduled_at} IS NULL OR ${matches.scheduled_at} <= ${now})`
            : undefined,
        ),
      )
      .returning();
    if (!changed) throw new AppError('MATCH_OUTCOME_NOT_ALLOWED');
    if (input.note) {
      await tx.insert(match_follow_up).values({
        match_id: current.id,
        follow_up_date: now,
        notes: input.note,
        updated_by_matchmaker_id: actor.user.id,
      });
    }
    // Issue 27: the clients hear of every step of their date, in this transaction.
    if (input.outcome === 'scheduled') {
      await mailDatePlanned({
        tx: t,
        env: ctx.env,
        match: changed,
        moved: current.status === 'scheduled',
        now,
      });
    } else if (input.outcome === 'cancelled' && current.status === 'scheduled') {
      await mailDateCancelled({ tx: t, env: ctx.env, match: changed, now });
    } else if (input.outcome === 'completed') {
      await mailDateHeld({ tx: t, appUrl: ctx.env.APP_URL, match: changed });
      // Issue 32: each client's matchmaker asks how it went, in their conversation.
      await postDebriefQuestions(tx, { match: changed, now });
    }
  });
  return getVisibleMatch(ctx.db, actor, current.id);
}
