import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { INTAKE_FEEDBACK_DUE_DAYS } from '../../../shared/domain';
import type { AppContext, OutgoingEmail } from '../../context';
import { intake_feedback, intake_sessions } from '../../db/schema';
import { greetingName } from '../../integrations/mail/layout';
import { feedbackUrl, intakeFeedbackReminderEmail, intakeReminderEmails } from './intake.mail';
import { findPeople } from './intake.service';

const DAY_MS = 86_400_000;

/**
 * Every quarter of an hour: a reminder the day before a session booked more than a day ahead,
 * and two days before intake feedback is due, a reminder to a client who has not given it. The
 * outbox's dedupe keys make each one once. One transaction, in a fixed number of statements
 * however many are due: the sessions, the feedback rows, the people, and every e-mail in one
 * `queueMails` (its opt-outs and INSERT).
 */
export async function sweepIntakeReminders({ ctx }: { ctx: AppContext }): Promise<Record<string, number>> {
  const now = ctx.clock.now();
  const appUrl = ctx.env.APP_URL;
  const tomorrow = new Date(now.getTime() + DAY_MS);
  const windowStart = new Date(now.getTime() - INTAKE_FEEDBACK_DUE_DAYS * DAY_MS);
  const windowEnd = new Date(now.getTime() - (INTAKE_FEEDBACK_DUE_DAYS - 2) * DAY_MS);
  return ctx.transaction(async (tx) => {
    const sessions = await tx.db
      .select()
      .from(intake_sessions)
      .where(
        and(
          eq(intake_sessions.status, 'scheduled'),
          sql`${intake_sessions.scheduled_at} > ${now}`,
          lte(intake_sessions.scheduled_at, tomorrow),
          sql`${intake_sessions.created_at} <= ${intake_sessions.scheduled_at} - interval '24 hours'`,
        ),
      );
    const pending = await tx.db
      .select({ id: intake_feedback.id, client_id: intake_feedback.client_id })
      .from(intake_feedback)
      .where(
        and(
          isNull(intake_feedback.submitted_at),
          sql`${intake_feedback.feedback_requested_at} > ${windowStart}`,
          lte(intake_feedback.feedback_requested_at, windowEnd),
        ),
      );
    const find = await findPeople(tx.db, [
      ...sessions.flatMap((session) => [session.user_id, session.assigned_matchmaker_id]),
      ...pending.map((row) => row.client_id),
    ]);
    const messages: OutgoingEmail[] = sessions.flatMap((session) =>
      intakeReminderEmails({
        appUrl,
        session,
        client: find(session.user_id),
        matchmaker: find(session.assigned_matchmaker_id),
      }),
    );
    for (const row of pending) {
      const person = find(row.client_id);
      if (!person) continue;
      messages.push({
        to: person.email,
        dedupe_key: `intake-feedback-reminder:${row.id}`,
        ...intakeFeedbackReminderEmail({
          name: greetingName(person.full_name),
          url: feedbackUrl(appUrl, row.id),
        }),
      });
    }
    await tx.queueMails(messages);
    return { session_reminders: sessions.length, feedback_reminders: pending.length };
  });
}
