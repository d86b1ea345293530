import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmationEmail } from '../auth/auth.mail';
import { createClient, createMatch, createMatchmaker } from '../db/factories';
import { matches, user_profiles } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';

let local: TestApp;
let deployed: TestApp;
beforeAll(async () => {
  [local, deployed] = await Promise.all([
    createTestApp(),
    createTestApp({
      APP_URL: 'https://koppel.example',
      SMTP_URL: 'smtp://127.0.0.1:2525',
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
    await new Promise((r) => setTimeout(r, 5));
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
  const runJob = () => local.request('/dev/jobs/match-deadlines', { method: 'POST' });
  const mailbox = async () =>
    (
      (await (await local.request('/dev/mailbox.json')).json()) as {
        messages: { to: string; subject: string }[];
      }
    ).messages;
  const statusOf = async (id: string) =>
    (await local.db.select({ status: matches.status }).from(matches).where(eq(matches.id, id)))[0]!.status;

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
    const matchmaker = await createMatchmaker(local.db, { email: 'klok.matchmaker@example.be' });
    const a = await createClient(local.db, { email: 'klok.a@example.be' });
    const b = await createClient(local.db, { email: 'klok.b@example.be' });
    const match = await createMatch(local.db, { clientA: a.id, clientB: b.id, matchmaker_id: matchmaker.id });
    try {
      expect(await (await runJob()).json()).toEqual({ cancelled: 0, reminded: 0 });

      await local.request('/dev/clock', { json: { offset_ms: 6.5 * DAY } });
      expect(await (await runJob()).json()).toEqual({ cancelled: 0, reminded: 2 });
      expect(await statusOf(match.id)).toBe('proposed');

      await local.request('/dev/clock', { json: { offset_ms: 7 * DAY + 60_000 } });
      expect(await (await runJob()).json()).toEqual({ cancelled: 1, reminded: 0 });
      expect(await statusOf(match.id)).toBe('cancelled');
      const messages = await mailbox();
      expect(messages.filter((m) => m.to === 'klok.matchmaker@example.be').map((m) => m.subject)).toEqual([
        'Een voorstel is verlopen',
      ]);
      for (const client of ['klok.a@example.be', 'klok.b@example.be']) {
        expect(messages.filter((m) => m.to === client).map((m) => m.subject)).toEqual([
          'Nog één dag om te antwoorden op je voorstel',
        ]);
      }
    } finally {
      await local.request('/dev/clock', { json: { offset_ms: 0 } });
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
