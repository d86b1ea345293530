import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  IntakeFeedback,
  IntakeSession,
  SchedulerSettings,
  StaffIntakeSession,
} from '../../../shared/intake';
import { MESSAGES } from '../../../shared/messages';
import {
  type CreatedUser,
  createAdmin,
  createClient,
  createIntakeSession,
  createMatchmaker,
} from '../../db/factories';
import {
  client_traits,
  email_outbox,
  intake_feedback,
  intake_sessions,
  unassigned_bookings,
  user_profiles,
} from '../../db/schema';
import { signCalendlyWebhook, signClientRef } from '../../integrations/scheduler/calendly';
import { createTestApp, sessionCookie, type TestApp } from '../../test/test-app';
import { selectSessions, toClientSession, toStaffSession } from './intake.service';
import { sweepIntakeReminders } from './intake-reminders.service';

let t: TestApp;
let sofie: CreatedUser;
let marc: CreatedUser;
let admin: CreatedUser;
let emma: CreatedUser;
let lucas: CreatedUser;
let nina: CreatedUser;
const cookies: Record<string, string> = {};
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  sofie = await createMatchmaker(t.db, {
    full_name: 'Sofie Peeters',
    matchmaker: { calendly_link: 'https://calendly.com/koppel-sofie/intake' },
  });
  marc = await createMatchmaker(t.db, { full_name: 'Marc Dubois' });
  admin = await createAdmin(t.db, {});
  emma = await createClient(t.db, {
    full_name: 'Emma Claes',
    tier: 'Persoonlijk',
    assigned_matchmaker_id: sofie.id,
  });
  lucas = await createClient(t.db, { full_name: 'Lucas Wouters', tier: 'Persoonlijk+' });
  nina = await createClient(t.db, {
    full_name: 'Nina Andere',
    tier: 'Relax+',
    assigned_matchmaker_id: marc.id,
  });
  for (const [name, u] of Object.entries({ sofie, marc, admin, emma, lucas, nina })) {
    cookies[name] = await t.login(u.email);
  }
});
afterAll(async () => {
  await t.close();
});

const key = () => t.ctx.scheduler.signingKey!;
/**
 * A client of this test alone: a client has at most one upcoming booking (issue 26), so a test that
 * books gets its own.
 */
const freshClient = (full_name: string, matchmaker: CreatedUser | null = sofie) =>
  createClient(t.db, { full_name, tier: 'Persoonlijk', assigned_matchmaker_id: matchmaker?.id ?? null });
const future = (days: number) => new Date(Date.now() + days * DAY);

/** Calendly's v2 invitee webhook body for an event. */
function webhookBody(
  kind: 'invitee.created' | 'invitee.canceled',
  {
    eventId,
    client,
    host,
    start = future(3),
    ref = true,
    name = 'Persoonlijke intake',
  }: { eventId: string; client: CreatedUser; host?: CreatedUser; start?: Date; ref?: boolean; name?: string },
) {
  return JSON.stringify({
    event: kind,
    created_at: new Date().toISOString(),
    payload: {
      email: client.email,
      name: client.full_name,
      tracking: { utm_content: ref ? signClientRef(client.id, t.ctx.scheduler.refSecret) : null },
      scheduled_event: {
        uri: `https://api.calendly.com/scheduled_events/${eventId}`,
        name,
        start_time: start.toISOString(),
        location: { type: 'google_conference', join_url: `https://meet.example/${eventId}` },
        event_memberships: host ? [{ user_email: host.email }] : [],
      },
    },
  });
}

function deliver(body: string, signature: string | null = signCalendlyWebhook(body, key(), new Date())) {
  return t.request('/api/webhooks/calendly', {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'calendly-webhook-signature': signature }),
    },
  });
}

function postMessage(cookie: string, body: Record<string, unknown>) {
  return t.request('/api/intake-sessions', { cookie, json: body });
}

async function sessionsFor(eventId: string) {
  return t.db.select().from(intake_sessions).where(eq(intake_sessions.calendly_event_id, eventId));
}

describe('the Calendly webhook signature', () => {
  it('accepts a valid signature and creates the session with the host as matchmaker', async () => {
    const eventId = randomUUID();
    const client = await freshClient('Eva Geldig');
    const response = await deliver(webhookBody('invitee.created', { eventId, client, host: sofie }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    const [row] = await sessionsFor(eventId);
    expect(row).toMatchObject({ user_id: client.id, assigned_matchmaker_id: sofie.id, status: 'scheduled' });
    expect(row?.join_url).toBe(`https://meet.example/${eventId}`);
  });

  it.each([
    [
      'a tampered body',
      (body: string) => [
        body.replace('Persoonlijke', 'Andere'),
        signCalendlyWebhook(body, key(), new Date()),
      ],
    ],
    ['the wrong key', (body: string) => [body, signCalendlyWebhook(body, 'not-the-key', new Date())]],
    [
      'a stale signature (4 minutes old)',
      (body: string) => [body, signCalendlyWebhook(body, key(), new Date(Date.now() - 240_000))],
    ],
    ['a missing signature', (body: string) => [body, null]],
    ['a malformed signature', (body: string) => [body, 'v1=abc,t=']],
    ['a signature without v1', (body: string) => [body, `t=${Math.floor(Date.now() / 1000)}`]],
    ['a non-hex v1', (body: string) => [body, `t=${Math.floor(Date.now() / 1000)},v1=${'z'.repeat(64)}`]],
  ] as const)('refuses %s with 400 and stores nothing', async (_label, make) => {
    const eventId = randomUUID();
    const [body, signature] = make(webhookBody('invitee.created', { eventId, client: emma, host: sofie }));
    const response = await deliver(body!, signature ?? null);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: MESSAGES.invalidWebhookSignature, code: 'BAD_REQUEST' });
    expect(await sessionsFor(eventId)).toHaveLength(0);
  });

  it('acknowledges events it does not act on, and refuses a signed body that is no event', async () => {
    const other = JSON.stringify({ event: 'routing_form_submission.created', payload: {} });
    expect((await deliver(other)).status).toBe(200);
    const garbage = '{"event":"invitee.created","payload":{}}';
    const response = await deliver(garbage);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe(MESSAGES.invalidWebhookEvent);
  });
});

describe('one booking, from the browser and from the webhook', () => {
  it('message first, then the webhook: one session, completed by the webhook', async () => {
    const eventId = randomUUID();
    const start = future(5);
    const first = await postMessage(cookies.lucas!, {
      calendly_event_id: eventId,
      scheduled_at: start.toISOString(),
      event_type_name: 'VIP intake',
    });
    expect(first.status).toBe(201);
    const { session } = (await first.json()) as { session: IntakeSession };
    expect(session).toMatchObject({ user_id: lucas.id, status: 'scheduled', session_type: 'intake' });
    expect(session.assigned_matchmaker_id).toBeNull();

    const hook = await deliver(
      webhookBody('invitee.created', { eventId, client: lucas, host: sofie, start }),
    );
    expect(hook.status).toBe(200);
    const rows = await sessionsFor(eventId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.assigned_matchmaker_id).toBe(sofie.id);
    // A client without a matchmaker gets the host of the booking.
    const [profile] = await t.db.select().from(user_profiles).where(eq(user_profiles.id, lucas.id));
    expect(profile!.assigned_matchmaker_id).toBe(sofie.id);

    // The same message again: the existing session, nothing new.
    const again = await postMessage(cookies.lucas!, {
      calendly_event_id: eventId,
      scheduled_at: start.toISOString(),
      event_type_name: 'VIP intake',
    });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { session: IntakeSession }).session.id).toBe(session.id);
    expect(await sessionsFor(eventId)).toHaveLength(1);

    // Confirmation mails: the client once, the host once.
    const mails = await t.db
      .select()
      .from(email_outbox)
      .where(like(email_outbox.dedupe_key, `intake-booked:${session.id}:%`));
    expect(mails.map((m) => m.to_address).sort()).toEqual([lucas.email, sofie.email].sort());
  });

  it('webhook first, then the message: the message gets the existing session', async () => {
    const eventId = randomUUID();
    const start = future(6);
    const client = await freshClient('Wies Eerst');
    expect(
      (await deliver(webhookBody('invitee.created', { eventId, client, host: sofie, start }))).status,
    ).toBe(200);
    const response = await postMessage(await t.login(client.email), {
      calendly_event_id: eventId,
      scheduled_at: start.toISOString(),
      event_type_name: 'Persoonlijke intake',
    });
    expect(response.status).toBe(200);
    const { session } = (await response.json()) as { session: IntakeSession };
    expect(session.matchmaker).toEqual({ id: sofie.id, full_name: 'Sofie Peeters' });
    expect(await sessionsFor(eventId)).toHaveLength(1);
  });

  it('five concurrent deliveries of one event and two messages make one session', async () => {
    const eventId = randomUUID();
    const start = future(7);
    const client = await freshClient('Vijf Tegelijk');
    const cookie = await t.login(client.email);
    const body = webhookBody('invitee.created', { eventId, client, host: sofie, start });
    const responses = await Promise.all([
      ...Array.from({ length: 5 }, () => deliver(body)),
      postMessage(cookie, { calendly_event_id: eventId, scheduled_at: start.toISOString() }),
      postMessage(cookie, { calendly_event_id: eventId, scheduled_at: start.toISOString() }),
    ]);
    expect(responses.map((r) => r.status).every((s) => s === 200 || s === 201)).toBe(true);
    expect(await sessionsFor(eventId)).toHaveLength(1);
    const [row] = await sessionsFor(eventId);
    const mails = await t.db
      .select()
      .from(email_outbox)
      .where(like(email_outbox.dedupe_key, `intake-booked:${row!.id}:%`));
    expect(mails).toHaveLength(2);
  });

  it('issue 30: an e-mail alone attaches nothing; the booking waits for staff, who attach it (the session type follows the event name)', async () => {
    const eventId = randomUUID();
    const client = await freshClient('Nele Mail', null);
    const mailsBefore = (await t.db.select().from(email_outbox)).length;
    const delivered = await deliver(
      webhookBody('invitee.created', { eventId, client, host: marc, ref: false, name: 'Follow-up gesprek' }),
    );
    expect(delivered.status).toBe(200);
    // Not the client's: no session, no matchmaker, no e-mail to anyone.
    expect(await sessionsFor(eventId)).toEqual([]);
    const [profile] = await t.db.select().from(user_profiles).where(eq(user_profiles.id, client.id));
    expect(profile!.assigned_matchmaker_id).toBeNull();
    expect((await t.db.select().from(email_outbox)).length).toBe(mailsBefore);

    // The host sees it, with the account of that address as a hint; Sofie (not the host) does not.
    const list = async (cookie: string | undefined) =>
      (await (await t.request('/api/unassigned-bookings', { cookie })).json()) as {
        bookings: {
          id: string;
          invitee_email: string;
          suggested_client: { id: string } | null;
          host: { id: string };
        }[];
      };
    const waiting = (await list(cookies.marc)).bookings.find((b) => b.invitee_email === client.email)!;
    expect(waiting).toMatchObject({ host: { id: marc.id }, suggested_client: { id: client.id } });
    expect((await list(cookies.sofie)).bookings.map((b) => b.id)).not.toContain(waiting.id);
    expect((await list(cookies.admin)).bookings.map((b) => b.id)).toContain(waiting.id);

    // Who may attach: not a client, not a visitor, not Sofie (not hers to see); bad input is a 400.
    const attach = (cookie: string | undefined, json: unknown, id = waiting.id) =>
      t.request(`/api/unassigned-bookings/${id}/attach`, { cookie, json });
    expect((await attach(undefined, { client_id: client.id })).status).toBe(401);
    expect((await attach(cookies.emma, { client_id: client.id })).status).toBe(403);
    expect((await attach(cookies.sofie, { client_id: client.id })).status).toBe(404);
    for (const [body, id] of [
      [{}, waiting.id],
      [{ client_id: client.id }, 'geen-id'],
    ] as const) {
      const bad = await attach(cookies.marc, body, id);
      expect(bad.status).toBe(400);
      expect((await bad.json()).code).toBe('BAD_REQUEST');
    }
    // Marc may not attach it to Sofie's client Emma.
    expect((await attach(cookies.marc, { client_id: emma.id })).status).toBe(403);

    const attached = await attach(cookies.marc, { client_id: client.id });
    expect(attached.status).toBe(200);
    const [row] = await sessionsFor(eventId);
    expect(row).toMatchObject({
      user_id: client.id,
      session_type: 'follow_up',
      assigned_matchmaker_id: marc.id,
    });
    expect((await list(cookies.marc)).bookings.map((b) => b.id)).not.toContain(waiting.id);
    const booked = await t.db.select().from(email_outbox).where(eq(email_outbox.to_address, client.email));
    expect(booked.length).toBeGreaterThan(0);
  });

  it('issue 30: a forged reference attributes the booking to nobody, not even by e-mail', async () => {
    const eventId = randomUUID();
    const client = await freshClient('Vera Vals', marc);
    const body = webhookBody('invitee.created', { eventId, client, host: marc }).replace(
      signClientRef(client.id, t.ctx.scheduler.refSecret),
      `${emma.id}.00000000000000000000000000000000`,
    );
    const response = await deliver(body);
    expect(response.status).toBe(200);
    expect(await sessionsFor(eventId)).toEqual([]);
    // Cancelled before anyone attached it: it stays in the list as cancelled, and cannot be attached.
    const cancel = await deliver(
      webhookBody('invitee.canceled', { eventId, client, host: marc, ref: false }),
    );
    expect(cancel.status).toBe(200);
    const [waiting] = await t.db
      .select()
      .from(unassigned_bookings)
      .where(eq(unassigned_bookings.calendly_event_id, eventId));
    expect(waiting!.cancelled_at).not.toBeNull();
    const attach = await t.request(`/api/unassigned-bookings/${waiting!.id}/attach`, {
      cookie: cookies.admin,
      json: { client_id: client.id },
    });
    expect(attach.status).toBe(409);
  });

  it("refuses another client's event id from the browser (409) and leaves it theirs", async () => {
    const eventId = randomUUID();
    const owner = await freshClient('Olivia Eigenaar');
    await deliver(webhookBody('invitee.created', { eventId, client: owner, host: sofie }));
    const response = await postMessage(cookies.nina!, {
      calendly_event_id: eventId,
      scheduled_at: future(2).toISOString(),
    });
    expect(response.status).toBe(409);
    expect((await response.json()).code).toBe('INTAKE_EVENT_TAKEN');
    expect((await sessionsFor(eventId))[0]!.user_id).toBe(owner.id);
  });

  it('a cancelled booking is marked cancelled, not deleted, and stays so; both hear of it', async () => {
    const eventId = randomUUID();
    const client = await freshClient('Carla Geannuleerd');
    await deliver(webhookBody('invitee.created', { eventId, client, host: sofie }));
    const response = await deliver(webhookBody('invitee.canceled', { eventId, client, host: sofie }));
    expect(response.status).toBe(200);
    const [row] = await sessionsFor(eventId);
    expect(row!.status).toBe('cancelled');
    expect(row!.cancelled_at).not.toBeNull();
    // A late repeat of the creation does not revive it.
    await deliver(webhookBody('invitee.created', { eventId, client, host: sofie }));
    expect((await sessionsFor(eventId))[0]!.status).toBe('cancelled');
    const mails = await t.db
      .select()
      .from(email_outbox)
      .where(like(email_outbox.dedupe_key, `intake-cancelled:${row!.id}:%`));
    expect(mails.map((m) => m.to_address).sort()).toEqual([client.email, sofie.email].sort());
  });

  it('a cancellation that arrives first keeps the event cancelled', async () => {
    const eventId = randomUUID();
    const client = await freshClient('Cato Omgekeerd');
    await deliver(webhookBody('invitee.canceled', { eventId, client, host: sofie }));
    await deliver(webhookBody('invitee.created', { eventId, client, host: sofie }));
    const rows = await sessionsFor(eventId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('cancelled');
  });
});

describe('the client side of sessions', () => {
  it('answers 401 to a visitor and 403 to staff on every client endpoint', async () => {
    const id = randomUUID();
    const calls: [string, RequestInit & { json?: unknown }][] = [
      ['/api/me/intake-sessions', {}],
      ['/api/me/scheduler', {}],
      ['/api/intake-sessions', { json: { calendly_event_id: 'x', scheduled_at: future(1).toISOString() } }],
      [`/api/intake-sessions/${id}`, { method: 'PATCH', json: { status: 'cancelled' } }],
      ['/api/testagenda/slots?link=x', {}],
      ['/api/testagenda/bookings', { json: { link: 'x', start_time: future(1).toISOString() } }],
    ];
    for (const [path, init] of calls) {
      expect((await t.request(path, init)).status, path).toBe(401);
      for (const who of ['sofie', 'admin']) {
        const response = await t.request(path, { ...init, cookie: cookies[who] });
        expect(response.status, `${who} ${path}`).toBe(403);
        expect((await response.json()).error).toBe(MESSAGES.unauthorized);
      }
    }
  });

  it('refuses bad input with a Dutch 400', async () => {
    for (const body of [
      {},
      { calendly_event_id: '', scheduled_at: future(1).toISOString() },
      { calendly_event_id: 'a b', scheduled_at: future(1).toISOString() },
      { calendly_event_id: 'abc', scheduled_at: 'morgen' },
      { calendly_event_id: 'abc', scheduled_at: '0000-01-01T00:00:00Z' },
    ]) {
      const response = await postMessage(cookies.emma!, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).code).toBe('BAD_REQUEST');
    }
    const patch = await t.request(`/api/intake-sessions/${randomUUID()}`, {
      method: 'PATCH',
      cookie: cookies.emma,
      json: {},
    });
    expect(patch.status).toBe(400);
    const badId = await t.request('/api/intake-sessions/niet-een-id', {
      method: 'PATCH',
      cookie: cookies.emma,
      json: { status: 'cancelled' },
    });
    expect(badId.status).toBe(400);
  });

  it('lists only the caller’s own sessions, newest first, without the notes', async () => {
    const client = await createClient(t.db, { full_name: 'Olga Eigen', assigned_matchmaker_id: sofie.id });
    const older = await createIntakeSession(t.db, {
      user_id: client.id,
      scheduled_at: future(-30),
      assigned_matchmaker_id: sofie.id,
      status: 'completed',
      matchmaker_notes: 'Vertrouwelijk.',
      created_at: future(-35),
    });
    const newer = await createIntakeSession(t.db, {
      user_id: client.id,
      scheduled_at: future(6),
      assigned_matchmaker_id: sofie.id,
      created_at: future(-1),
    });
    await createIntakeSession(t.db, {
      user_id: nina.id,
      scheduled_at: future(7),
      assigned_matchmaker_id: marc.id,
    });
    const response = await t.request('/api/me/intake-sessions', { cookie: await t.login(client.email) });
    expect(response.status).toBe(200);
    const { sessions } = (await response.json()) as {
      sessions: (IntakeSession & { matchmaker_notes?: unknown })[];
    };
    expect(sessions.map((s) => s.id)).toEqual([newer.id, older.id]);
    expect(sessions.every((s) => s.user_id === client.id)).toBe(true);
    expect(sessions.every((s) => !('matchmaker_notes' in s))).toBe(true);
    const created = sessions.map((s) => s.created_at);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('answers each own session as drizzle reads the same row elsewhere, with or without a matchmaker', async () => {
    // Issue 31: the list is read with the session as JSON; a booking or a move reads the row
    // through drizzle. Values and key order alike.
    const client = await createClient(t.db, { full_name: 'Petra Gelijk' });
    const hosted = await createIntakeSession(t.db, {
      user_id: client.id,
      scheduled_at: future(-20),
      assigned_matchmaker_id: marc.id,
      status: 'completed',
      completed_at: future(-20),
      matchmaker_notes: 'Niet voor Petra.',
      created_at: future(-25),
    });
    const open = await createIntakeSession(t.db, {
      user_id: client.id,
      scheduled_at: future(4),
      location: 'Gent',
      join_url: 'https://meet.example/petra',
      created_at: future(-2),
    });
    const response = await t.request('/api/me/intake-sessions', { cookie: await t.login(client.email) });
    expect(response.status).toBe(200);
    const answered = (JSON.parse(await response.text()) as { sessions: IntakeSession[] }).sessions;
    const rows = await selectSessions(t.db).where(eq(intake_sessions.user_id, client.id));
    const byId = new Map(rows.map((row) => [row.session.id, JSON.stringify(toClientSession(row))]));
    expect(answered.map((s) => JSON.stringify(s))).toEqual([byId.get(open.id), byId.get(hosted.id)]);
    expect(answered[0]!.matchmaker).toBeNull();
    expect(answered[1]!.matchmaker).toEqual({ id: marc.id, full_name: marc.full_name });
    expect(answered[1]!.completed_at).toBe(hosted.completed_at!.toISOString());
  });

  it("lets a client change their own session only: another's is 404", async () => {
    const client = await freshClient('Mona Verzet');
    const cookie = await t.login(client.email);
    const own = await createIntakeSession(t.db, {
      user_id: client.id,
      scheduled_at: future(9),
      assigned_matchmaker_id: sofie.id,
    });
    const other = await t.request(`/api/intake-sessions/${own.id}`, {
      method: 'PATCH',
      cookie: cookies.nina,
      json: { status: 'cancelled' },
    });
    expect(other.status).toBe(404);
    const { slots } = (await (
      await t.request(`/api/intake-sessions/${own.id}/slots`, { cookie })
    ).json()) as {
      slots: string[];
    };
    const moved = slots.at(-1)!;
    const response = await t.request(`/api/intake-sessions/${own.id}`, {
      method: 'PATCH',
      cookie,
      json: { scheduled_at: moved },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { session: IntakeSession }).session.scheduled_at).toBe(moved);
    const cancel = await t.request(`/api/intake-sessions/${own.id}`, {
      method: 'PATCH',
      cookie,
      json: { status: 'cancelled' },
    });
    expect(((await cancel.json()) as { session: IntakeSession }).session.status).toBe('cancelled');
    const again = await t.request(`/api/intake-sessions/${own.id}`, {
      method: 'PATCH',
      cookie,
      json: { status: 'cancelled' },
    });
    expect(again.status).toBe(409);
  });

  it("shows the matchmaker's link first, else the tier's fallback link, with a signed reference", async () => {
    const emmaSettings = (await (
      await t.request('/api/me/scheduler', { cookie: cookies.emma })
    ).json()) as SchedulerSettings;
    expect(emmaSettings).toMatchObject({
      provider: 'demo',
      source: 'matchmaker',
      link: 'https://calendly.com/koppel-sofie/intake',
    });
    expect(emmaSettings.url).toContain('/testagenda?');
    expect(new URL(emmaSettings.url, 'http://x').searchParams.get('utm_content')).toBe(
      signClientRef(emma.id, t.ctx.scheduler.refSecret),
    );
    const fresh = await createClient(t.db, { tier: 'Persoonlijk+' });
    const cookie = await t.login(fresh.email);
    const vip = (await (await t.request('/api/me/scheduler', { cookie })).json()) as SchedulerSettings;
    expect(vip).toMatchObject({ source: 'fallback', link: 'https://calendly.com/koppel/vip-intake' });
    // Nina's matchmaker has no link: Relax+'s fallback.
    const ninas = (await (
      await t.request('/api/me/scheduler', { cookie: cookies.nina })
    ).json()) as SchedulerSettings;
    expect(ninas.link).toBe('https://calendly.com/koppel/premium-consultation');
  });
});

describe('the Testagenda', () => {
  it('books a slot through the same signed webhook and returns the browser message', async () => {
    const client = await createClient(t.db, { full_name: 'Tess Agenda', tier: 'Persoonlijk' });
    const cookie = await t.login(client.email);
    const settings = (await (await t.request('/api/me/scheduler', { cookie })).json()) as SchedulerSettings;
    const query = new URL(settings.url, 'http://x').searchParams;
    const slots = await t.request(`/api/testagenda/slots?link=${encodeURIComponent(settings.link)}`, {
      cookie,
    });
    expect(slots.status).toBe(200);
    const { slots: times, host } = (await slots.json()) as { slots: string[]; host: { full_name: string } };
    expect(times.length).toBeGreaterThan(10);
    expect(new Date(times[0]!).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(times.at(-1)!).getTime()).toBeLessThan(Date.now() + 15 * DAY);
    // The fallback link's host is the active matchmaker with the fewest active clients.
    expect(host.full_name).toBeTruthy();

    const response = await t.request('/api/testagenda/bookings', {
      cookie,
      json: { link: settings.link, ref: query.get('utm_content'), start_time: times[0] },
    });
    expect(response.status).toBe(200);
    const { message } = (await response.json()) as {
      message: { event: string; payload: { event: { uuid: string; start_time: string } } };
    };
    expect(message.event).toBe('calendly.event_scheduled');
    const [row] = await sessionsFor(message.payload.event.uuid);
    expect(row).toMatchObject({ user_id: client.id, status: 'scheduled' });
    expect(row!.scheduled_at!.toISOString()).toBe(times[0]);

    const notASlot = await t.request('/api/testagenda/bookings', {
      cookie,
      json: { link: settings.link, start_time: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(notASlot.status).toBe(400);
    expect(
      (await t.request('/api/testagenda/bookings', { json: { link: 'x', start_time: times[0] } })).status,
    ).toBe(401);
  });
});

describe('completing an intake', () => {
  /** A session of Emma's, held an hour ago by Sofie: each test completes (or not) its own. */
  const heldSession = () =>
    createIntakeSession(t.db, {
      user_id: emma.id,
      scheduled_at: new Date(Date.now() - 3_600_000),
      assigned_matchmaker_id: sofie.id,
      calendly_event_id: `complete-${randomUUID()}`,
    });
  const complete = (
    cookie: string | undefined,
    id: string,
    json: unknown = { matchmaker_notes: 'Rustig, zorgzaam; wil kinderen.' },
  ) => t.request(`/api/intake-sessions/${id}/complete`, { cookie, json });

  it('refuses a visitor, the client themselves, an admin and another matchmaker', async () => {
    const session = await heldSession();
    expect((await complete(undefined, session.id)).status).toBe(401);
    expect((await complete(cookies.emma, session.id)).status).toBe(403);
    expect((await complete(cookies.admin, session.id)).status).toBe(403);
    expect((await complete(cookies.marc, session.id)).status).toBe(404);
    const [row] = await t.db.select().from(intake_sessions).where(eq(intake_sessions.id, session.id));
    expect(row!.status).toBe('scheduled');
  });

  it('refuses a matchmaker who guides the client but does not host the session', async () => {
    const hostedByMarc = await createIntakeSession(t.db, {
      user_id: emma.id,
      scheduled_at: new Date(),
      assigned_matchmaker_id: marc.id,
    });
    const response = await complete(cookies.sofie, hostedByMarc.id);
    expect(response.status).toBe(403);
    expect((await response.json()).error).toBe(MESSAGES.intakeNotYourSession);
  });

  it('refuses empty notes and a bad id', async () => {
    const session = await heldSession();
    expect((await complete(cookies.sofie, session.id, { matchmaker_notes: '   ' })).status).toBe(400);
    expect((await complete(cookies.sofie, session.id, {})).status).toBe(400);
    expect((await complete(cookies.sofie, 'x')).status).toBe(400);
  });

  it('completes with notes: client active for matching, feedback due in 7 days, mail, traits tagged', async () => {
    await t.db.update(user_profiles).set({ contract_status: 'pending' }).where(eq(user_profiles.id, emma.id));
    const session = await heldSession();
    const response = await complete(cookies.sofie, session.id);
    expect(response.status).toBe(200);
    const { session: done } = (await response.json()) as { session: StaffIntakeSession };
    expect(done).toMatchObject({ status: 'completed', matchmaker_notes: 'Rustig, zorgzaam; wil kinderen.' });
    const [profile] = await t.db.select().from(user_profiles).where(eq(user_profiles.id, emma.id));
    expect(profile!.contract_status).toBe('active_for_matching');
    const [feedback] = await t.db
      .select()
      .from(intake_feedback)
      .where(eq(intake_feedback.intake_session_id, session.id));
    expect(feedback).toMatchObject({ client_id: emma.id, matchmaker_id: sofie.id, submitted_at: null });
    const [mail] = await t.db
      .select()
      .from(email_outbox)
      .where(eq(email_outbox.dedupe_key, `intake-completed:${session.id}`));
    expect(mail!.to_address).toBe(emma.email);
    expect(mail!.text).toContain(`/dashboard/feedback/${feedback!.id}`);
    const { findCompletedIntakeWithNotes } = await import('.');
    expect(await findCompletedIntakeWithNotes({ ctx: t.ctx, clientId: emma.id })).toMatchObject({
      session_id: session.id,
      matchmaker_notes: 'Rustig, zorgzaam; wil kinderen.',
    });
    // Issue 15: the tagger runs over the notes, in the same commit's request, within seconds.
    await expect
      .poll(
        async () =>
          (
            await t.db
              .select({ trait: client_traits.trait, evidence: client_traits.evidence })
              .from(client_traits)
              .where(and(eq(client_traits.client_id, emma.id), eq(client_traits.source, 'intake_ai')))
          )
            .map((row) => `${row.trait}: ${row.evidence}`)
            .sort(),
        { timeout: 10_000 },
      )
      .toEqual([
        'calm: Rustig, zorgzaam; wil kinderen.',
        'caring: Rustig, zorgzaam; wil kinderen.',
        'wants_children: Rustig, zorgzaam; wil kinderen.',
      ]);
    // Twice: not open any more.
    expect((await complete(cookies.sofie, session.id)).status).toBe(409);
  });

  describe('intake feedback', () => {
    /**
     * A client of Sofie's whose intake she has just completed through the API: each test gets its
     * own pending feedback row, so the tests run alone and in any order.
     */
    async function completedIntake(full_name: string) {
      const client = await createClient(t.db, {
        full_name,
        tier: 'Persoonlijk',
        assigned_matchmaker_id: sofie.id,
      });
      const own = await createIntakeSession(t.db, {
        user_id: client.id,
        scheduled_at: new Date(Date.now() - 3_600_000),
        assigned_matchmaker_id: sofie.id,
        calendly_event_id: `feedback-${randomUUID()}`,
      });
      expect((await complete(cookies.sofie, own.id, { matchmaker_notes: 'Open en warm.' })).status).toBe(200);
      const [row] = await t.db
        .select()
        .from(intake_feedback)
        .where(eq(intake_feedback.intake_session_id, own.id));
      return { client, session: own, feedbackId: row!.id, cookie: await t.login(client.email) };
    }

    it('needs a signed-in client, with the spec’s text', async () => {
      const { feedbackId } = await completedIntake('Femke Vragen');
      const response = await t.request('/api/me/intake-feedback');
      expect(response.status).toBe(401);
      expect((await response.json()).error).toBe(MESSAGES.notLoggedInForFeedback);
      const patch = await t.request(`/api/intake-feedback/${feedbackId}`, {
        method: 'PATCH',
        json: { overall_satisfaction_rating: 5 },
      });
      expect(patch.status).toBe(401);
      expect((await t.request('/api/me/intake-feedback', { cookie: cookies.sofie })).status).toBe(403);
      expect((await t.request('/api/intake-feedback', { cookie: cookies.emma })).status).toBe(403);
      expect((await t.request('/api/intake-feedback')).status).toBe(401);
    });

    it('lists the pending row with the session and the matchmaker, due 7 days after the request', async () => {
      const { feedbackId, cookie } = await completedIntake('Lies Wachtend');
      const response = await t.request('/api/me/intake-feedback', { cookie });
      const { feedback } = (await response.json()) as { feedback: IntakeFeedback[] };
      expect(feedback.map((f) => f.id)).toEqual([feedbackId]);
      const [mine] = feedback;
      expect(mine!.matchmaker).toEqual({ id: sofie.id, full_name: 'Sofie Peeters' });
      expect(new Date(mine!.due_at).getTime() - new Date(mine!.feedback_requested_at).getTime()).toBe(
        7 * DAY,
      );
      expect(
        (await (await t.request('/api/me/intake-feedback', { cookie: cookies.nina })).json()).feedback,
      ).toEqual([]);
    });

    it("refuses another client's row, a missing overall rating and ratings outside 1-5", async () => {
      const { feedbackId, cookie } = await completedIntake('Ruth Weigering');
      const other = await t.request(`/api/intake-feedback/${feedbackId}`, {
        method: 'PATCH',
        cookie: cookies.nina,
        json: { overall_satisfaction_rating: 1 },
      });
      expect(other.status).toBe(404);
      // Reading another client's row, and staff answering a client's: refused too.
      expect(
        (await t.request(`/api/me/intake-feedback/${feedbackId}`, { cookie: cookies.nina })).status,
      ).toBe(404);
      for (const who of ['sofie', 'admin']) {
        const staff = await t.request(`/api/intake-feedback/${feedbackId}`, {
          method: 'PATCH',
          cookie: cookies[who],
          json: { overall_satisfaction_rating: 1 },
        });
        expect(staff.status, who).toBe(403);
      }
      const missing = await t.request(`/api/intake-feedback/${feedbackId}`, {
        method: 'PATCH',
        cookie,
        json: { professionalism_rating: 4 },
      });
      expect(missing.status).toBe(400);
      expect((await missing.json()).error).toBe(MESSAGES.overallSatisfactionRequired);
      for (const bad of [0, 6, 2.5, '5']) {
        const response = await t.request(`/api/intake-feedback/${feedbackId}`, {
          method: 'PATCH',
          cookie,
          json: { overall_satisfaction_rating: bad },
        });
        expect(response.status, String(bad)).toBe(400);
      }
      const [row] = await t.db.select().from(intake_feedback).where(eq(intake_feedback.id, feedbackId));
      expect(row!.submitted_at).toBeNull();
    });

    it('stores the feedback once, with unset ratings and empty text as null', async () => {
      const { feedbackId, cookie } = await completedIntake('Saar Eenmaal');
      const response = await t.request(`/api/intake-feedback/${feedbackId}`, {
        method: 'PATCH',
        cookie,
        json: { overall_satisfaction_rating: 4, professionalism_rating: 5, improvement_feedback: '   ' },
      });
      expect(response.status).toBe(200);
      const [row] = await t.db.select().from(intake_feedback).where(eq(intake_feedback.id, feedbackId));
      expect(row).toMatchObject({
        overall_satisfaction_rating: 4,
        professionalism_rating: 5,
        communication_rating: null,
        improvement_feedback: null,
      });
      expect(row!.submitted_at).not.toBeNull();
      const again = await t.request(`/api/intake-feedback/${feedbackId}`, {
        method: 'PATCH',
        cookie,
        json: { overall_satisfaction_rating: 1 },
      });
      expect(again.status).toBe(409);
      expect((await again.json()).code).toBe('INTAKE_FEEDBACK_ALREADY_GIVEN');
      const pending = (await (await t.request('/api/me/intake-feedback', { cookie })).json()) as {
        feedback: IntakeFeedback[];
      };
      expect(pending.feedback.some((f) => f.id === feedbackId)).toBe(false);
    });

    it('shows the matchmaker their feedback without anything that identifies the client; the admin sees the name', async () => {
      const { client, session: own, feedbackId, cookie } = await completedIntake('Anke Anoniem');
      const given = await t.request(`/api/intake-feedback/${feedbackId}`, {
        method: 'PATCH',
        cookie,
        json: { overall_satisfaction_rating: 4 },
      });
      expect(given.status).toBe(200);
      const response = await t.request('/api/intake-feedback', { cookie: cookies.sofie });
      expect(response.status).toBe(200);
      const text = await response.text();
      const { feedback } = JSON.parse(text) as {
        feedback: {
          id: string;
          overall_satisfaction_rating: number;
          client: unknown;
          submitted_at: string;
        }[];
      };
      expect(feedback.find((f) => f.id === feedbackId)).toMatchObject({
        overall_satisfaction_rating: 4,
        client: null,
      });
      // Decision 034: to the matchmaker only the day it was given, never the hour or second.
      expect(feedback.find((f) => f.id === feedbackId)!.submitted_at).toMatch(
        /^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/,
      );
      for (const secret of [client.id, client.email, 'Anke', 'Anoniem', own.id])
        expect(text).not.toContain(secret);

      const marcs = (await (await t.request('/api/intake-feedback', { cookie: cookies.marc })).json()) as {
        feedback: { id: string }[];
      };
      expect(marcs.feedback.map((f) => f.id)).not.toContain(feedbackId);

      const adminView = (await (
        await t.request('/api/intake-feedback', { cookie: cookies.admin })
      ).json()) as {
        feedback: { id: string; client: { full_name: string }; submitted_at: string }[];
      };
      expect(adminView.feedback.find((f) => f.id === feedbackId)!.client.full_name).toBe('Anke Anoniem');
      const [stored] = await t.db.select().from(intake_feedback).where(eq(intake_feedback.id, feedbackId));
      expect(adminView.feedback.find((f) => f.id === feedbackId)!.submitted_at).toBe(
        stored!.submitted_at!.toISOString(),
      );
    });
  });
});

describe('the staff list', () => {
  it('a matchmaker sees sessions they host and of their clients; another matchmaker not; admin all', async () => {
    const hosted = await createIntakeSession(t.db, {
      user_id: nina.id,
      scheduled_at: future(4),
      assigned_matchmaker_id: sofie.id,
    });
    const list = async (who: string, query = '') =>
      (
        (await (await t.request(`/api/intake-sessions${query}`, { cookie: cookies[who] })).json()) as {
          sessions: StaffIntakeSession[];
        }
      ).sessions;
    const sofies = await list('sofie');
    expect(sofies.some((s) => s.id === hosted.id)).toBe(true);
    // Every one hosted by Sofie or of one of her clients (other tests add clients of hers too).
    const hers = new Set(
      (
        await t.db
          .select({ id: user_profiles.id })
          .from(user_profiles)
          .where(eq(user_profiles.assigned_matchmaker_id, sofie.id))
      ).map((row) => row.id),
    );
    expect(hers.has(emma.id)).toBe(true);
    expect(sofies.filter((s) => s.assigned_matchmaker_id !== sofie.id && !hers.has(s.user_id))).toEqual([]);
    const emmas = await createIntakeSession(t.db, {
      user_id: emma.id,
      scheduled_at: future(5),
      assigned_matchmaker_id: sofie.id,
    });
    const done = await createIntakeSession(t.db, {
      user_id: nina.id,
      scheduled_at: future(-2),
      assigned_matchmaker_id: sofie.id,
      status: 'completed',
      completed_at: future(-2),
      matchmaker_notes: 'Afgerond.',
    });
    expect((await list('sofie')).some((s) => s.id === emmas.id)).toBe(true);
    const marcs = await list('marc');
    expect(marcs.some((s) => s.id === emmas.id)).toBe(false);
    const all = await list('admin');
    expect(all.map((s) => s.id)).toEqual(expect.arrayContaining([hosted.id, emmas.id, done.id]));
    const completed = await list('sofie', '?status=completed');
    expect(completed.some((s) => s.id === done.id)).toBe(true);
    expect(completed.some((s) => s.id === hosted.id)).toBe(false);
    expect(completed.every((s) => s.status === 'completed')).toBe(true);
    const window = await list(
      'admin',
      `?from=${encodeURIComponent(future(3.5).toISOString())}&to=${encodeURIComponent(future(4.5).toISOString())}`,
    );
    expect(window.some((s) => s.id === hosted.id)).toBe(true);
    expect((await t.request('/api/intake-sessions?status=open', { cookie: cookies.sofie })).status).toBe(400);
    expect((await t.request('/api/intake-sessions', { cookie: cookies.emma })).status).toBe(403);
    expect((await t.request('/api/intake-sessions')).status).toBe(401);
  });

  it('answers each session as drizzle reads the same row, latest first, for every filter and both staff roles', async () => {
    // Issue 31: the list is read with the session as JSON; completing an intake reads the row
    // through drizzle. Values and key order alike, notes included for staff.
    const petra = await createClient(t.db, { full_name: 'Petra Staf', assigned_matchmaker_id: sofie.id });
    const later = await createIntakeSession(t.db, {
      user_id: petra.id,
      scheduled_at: future(12),
      location: 'Leuven',
      join_url: 'https://meet.example/staf',
    });
    const earlier = await createIntakeSession(t.db, {
      user_id: petra.id,
      scheduled_at: future(11),
      assigned_matchmaker_id: marc.id,
      status: 'completed',
      completed_at: future(11),
      matchmaker_notes: 'Voor het team.',
    });
    const rows = await selectSessions(t.db).where(eq(intake_sessions.user_id, petra.id));
    const expected = new Map(rows.map((row) => [row.session.id, JSON.stringify(toStaffSession(row))]));
    const window = `from=${encodeURIComponent(future(10.5).toISOString())}&to=${encodeURIComponent(future(12.5).toISOString())}`;
    for (const [who, query, ids] of [
      ['sofie', `?${window}`, [later.id, earlier.id]],
      ['admin', `?${window}`, [later.id, earlier.id]],
      ['sofie', `?status=completed&${window}`, [earlier.id]],
      ['admin', `?status=scheduled&from=${encodeURIComponent(future(10.5).toISOString())}`, [later.id]],
    ] as const) {
      const response = await t.request(`/api/intake-sessions${query}`, { cookie: cookies[who] });
      expect(response.status, `${who} ${query}`).toBe(200);
      const answered = (JSON.parse(await response.text()) as { sessions: StaffIntakeSession[] }).sessions;
      const petras = answered.filter((s) => s.user_id === petra.id).map((s) => JSON.stringify(s));
      expect(petras, `${who} ${query}`).toEqual(ids.map((id) => expected.get(id)));
    }
    // Marc hosts the earlier one but Petra is not his client: he sees that one only.
    const marcs = (
      (await (await t.request(`/api/intake-sessions?${window}`, { cookie: cookies.marc })).json()) as {
        sessions: StaffIntakeSession[];
      }
    ).sessions;
    expect(marcs.filter((s) => s.user_id === petra.id).map((s) => s.id)).toEqual([earlier.id]);
  });
});

describe('reminders', () => {
  it('mails the day before a session booked earlier, and two days before feedback is due, once', async () => {
    const client = await createClient(t.db, {
      full_name: 'Rita Herinnering',
      assigned_matchmaker_id: sofie.id,
    });
    const session = await createIntakeSession(t.db, {
      user_id: client.id,
      scheduled_at: future(0.5),
      assigned_matchmaker_id: sofie.id,
      created_at: new Date(Date.now() - 3 * DAY),
    });
    const held = await createIntakeSession(t.db, {
      user_id: client.id,
      scheduled_at: new Date(Date.now() - 6 * DAY),
      status: 'completed',
      assigned_matchmaker_id: sofie.id,
    });
    const [feedback] = await t.db
      .insert(intake_feedback)
      .values({
        intake_session_id: held.id,
        client_id: client.id,
        matchmaker_id: sofie.id,
        feedback_requested_at: new Date(Date.now() - 5.5 * DAY),
      })
      .returning();
    await sweepIntakeReminders({ ctx: t.ctx });
    await sweepIntakeReminders({ ctx: t.ctx });
    const reminders = await t.db
      .select()
      .from(email_outbox)
      .where(like(email_outbox.dedupe_key, `intake-reminder:${session.id}:%`));
    expect(reminders.map((m) => m.to_address).sort()).toEqual([client.email, sofie.email].sort());
    const feedbackMails = await t.db
      .select()
      .from(email_outbox)
      .where(
        and(
          eq(email_outbox.dedupe_key, `intake-feedback-reminder:${feedback!.id}`),
          eq(email_outbox.to_address, client.email),
        ),
      );
    expect(feedbackMails).toHaveLength(1);
  });
});

describe('SCHEDULER on a deployment', () => {
  const deployment = {
    APP_URL: 'https://koppel.example',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    SELLER_NAME: 'Koppel BV',
    SELLER_ADDRESS: 'Kouter 1, 9000 Gent',
    SELLER_VAT_NUMBER: 'BE0123.456.789',
    PAYMENTS: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
  };

  it('refuses the Testagenda', async () => {
    await expect(createTestApp({ ...deployment, SCHEDULER: 'demo' })).rejects.toThrow(
      /SCHEDULER=calendly \(the Testagenda is for local installs only\)/,
    );
  });

  it("refuses Calendly without its webhook signing key: the embed's message alone records no booking", async () => {
    await expect(createTestApp(deployment)).rejects.toThrow(/needs: CALENDLY_WEBHOOK_SIGNING_KEY$/);
  });

  it("embeds Calendly with the signed reference, serves no Testagenda, and verifies with Calendly's key", async () => {
    const deployed = await createTestApp({ ...deployment, CALENDLY_WEBHOOK_SIGNING_KEY: 'calendly-key' });
    try {
      expect(deployed.ctx.scheduler.name).toBe('calendly');
      const client = await createClient(deployed.db, { tier: 'Relax' });
      const headers = { host: 'koppel.example', origin: 'https://koppel.example' };
      const signIn = await deployed.request('/api/auth/sign-in/email', {
        json: { email: client.email, password: client.password },
        headers,
      });
      expect(signIn.status).toBe(200);
      const cookie = sessionCookie(signIn);
      const settings = (await (
        await deployed.request('/api/me/scheduler', { cookie, headers })
      ).json()) as SchedulerSettings;
      expect(settings.provider).toBe('calendly');
      const url = new URL(settings.url);
      expect(url.origin + url.pathname).toBe('https://calendly.com/koppel/general-consultation');
      expect(url.searchParams.get('utm_content')).toBe(
        signClientRef(client.id, deployed.ctx.scheduler.refSecret),
      );
      const slots = await deployed.request('/api/testagenda/slots?link=x', { cookie, headers });
      expect(slots.status).toBe(404);

      const eventId = randomUUID();
      const body = JSON.stringify({
        event: 'invitee.created',
        payload: {
          email: client.email,
          tracking: { utm_content: signClientRef(client.id, deployed.ctx.scheduler.refSecret) },
          scheduled_event: {
            uri: `https://api.calendly.com/scheduled_events/${eventId}`,
            start_time: future(2).toISOString(),
          },
        },
      });
      const post = (signature: string) =>
        deployed.request('/api/webhooks/calendly', {
          method: 'POST',
          body,
          headers: {
            ...headers,
            'content-type': 'application/json',
            'calendly-webhook-signature': signature,
          },
        });
      expect((await post(signCalendlyWebhook(body, 'another-key', new Date()))).status).toBe(400);
      expect((await post(signCalendlyWebhook(body, 'calendly-key', new Date()))).status).toBe(200);
      const [row] = await deployed.db
        .select()
        .from(intake_sessions)
        .where(eq(intake_sessions.calendly_event_id, eventId));
      expect(row?.user_id).toBe(client.id);
    } finally {
      await deployed.close();
    }
  });
});
