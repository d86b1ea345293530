import { and, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CreatedUser,
  createClient,
  createIntakeFeedback,
  createIntakeSession,
  createMatchmaker,
} from '../../db/factories';
import { email_outbox, intake_feedback, intake_sessions } from '../../db/schema';
import { countStatements } from '../../test/count-statements';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sweepIntakeReminders } from './intake-reminders.service';

/**
 * Issue 25, point 5: the intake reminders job's SQL does not grow with the number of reminders.
 * Statements are counted at the driver. One database: the job runs with `n` sessions tomorrow
 * (booked three days ago) and `n` intake feedback rows due in a day and a half, first 1 of each,
 * then (those held and answered) 10.
 */
const DAY = 86_400_000;
const TEMPLATES = ['intake-reminder', 'intake-reminder-matchmaker', 'intake-feedback-reminder'];

let t: TestApp;
let matchmaker: CreatedUser;
let count: ReturnType<typeof countStatements>;
beforeAll(async () => {
  t = await createTestApp();
  matchmaker = await createMatchmaker(t.db, { full_name: 'Mira Herinnering' });
  count = countStatements(t.db);
});
afterAll(async () => {
  await t.close();
});

async function sweepWith(n: number) {
  const now = t.clock.now().getTime();
  const clients: CreatedUser[] = [];
  const sessionIds: string[] = [];
  const feedbackIds: string[] = [];
  for (let i = 0; i < n; i++) {
    const client = await createClient(t.db, { assigned_matchmaker_id: matchmaker.id });
    clients.push(client);
    const tomorrow = await createIntakeSession(t.db, {
      user_id: client.id,
      scheduled_at: new Date(now + 0.5 * DAY),
      assigned_matchmaker_id: matchmaker.id,
      created_at: new Date(now - 3 * DAY),
    });
    sessionIds.push(tomorrow.id);
    const held = await createIntakeSession(t.db, {
      user_id: client.id,
      scheduled_at: new Date(now - 6 * DAY),
      status: 'completed',
      assigned_matchmaker_id: matchmaker.id,
    });
    const feedback = await createIntakeFeedback(t.db, {
      intake_session_id: held.id,
      client_id: client.id,
      matchmaker_id: matchmaker.id,
      feedback_requested_at: new Date(now - 5.5 * DAY),
    });
    feedbackIds.push(feedback.id);
  }

  const handOffs: string[][] = [];
  t.outbox.setDelivery(async (ids) => {
    handOffs.push([...ids]);
  });
  const { result, statements } = await count(() => sweepIntakeReminders({ ctx: t.ctx }));
  t.outbox.setDelivery(null);
  const mails = await t.db
    .select()
    .from(email_outbox)
    .where(
      and(
        inArray(email_outbox.template, TEMPLATES),
        inArray(
          email_outbox.to_address,
          clients.map((c) => c.email),
        ),
      ),
    );
  const matchmakerMails = await t.db
    .select()
    .from(email_outbox)
    .where(
      inArray(
        email_outbox.dedupe_key,
        sessionIds.map((id) => `intake-reminder:${id}:${matchmaker.id}`),
      ),
    );
  // Held and answered: not due at the next run.
  await t.db
    .update(intake_sessions)
    .set({ status: 'completed' })
    .where(inArray(intake_sessions.id, sessionIds));
  await t.db
    .update(intake_feedback)
    .set({ submitted_at: new Date(now) })
    .where(inArray(intake_feedback.id, feedbackIds));
  return { result, statements, mails, matchmakerMails, handOffs, clients, feedbackIds };
}

describe('the intake reminders job (intake-reminders)', () => {
  it('sends the same number of statements with 1 and with 10 due, and hands every e-mail to delivery at once', async () => {
    const one = await sweepWith(1);
    const ten = await sweepWith(10);

    for (const [run, n] of [
      [one, 1],
      [ten, 10],
    ] as const) {
      expect(run.result).toEqual({ session_reminders: n, feedback_reminders: n });
      const byTemplate = (template: string) => run.mails.filter((m) => m.template === template);
      const clientEmails = run.clients.map((c) => c.email).sort();
      expect(
        byTemplate('intake-reminder')
          .map((m) => m.to_address)
          .sort(),
      ).toEqual(clientEmails);
      expect(run.matchmakerMails.map((m) => [m.template, m.to_address])).toEqual(
        Array(n).fill(['intake-reminder-matchmaker', matchmaker.email]),
      );
      expect(
        byTemplate('intake-feedback-reminder')
          .map((m) => m.dedupe_key)
          .sort(),
      ).toEqual(run.feedbackIds.map((id) => `intake-feedback-reminder:${id}`).sort());
      expect(
        byTemplate('intake-feedback-reminder')
          .map((m) => m.to_address)
          .sort(),
      ).toEqual(clientEmails);
      // One hand-off after the commit, with every message stored.
      expect(run.handOffs).toHaveLength(1);
      expect(run.handOffs[0]!.sort()).toEqual([...run.mails, ...run.matchmakerMails].map((m) => m.id).sort());
    }
    expect(ten.mails).toHaveLength(20);

    // The sessions, the feedback rows, the people and the e-mails' INSERT (no reminder can be
    // switched off, so no opt-out read); on node-postgres also BEGIN and COMMIT.
    expect(one.statements).toBe(process.env.KOPPEL_TEST_DB === 'pg' ? 6 : 4);
    expect(ten.statements).toBe(one.statements);
  });
});
