import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IntakeFeedback, IntakeSession } from '../../../shared/intake';
import { MESSAGES } from '../../../shared/messages';
import {
  type CreatedUser,
  createAdmin,
  createClient,
  createIntakeSession,
  createMatchmaker,
} from '../../db/factories';
import { email_outbox, intake_feedback, intake_sessions, user_profiles } from '../../db/schema';
import { signCalendlyWebhook, signClientRef } from '../../integrations/scheduler/calendly';
import { createTestApp, type TestApp } from '../../test/test-app';
import { freeSlots, testSchedulerSlots } from './intake-rules';

/**
 * Issue 26: the intake's rules on every path, with the wrong actor, bad input and the app's clock
 * moved: completing from the start time on (a follow-up keeps its notes only), one upcoming booking
 * per client, the Testagenda never offering a slot its host has, cancelling and moving up to 24
 * hours before (the matchmaker mailed), and intake feedback taken for 7 days.
 */

let t: TestApp;
let sofie: CreatedUser;
let marc: CreatedUser;
let admin: CreatedUser;
const cookies: Record<string, string> = {};
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

beforeAll(async () => {
  t = await createTestApp();
  sofie = await createMatchmaker(t.db, { full_name: 'Sofie Peeters' });
  marc = await createMatchmaker(t.db, { full_name: 'Marc Dubois' });
  admin = await createAdmin(t.db, {});
  for (const [name, u] of Object.entries({ sofie, marc, admin })) cookies[name] = await t.login(u.email);
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  t.clock.setOffset(0);
  vi.restoreAllMocks();
});

/** Moves the app's clock to `at`. */
const moveClockTo = (at: number) => t.clock.setOffset(at - Date.now());
const inDays = (days: number) => new Date(Date.now() + days * DAY);

async function client(full_name: string, tier: 'Relax' | 'Persoonlijk' = 'Persoonlijk') {
  const made = await createClient(t.db, { full_name, tier, assigned_matchmaker_id: sofie.id });
  return { ...made, cookie: await t.login(made.email) };
}

function session(owner: { id: string }, options: Partial<typeof intake_sessions.$inferInsert> = {}) {
  return createIntakeSession(t.db, {
    user_id: owner.id,
    assigned_matchmaker_id: sofie.id,
    scheduled_at: inDays(3),
    calendly_event_id: `rules-${randomUUID()}`,
    ...options,
  });
}

async function row(id: string) {
  const [found] = await t.db.select().from(intake_sessions).where(eq(intake_sessions.id, id));
  return found!;
}

async function mails(prefix: string) {
  return t.db
    .select()
    .from(email_outbox)
    .where(like(email_outbox.dedupe_key, `${prefix}%`));
}

const complete = (cookie: string | undefined, id: string, notes = 'Open en warm; wil kinderen.') =>
  t.request(`/api/intake-sessions/${id}/complete`, { cookie, json: { matchmaker_notes: notes } });

const patch = (cookie: string | undefined, id: string, json: unknown) =>
  t.request(`/api/intake-sessions/${id}`, { method: 'PATCH', cookie, json });

const postMessage = (cookie: string, eventId: string, start = inDays(5)) =>
  t.request('/api/intake-sessions', {
    cookie,
    json: { calendly_event_id: eventId, scheduled_at: start.toISOString(), event_type_name: 'Intake' },
  });

function deliver(kind: 'invitee.created' | 'invitee.canceled', payload: Record<string, unknown>) {
  const body = JSON.stringify({ event: kind, created_at: new Date().toISOString(), payload });
  return t.request('/api/webhooks/calendly', {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'calendly-webhook-signature': signCalendlyWebhook(body, t.ctx.scheduler.signingKey!, t.clock.now()),
    },
  });
}

function invitee(who: CreatedUser, eventId: string, extra: Record<string, unknown> = {}) {
  return {
    email: who.email,
    tracking: { utm_content: signClientRef(who.id, t.ctx.scheduler.refSecret) },
    scheduled_event: {
      uri: `https://api.calendly.com/scheduled_events/${eventId}`,
      name: 'Persoonlijke intake',
      start_time: inDays(4).toISOString(),
      event_memberships: [{ user_email: sofie.email }],
    },
    ...extra,
  };
}

describe('completing a session from its start time on', () => {
  it('refuses before the start, with the Dutch message, and changes nothing', async () => {
    const noor = await client('Noor Vroeg');
    const start = Date.now() + 2 * HOUR;
    const planned = await session(noor, { scheduled_at: new Date(start) });
    for (const at of [start - DAY, start - 1000]) {
      moveClockTo(at);
      const response = await complete(cookies.sofie, planned.id);
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ error: MESSAGES.intakeNotStarted, code: 'INTAKE_NOT_STARTED' });
    }
    expect((await row(planned.id)).status).toBe('scheduled');
    const [profile] = await t.db.select().from(user_profiles).where(eq(user_profiles.id, noor.id));
    expect(profile!.contract_status).not.toBe('active_for_matching');
    expect(
      await t.db.select().from(intake_feedback).where(eq(intake_feedback.intake_session_id, planned.id)),
    ).toEqual([]);
    expect(await mails(`intake-completed:${planned.id}`)).toEqual([]);
  });

  it('completes a second after the start: active for matching, thanked and asked for feedback', async () => {
    const noor = await client('Noor Optijd');
    const start = Date.now() + 2 * HOUR;
    const planned = await session(noor, { scheduled_at: new Date(start) });
    moveClockTo(start + 1000);
    const response = await complete(cookies.sofie, planned.id);
    expect(response.status).toBe(200);
    const [profile] = await t.db.select().from(user_profiles).where(eq(user_profiles.id, noor.id));
    expect(profile!.contract_status).toBe('active_for_matching');
    const [feedback] = await t.db
      .select()
      .from(intake_feedback)
      .where(eq(intake_feedback.intake_session_id, planned.id));
    expect(feedback!.feedback_requested_at.getTime()).toBeGreaterThanOrEqual(start);
    expect((await mails(`intake-completed:${planned.id}`)).map((m) => m.to_address)).toEqual([noor.email]);
  });

  it('refuses the wrong actor before and after the start: visitor, client, admin, another matchmaker', async () => {
    const noor = await client('Noor Anders');
    const planned = await session(noor, { scheduled_at: new Date(Date.now() - HOUR) });
    expect((await complete(undefined, planned.id)).status).toBe(401);
    expect((await complete(noor.cookie, planned.id)).status).toBe(403);
    expect((await complete(cookies.admin, planned.id)).status).toBe(403);
    expect((await complete(cookies.marc, planned.id)).status).toBe(404);
    expect((await complete(cookies.sofie, 'geen-id')).status).toBe(400);
    expect((await row(planned.id)).status).toBe('scheduled');
  });

  it.each([
    ['follow_up', 'Opvolggesprek'],
    ['coaching', 'Coaching'],
  ] as const)(
    'a %s session (%s) keeps its notes without the first intake’s transitions and mails',
    async (type, _label) => {
      const ruth = await client(`Ruth ${type}`);
      await t.db
        .update(user_profiles)
        .set({ contract_status: 'pending' })
        .where(eq(user_profiles.id, ruth.id));
      const held = await session(ruth, { scheduled_at: new Date(Date.now() - HOUR), session_type: type });
      const response = await complete(cookies.sofie, held.id, 'Gaat goed; tweede date gepland.');
      expect(response.status).toBe(200);
      expect(await row(held.id)).toMatchObject({
        status: 'completed',
        matchmaker_notes: 'Gaat goed; tweede date gepland.',
      });
      const [profile] = await t.db.select().from(user_profiles).where(eq(user_profiles.id, ruth.id));
      expect(profile!.contract_status).toBe('pending');
      expect(
        await t.db.select().from(intake_feedback).where(eq(intake_feedback.intake_session_id, held.id)),
      ).toEqual([]);
      expect(await t.db.select().from(email_outbox).where(eq(email_outbox.to_address, ruth.email))).toEqual(
        [],
      );
      const { findCompletedIntakeWithNotes } = await import('.');
      expect(await findCompletedIntakeWithNotes({ ctx: t.ctx, clientId: ruth.id })).toBeNull();
      // Before its start, a follow-up is refused as an intake is.
      const later = await session(ruth, { scheduled_at: inDays(2), session_type: type });
      expect((await complete(cookies.sofie, later.id)).status).toBe(409);
    },
  );
});

describe('at most one upcoming booking per client', () => {
  it('the browser’s message: a second event is refused in Dutch; the first again is the same session', async () => {
    const eva = await client('Eva Tweemaal', 'Relax');
    const first = randomUUID();
    expect((await postMessage(eva.cookie, first)).status).toBe(201);
    const second = await postMessage(eva.cookie, randomUUID());
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({
      error: MESSAGES.intakeAlreadyBooked,
      code: 'INTAKE_ALREADY_BOOKED',
    });
    expect((await postMessage(eva.cookie, first)).status).toBe(200);
    const own = await t.db.select().from(intake_sessions).where(eq(intake_sessions.user_id, eva.id));
    expect(own).toHaveLength(1);
  });

  it('two bookings at once: exactly one is made', async () => {
    const eva = await client('Eva Gelijktijdig');
    const statuses = (
      await Promise.all([postMessage(eva.cookie, randomUUID()), postMessage(eva.cookie, randomUUID())])
    ).map((r) => r.status);
    expect(statuses.sort()).toEqual([201, 409]);
    expect(await t.db.select().from(intake_sessions).where(eq(intake_sessions.user_id, eva.id))).toHaveLength(
      1,
    );
  });

  it('a cancelled booking or one whose time has passed does not count', async () => {
    const eva = await client('Eva Opnieuw');
    await session(eva, { status: 'cancelled', cancelled_at: new Date() });
    await session(eva, { scheduled_at: new Date(Date.now() - 2 * HOUR) });
    expect((await postMessage(eva.cookie, randomUUID())).status).toBe(201);
    // Once that one's time has passed (the app's clock), another may be booked.
    moveClockTo(inDays(6).getTime());
    expect((await postMessage(eva.cookie, randomUUID(), inDays(9))).status).toBe(201);
  });

  it('Calendly’s webhook keeps the existing booking, does not record a second and logs no personal data', async () => {
    const eva = await client('Eva Webhaak');
    const kept = await session(eva);
    const warn = vi.spyOn(t.ctx.logger, 'warn');
    const eventId = randomUUID();
    const response = await deliver('invitee.created', invitee(eva, eventId));
    expect(response.status).toBe(200);
    expect(
      await t.db.select().from(intake_sessions).where(eq(intake_sessions.calendly_event_id, eventId)),
    ).toEqual([]);
    expect((await row(kept.id)).status).toBe('scheduled');
    expect(warn).toHaveBeenCalledTimes(1);
    const logged = JSON.stringify(warn.mock.calls);
    for (const personal of [eva.email, 'Eva', 'Webhaak', eva.id]) expect(logged).not.toContain(personal);
    expect(logged).toContain(kept.id);
  });

  it('Calendly’s reschedule (old_invitee) replaces the upcoming booking', async () => {
    const eva = await client('Eva Verzet');
    const oldEvent = randomUUID();
    const kept = await session(eva, { calendly_event_id: oldEvent });
    const newEvent = randomUUID();
    const response = await deliver(
      'invitee.created',
      invitee(eva, newEvent, {
        old_invitee: `https://api.calendly.com/scheduled_events/${oldEvent}/invitees/${randomUUID()}`,
      }),
    );
    expect(response.status).toBe(200);
    expect((await row(kept.id)).status).toBe('cancelled');
    const [replacement] = await t.db
      .select()
      .from(intake_sessions)
      .where(eq(intake_sessions.calendly_event_id, newEvent));
    expect(replacement).toMatchObject({ user_id: eva.id, status: 'scheduled' });
  });

  it('the Testagenda refuses a second booking in Dutch and books nothing', async () => {
    const eva = await client('Eva Agenda');
    await session(eva);
    const slots = testSchedulerSlots(t.clock.now());
    const response = await t.request('/api/testagenda/bookings', {
      cookie: eva.cookie,
      json: { link: 'https://calendly.com/koppel/personal-intake', start_time: slots.at(-1) },
    });
    expect(response.status).toBe(409);
    expect((await response.json()).code).toBe('INTAKE_ALREADY_BOOKED');
    expect(await t.db.select().from(intake_sessions).where(eq(intake_sessions.user_id, eva.id))).toHaveLength(
      1,
    );
  });
});

describe('the Testagenda never offers a slot its host already has', () => {
  it('leaves out slots overlapping the host’s sessions (not cancelled ones) and refuses booking one', async () => {
    const link = `https://calendly.com/koppel-${randomUUID().slice(0, 8)}/intake`;
    const host = await createMatchmaker(t.db, {
      full_name: 'Hanne Host',
      matchmaker: { calendly_link: link },
    });
    const all = testSchedulerSlots(t.clock.now());
    const [taken, overlapped, cancelled] = [all[3]!, all[5]!, all[7]!];
    const other = await client('Olga Ander');
    await session(other, { assigned_matchmaker_id: host.id, scheduled_at: new Date(taken) });
    await session(other, {
      assigned_matchmaker_id: host.id,
      scheduled_at: new Date(new Date(overlapped).getTime() + 30 * MINUTE),
      status: 'completed',
    });
    await session(other, {
      assigned_matchmaker_id: host.id,
      scheduled_at: new Date(cancelled),
      status: 'cancelled',
    });
    const booker = await client('Bart Boeker');
    const response = await t.request(`/api/testagenda/slots?link=${encodeURIComponent(link)}`, {
      cookie: booker.cookie,
    });
    expect(response.status).toBe(200);
    const { slots, host: shown } = (await response.json()) as {
      slots: string[];
      host: { full_name: string };
    };
    expect(shown.full_name).toBe('Hanne Host');
    expect(slots).not.toContain(taken);
    expect(slots).not.toContain(overlapped);
    expect(slots).toContain(cancelled);
    expect(slots).toHaveLength(all.length - 2);
    // Another matchmaker's sessions leave the host's slots alone.
    expect(await freeSlots(t.db, marc.id, t.clock.now())).toContain(taken);

    const refused = await t.request('/api/testagenda/bookings', {
      cookie: booker.cookie,
      json: { link, start_time: taken },
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: MESSAGES.intakeSlotNotFree, code: 'INTAKE_SLOT_NOT_FREE' });
    const booked = await t.request('/api/testagenda/bookings', {
      cookie: booker.cookie,
      json: { link, start_time: cancelled, ref: signClientRef(booker.id, t.ctx.scheduler.refSecret) },
    });
    expect(booked.status).toBe(200);
    const again = (await (
      await t.request(`/api/testagenda/slots?link=${encodeURIComponent(link)}`, { cookie: booker.cookie })
    ).json()) as { slots: string[] };
    expect(again.slots).not.toContain(cancelled);
  });
});

describe('cancelling and moving up to 24 hours before', () => {
  it('refuses a visitor, staff and another client on the change and on the slots', async () => {
    const mona = await client('Mona Eigen');
    const other = await client('Olaf Ander');
    const own = await session(mona);
    for (const [path, init] of [
      [`/api/intake-sessions/${own.id}`, { method: 'PATCH', json: { status: 'cancelled' } }],
      [`/api/intake-sessions/${own.id}/slots`, {}],
    ] as const) {
      expect((await t.request(path, init)).status, path).toBe(401);
      for (const who of ['sofie', 'admin']) {
        expect((await t.request(path, { ...init, cookie: cookies[who] })).status, `${who} ${path}`).toBe(403);
      }
      expect((await t.request(path, { ...init, cookie: other.cookie })).status, path).toBe(404);
    }
    expect((await row(own.id)).status).toBe('scheduled');
  });

  it('refuses bad input: a bad id, a bad time, nothing, and a moment that is no free slot', async () => {
    const mona = await client('Mona Invoer');
    const own = await session(mona);
    expect((await patch(mona.cookie, 'geen-id', { status: 'cancelled' })).status).toBe(400);
    expect((await t.request('/api/intake-sessions/geen-id/slots', { cookie: mona.cookie })).status).toBe(400);
    expect((await patch(mona.cookie, own.id, { scheduled_at: 'morgen' })).status).toBe(400);
    expect((await patch(mona.cookie, own.id, { status: 'completed' })).status).toBe(400);
    expect((await patch(mona.cookie, own.id, {})).status).toBe(400);
    const notASlot = await patch(mona.cookie, own.id, { scheduled_at: inDays(5).toISOString() });
    expect(notASlot.status).toBe(409);
    expect((await notASlot.json()).code).toBe('INTAKE_SLOT_NOT_FREE');
    // A slot the matchmaker already has.
    const slots = testSchedulerSlots(t.clock.now());
    await session(await client('Olga Bezet'), { scheduled_at: new Date(slots.at(-2)!) });
    const taken = await patch(mona.cookie, own.id, { scheduled_at: slots.at(-2) });
    expect(taken.status).toBe(409);
    expect((await taken.json()).code).toBe('INTAKE_SLOT_NOT_FREE');
    expect((await row(own.id)).scheduled_at!.getTime()).toBe(own.scheduled_at!.getTime());
  });

  it('moves to a free slot: the session keeps its id, the matchmaker and the client are mailed', async () => {
    const mona = await client('Mona Verplaatst');
    const own = await session(mona);
    const { can_change, slots } = (await (
      await t.request(`/api/intake-sessions/${own.id}/slots`, { cookie: mona.cookie })
    ).json()) as { can_change: boolean; slots: string[] };
    expect(can_change).toBe(true);
    const to = slots.at(-1)!;
    const response = await patch(mona.cookie, own.id, { scheduled_at: to });
    expect(response.status).toBe(200);
    const { session: moved } = (await response.json()) as { session: IntakeSession };
    expect(moved).toMatchObject({ id: own.id, scheduled_at: to, status: 'scheduled' });
    const sent = await mails(`intake-moved:${own.id}:`);
    expect(sent.map((m) => m.to_address).sort()).toEqual([mona.email, sofie.email].sort());
    const toSofie = sent.find((m) => m.to_address === sofie.email)!;
    expect(toSofie.subject).toBe('Een intakegesprek is verplaatst');
    expect(toSofie.text).toContain('Mona Verplaatst');
  });

  it('cancels: the matchmaker is mailed, and a new booking may be made', async () => {
    const mona = await client('Mona Annuleert');
    const own = await session(mona);
    const response = await patch(mona.cookie, own.id, { status: 'cancelled' });
    expect(response.status).toBe(200);
    expect((await row(own.id)).status).toBe('cancelled');
    const sent = await mails(`intake-cancelled:${own.id}:`);
    expect(sent.map((m) => m.to_address).sort()).toEqual([mona.email, sofie.email].sort());
    expect((await postMessage(mona.cookie, randomUUID())).status).toBe(201);
  });

  it('the 24-hour boundary, on the app’s clock: a second before is allowed, a second after refused in Dutch', async () => {
    const mona = await client('Mona Grens');
    const start = inDays(3).getTime();
    const own = await session(mona, { scheduled_at: new Date(start) });
    const mila = await client('Mila Grens');
    const hers = await session(mila, { scheduled_at: new Date(start) });

    moveClockTo(start - DAY + 1000);
    const slotsLate = (await (
      await t.request(`/api/intake-sessions/${own.id}/slots`, { cookie: mona.cookie })
    ).json()) as { can_change: boolean; slots: string[] };
    expect(slotsLate).toEqual({ can_change: false, slots: [] });
    for (const body of [
      { status: 'cancelled' },
      { scheduled_at: testSchedulerSlots(t.clock.now()).at(-1) },
    ]) {
      const late = await patch(mona.cookie, own.id, body);
      expect(late.status).toBe(409);
      expect(await late.json()).toEqual({
        error: MESSAGES.intakeChangeTooLate,
        code: 'INTAKE_CHANGE_TOO_LATE',
      });
    }
    expect((await row(own.id)).status).toBe('scheduled');
    expect(await mails(`intake-cancelled:${own.id}:`)).toEqual([]);

    moveClockTo(start - DAY - 1000);
    expect((await patch(mila.cookie, hers.id, { status: 'cancelled' })).status).toBe(200);
  });
});

describe('intake feedback is taken for 7 days after the request', () => {
  async function pendingFeedback(name: string, requestedAt: Date) {
    const saar = await client(name);
    const held = await session(saar, {
      scheduled_at: new Date(requestedAt.getTime() - HOUR),
      status: 'completed',
    });
    const [row] = await t.db
      .insert(intake_feedback)
      .values({
        intake_session_id: held.id,
        client_id: saar.id,
        matchmaker_id: sofie.id,
        feedback_requested_at: requestedAt,
      })
      .returning();
    return { saar, feedbackId: row!.id };
  }
  const listed = async (cookie: string) =>
    (
      (await (await t.request('/api/me/intake-feedback', { cookie })).json()) as {
        feedback: IntakeFeedback[];
      }
    ).feedback;
  const submit = (cookie: string, id: string) =>
    t.request(`/api/intake-feedback/${id}`, {
      method: 'PATCH',
      cookie,
      json: { overall_satisfaction_rating: 4 },
    });

  it('a second before the due date: listed and taken', async () => {
    const requested = new Date(Date.now() - DAY);
    const { saar, feedbackId } = await pendingFeedback('Saar Optijd', requested);
    moveClockTo(requested.getTime() + 7 * DAY - 1000);
    expect((await listed(saar.cookie)).map((f) => f.id)).toEqual([feedbackId]);
    expect((await submit(saar.cookie, feedbackId)).status).toBe(200);
  });

  it('a second after the due date: not listed, refused with 409 in Dutch, nothing stored', async () => {
    const requested = new Date(Date.now() - DAY);
    const { saar, feedbackId } = await pendingFeedback('Saar Telaat', requested);
    moveClockTo(requested.getTime() + 7 * DAY + 1000);
    expect(await listed(saar.cookie)).toEqual([]);
    const late = await submit(saar.cookie, feedbackId);
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({
      error: MESSAGES.intakeFeedbackClosed,
      code: 'INTAKE_FEEDBACK_CLOSED',
    });
    const [stored] = await t.db.select().from(intake_feedback).where(eq(intake_feedback.id, feedbackId));
    expect(stored).toMatchObject({ submitted_at: null, overall_satisfaction_rating: null });
    // The row itself stays readable (its page says it is closed), for its own client only.
    const one = await t.request(`/api/me/intake-feedback/${feedbackId}`, { cookie: saar.cookie });
    expect(one.status).toBe(200);
    const other = await client('Sven Ander');
    expect((await submit(other.cookie, feedbackId)).status).toBe(404);
    expect(
      (
        await t.request(`/api/intake-feedback/${feedbackId}`, {
          method: 'PATCH',
          json: { overall_satisfaction_rating: 4 },
        })
      ).status,
    ).toBe(401);
  });

  it('eight months later, as the issue found it: still refused', async () => {
    const requested = new Date(Date.now() - 240 * DAY);
    const { saar, feedbackId } = await pendingFeedback('Saar Oud', requested);
    expect(await listed(saar.cookie)).toEqual([]);
    expect((await submit(saar.cookie, feedbackId)).status).toBe(409);
    expect(
      (
        await t.db
          .select()
          .from(intake_feedback)
          .where(and(eq(intake_feedback.id, feedbackId), eq(intake_feedback.client_id, saar.id)))
      )[0]!.submitted_at,
    ).toBeNull();
  });
});
