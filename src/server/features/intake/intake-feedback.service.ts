import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { INTAKE_FEEDBACK_DUE_DAYS } from '../../../shared/domain';
import {
  type IntakeFeedback,
  intakeFeedbackDueAt,
  isIntakeFeedbackOpen,
  type StaffIntakeFeedback,
  type SubmitIntakeFeedbackInput,
} from '../../../shared/intake';
import type { Actor, AppContext } from '../../context';
import type { Db } from '../../db/client';
import { intake_feedback, intake_sessions, user_profiles } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { jsonify } from '../../lib/json';
import { staffDaySql, toStaffDay } from '../../lib/staff-day';
import { matchmaker, STAFF_LIST_LIMIT } from './intake.service';

const DAY_MS = 86_400_000;
const dueAt = intakeFeedbackDueAt;

function selectFeedback(db: Db) {
  return db
    .select({
      feedback: intake_feedback,
      session: { scheduled_at: intake_sessions.scheduled_at, session_type: intake_sessions.session_type },
      matchmaker: { id: matchmaker.id, full_name: matchmaker.full_name },
    })
    .from(intake_feedback)
    .innerJoin(intake_sessions, eq(intake_sessions.id, intake_feedback.intake_session_id))
    .leftJoin(matchmaker, eq(matchmaker.id, intake_feedback.matchmaker_id));
}
type JoinedFeedback = Awaited<ReturnType<typeof selectFeedback>>[number];

function toFeedback(row: JoinedFeedback): IntakeFeedback {
  const { created_at: _created, ...feedback } = row.feedback;
  return jsonify({
    ...feedback,
    due_at: dueAt(row.feedback.feedback_requested_at),
    session: row.session,
    matchmaker: row.matchmaker?.id ? row.matchmaker : null,
  });
}

/**
 * GET /api/me/intake-feedback: the client's pending feedback, newest first (spec section 7); issue
 * 26: only while it is still taken (until the due date, 7 days after the request).
 */
export async function listMyPendingIntakeFeedback({ ctx, actor }: { ctx: AppContext; actor: Actor }) {
  const openSince = new Date(ctx.clock.now().getTime() - INTAKE_FEEDBACK_DUE_DAYS * DAY_MS);
  const rows = await selectFeedback(ctx.db)
    .where(
      and(
        eq(intake_feedback.client_id, actor.user.id),
        isNull(intake_feedback.submitted_at),
        gt(intake_feedback.feedback_requested_at, openSince),
      ),
    )
    .orderBy(desc(intake_feedback.feedback_requested_at), desc(intake_feedback.id));
  return rows.map(toFeedback);
}

/** GET /api/me/intake-feedback/{id}: one of the client's own rows (the form's page). */
export async function getMyIntakeFeedback({ ctx, actor, id }: { ctx: AppContext; actor: Actor; id: string }) {
  const [row] = await selectFeedback(ctx.db).where(
    and(eq(intake_feedback.id, id), eq(intake_feedback.client_id, actor.user.id)),
  );
  if (!row) throw new AppError('NOT_FOUND');
  return toFeedback(row);
}

/**
 * PATCH /api/intake-feedback/{id}: the client's own row, once. An unset rating or empty text is
 * stored as null (spec section 5).
 */
export async function submitIntakeFeedback({
  ctx,
  actor,
  id,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  id: string;
  input: SubmitIntakeFeedbackInput;
}): Promise<IntakeFeedback> {
  const now = ctx.clock.now();
  const text = input.improvement_feedback?.trim();
  // Issue 26: not after the due date (refused before anything is written).
  const [own] = await ctx.db
    .select({ requested: intake_feedback.feedback_requested_at, submitted: intake_feedback.submitted_at })
    .from(intake_feedback)
    .where(and(eq(intake_feedback.id, id), eq(intake_feedback.client_id, actor.user.id)));
  if (!own) throw new AppError('NOT_FOUND');
  if (own.submitted) throw new AppError('INTAKE_FEEDBACK_ALREADY_GIVEN');
  if (!isIntakeFeedbackOpen(dueAt(own.requested), now)) throw new AppError('INTAKE_FEEDBACK_CLOSED');
  const [updated] = await ctx.db
    .update(intake_feedback)
    .set({
      overall_satisfaction_rating: input.overall_satisfaction_rating ?? null,
      professionalism_rating: input.professionalism_rating ?? null,
      communication_rating: input.communication_rating ?? null,
      improvement_feedback: text ? text : null,
      submitted_at: now,
      updated_at: now,
    })
    .where(
      and(
        eq(intake_feedback.id, id),
        eq(intake_feedback.client_id, actor.user.id),
        isNull(intake_feedback.submitted_at),
        gt(
          intake_feedback.feedback_requested_at,
          new Date(now.getTime() - INTAKE_FEEDBACK_DUE_DAYS * DAY_MS),
        ),
      ),
    )
    .returning({ id: intake_feedback.id });
  // Another submit of the same row came first.
  if (!updated) throw new AppError('INTAKE_FEEDBACK_ALREADY_GIVEN');
  return getMyIntakeFeedback({ ctx, actor, id });
}

/**
 * GET /api/intake-feedback: submitted intake feedback, newest first. A matchmaker gets their own,
 * without any client reference (spec section 6: anonymous); an admin all, with the client.
 */
export async function listStaffIntakeFeedback({
  ctx,
  actor,
}: {
  ctx: AppContext;
  actor: Actor;
}): Promise<StaffIntakeFeedback[]> {
  const isAdmin = actor.profile.role === 'admin';
  const rows = await ctx.db
    .select({
      id: intake_feedback.id,
      submitted_at: intake_feedback.submitted_at,
      professionalism_rating: intake_feedback.professionalism_rating,
      communication_rating: intake_feedback.communication_rating,
      overall_satisfaction_rating: intake_feedback.overall_satisfaction_rating,
      improvement_feedback: intake_feedback.improvement_feedback,
      matchmaker: { id: matchmaker.id, full_name: matchmaker.full_name },
      client_id: intake_feedback.client_id,
      client_name: sql<
        string | null
      >`(SELECT p.full_name FROM ${user_profiles} p WHERE p.id = ${intake_feedback.client_id})`,
    })
    .from(intake_feedback)
    .leftJoin(matchmaker, eq(matchmaker.id, intake_feedback.matchmaker_id))
    .where(
      and(
        sql`${intake_feedback.submitted_at} IS NOT NULL`,
        isAdmin ? undefined : eq(intake_feedback.matchmaker_id, actor.user.id),
      ),
    )
    // Decision 034: to a matchmaker in days, and within a day in no order that follows the time.
    .orderBy(
      ...(isAdmin
        ? [desc(intake_feedback.submitted_at), asc(intake_feedback.id)]
        : [desc(staffDaySql(intake_feedback.submitted_at)), asc(intake_feedback.id)]),
    )
    .limit(STAFF_LIST_LIMIT);
  return rows.map(({ client_id, client_name, ...row }) =>
    jsonify({
      ...row,
      // Always anonymous to the matchmaker: its time only to the day (decision 034).
      submitted_at: isAdmin ? row.submitted_at! : toStaffDay(row.submitted_at!),
      matchmaker: row.matchmaker?.id ? row.matchmaker : null,
      // The matchmaker's reply carries nothing that points at the client.
      client: isAdmin ? { id: client_id, full_name: client_name } : null,
    }),
  );
}
