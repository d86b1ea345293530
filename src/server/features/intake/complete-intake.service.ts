import { eq } from 'drizzle-orm';
import {
  type CompleteIntakeSessionInput,
  canCompleteSession,
  isFirstIntakeSession,
  type StaffIntakeSession,
} from '../../../shared/intake';
import { contractStatusAfterIntake } from '../../../shared/payments';
import type { Actor, AppContext } from '../../context';
import { intake_feedback, intake_sessions, user_profiles } from '../../db/schema';
import { greetingName } from '../../integrations/mail/layout';
import { AppError } from '../../lib/errors';
import { kickTagging, requestTagging } from '../traits';
import { feedbackUrl, intakeCompletedEmail } from './intake.mail';
import { findPeople, selectSessions, toStaffSession } from './intake.service';

/**
 * POST /api/intake-sessions/{id}/complete: the session's matchmaker only (spec section 6), from
 * its start time on (issue 26, the app's clock). In one transaction: completed with the notes; for
 * an intake (not a follow-up or coaching session) also the client active for matching (unless
 * their paid term ended: `contractStatusAfterIntake`, decision 024), the
 * intake_feedback row (due 7 days later), the client's e-mail and the request to tag the notes for
 * traits; after the commit, the tagging run.
 */
export async function completeIntakeSession({
  ctx,
  actor,
  id,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  id: string;
  input: CompleteIntakeSessionInput;
}): Promise<StaffIntakeSession> {
  const now = ctx.clock.now();
  const tagging = await ctx.transaction(async (tx) => {
    const [session] = await tx.db
      .select({
        session: intake_sessions,
        client_matchmaker: user_profiles.assigned_matchmaker_id,
        membership: {
          tier: user_profiles.tier,
          subscription_status: user_profiles.subscription_status,
          contract_status: user_profiles.contract_status,
        },
      })
      .from(intake_sessions)
      .innerJoin(user_profiles, eq(user_profiles.id, intake_sessions.user_id))
      .where(eq(intake_sessions.id, id))
      .for('update', { of: intake_sessions });
    // Sessions a matchmaker cannot see are not found; one they see but do not host is refused.
    const visible =
      session &&
      (session.session.assigned_matchmaker_id === actor.user.id ||
        session.client_matchmaker === actor.user.id);
    if (!session || !visible) throw new AppError('NOT_FOUND');
    if (session.session.assigned_matchmaker_id !== actor.user.id)
      throw new AppError('INTAKE_NOT_YOUR_SESSION');
    if (session.session.status !== 'scheduled') throw new AppError('INTAKE_NOT_OPEN');
    if (!canCompleteSession(session.session.scheduled_at, now)) throw new AppError('INTAKE_NOT_STARTED');
    const clientId = session.session.user_id;
    await tx.db
      .update(intake_sessions)
      .set({
        status: 'completed',
        matchmaker_notes: input.matchmaker_notes,
        completed_at: now,
        updated_at: now,
      })
      .where(eq(intake_sessions.id, id));
    // A follow-up or coaching session keeps its notes only (decision 025).
    if (!isFirstIntakeSession(session.session.session_type)) return false;
    await tx.db
      .update(user_profiles)
      .set({ contract_status: contractStatusAfterIntake(session.membership), updated_at: now })
      .where(eq(user_profiles.id, clientId));
    const [feedback] = await tx.db
      .insert(intake_feedback)
      .values({
        intake_session_id: id,
        client_id: clientId,
        matchmaker_id: actor.user.id,
        feedback_requested_at: now,
        created_at: now,
        updated_at: now,
      })
      .onConflictDoNothing({ target: intake_feedback.intake_session_id })
      .returning({ id: intake_feedback.id });
    const find = await findPeople(tx.db, [clientId]);
    const person = find(clientId);
    if (person && feedback) {
      await tx.queueMail({
        to: person.email,
        dedupe_key: `intake-completed:${id}`,
        ...intakeCompletedEmail({
          name: greetingName(person.full_name),
          url: feedbackUrl(ctx.env.APP_URL, feedback.id),
        }),
      });
    }
    // Issue 15: the notes are tagged for traits; asked in this transaction, run after it.
    await requestTagging({ tx, clientId, reason: 'intake completed' });
    return true;
  });
  if (tagging) kickTagging({ ctx });
  const [row] = await selectSessions(ctx.db).where(eq(intake_sessions.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  return toStaffSession(row);
}
