import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUIZ_QUESTION_IDS } from '../../shared/quiz';
import { confirmationEmail } from '../auth/auth.mail';
import { createClient, createMatch, createMatchmaker } from '../db/factories';
import {
  client_consents,
  client_traits,
  email_outbox,
  matches,
  quiz_attempts,
  user_profiles,
} from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';

let local: TestApp;
let deployed: TestApp;
beforeAll(async () => {
  [local, deployed] = await Promise.all([
    createTestApp(),
    createTestApp({
      APP_URL: 'https://koppel.example',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SELLER_NAME: 'Koppel BV',
      SELLER_ADDRESS: 'Kouter 1, 9000 Gent',
      SELLER_VAT_NUMBER: 'BE0123.456.789',
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      CALENDLY_WEBHOOK_SIGNING_KEY: 'calendly-key',
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([local.close(), deployed.close()]);
});

describe('the dev mailbox', () => {
  it('lists outbox messages newest first with their links, as JSON and as a page', async () => {
    await local.outbox.queue({
      to: 'eerste@example.be',
      ...confirmationEmail({ name: 'Eerste', url: 'http://localhost:3999/a?x=1&y=2' }),
    });
    // The first one a minute older, whatever the clock's resolution: no waiting for time to pass.
    await local.db
      .update(email_outbox)
      .set({ created_at: new Date(Date.now() - 60_000) })
      .where(eq(email_outbox.to_address, 'eerste@example.be'));
    await local.outbox.queue({
      to: 'tweede@example.be',
      ...confirmationEmail({ name: 'Tweede', url: 'http://localhost:3999/b' }),
    });

    const response = await local.request('/dev/mailbox.json');
    expect(response.status).toBe(200);
    const all: {
      id: string;
      to: string;
      subject: string;
      text: string;
      links: string[];
      created_at: string;
    }[] = (await response.json()).messages;
    // Only this test's messages: others in this database are not its business.
    const messages = all.filter((m) => ['eerste@example.be', 'tweede@example.be'].includes(m.to));
    expect(messages.map((m) => m.to)).toEqual(['tweede@example.be', 'eerste@example.be']);
    expect(messages[1]).toMatchObject({
      subject: 'Bevestig je e-mailadres bij Koppel',
      links: ['http://localhost:3999/a?x=1&y=2', 'http://localhost:3999/a?x=1&y=2'],
    });
    expect(messages[1]!.text).toContain('Dag Eerste');
    expect(Date.parse(messages[0]!.created_at)).not.toBeNaN();

    const page = await local.request('/dev/mailbox');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain(`/dev/mailbox/${messages[0]!.id}`);
    const one = await local.request(`/dev/mailbox/${messages[0]!.id}`);
    expect(await one.text()).toContain('Dag Tweede');
    expect((await local.request('/dev/mailbox/00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await local.request('/dev/mailbox/geen-uuid')).status).toBe(400);
  });

  it('moves the clock for local end-to-end tests, and refuses bad input', async () => {
    const set = await local.request('/dev/clock', { json: { offset_ms: 86_400_000 } });
    expect(set.status).toBe(200);
    expect((await set.json()).offset_ms).toBe(86_400_000);
    expect(local.clock.now().getTime()).toBeGreaterThan(Date.now() + 86_000_000);
    expect((await local.request('/dev/clock', { json: { offset_ms: 'morgen' } })).status).toBe(400);
    await local.request('/dev/clock', { json: { offset_ms: 0 } });
  });

  it('does not exist on a deployment', async () => {
    expect((await deployed.request('/dev/mailbox.json')).status).toBe(404);
    expect((await deployed.request('/dev/clock', { json: { offset_ms: 1 } })).status).toBe(404);
    expect((await deployed.request('/dev/jobs/match-deadlines', { method: 'POST' })).status).toBe(404);
    const doc = await (await deployed.request('/api/openapi.json')).json();
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/dev'))).toBe(false);
  });
});

describe('POST /dev/jobs/match-deadlines', () => {
  const DAY = 86_400_000;
  const runJob = (app = local) => app.request('/dev/jobs/match-deadlines', { method: 'POST' });
  const mailbox = async (app = local) =>
    (
      (await (await app.request('/dev/mailbox.json')).json()) as {
        messages: { to: string; subject: string }[];
      }
    ).messages;
  const statusOf = async (id: string, app = local) =>
    (await app.db.select({ status: matches.status }).from(matches).where(eq(matches.id, id)))[0]!.status;

  it('cancels a proposal past its deadline and mails its matchmaker', async () => {
    const matchmaker = await createMatchmaker(local.db, { email: 'verlopen.matchmaker@example.be' });
    const a = await createClient(local.db);
    const b = await createClient(local.db);
    const match = await createMatch(local.db, {
      clientA: a.id,
      clientB: b.id,
      matchmaker_id: matchmaker.id,
      proposed_at: new Date(Date.now() - 8 * DAY),
    });

    const response = await runJob();
    expect(response.status).toBe(200);
    expect((await response.json()).cancelled).toBeGreaterThanOrEqual(1);
    expect(await statusOf(match.id)).toBe('cancelled');
    const toMatchmaker = (await mailbox()).filter((m) => m.to === 'verlopen.matchmaker@example.be');
    expect(toMatchmaker.map((m) => m.subject)).toEqual(['Een voorstel is verlopen']);

    await runJob();
    expect((await mailbox()).filter((m) => m.to === 'verlopen.matchmaker@example.be')).toHaveLength(1);
  });

  it('follows the moved clock: a reminder a day before the deadline, cancelled after it', async () => {
    // The job's counts are of the whole database: this test has one of its own.
    const own = await createTestApp();
    const matchmaker = await createMatchmaker(own.db, { email: 'klok.matchmaker@example.be' });
    const a = await createClient(own.db, { email: 'klok.a@example.be' });
    const b = await createClient(own.db, { email: 'klok.b@example.be' });
    const match = await createMatch(own.db, { clientA: a.id, clientB: b.id, matchmaker_id: matchmaker.id });
    try {
      expect(await (await runJob(own)).json()).toEqual({ cancelled: 0, reminded: 0 });

      await own.request('/dev/clock', { json: { offset_ms: 6.5 * DAY } });
      expect(await (await runJob(own)).json()).toEqual({ cancelled: 0, reminded: 2 });
      expect(await statusOf(match.id, own)).toBe('proposed');

      await own.request('/dev/clock', { json: { offset_ms: 7 * DAY + 60_000 } });
      expect(await (await runJob(own)).json()).toEqual({ cancelled: 1, reminded: 0 });
      expect(await statusOf(match.id, own)).toBe('cancelled');
      const messages = await mailbox(own);
      expect(messages.filter((m) => m.to === 'klok.matchmaker@example.be').map((m) => m.subject)).toEqual([
        'Een voorstel is verlopen',
      ]);
      for (const client of ['klok.a@example.be', 'klok.b@example.be']) {
        expect(messages.filter((m) => m.to === client).map((m) => m.subject)).toEqual([
          'Nog één dag om te antwoorden op je voorstel',
        ]);
      }
    } finally {
      await own.close();
    }
  });
});

describe('POST /dev/jobs/{name}', () => {
  it("runs every feature's scheduled job by its name, and knows no other", async () => {
    for (const name of ['match-deadlines', 'subscription-lifecycle']) {
      const response = await local.request(`/dev/jobs/${name}`, { method: 'POST' });
      expect(response.status).toBe(200);
      expect(Object.values(await response.json()).every((n) => typeof n === 'number')).toBe(true);
    }
    const unknown = await local.request('/dev/jobs/geen-taak', { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a clock offset that would break dates', async () => {
    for (const offset_ms of [1e20, -1e15, 11 * 366 * 86_400_000]) {
      expect((await local.request('/dev/clock', { json: { offset_ms } })).status).toBe(400);
    }
    expect(local.clock.offset()).toBe(0);
  });
});

describe('POST /dev/clients/{id}/active-for-matching (issue 16)', () => {
  it('marks a client active for matching on a local install, 404 for anyone else, absent on a deployment', async () => {
    const client = await createClient(local.db, {});
    const response = await local.request(`/dev/clients/${client.id}/active-for-matching`, { method: 'POST' });
    expect(response.status).toBe(200);
    const [profile] = await local.db
      .select({ contract_status: user_profiles.contract_status })
      .from(user_profiles)
      .where(eq(user_profiles.id, client.id));
    expect(profile!.contract_status).toBe('active_for_matching');
    const staff = await createMatchmaker(local.db, {});
    expect(
      (await local.request(`/dev/clients/${staff.id}/active-for-matching`, { method: 'POST' })).status,
    ).toBe(404);
    expect(
      (await deployed.request(`/dev/clients/${client.id}/active-for-matching`, { method: 'POST' })).status,
    ).not.toBe(200);
  });
});

describe('POST /dev/factory/{clients,matchmakers,admins,matches} (issue 25)', () => {
  const HOUR = 3_600_000;
  const post = (app: TestApp, path: string, json: unknown) => app.request(`/dev/factory/${path}`, { json });

  it('makes a matchmaker, a confirmed client of theirs with everything asked, and a match in a given state', async () => {
    const matchmakerReply = await post(local, 'matchmakers', { first_name: 'Fien', surname: 'Fabriek' });
    expect(matchmakerReply.status).toBe(201);
    const matchmaker = await matchmakerReply.json();
    expect(matchmaker).toMatchObject({ full_name: 'Fien Fabriek', slug: 'fien-fabriek' });
    expect(matchmaker.email).toMatch(/^fien-[0-9a-f]{8}@e2e\.koppel\.example$/);
    // Not on the public pages: the site's tests check the demo team exactly.
    const publicList = await (await local.request('/api/matchmakers')).text();
    expect(publicList).not.toContain('Fien Fabriek');

    const now = Date.now();
    const clientReply = await post(local, 'clients', {
      first_name: 'Tessa',
      tier: 'Persoonlijk',
      paid_at: new Date(now - 30 * 86_400_000).toISOString(),
      matchmaker_id: matchmaker.id,
      active_for_matching: true,
      profile: {
        gender: 'woman',
        birth_date: '1990-04-12',
        seeking_genders: ['man'],
        age_min: 30,
        age_max: 40,
      },
      traits: ['calm', 'foodie'],
      intake: { scheduled_at: new Date(now - 2 * HOUR).toISOString(), status: 'scheduled' },
      matchmaker_feedback_requested_at: new Date(now - 8 * 86_400_000).toISOString(),
      quiz: { answers: Object.fromEntries(QUIZ_QUESTION_IDS.map((id) => [id, 4])), finished: true },
    });
    expect(clientReply.status).toBe(201);
    const client = await clientReply.json();
    expect(client).toMatchObject({ first_name: 'Tessa', full_name: `Tessa ${client.surname}` });

    // Confirmed: the returned password signs in, and the account is what was asked.
    const cookie = await local.login(client.email, client.password);
    const me = await (await local.request('/api/me', { cookie })).json();
    expect(me.profile).toMatchObject({
      tier: 'Persoonlijk',
      subscription_status: 'active',
      contract_status: 'active_for_matching',
      assigned_matchmaker_id: matchmaker.id,
    });
    const [term] = await local.db
      .select({ started: user_profiles.subscription_started_at })
      .from(user_profiles)
      .where(eq(user_profiles.id, client.id));
    expect(term!.started!.getTime()).toBe(now - 30 * 86_400_000);
    const [attempt] = await local.db
      .select({ finished_at: quiz_attempts.finished_at })
      .from(quiz_attempts)
      .where(eq(quiz_attempts.client_id, client.id));
    expect(attempt!.finished_at).not.toBeNull();
    const requests = await (await local.request('/api/me/feedback-requests', { cookie })).json();
    expect(requests.requests).toHaveLength(1);
    const sessions = await (await local.request('/api/me/intake-sessions', { cookie })).json();
    expect(sessions.sessions).toMatchObject([{ status: 'scheduled' }]);
    const [consent] = await local.db
      .select({ kind: client_consents.kind })
      .from(client_consents)
      .where(eq(client_consents.client_id, client.id));
    expect(consent).toEqual({ kind: 'orientation' });
    const traits = await local.db
      .select({ trait: client_traits.trait, status: client_traits.status })
      .from(client_traits)
      .where(eq(client_traits.client_id, client.id));
    expect(traits.map((t) => `${t.trait}:${t.status}`).sort()).toEqual([
      'calm:confirmed',
      'foodie:confirmed',
    ]);

    // Accepted an hour ago (proposed three hours ago): a date may be planned in the past minute.
    const other = await (await post(local, 'clients', { matchmaker_id: matchmaker.id })).json();
    const matchReply = await post(local, 'matches', {
      client_a: client.id,
      client_b: other.id,
      matchmaker_id: matchmaker.id,
      status: 'accepted',
      proposed_at: new Date(now - 3 * HOUR).toISOString(),
    });
    expect(matchReply.status).toBe(201);
    const match = await matchReply.json();
    expect(match.status).toBe('accepted');
    expect(Math.abs(Date.parse(match.accepted_at) - (now - HOUR))).toBeLessThan(5_000);
    const staffCookie = await local.login(matchmaker.email, matchmaker.password);
    const planned = await local.request(`/api/matches/${match.id}/outcome`, {
      cookie: staffCookie,
      json: { outcome: 'scheduled', scheduled_at: new Date(now - 30 * 60_000).toISOString() },
    });
    expect(planned.status).toBe(200);

    const admin = await (await post(local, 'admins', { first_name: 'Bea' })).json();
    const adminMe = await (
      await local.request('/api/me', { cookie: await local.login(admin.email, admin.password) })
    ).json();
    expect(adminMe.profile.role).toBe('admin');
  });

  it('refuses bad input with 400 { error, code }, unknown accounts with 404 and a second match with 409', async () => {
    for (const [path, body] of [
      ['clients', { tier: 'Goud' }],
      ['clients', { tier: 'Relax', paid_at: new Date().toISOString() }],
      ['clients', { tier: 'Relax+', paid_at: new Date(Date.now() + 86_400_000).toISOString() }],
      ['clients', { email: 'geen-adres' }],
      ['clients', { rol: 'admin' }],
      ['clients', { profile: { gender: 'woman', lengte: 170 } }],
      ['clients', { quiz: { answers: { q01: 4 }, finished: true } }],
      ['clients', { quiz: { answers: { q99: 4 }, finished: false } }],
      ['matchmakers', { is_active: 'ja' }],
      ['admins', { role: 'client' }],
      ['matches', { client_a: 'a b', client_b: 'x' }],
      ['matches', { client_a: 'x', client_b: 'y', status: 'verloofd' }],
    ] as const) {
      const response = await post(local, path, body);
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'BAD_REQUEST', error: expect.any(String) });
    }

    // Traits, an intake or a feedback request belong to a matchmaker.
    const orphan = await post(local, 'clients', { traits: ['calm'] });
    expect(orphan.status).toBe(400);
    expect(await orphan.json()).toEqual({
      code: 'BAD_REQUEST',
      error: 'Eigenschappen, een intake of een feedbackvraag vragen een matchmaker',
    });
    const taken = await post(local, 'clients', { email: 'dubbel@example.be' });
    expect(taken.status).toBe(201);
    const again = await post(local, 'clients', { email: 'Dubbel@example.be' });
    expect(again.status).toBe(400);
    expect((await again.json()).error).toBe('Dit e-mailadres heeft al een account');

    const a = await (await post(local, 'clients', {})).json();
    const b = await (await post(local, 'clients', {})).json();
    // A story the clock does not allow: a date held after now.
    const future = await post(local, 'matches', {
      client_a: a.id,
      client_b: b.id,
      status: 'completed',
      scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(future.status).toBe(400);
    expect(await future.json()).toEqual({ code: 'BAD_REQUEST', error: 'a held date lies before now' });

    const unknown = await post(local, 'matches', { client_a: a.id, client_b: 'geen-klant' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ code: 'NOT_FOUND', error: 'Geen klant met deze id' });
    const noMatchmaker = await post(local, 'clients', { matchmaker_id: a.id });
    expect(noMatchmaker.status).toBe(404);
    expect(await noMatchmaker.json()).toEqual({ code: 'NOT_FOUND', error: 'Geen matchmaker met deze id' });

    expect((await post(local, 'matches', { client_a: a.id, client_b: b.id })).status).toBe(201);
    const duplicate = await post(local, 'matches', { client_a: b.id, client_b: a.id });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toMatchObject({ code: 'DUPLICATE_MATCH' });

    // Only from the app itself (or a script without an Origin), like the other changes under /dev.
    const foreign = await local.request('/dev/factory/clients', {
      json: {},
      headers: { origin: 'https://elders.example' },
    });
    expect(foreign.status).toBe(403);
  });

  it('does not exist on a deployment', async () => {
    for (const path of ['clients', 'matchmakers', 'admins', 'matches']) {
      const response = await post(deployed, path, {});
      expect(response.status, path).toBe(404);
    }
    const [account] = await deployed.db.select({ id: user_profiles.id }).from(user_profiles);
    expect(account).toBeUndefined();
  });
});
