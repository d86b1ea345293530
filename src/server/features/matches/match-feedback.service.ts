import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { CreateMatchFeedbackInput, MatchFeedback } from '../../../shared/matches';
import type { Actor, AppContext } from '../../context';
import type { Db } from '../../db/client';
import { match_feedback, matches, user, user_profiles } from '../../db/schema';
import { isoInstant, jsonRows, named, selectTogether } from '../../db/together';
import { AppError } from '../../lib/errors';
import { getVisibleMatchWith, isClientOf, staffEmail } from './matches.service';

/** A client's feedback after a completed date: once per client and match. */
export async function createMatchFeedback({
  ctx,
  actor,
  match_id,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  match_id: string;
  input: CreateMatchFeedbackInput;
}): Promise<MatchFeedback> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const [match] = await db
    .select({ status: matches.status })
    .from(matches)
    .where(and(eq(matches.id, match_id), isClientOf(actor.user.id)));
  if (!match) throw new AppError('NOT_FOUND');
  if (match.status !== 'completed') throw new AppError('FEEDBACK_NOT_OPEN');
  const [saved] = await db
    .insert(match_feedback)
    .values({
      match_id,
      client_id: actor.user.id,
      rating: input.rating,
      would_meet_again: input.would_meet_again,
      feedback_text: input.feedback_text || null,
      submitted_at: now,
    })
    .onConflictDoNothing({ target: [match_feedback.match_id, match_feedback.client_id] })
    .returning({ id: match_feedback.id });
  if (!saved) throw new AppError('FEEDBACK_ALREADY_GIVEN');
  const [created] = await selectTogether<{ rows: FeedbackRow }>(db, {
    rows: feedbackQuery(db, actor, match_id, { feedback_id: saved.id }),
  }).then(({ rows }) => rows.map(toFeedback));
  return created!;
}

/** A feedback row of `feedbackQuery`, as JSON gives it. */
type FeedbackRow = Omit<MatchFeedback, 'submitted_at' | 'client'> & {
  submitted_at: string;
  full_name: string | null;
  email: string | null;
};

/** A match's feedback with the client's name and e-mail, newest first, as a query for JSON rows. */
function feedbackQuery(
  db: Db,
  actor: Actor,
  match_id: string,
  { feedback_id, client_id }: { feedback_id?: string; client_id?: string } = {},
): SQL {
  return db
    .select(
      named({
        id: match_feedback.id,
        match_id: match_feedback.match_id,
        client_id: match_feedback.client_id,
        rating: match_feedback.rating,
        would_meet_again: match_feedback.would_meet_again,
        feedback_text: match_feedback.feedback_text,
        submitted_at: match_feedback.submitted_at,
        full_name: user_profiles.full_name,
        // A client reads only their own feedback; staff see e-mails as decision 009 says.
        email: actor.profile.role === 'client' ? user.email : staffEmail(actor, user_profiles, user.email),
      }),
    )
    .from(match_feedback)
    .innerJoin(user_profiles, eq(user_profiles.id, match_feedback.client_id))
    .innerJoin(user, eq(user.id, match_feedback.client_id))
    .where(
      and(
        eq(match_feedback.match_id, match_id),
        feedback_id ? eq(match_feedback.id, feedback_id) : undefined,
        client_id ? eq(match_feedback.client_id, client_id) : undefined,
      ),
    )
    .orderBy(desc(match_feedback.submitted_at))
    .getSQL();
}

const toFeedback = (row: FeedbackRow): MatchFeedback => ({
  id: row.id,
  match_id: row.match_id,
  client_id: row.client_id,
  rating: row.rating,
  would_meet_again: row.would_meet_again,
  feedback_text: row.feedback_text,
  submitted_at: isoInstant(row.submitted_at),
  client: { id: row.client_id, full_name: row.full_name, email: row.email },
});

/**
 * A match's feedback, newest first with the client joined: staff who may see the match read all
 * of it; a client of the match reads only their own.
 */
export async function listMatchFeedback({
  ctx,
  actor,
  match_id,
}: {
  ctx: AppContext;
  actor: Actor;
  match_id: string;
}): Promise<MatchFeedback[]> {
  const { db } = ctx;
  // One statement each (issue 19): the feedback is read with the check that the caller may see it.
  if (actor.profile.role === 'client') {
    const [own] = await db
      .select({
        rows: jsonRows<FeedbackRow>(feedbackQuery(db, actor, match_id, { client_id: actor.user.id })),
      })
      .from(matches)
      .where(and(eq(matches.id, match_id), isClientOf(actor.user.id)));
    if (!own) throw new AppError('NOT_FOUND');
    return own.rows.map(toFeedback);
  }
  const { rows } = await getVisibleMatchWith<FeedbackRow>(
    db,
    actor,
    match_id,
    feedbackQuery(db, actor, match_id),
  );
  return rows.map(toFeedback);
}
