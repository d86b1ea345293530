import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brusselsToInstant, toBrusselsInputValue } from '../../../shared/date-time';
import type { PurchasePromises, StaffTask, StaffTasksResponse } from '../../../shared/tasks';
import { type CreatedUser, createAdmin, createClient, createMatchmaker } from '../../db/factories';
import { email_outbox, matchmaker_profiles, staff_tasks } from '../../db/schema';
import { TERMS_ACCEPTED } from '../../test/checkout';
import { expectRefused } from '../../test/expect-refused';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 29 (decision 032): a purchase creates the tasks its tier promises, due in working hours,
 * for the client's matchmaker or the queue; staff see and finish them, an admin hands them out.
 */
let t: TestApp;
let admin: CreatedUser & { cookie: string };
let sofie: CreatedUser & { cookie: string };
let lotte: CreatedUser & { cookie: string };
let marc: CreatedUser & { cookie: string };

const at = (wall: string) => brusselsToInstant(wall)!;
const wall = (iso: string) => toBrusselsInputValue(iso);
const setNow = (instant: Date) => t.clock.setOffset(instant.getTime() - Date.now());

async function client(fields: Parameters<typeof createClient>[1] = {}) {
  const created = await createClient(t.db, { full_name: 'Nina Taak', ...fields });
  return { ...created, cookie: await t.login(created.email) };
}

/** A purchase through the demo checkout at a Brussels wall time; returns the session id. */
async function buy(cookie: string, tier: string, when: string) {
  setNow(at(when));
  const started = await t.request('/api/checkout-sessions', { cookie, json: { tier, ...TERMS_ACCEPTED } });
  expect(started.status).toBe(201);
  const id = ((await started.json()) as { url: string }).url.split('/').pop()!;
  const paid = await t.request(`/api/demo-checkout/${id}/pay`, { method: 'POST', cookie });
  expect(paid.status).toBe(200);
  return id;
}

async function tasksOf(cookie: string) {
  const response = await t.request('/api/tasks', { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as StaffTasksResponse;
}

async function promisesOf(cookie: string, sessionId: string) {
  const response = await t.request(`/api/me/purchase-promises?session_id=${sessionId}`, { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as PurchasePromises;
}

const ofClient = (list: StaffTasksResponse, id: string) => list.tasks.filter((task) => task.client_id === id);

beforeAll(async () => {
  t = await createTestApp();
  const make = async (user: CreatedUser) => ({ ...user, cookie: await t.login(user.email) });
  admin = await make(await createAdmin(t.db, { full_name: 'Bea Heer' }));
  sofie = await make(await createMatchmaker(t.db, { full_name: 'Sofie Peeters' }));
  lotte = await make(await createMatchmaker(t.db, { full_name: 'Lotte Janssens' }));
  marc = await make(await createMatchmaker(t.db, { full_name: 'Marc Dubois' }));
  await t.db
    .update(matchmaker_profiles)
    .set({ is_active: false, deactivated_at: new Date() })
    .where(eq(matchmaker_profiles.id, marc.id));
});

afterAll(async () => {
  t?.clock.setOffset(0);
  await t?.close();
});

describe('a purchase creates the tasks its tier promises', () => {
  it("Persoonlijk at 04:00: contact and invitation, due in working hours, for the client's matchmaker, once", async () => {
    const nina = await client({ assigned_matchmaker_id: sofie.id });
    const sessionId = await buy(nina.cookie, 'Persoonlijk', '2026-12-01T04:00');
    const mine = ofClient(await tasksOf(sofie.cookie), nina.id);
    expect(mine.map((task) => [task.kind, wall(task.due_at), task.assignee_name, task.is_overdue])).toEqual([
      ['matchmaker_contact', '2026-12-02T09:00', 'Sofie Peeters', false],
      ['intake_invitation', '2026-12-03T09:00', 'Sofie Peeters', false],
    ]);
    expect(mine[0]).toMatchObject({ client_name: 'Nina Taak', tier: 'Persoonlijk', done_at: null });
    // The success page's lookup fulfils again: nothing more is created.
    expect(
      (await t.request(`/api/checkout-session?session_id=${sessionId}`, { cookie: nina.cookie })).status,
    ).toBe(200);
    expect(await t.db.select().from(staff_tasks).where(eq(staff_tasks.client_id, nina.id))).toHaveLength(2);
    // Another matchmaker does not see them; the admin does.
    expect(ofClient(await tasksOf(lotte.cookie), nina.id)).toEqual([]);
    expect(ofClient(await tasksOf(admin.cookie), nina.id)).toHaveLength(2);

    const promises = await promisesOf(nina.cookie, sessionId);
    expect(promises).toEqual({
      fulfilled: true,
      matchmaker_name: 'Sofie Peeters',
      promises: [
        {
          kind: 'matchmaker_contact',
          due_at: mine[0]!.due_at,
          text: 'Sofie Peeters, je matchmaker, neemt uiterlijk morgen om 09:00 contact met je op.',
        },
        {
          kind: 'intake_invitation',
          due_at: mine[1]!.due_at,
          text: 'Je krijgt uiterlijk donderdag 3 december om 09:00 een persoonlijke uitnodiging voor je intakegesprek.',
        },
      ],
    });
  });

  it('Persoonlijk+ on a Saturday without a matchmaker: a call on Monday, in the queue, promised without a name', async () => {
    const jan = await client({ full_name: 'Jan Wachtrij' });
    const sessionId = await buy(jan.cookie, 'Persoonlijk+', '2026-11-28T11:00');
    const all = await tasksOf(admin.cookie);
    const queued = ofClient(all, jan.id);
    expect(queued.map((task) => [task.kind, wall(task.due_at), task.assignee_id])).toEqual([
      ['call_same_day', '2026-11-30T17:00', null],
    ]);
    // The queue comes first for the admin.
    expect(all.tasks[0]!.assignee_id).toBeNull();
    for (const matchmaker of [sofie, lotte])
      expect(ofClient(await tasksOf(matchmaker.cookie), jan.id)).toEqual([]);
    expect(await promisesOf(jan.cookie, sessionId)).toMatchObject({
      matchmaker_name: null,
      promises: [{ kind: 'call_same_day', text: 'We bellen je maandag 30 november tussen 9:00 en 17:00.' }],
    });
  });

  it('Persoonlijk+ within working hours: "vandaag nog"; Relax+: the welcome mail, from an inactive matchmaker to the queue', async () => {
    const vip = await client({ assigned_matchmaker_id: lotte.id });
    const vipSession = await buy(vip.cookie, 'Persoonlijk+', '2026-12-01T10:00');
    expect((await promisesOf(vip.cookie, vipSession)).promises.map((p) => p.text)).toEqual([
      'We bellen je vandaag nog, vóór 17:00.',
    ]);
    expect(ofClient(await tasksOf(lotte.cookie), vip.id).map((task) => wall(task.due_at))).toEqual([
      '2026-12-01T17:00',
    ]);

    const left = await client({ assigned_matchmaker_id: marc.id });
    const plusSession = await buy(left.cookie, 'Relax+', '2026-12-01T16:30');
    const [welcome] = ofClient(await tasksOf(admin.cookie), left.id);
    expect(welcome).toMatchObject({ kind: 'welcome_mail', assignee_id: null });
    expect(wall(welcome!.due_at)).toBe('2026-12-02T16:30');
    expect(await promisesOf(left.cookie, plusSession)).toMatchObject({
      matchmaker_name: null,
      promises: [{ text: 'Je ontvangt uiterlijk morgen om 16:30 een welkomstmail.' }],
    });
  });

  it('the promises of a purchase are its own client’s: others, staff and visitors are refused; bad input is a 400', async () => {
    const owner = await client();
    const other = await client();
    const sessionId = await buy(owner.cookie, 'Relax+', '2026-12-02T09:30');
    const path = `/api/me/purchase-promises?session_id=${sessionId}`;
    await expectRefused(await t.request(path, { cookie: other.cookie }), 404, 'NOT_FOUND');
    await expectRefused(await t.request(path, { cookie: sofie.cookie }), 403, 'UNAUTHORIZED');
    await expectRefused(await t.request(path), 401, 'NOT_AUTHENTICATED');
    await expectRefused(
      await t.request('/api/me/purchase-promises', { cookie: owner.cookie }),
      400,
      'BAD_REQUEST',
    );
    await expectRefused(
      await t.request(`/api/me/purchase-promises?session_id=${'x'.repeat(301)}`, { cookie: owner.cookie }),
      400,
      'BAD_REQUEST',
    );
  });
});

describe('staff work the tasks', () => {
  it('only the assignee or an admin marks a task done; twice is a conflict', async () => {
    const eva = await client({ assigned_matchmaker_id: sofie.id });
    const other = await client();
    await buy(eva.cookie, 'Persoonlijk', '2026-12-02T11:00');
    const [contact, invitation] = ofClient(await tasksOf(sofie.cookie), eva.id) as [StaffTask, StaffTask];
    const done = (id: string, cookie?: string) =>
      t.request(`/api/tasks/${id}/done`, { method: 'POST', cookie });

    await expectRefused(await done(contact.id, lotte.cookie), 404, 'TASK_NOT_FOUND');
    await expectRefused(await done(contact.id, other.cookie), 403, 'UNAUTHORIZED');
    await expectRefused(await done(contact.id, eva.cookie), 403, 'UNAUTHORIZED');
    await expectRefused(await done(contact.id, marc.cookie), 403, 'ACCOUNT_INACTIVE');
    await expectRefused(await done(contact.id), 401, 'NOT_AUTHENTICATED');
    await expectRefused(await done('geen-uuid', sofie.cookie), 400, 'BAD_REQUEST');
    await expectRefused(
      await done('00000000-0000-4000-8000-000000000000', sofie.cookie),
      404,
      'TASK_NOT_FOUND',
    );

    const response = await done(contact.id, sofie.cookie);
    expect(response.status).toBe(200);
    expect((await response.json()) as StaffTask).toMatchObject({ id: contact.id, is_overdue: false });
    const [row] = await t.db.select().from(staff_tasks).where(eq(staff_tasks.id, contact.id));
    expect(row).toMatchObject({ done_by: sofie.id });
    expect(row!.done_at).not.toBeNull();
    await expectRefused(await done(contact.id, sofie.cookie), 409, 'TASK_ALREADY_DONE');
    expect(ofClient(await tasksOf(sofie.cookie), eva.id).map((task) => task.id)).toEqual([invitation.id]);
    // An admin may finish anyone's.
    expect((await done(invitation.id, admin.cookie)).status).toBe(200);
    expect(ofClient(await tasksOf(sofie.cookie), eva.id)).toEqual([]);
    await expectRefused(await t.request('/api/tasks', { cookie: eva.cookie }), 403, 'UNAUTHORIZED');
    await expectRefused(await t.request('/api/tasks'), 401, 'NOT_AUTHENTICATED');
    await expectRefused(await t.request('/api/tasks', { cookie: marc.cookie }), 403, 'ACCOUNT_INACTIVE');
  });

  it('a task past its due time is overdue, and counted', async () => {
    const late = await client({ assigned_matchmaker_id: lotte.id });
    await buy(late.cookie, 'Persoonlijk+', '2026-12-03T09:30');
    setNow(at('2026-12-03T16:59'));
    let [call] = ofClient(await tasksOf(lotte.cookie), late.id);
    expect(call!.is_overdue).toBe(false);
    setNow(at('2026-12-03T17:01'));
    const list = await tasksOf(lotte.cookie);
    [call] = ofClient(list, late.id);
    expect(call!.is_overdue).toBe(true);
    expect(list.overdue).toBe(list.tasks.filter((task) => task.is_overdue).length);
    expect(list.overdue).toBeGreaterThanOrEqual(1);
  });

  it('an admin hands a queued task to an active matchmaker, who is mailed; nobody else may', async () => {
    const queued = await client({ full_name: 'Kim Wachtrij' });
    await buy(queued.cookie, 'Relax+', '2026-12-04T10:00');
    const [task] = ofClient(await tasksOf(admin.cookie), queued.id) as [StaffTask];
    const assign = (json: unknown, cookie?: string, id = task.id) =>
      t.request(`/api/tasks/${id}/assignee`, { method: 'PUT', cookie, json });

    await expectRefused(await assign({ assignee_id: sofie.id }, sofie.cookie), 403, 'UNAUTHORIZED');
    await expectRefused(await assign({ assignee_id: sofie.id }, queued.cookie), 403, 'UNAUTHORIZED');
    await expectRefused(await assign({ assignee_id: sofie.id }), 401, 'NOT_AUTHENTICATED');
    await expectRefused(await assign({}, admin.cookie), 400, 'BAD_REQUEST');
    await expectRefused(await assign({ assignee_id: 'geen id!' }, admin.cookie), 400, 'BAD_REQUEST');
    await expectRefused(await assign({ assignee_id: queued.id }, admin.cookie), 404, 'MATCHMAKER_NOT_FOUND');
    await expectRefused(await assign({ assignee_id: marc.id }, admin.cookie), 409, 'MATCHMAKER_INACTIVE');
    await expectRefused(
      await assign({ assignee_id: sofie.id }, admin.cookie, '00000000-0000-4000-8000-000000000000'),
      404,
      'TASK_NOT_FOUND',
    );

    const response = await assign({ assignee_id: sofie.id }, admin.cookie);
    expect(response.status).toBe(200);
    expect((await response.json()) as StaffTask).toMatchObject({
      assignee_id: sofie.id,
      assignee_name: 'Sofie Peeters',
    });
    expect(ofClient(await tasksOf(sofie.cookie), queued.id).map((x) => x.id)).toEqual([task.id]);
    const mails = await t.db
      .select()
      .from(email_outbox)
      .where(like(email_outbox.dedupe_key, `task-assigned:${task.id}:%`));
    expect(mails.map((m) => [m.to_address, m.subject])).toEqual([
      [sofie.email, 'Nieuwe taak: Welkomstmail sturen (binnen 24 uur)'],
    ]);
    // Handing it to the same matchmaker again changes nothing and mails nobody.
    expect((await assign({ assignee_id: sofie.id }, admin.cookie)).status).toBe(200);
    expect(
      await t.db
        .select()
        .from(email_outbox)
        .where(like(email_outbox.dedupe_key, `task-assigned:${task.id}:%`)),
    ).toHaveLength(1);
    // A done task is not handed out.
    expect(
      (await t.request(`/api/tasks/${task.id}/done`, { method: 'POST', cookie: sofie.cookie })).status,
    ).toBe(200);
    await expectRefused(await assign({ assignee_id: lotte.id }, admin.cookie), 409, 'TASK_ALREADY_DONE');
  });
});
