import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeletionPreview } from '../../../shared/account-deletion';
import { formatDateTime } from '../../../shared/format';
import { createClient, createIntakeSession, createMatchmaker, createPurchase } from '../../db/factories';
import { email_outbox, intake_sessions, payments, staff_tasks } from '../../db/schema';
import { expectRefused } from '../../test/expect-refused';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 29, point 5: deleting a paid account says first what it forfeits and how to withdraw; the
 * deletion cancels the booked intakes and tells the matchmakers, in its own transaction.
 */
const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const preview = async (cookie?: string) => t.request('/api/me/deletion-preview', { cookie });
const del = (cookie: string, password: string) =>
  t.request('/api/me', { method: 'DELETE', cookie, json: { password, confirmation: 'VERWIJDER' } });

async function paidClientWithIntake() {
  const now = t.clock.now();
  const sofie = await createMatchmaker(t.db, { full_name: 'Sofie Verwijder' });
  const host = await createMatchmaker(t.db, { full_name: 'Hanne Gastvrouw' });
  const client = await createClient(t.db, { full_name: 'Paula Betaald', assigned_matchmaker_id: sofie.id });
  const paidAt = new Date(now.getTime() - 3 * DAY);
  await createPurchase(t.db, { client_id: client.id, tier: 'Persoonlijk', paid_at: paidAt, now });
  const [payment] = await t.db.select().from(payments).where(eq(payments.client_id, client.id));
  await t.db.insert(staff_tasks).values({
    kind: 'matchmaker_contact',
    client_id: client.id,
    payment_id: payment!.id,
    tier: 'Persoonlijk',
    assignee_id: sofie.id,
    due_at: new Date(paidAt.getTime() + DAY),
  });
  const intakeAt = new Date(now.getTime() + 2 * DAY);
  const intake = await createIntakeSession(t.db, {
    user_id: client.id,
    assigned_matchmaker_id: host.id,
    scheduled_at: intakeAt,
    session_type: 'intake',
    status: 'scheduled',
    calendly_event_id: `evt-${client.id}`,
  });
  return {
    client,
    cookie: await t.login(client.email),
    sofie,
    host,
    paidAt,
    intakeAt,
    intake,
    payment: payment!,
  };
}

describe('GET /api/me/deletion-preview', () => {
  it('shows the paid term, the withdrawal period, the matchmaker and the booked intakes', async () => {
    const { cookie, paidAt, intakeAt, client } = await paidClientWithIntake();
    const response = await preview(cookie);
    expect(response.status).toBe(200);
    const body = (await response.json()) as DeletionPreview;
    expect(body).toMatchObject({
      paid_tier: 'Persoonlijk',
      withdrawal_until: new Date(paidAt.getTime() + 14 * DAY).toISOString(),
      matchmaker_name: 'Sofie Verwijder',
      intakes: [{ scheduled_at: intakeAt.toISOString(), matchmaker_name: 'Hanne Gastvrouw' }],
    });
    expect(new Date(body.term_ends_at!).getTime()).toBeGreaterThan(paidAt.getTime() + 360 * DAY);
    // A free client forfeits nothing and has nothing to withdraw from.
    const free = await createClient(t.db);
    expect((await (await preview(await t.login(free.email))).json()) as DeletionPreview).toEqual({
      paid_tier: null,
      term_ends_at: null,
      withdrawal_until: null,
      matchmaker_name: null,
      intakes: [],
    });
    // After 14 days the withdrawal period is over.
    const late = await createClient(t.db);
    const now = t.clock.now();
    await createPurchase(t.db, {
      client_id: late.id,
      tier: 'Relax+',
      paid_at: new Date(now.getTime() - 15 * DAY),
      now,
    });
    expect((await (await preview(await t.login(late.email))).json()) as DeletionPreview).toMatchObject({
      paid_tier: 'Relax+',
      withdrawal_until: null,
    });
    expect(client.id).toBeTruthy();
  });

  it('is for clients only: staff 403, visitors 401', async () => {
    const matchmaker = await createMatchmaker(t.db);
    await expectRefused(await preview(await t.login(matchmaker.email)), 403, 'STAFF_CANNOT_DELETE');
    await expectRefused(await preview(), 401, 'NOT_AUTHENTICATED');
  });
});

describe('DELETE /api/me of a paid account', () => {
  it('cancels the booked intake and mails both matchmakers, in the same transaction; the tasks go', async () => {
    const { client, cookie, sofie, host, intakeAt, intake } = await paidClientWithIntake();
    expect((await del(cookie, client.password)).status).toBe(200);

    // The intake is gone with the account (its slot free again), and so are the promised tasks.
    expect(await t.db.select().from(intake_sessions).where(eq(intake_sessions.id, intake.id))).toEqual([]);
    expect(await t.db.select().from(staff_tasks).where(eq(staff_tasks.client_id, client.id))).toEqual([]);

    const mails = await t.db
      .select()
      .from(email_outbox)
      .where(like(email_outbox.dedupe_key, `client-deleted:${client.id}:%`));
    const to = (email: string) => mails.find((m) => m.to_address === email)!;
    expect(mails).toHaveLength(2);
    expect(to(sofie.email).subject).toBe('Een klant heeft het account verwijderd');
    expect(to(sofie.email).text).toContain('Een klant van je heeft het Koppel-account verwijderd.');
    expect(to(sofie.email).text).toContain('De klant had Persoonlijk, dat nog liep tot');
    expect(to(sofie.email).text).not.toContain('intakegesprek van');
    expect(to(host.email).text).toContain(
      `Het intakegesprek van ${formatDateTime(intakeAt)} is geannuleerd; dat moment is weer vrij.`,
    );
    // The mails name nobody: the deletion erased the client's name everywhere.
    for (const mail of mails) expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain('Paula');
  });

  it('a wrong password changes nothing and mails nobody', async () => {
    const { client, cookie, intake } = await paidClientWithIntake();
    await expectRefused(await del(cookie, 'niet-het-wachtwoord'), 400, 'WRONG_PASSWORD');
    const [row] = await t.db.select().from(intake_sessions).where(eq(intake_sessions.id, intake.id));
    expect(row!.status).toBe('scheduled');
    expect(
      await t.db
        .select()
        .from(email_outbox)
        .where(like(email_outbox.dedupe_key, `client-deleted:${client.id}:%`)),
    ).toEqual([]);
  });
});
