import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_REQUEST_EXPIRY_DAYS } from '../../../shared/domain';
import { addMonths, type FeedbackRequest, type StaffMatchmakerFeedback } from '../../../shared/feedback';
import { MESSAGES } from '../../../shared/messages';
import {
  type CreatedUser,
  createAdmin,
  createClient,
  createFeedbackRequest,
  createIntakeSession,
  createMatch,
  createMatchmaker,
} from '../../db/factories';
import {
  account_settings,
  email_outbox,
  feedback_requests,
  matchmaker_assignments,
  matchmaker_feedback,
  user_profiles,
} from '../../db/schema';
import { expectRefused } from '../../test/expect-refused';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sweepFeedbackRequests } from './feedback.service';

const DAY = 86_400_000;
let t: TestApp;
let sofie: CreatedUser;
let marc: CreatedUser;
let admin: CreatedUser;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  sofie = await createMatchmaker(t.db, { full_name: 'Sofie Peeters' });
  marc = await createMatchmaker(t.db, { full_name: 'Marc Dubois' });
  admin = await createAdmin(t.db, { full_name: 'Beheer Koppel' });
  for (const [name, u] of Object.entries({ sofie, marc, admin })) cookies[name] = await t.login(u.email);
});
afterAll(async () => {
  await t.close();
});

const sweep = () => sweepFeedbackRequests({ ctx: t.ctx });
/** Moves the app's clock to `at` (the job and the API read the same clock). */
const moveClockTo = (at: Date) => t.clock.setOffset(at.getTime() - Date.now());

/**
 * A client who may be asked (issue 26): a running Persoonlijk term and a completed intake, unless
 * `fields` or `intake: false` say otherwise.
 */
async function newClient(
  name: string,
  matchmaker: CreatedUser | null,
  fields: Partial<Omit<typeof user_profiles.$inferInsert, 'id' | 'full_name'>> = {},
  { intake = true } = {},
) {
  const now = Date.now();
  const client = await createClient(t.db, {
    full_name: name,
    tier: 'Persoonlijk',
    subscription_status: 'active',
    subscription_started_at: new Date(now - 30 * DAY),
    subscription_ends_at: new Date(now + 2 * 365 * DAY),
    contract_status: intake && matchmaker ? 'active_for_matching' : 'pending',
    assigned_matchmaker_id: matchmaker?.id ?? null,
    ...fields,
  });
  if (intake && matchmaker) {
    const held = new Date(now - 20 * DAY);
    await createIntakeSession(t.db, {
      user_id: client.id,
      assigned_matchmaker_id: matchmaker.id,
      scheduled_at: held,
      session_type: 'intake',
      status: 'completed',
      completed_at: held,
      created_at: held,
      updated_at: held,
    });
  }
  return { ...client, cookie: await t.login(client.email) };
}

async function requestsOf(clientId: string) {
  return t.db.select().from(feedback_requests).where(eq(feedback_requests.client_id, clientId));
}
async function mailsTo(address: string, template: string) {
  return t.db
    .select()
    .from(email_outbox)
    .where(and(eq(email_outbox.to_address, address), eq(email_outbox.template, template)));
}
async function myRequests(cookie: string): Promise<FeedbackRequest[]> {
  const response = await t.request('/api/me/feedback-requests', { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { requests: FeedbackRequest[] }).requests;
}
function submit(cookie: string | undefined, body: unknown) {
  return t.request('/api/matchmaker-feedback', { cookie, json: body });
}
async function staffList(
  cookie: string,
  query = '',
): Promise<{ raw: string; feedback: StaffMatchmakerFeedback[] }> {
  const response = await t.request(`/api/matchmaker-feedback${query}`, { cookie });
  expect(response.status).toBe(200);
  const raw = await response.text();
  return { raw, feedback: (JSON.parse(raw) as { feedback: StaffMatchmakerFeedback[] }).feedback };
}

describe('the request schedule (daily job)', () => {
  it('counts the 3 months forward from an assignment at a month end: 30 November is due on 28 February', async () => {
    const client = await newClient('Eind Maand', sofie);
    moveClockTo(new Date('2026-11-30T10:00:00Z'));
    // The first run notes the assignment at this moment.
    await sweep();
    moveClockTo(new Date('2027-02-28T09:59:00Z'));
    await sweep();
    expect(await requestsOf(client.id)).toHaveLength(0);
    moveClockTo(new Date('2027-02-28T10:01:00Z'));
    await sweep();
    expect(await requestsOf(client.id)).toEqual([
      expect.objectContaining({ request_type: 'periodic', status: 'pending' }),
    ]);
    moveClockTo(new Date());
  });

  it('asks every 3 months after the assignment, never two pending, expiring after 14 days, with one e-mail and one reminder', async () => {
    moveClockTo(new Date());
    const ann = await newClient('Ann Schedule', sofie);
    const loner = await newClient('Zonder Matchmaker', null);
    // The first run notes the assignment; nothing is due yet.
    await sweep();
    const [assignment] = await t.db
      .select()
      .from(matchmaker_assignments)
      .where(eq(matchmaker_assignments.client_id, ann.id));
    expect(assignment).toMatchObject({ matchmaker_id: sofie.id });
    expect(await requestsOf(ann.id)).toHaveLength(0);

    // A day short of 3 months: still nothing.
    const assignedAt = assignment!.assigned_at;
    moveClockTo(new Date(addMonths(assignedAt, 3).getTime() - DAY));
    await sweep();
    expect(await requestsOf(ann.id)).toHaveLength(0);

    // 3 months after the assignment: one periodic request, expiring 14 days later, and its e-mail.
    const due = new Date(addMonths(assignedAt, 3).getTime() + 60_000);
    moveClockTo(due);
    const first = await sweep();
    expect(first.created).toBeGreaterThanOrEqual(1);
    const [request] = await requestsOf(ann.id);
    expect(request).toMatchObject({ request_type: 'periodic', status: 'pending', matchmaker_id: sofie.id });
    expect(request!.expires_at.getTime() - request!.created_at.getTime()).toBe(
      FEEDBACK_REQUEST_EXPIRY_DAYS * DAY,
    );
    expect(await requestsOf(loner.id)).toHaveLength(0);
    const requestMails = await mailsTo(ann.email, 'matchmaker-feedback-request');
    expect(requestMails).toHaveLength(1);
    expect(requestMails[0]!.text).toContain('Sofie Peeters');
    expect(requestMails[0]!.text).toContain(`/dashboard?feedbackverzoek=${request!.id}`);

    // The API shows it with the matchmaker's name and days to go.
    const listed = await myRequests(ann.cookie);
    expect(listed).toEqual([
      expect.objectContaining({ id: request!.id, matchmaker: { id: sofie.id, full_name: 'Sofie Peeters' } }),
    ]);

    // Never two pending: a second run the same day, or a week later, adds nothing.
    await sweep();
    moveClockTo(new Date(due.getTime() + 7 * DAY));
    await sweep();
    expect(await requestsOf(ann.id)).toHaveLength(1);
    expect(await mailsTo(ann.email, 'matchmaker-feedback-reminder')).toHaveLength(0);

    // 3 days before it expires: one reminder, however often the job runs.
    moveClockTo(new Date(request!.expires_at.getTime() - 2.5 * DAY));
    await sweep();
    await sweep();
    expect(await mailsTo(ann.email, 'matchmaker-feedback-reminder')).toHaveLength(1);

    // Past its date it expires and leaves the client's list.
    moveClockTo(new Date(request!.expires_at.getTime() + 60_000));
    expect(await myRequests(ann.cookie)).toEqual([]);
    const expired = await sweep();
    expect(expired.expired).toBeGreaterThanOrEqual(1);
    expect((await requestsOf(ann.id))[0]).toMatchObject({ status: 'expired', completed_at: null });

    // The next one comes 3 months after the previous request, not earlier.
    moveClockTo(new Date(addMonths(request!.created_at, 3).getTime() - DAY));
    await sweep();
    expect(await requestsOf(ann.id)).toHaveLength(1);
    moveClockTo(new Date(addMonths(request!.created_at, 3).getTime() + 60_000));
    await sweep();
    const all = await requestsOf(ann.id);
    expect(all).toHaveLength(2);
    expect(all.filter((r) => r.status === 'pending')).toHaveLength(1);
    moveClockTo(new Date());
  });

  it('the database itself refuses a second pending request for a client', async () => {
    const bo = await newClient('Bo Uniek', sofie);
    await createFeedbackRequest(t.db, { client_id: bo.id, matchmaker_id: sofie.id, created_at: new Date() });
    await expect(
      createFeedbackRequest(t.db, { client_id: bo.id, matchmaker_id: sofie.id, created_at: new Date() }),
    ).rejects.toThrow();
  });

  it('asks both clients once after a completed date, and nobody of a deleted account', async () => {
    moveClockTo(new Date());
    const jan = await newClient('Jan Date', marc);
    const eva = await newClient('Eva Date', sofie);
    const gone = await newClient('Verwijderd Iemand', sofie);
    await t.db.insert(account_settings).values({ user_id: gone.id, deleted_at: new Date() });
    const match = await createMatch(t.db, {
      clientA: jan.id,
      clientB: eva.id,
      matchmaker_id: marc.id,
      status: 'completed',
    });
    const other = await createMatch(t.db, {
      clientA: gone.id,
      clientB: (await newClient('Partner Van Verwijderd', null)).id,
      status: 'completed',
    });
    expect(match.completed_at).not.toBeNull();
    await sweep();
    await sweep();
    const janRequests = await requestsOf(jan.id);
    const evaRequests = await requestsOf(eva.id);
    expect(janRequests).toEqual([
      expect.objectContaining({ request_type: 'post_match', match_id: match.id, matchmaker_id: marc.id }),
    ]);
    expect(evaRequests).toEqual([
      expect.objectContaining({ request_type: 'post_match', match_id: match.id, matchmaker_id: sofie.id }),
    ]);
    // Issue 26: the e-mail is about the date and opens that date's feedback, not the periodic modal.
    const [janMail] = await mailsTo(jan.email, 'matchmaker-feedback-request');
    expect(janMail!.subject).toBe('Hoe was je date met Eva?');
    expect(janMail!.text).toContain(
      `/dashboard/match-accepted?datum=${match.id}&feedbackverzoek=${janRequests[0]!.id}`,
    );
    expect(janMail!.text).not.toContain('/dashboard?feedbackverzoek=');
    expect(janMail!.text).not.toContain('drie maanden');
    expect(await myRequests(jan.cookie)).toEqual([
      expect.objectContaining({ id: janRequests[0]!.id, request_type: 'post_match', match_id: match.id }),
    ]);
    // Its reminder leads to the same page.
    moveClockTo(new Date(janRequests[0]!.expires_at.getTime() - 2 * DAY));
    await sweep();
    const [reminder] = await mailsTo(jan.email, 'matchmaker-feedback-reminder');
    expect(reminder!.text).toContain(`/dashboard/match-accepted?datum=${match.id}&feedbackverzoek=`);
    moveClockTo(new Date());
    expect(await requestsOf(gone.id)).toHaveLength(0);
    expect(other.completed_at).not.toBeNull();
  });

  it('expires a pending request about a matchmaker the client no longer has', async () => {
    moveClockTo(new Date());
    const kim = await newClient('Kim Wissel', sofie);
    await createFeedbackRequest(t.db, { client_id: kim.id, matchmaker_id: sofie.id, created_at: new Date() });
    await t.db
      .update(user_profiles)
      .set({ assigned_matchmaker_id: marc.id })
      .where(eq(user_profiles.id, kim.id));
    await sweep();
    expect((await requestsOf(kim.id))[0]).toMatchObject({ status: 'expired' });
    const [assignment] = await t.db
      .select()
      .from(matchmaker_assignments)
      .where(eq(matchmaker_assignments.client_id, kim.id));
    expect(assignment?.matchmaker_id).toBe(marc.id);
  });
});

describe('who is asked (issue 26)', () => {
  it('only a client with a matchmaker, a running paid term and a completed intake; the others’ pending requests expire', async () => {
    moveClockTo(new Date());
    const gone = await createMatchmaker(t.db, {
      full_name: 'Gedeactiveerde Matchmaker',
      matchmaker: { is_active: false, deactivated_at: new Date() },
    });
    const asked = {
      running: await newClient('Loopt Nog', sofie),
      grace: await newClient('In Respijt', sofie, {
        subscription_status: 'grace_period',
        grace_period_end_date: new Date(Date.now() + 400 * DAY),
      }),
    };
    const notAsked = {
      cancelled: await newClient('Opgezegd Klant', sofie, {
        tier: 'Relax',
        subscription_status: 'cancelled',
        contract_status: 'ended',
      }),
      expired: await newClient('Verlopen Klant', sofie, {
        tier: 'Relax',
        subscription_status: 'expired',
        contract_status: 'ended',
      }),
      neverPaid: await newClient('Nooit Betaald', sofie, { tier: 'Relax', subscription_status: null }),
      noIntake: await newClient('Zonder Intake', sofie, {}, { intake: false }),
      deactivated: await newClient('Bij Gestopte', gone),
    };
    // A request asked before the term was cancelled: the job expires it.
    const stale = await createFeedbackRequest(t.db, {
      client_id: notAsked.cancelled.id,
      matchmaker_id: sofie.id,
      created_at: new Date(),
    });
    await sweep();
    expect((await requestsOf(notAsked.cancelled.id)).map((r) => [r.id, r.status])).toEqual([
      [stale.id, 'expired'],
    ]);
    const [assignment] = await t.db
      .select()
      .from(matchmaker_assignments)
      .where(eq(matchmaker_assignments.client_id, asked.running.id));
    moveClockTo(new Date(addMonths(assignment!.assigned_at, 3).getTime() + 60_000));
    await sweep();
    for (const [label, client] of Object.entries(asked)) {
      expect(await requestsOf(client.id), label).toEqual([
        expect.objectContaining({ request_type: 'periodic', status: 'pending' }),
      ]);
      expect(await mailsTo(client.email, 'matchmaker-feedback-request'), label).toHaveLength(1);
    }
    for (const [label, client] of Object.entries(notAsked)) {
      expect(
        (await requestsOf(client.id)).filter((r) => r.status === 'pending'),
        label,
      ).toEqual([]);
      expect(await mailsTo(client.email, 'matchmaker-feedback-request'), label).toEqual([]);
    }
    moveClockTo(new Date());
  });

  it('no request after a date to a client whose term ended', async () => {
    moveClockTo(new Date());
    const stays = await newClient('Blijft Lid', sofie);
    const left = await newClient('Ging Weg', sofie, {
      tier: 'Relax',
      subscription_status: 'cancelled',
      contract_status: 'ended',
    });
    const match = await createMatch(t.db, {
      clientA: stays.id,
      clientB: left.id,
      matchmaker_id: sofie.id,
      status: 'completed',
    });
    await sweep();
    expect(await requestsOf(stays.id)).toEqual([
      expect.objectContaining({ request_type: 'post_match', match_id: match.id }),
    ]);
    expect(await requestsOf(left.id)).toEqual([]);
  });
});

describe('the e-mails', () => {
  it('a client who switched the feedback e-mails off still gets the request, without the e-mail', async () => {
    moveClockTo(new Date());
    const stil = await newClient('Stille Klant', sofie);
    const settings = await t.request('/api/me/settings', {
      method: 'PATCH',
      cookie: stil.cookie,
      json: { email_opt_outs: ['matchmaker-feedback-request', 'matchmaker-feedback-reminder'] },
    });
    expect(settings.status).toBe(200);
    await sweep();
    const [assignment] = await t.db
      .select()
      .from(matchmaker_assignments)
      .where(eq(matchmaker_assignments.client_id, stil.id));
    moveClockTo(new Date(addMonths(assignment!.assigned_at, 3).getTime() + 60_000));
    await sweep();
    const [request] = await requestsOf(stil.id);
    expect(request).toMatchObject({ status: 'pending', request_type: 'periodic' });
    moveClockTo(new Date(request!.expires_at.getTime() - 2 * DAY));
    await sweep();
    expect(await mailsTo(stil.email, 'matchmaker-feedback-request')).toEqual([]);
    expect(await mailsTo(stil.email, 'matchmaker-feedback-reminder')).toEqual([]);
    moveClockTo(new Date());
  });
});

describe('GET /api/me/feedback-requests', () => {
  it('lists only the caller’s pending requests, newest first; staff and visitors are refused', async () => {
    const lies = await newClient('Lies Lijst', sofie);
    const other = await newClient('Ander Lijst', sofie);
    const older = await createFeedbackRequest(t.db, {
      client_id: lies.id,
      matchmaker_id: sofie.id,
      status: 'completed',
      created_at: new Date(Date.now() - 20 * DAY),
      completed_at: new Date(Date.now() - 19 * DAY),
    });
    const pending = await createFeedbackRequest(t.db, {
      client_id: lies.id,
      matchmaker_id: sofie.id,
      created_at: new Date(Date.now() - DAY),
    });
    await createFeedbackRequest(t.db, {
      client_id: other.id,
      matchmaker_id: sofie.id,
      created_at: new Date(),
    });
    const listed = await myRequests(lies.cookie);
    expect(listed.map((r) => r.id)).toEqual([pending.id]);
    expect(listed.map((r) => r.id)).not.toContain(older.id);
    expect(listed[0]).toMatchObject({ status: 'pending', request_type: 'periodic', completed_at: null });

    const visitor = await t.request('/api/me/feedback-requests');
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({
      error: MESSAGES.notLoggedInForFeedback,
      code: 'NOT_AUTHENTICATED',
    });
    for (const staff of ['sofie', 'admin']) {
      const response = await t.request('/api/me/feedback-requests', { cookie: cookies[staff] });
      await expectRefused(response, 403, 'UNAUTHORIZED');
    }
  });
});

describe('POST /api/matchmaker-feedback', () => {
  it('stores the feedback for the previous 3 months and completes the request in one go, once', async () => {
    const rik = await newClient('Rik Geeft', sofie);
    const request = await createFeedbackRequest(t.db, {
      client_id: rik.id,
      matchmaker_id: sofie.id,
      created_at: new Date(Date.now() - DAY),
    });
    const body = {
      feedback_request_id: request.id,
      matchmaker_id: sofie.id,
      communication_rating: 5,
      preference_understanding_rating: 4,
      match_quality_rating: null,
      overall_satisfaction_rating: 4,
      feedback_text: '  Fijne begeleiding.  ',
      improvement_suggestions: '',
      is_anonymous: false,
    };
    const response = await submit(rik.cookie, body);
    expect(response.status).toBe(201);
    const { feedback } = (await response.json()) as { feedback: StaffMatchmakerFeedback };
    expect(feedback).toMatchObject({
      overall_satisfaction_rating: 4,
      communication_rating: 5,
      match_quality_rating: null,
      responsiveness_rating: null,
      feedback_text: 'Fijne begeleiding.',
      improvement_suggestions: null,
      is_anonymous: false,
      request_type: 'periodic',
      matchmaker: { id: sofie.id, full_name: 'Sofie Peeters' },
    });
    const end = new Date(feedback.feedback_period_end);
    expect(new Date(feedback.feedback_period_start).toISOString()).toBe(addMonths(end, -3).toISOString());
    expect(Math.abs(end.getTime() - Date.now())).toBeLessThan(60_000);
    const [stored] = await requestsOf(rik.id);
    expect(stored).toMatchObject({ status: 'completed' });
    expect(stored!.completed_at?.toISOString()).toBe(feedback.created_at);
    expect(await myRequests(rik.cookie)).toEqual([]);

    const again = await submit(rik.cookie, body);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: MESSAGES.matchmakerFeedbackAlreadyGiven,
      code: 'MATCHMAKER_FEEDBACK_ALREADY_GIVEN',
    });
    const rows = await t.db
      .select()
      .from(matchmaker_feedback)
      .where(eq(matchmaker_feedback.client_id, rik.id));
    expect(rows).toHaveLength(1);
  });

  it('two submissions at once store one', async () => {
    const duo = await newClient('Duo Tegelijk', sofie);
    const request = await createFeedbackRequest(t.db, {
      client_id: duo.id,
      matchmaker_id: sofie.id,
      created_at: new Date(),
    });
    const body = { feedback_request_id: request.id, overall_satisfaction_rating: 3 };
    const answers = await Promise.all([submit(duo.cookie, body), submit(duo.cookie, body)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    await expectRefused(
      answers.find((r) => r.status === 409)!,
      409,
      'MATCHMAKER_FEEDBACK_ALREADY_GIVEN',
      MESSAGES.matchmakerFeedbackAlreadyGiven,
    );
    const rows = await t.db
      .select()
      .from(matchmaker_feedback)
      .where(eq(matchmaker_feedback.client_id, duo.id));
    expect(rows).toHaveLength(1);
  });

  it('only about the client’s own matchmaker, on their own open request', async () => {
    const mia = await newClient('Mia Eigen', sofie);
    const stranger = await newClient('Vreemde Klant', sofie);
    const request = await createFeedbackRequest(t.db, {
      client_id: mia.id,
      matchmaker_id: sofie.id,
      created_at: new Date(),
    });
    // Another matchmaker named in the body.
    const wrongMatchmaker = await submit(mia.cookie, {
      feedback_request_id: request.id,
      matchmaker_id: marc.id,
      overall_satisfaction_rating: 1,
    });
    expect(wrongMatchmaker.status).toBe(403);
    expect(await wrongMatchmaker.json()).toEqual({
      error: MESSAGES.feedbackNotYourMatchmaker,
      code: 'FEEDBACK_NOT_YOUR_MATCHMAKER',
    });
    // Someone else's request.
    const notMine = await submit(stranger.cookie, {
      feedback_request_id: request.id,
      overall_satisfaction_rating: 1,
    });
    await expectRefused(notMine, 404, 'NOT_FOUND');
    // Staff cannot answer a client's request.
    const staff = await submit(cookies.sofie, {
      feedback_request_id: request.id,
      overall_satisfaction_rating: 5,
    });
    await expectRefused(staff, 403, 'UNAUTHORIZED');
    // Not signed in: the spec's text.
    const visitor = await submit(undefined, {
      feedback_request_id: request.id,
      overall_satisfaction_rating: 5,
    });
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({
      error: MESSAGES.notLoggedInForFeedback,
      code: 'NOT_AUTHENTICATED',
    });
    // After a change of matchmaker, the old request can no longer be answered.
    await t.db
      .update(user_profiles)
      .set({ assigned_matchmaker_id: marc.id })
      .where(eq(user_profiles.id, mia.id));
    const former = await submit(mia.cookie, {
      feedback_request_id: request.id,
      overall_satisfaction_rating: 2,
    });
    await expectRefused(former, 403, 'FEEDBACK_NOT_YOUR_MATCHMAKER', MESSAGES.feedbackNotYourMatchmaker);
    expect(
      await t.db.select().from(matchmaker_feedback).where(eq(matchmaker_feedback.client_id, mia.id)),
    ).toEqual([]);
    expect((await requestsOf(mia.id))[0]).toMatchObject({ status: 'pending' });
  });

  it('refuses an expired request', async () => {
    const oud = await newClient('Oud Verzoek', sofie);
    const created = new Date(Date.now() - (FEEDBACK_REQUEST_EXPIRY_DAYS + 1) * DAY);
    const request = await createFeedbackRequest(t.db, {
      client_id: oud.id,
      matchmaker_id: sofie.id,
      created_at: created,
    });
    const response = await submit(oud.cookie, {
      feedback_request_id: request.id,
      overall_satisfaction_rating: 4,
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: MESSAGES.feedbackRequestExpired,
      code: 'FEEDBACK_REQUEST_EXPIRED',
    });
  });

  it('answers bad input with a 400 and the spec’s text', async () => {
    const bad = await newClient('Slechte Invoer', sofie);
    const request = await createFeedbackRequest(t.db, {
      client_id: bad.id,
      matchmaker_id: sofie.id,
      created_at: new Date(),
    });
    const noOverall = await submit(bad.cookie, { feedback_request_id: request.id, communication_rating: 5 });
    expect(noOverall.status).toBe(400);
    const body = (await noOverall.json()) as { error: string; code: string };
    expect(body.code).toBe('BAD_REQUEST');
    expect(JSON.stringify(body)).toContain(MESSAGES.overallSatisfactionRequired);
    for (const wrong of [
      { feedback_request_id: request.id, overall_satisfaction_rating: 6 },
      { feedback_request_id: request.id, overall_satisfaction_rating: 2.5 },
      { feedback_request_id: 'niet-een-id', overall_satisfaction_rating: 3 },
      { feedback_request_id: request.id, overall_satisfaction_rating: 3, feedback_text: 'x'.repeat(2001) },
      { feedback_request_id: request.id, overall_satisfaction_rating: 3, is_anonymous: 'ja' },
    ]) {
      const response = await submit(bad.cookie, wrong);
      await expectRefused(response, 400, 'BAD_REQUEST');
    }
    expect((await requestsOf(bad.id))[0]).toMatchObject({ status: 'pending' });
  });
});

describe('GET /api/matchmaker-feedback and anonymity', () => {
  let anon: Awaited<ReturnType<typeof newClient>>;
  let named: Awaited<ReturnType<typeof newClient>>;
  let forMarc: Awaited<ReturnType<typeof newClient>>;

  beforeAll(async () => {
    anon = await newClient('Anoniem Annelies', sofie);
    named = await newClient('Genoemde Geert', sofie);
    forMarc = await newClient('Marcs Klant', marc);
    for (const [person, matchmakerId, isAnonymous, text] of [
      [anon, sofie.id, true, 'Sofie luistert goed.'],
      [named, sofie.id, false, 'Snel antwoord.'],
      [forMarc, marc.id, true, 'Over Marc.'],
    ] as const) {
      const request = await createFeedbackRequest(t.db, {
        client_id: person.id,
        matchmaker_id: matchmakerId,
        created_at: new Date(),
      });
      const response = await submit(person.cookie, {
        feedback_request_id: request.id,
        overall_satisfaction_rating: 5,
        responsiveness_rating: 4,
        feedback_text: text,
        is_anonymous: isAnonymous,
      });
      expect(response.status).toBe(201);
    }
  });

  it('a matchmaker gets their own, and nothing of an anonymous client: no name, no id, no e-mail', async () => {
    const { raw, feedback } = await staffList(cookies.sofie!);
    const anonymous = feedback.find((f) => f.feedback_text === 'Sofie luistert goed.');
    expect(anonymous).toMatchObject({ is_anonymous: true, client: null, overall_satisfaction_rating: 5 });
    expect(raw).not.toContain(anon.id);
    expect(raw).not.toContain('Annelies');
    expect(raw).not.toContain(anon.email);
    const [anonRequest] = await requestsOf(anon.id);
    expect(raw).not.toContain(anonRequest!.id);
    // A named entry shows the client.
    expect(feedback.find((f) => f.feedback_text === 'Snel antwoord.')?.client).toEqual({
      id: named.id,
      full_name: 'Genoemde Geert',
    });
    // Only Sofie's own.
    expect(feedback.every((f) => f.matchmaker.id === sofie.id)).toBe(true);
    expect(raw).not.toContain('Over Marc.');
    // An admin's filter means nothing to a matchmaker: still only their own, still anonymous.
    const filtered = await staffList(cookies.sofie!, `?matchmaker_id=${marc.id}`);
    expect(filtered.raw).not.toContain('Over Marc.');
    expect(filtered.raw).not.toContain(anon.id);
  });

  it('decision 034: an anonymous entry reaches its matchmaker only to the day, without its type, and the client list only to the day', async () => {
    // A post-match request: its type and the list of recent dates would point at one client.
    const dated = await newClient('Gedateerde Greet', sofie);
    const request = await createFeedbackRequest(t.db, {
      client_id: dated.id,
      matchmaker_id: sofie.id,
      request_type: 'post_match',
      created_at: new Date(),
    });
    const response = await submit(dated.cookie, {
      feedback_request_id: request.id,
      overall_satisfaction_rating: 2,
      feedback_text: 'Na de date.',
      is_anonymous: true,
    });
    expect(response.status).toBe(201);
    const [stored] = await t.db
      .select()
      .from(matchmaker_feedback)
      .where(eq(matchmaker_feedback.client_id, dated.id));
    const { feedback } = await staffList(cookies.sofie!);
    const entry = feedback.find((f) => f.feedback_text === 'Na de date.')!;
    expect(entry.request_type).toBeNull();
    for (const at of [entry.created_at, entry.feedback_period_start, entry.feedback_period_end]) {
      expect(at).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);
    }
    const brusselsDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(
      stored!.created_at,
    );
    expect(entry.created_at.slice(0, 10)).toBe(brusselsDay);
    // The named entry keeps its type; the admin keeps the exact time and the type.
    expect(feedback.find((f) => f.feedback_text === 'Snel antwoord.')?.request_type).toBe('periodic');
    const admin = (await staffList(cookies.admin!)).feedback.find((f) => f.feedback_text === 'Na de date.')!;
    expect(admin).toMatchObject({ request_type: 'post_match', created_at: stored!.created_at.toISOString() });

    // The client list and the client file show the last activity to the day only.
    const activeAt = new Date('2026-03-14T15:09:26.535Z');
    await t.db
      .update(user_profiles)
      .set({ last_activity_at: activeAt })
      .where(eq(user_profiles.id, dated.id));
    const list = await t.request(`/api/matchmaker/clients?q=${encodeURIComponent('Gedateerde')}`, {
      cookie: cookies.sofie,
    });
    expect(list.status).toBe(200);
    const listed = ((await list.json()) as { clients: { id: string; last_activity_at: string | null }[] })
      .clients;
    expect(listed.find((c) => c.id === dated.id)?.last_activity_at).toBe('2026-03-14T00:00:00.000Z');
    const file = await t.request(`/api/matchmaker/clients/${dated.id}`, { cookie: cookies.sofie });
    expect(((await file.json()) as { client: { last_activity_at: string } }).client.last_activity_at).toBe(
      '2026-03-14T00:00:00.000Z',
    );
  });

  it('the other matchmaker sees none of it', async () => {
    const { raw, feedback } = await staffList(cookies.marc!);
    expect(feedback.map((f) => f.feedback_text)).toContain('Over Marc.');
    expect(raw).not.toContain('Sofie luistert goed.');
    expect(raw).not.toContain(forMarc.id);
    expect(raw).not.toContain('Marcs Klant');
  });

  it('an admin sees all feedback with the client, anonymous entries marked, and can filter by matchmaker', async () => {
    const { feedback } = await staffList(cookies.admin!);
    const anonymous = feedback.find((f) => f.feedback_text === 'Sofie luistert goed.');
    expect(anonymous).toMatchObject({
      is_anonymous: true,
      client: { id: anon.id, full_name: 'Anoniem Annelies' },
    });
    expect(feedback.find((f) => f.feedback_text === 'Over Marc.')?.client?.id).toBe(forMarc.id);
    const onlyMarc = await staffList(cookies.admin!, `?matchmaker_id=${marc.id}`);
    expect(onlyMarc.feedback.length).toBeGreaterThan(0);
    expect(onlyMarc.feedback.every((f) => f.matchmaker.id === marc.id)).toBe(true);
  });

  it('clients and visitors are refused', async () => {
    await expectRefused(
      await t.request('/api/matchmaker-feedback', { cookie: anon.cookie }),
      403,
      'UNAUTHORIZED',
    );
    await expectRefused(await t.request('/api/matchmaker-feedback'), 401, 'NOT_AUTHENTICATED');
    const long = await t.request(`/api/matchmaker-feedback?matchmaker_id=${'x'.repeat(101)}`, {
      cookie: cookies.admin,
    });
    await expectRefused(long, 400, 'BAD_REQUEST');
  });

  it('no e-mail about the feedback goes to the matchmaker', async () => {
    const toSofie = await t.db.select().from(email_outbox).where(like(email_outbox.to_address, sofie.email));
    expect(toSofie.filter((m) => m.template.startsWith('matchmaker-feedback'))).toEqual([]);
  });
});
