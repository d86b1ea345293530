import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminClient,
  AdminFeedbackEntry,
  AgencyStats,
  StaffDetail,
  StaffMember,
} from '../../../shared/admin';
import { MESSAGES } from '../../../shared/messages';
import { tierInfo } from '../../../shared/tiers';
import {
  createAdmin,
  createClient,
  createDecidedMatches,
  createIntakeFeedback,
  createIntakeSession,
  createMatch,
  createMatchmaker,
  createPurchase,
} from '../../db/factories';
import { email_outbox, matchmaker_feedback } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let adminCookie: string;
let admin: { id: string; email: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db, { full_name: 'Bea Beheer' });
  adminCookie = await t.login(admin.email);
});
afterAll(async () => {
  await t.close();
});

const put = (path: string, cookie: string | undefined, json: unknown) =>
  t.request(path, { method: 'PUT', cookie, json });
const profileInput = (overrides: Record<string, unknown> = {}) => ({
  full_name: 'Sofie Peeters',
  bio: 'Nieuwe bio van Sofie',
  about_me: 'Over Sofie',
  specialties: ['Tweede liefde', 'Expats'],
  years_experience: 13,
  calendly_link: 'https://calendly.com/sofie/intake',
  ...overrides,
});
async function jpeg() {
  return sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 10, g: 120, b: 90 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'KoppelCam' } })
    .toBuffer();
}
function upload(path: string, cookie: string | undefined, bytes: Uint8Array) {
  const form = new FormData();
  form.set('photo', new File([bytes as Uint8Array<ArrayBuffer>], 'foto.jpg', { type: 'image/jpeg' }));
  return t.request(path, { method: 'POST', cookie, body: form });
}

describe('every admin endpoint is the admin’s alone', () => {
  it('refuses a visitor with 401, and a client and a matchmaker with 403', async () => {
    const client = await createClient(t.db);
    const matchmaker = await createMatchmaker(t.db);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/staff'],
      ['POST', '/api/admin/staff', { email: 'x@test.koppel.example', full_name: 'X' }],
      ['GET', `/api/admin/staff/${matchmaker.id}`],
      ['PUT', `/api/admin/staff/${matchmaker.id}`, profileInput()],
      ['GET', `/api/admin/clients/${client.id}`],
      ['PUT', `/api/admin/clients/${client.id}/matchmaker`, { matchmaker_id: matchmaker.id }],
      ['PUT', `/api/admin/clients/${client.id}/pause`, { paused: true }],
      ['GET', '/api/admin/feedback'],
      ['GET', '/api/admin/feedback/export'],
      ['GET', '/api/admin/stats'],
    ];
    const cookies = [await t.login(client.email), await t.login(matchmaker.email)];
    for (const [method, path, json] of calls) {
      const visitor = await t.request(path, { method, json });
      expect(visitor.status, `${method} ${path}`).toBe(401);
      for (const cookie of cookies) {
        const response = await t.request(path, { method, json, cookie });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(await response.json()).toEqual({ error: MESSAGES.unauthorized, code: 'UNAUTHORIZED' });
      }
    }
    const photo = await jpeg();
    for (const cookie of cookies) {
      expect((await upload(`/api/admin/staff/${matchmaker.id}/photo`, cookie, photo)).status).toBe(403);
    }
    // Nothing changed.
    const detail = (await (
      await t.request(`/api/admin/clients/${client.id}`, { cookie: adminCookie })
    ).json()) as { client: AdminClient };
    expect(detail.client).toMatchObject({
      assigned_matchmaker_id: null,
      matching_paused_at: null,
      audit: [],
    });
  });
});

describe('staff', () => {
  it('invites a matchmaker, who sets a password through the link and logs in', async () => {
    const response = await t.request('/api/admin/staff', {
      cookie: adminCookie,
      json: { email: '  Nieuwe.Matchmaker@Test.Koppel.Example ', full_name: 'Nina Nieuw' },
    });
    expect(response.status).toBe(201);
    const { member } = (await response.json()) as { member: StaffMember };
    expect(member).toMatchObject({
      email: 'nieuwe.matchmaker@test.koppel.example',
      full_name: 'Nina Nieuw',
      slug: 'nina-nieuw',
      is_active: false,
      invitation_pending: true,
      client_count: 0,
      success_rate: null,
    });
    const [mail] = await t.db
      .select()
      .from(email_outbox)
      .where(
        and(
          eq(email_outbox.to_address, 'nieuwe.matchmaker@test.koppel.example'),
          eq(email_outbox.template, 'staff-invitation'),
        ),
      );
    expect(mail?.text).toContain('Bea Beheer nodigt je uit als matchmaker bij Koppel');
    const token = decodeURIComponent(/access_token=([^&\s]+)/.exec(mail!.text)![1]!);

    // No password yet: nobody logs in.
    const early = await t.request('/api/auth/sign-in/email', {
      json: { email: 'nieuwe.matchmaker@test.koppel.example', password: 'nina-kiest-2026' },
    });
    expect(early.status).toBe(401);

    const reset = await t.request('/api/auth/reset-password', {
      json: { token, newPassword: 'nina-kiest-2026' },
    });
    expect(reset.status).toBe(200);
    const cookie = await t.login('nieuwe.matchmaker@test.koppel.example', 'nina-kiest-2026');
    const me = (await (await t.request('/api/me', { cookie })).json()) as { profile: { role: string } };
    expect(me.profile.role).toBe('matchmaker');
    // The link works once.
    const again = await t.request('/api/auth/reset-password', {
      json: { token, newPassword: 'iets-anders-2026' },
    });
    expect(again.status).toBe(400);

    const list = (await (await t.request('/api/admin/staff', { cookie: adminCookie })).json()) as {
      staff: StaffMember[];
    };
    expect(list.staff.find((s) => s.id === member.id)?.invitation_pending).toBe(false);
  });

  it('refuses an address that has an account, and bad input, in Dutch', async () => {
    const existing = await createClient(t.db);
    const taken = await t.request('/api/admin/staff', {
      cookie: adminCookie,
      json: { email: existing.email, full_name: 'Dubbel' },
    });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ error: MESSAGES.staffEmailTaken, code: 'STAFF_EMAIL_TAKEN' });
    for (const json of [{}, { email: 'geen-adres', full_name: 'X' }, { email: 'a@b.be', full_name: '' }]) {
      const response = await t.request('/api/admin/staff', { cookie: adminCookie, json });
      expect(response.status).toBe(400);
      expect((await response.json()).code).toBe('BAD_REQUEST');
    }
  });

  it("edits a matchmaker's public profile and photo; the public page shows it; deactivating hides it", async () => {
    const sofie = await createMatchmaker(t.db, { full_name: 'Sofie Peeters' });
    const client = await createClient(t.db, {
      full_name: 'Klant Van Sofie',
      assigned_matchmaker_id: sofie.id,
    });
    const saved = await put(`/api/admin/staff/${sofie.id}`, adminCookie, profileInput());
    expect(saved.status).toBe(200);
    const photo = await upload(`/api/admin/staff/${sofie.id}/photo`, adminCookie, await jpeg());
    expect(photo.status).toBe(200);
    const { member } = (await photo.json()) as { member: StaffMember };
    expect(member.profile_photo_url).toMatch(
      new RegExp(`^/api/matchmaker-photos/${sofie.id}/[0-9a-f-]{36}$`),
    );
    const served = await t.request(member.profile_photo_url!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta.exif).toBeUndefined();

    const page = (await (await t.request('/api/matchmakers/sofie-peeters')).json()) as {
      matchmaker: Record<string, unknown>;
    };
    expect(page.matchmaker).toMatchObject({
      bio: 'Nieuwe bio van Sofie',
      specialties: ['Tweede liefde', 'Expats'],
      years_experience: 13,
      calendly_link: 'https://calendly.com/sofie/intake',
      profile_photo_url: member.profile_photo_url,
    });

    const off = await put(`/api/admin/staff/${sofie.id}`, adminCookie, profileInput({ is_active: false }));
    expect(((await off.json()) as { member: StaffMember }).member.is_active).toBe(false);
    // Her photo goes with her page, except for staff (the console's preview).
    expect((await t.request(member.profile_photo_url!)).status).toBe(404);
    expect((await t.request(member.profile_photo_url!, { cookie: adminCookie })).status).toBe(200);
    const gone = await t.request('/api/matchmakers/sofie-peeters');
    expect(gone.status).toBe(404);
    expect((await gone.json()).error).toBe('Matchmaker Niet Gevonden');
    // Their clients are listed for reassignment.
    const detail = (await (
      await t.request(`/api/admin/staff/${sofie.id}`, { cookie: adminCookie })
    ).json()) as StaffDetail;
    expect(detail.clients).toEqual([{ id: client.id, full_name: 'Klant Van Sofie', tier: 'Relax' }]);
  });

  it('refuses bad profile input and an unknown matchmaker', async () => {
    const mm = await createMatchmaker(t.db);
    for (const json of [
      {},
      profileInput({ calendly_link: 'https://evil.example/x' }),
      profileInput({ years_experience: -1 }),
      profileInput({ specialties: Array(9).fill('x') }),
      profileInput({ bio: 'x'.repeat(601) }),
      profileInput({ is_active: 'ja' }),
    ]) {
      const response = await put(`/api/admin/staff/${mm.id}`, adminCookie, json);
      expect(response.status).toBe(400);
      expect((await response.json()).code).toBe('BAD_REQUEST');
    }
    const client = await createClient(t.db);
    for (const id of ['bestaat-niet', client.id]) {
      const response = await put(`/api/admin/staff/${id}`, adminCookie, profileInput());
      expect(response.status).toBe(404);
      expect((await response.json()).error).toBe(MESSAGES.matchmakerNotFound);
    }
    // A photo above the API's usual 256 KB body limit: these paths get the photo limit (10 MB).
    const noise = await sharp(
      Buffer.from(Array.from({ length: 700 * 700 * 3 }, () => Math.floor(Math.random() * 256))),
      {
        raw: { width: 700, height: 700, channels: 3 },
      },
    )
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(noise.byteLength).toBeGreaterThan(256 * 1024);
    expect((await upload(`/api/admin/staff/${mm.id}/photo`, adminCookie, noise)).status).toBe(200);
    const notImage = await upload(
      `/api/admin/staff/${mm.id}/photo`,
      adminCookie,
      new TextEncoder().encode('geen foto'),
    );
    expect(notImage.status).toBe(415);
  });
});

describe("a matchmaker's own public profile", () => {
  it('is edited by the matchmaker (own row only, never whether it is active)', async () => {
    const lotte = await createMatchmaker(t.db, { full_name: 'Lotte Eigen' });
    const other = await createMatchmaker(t.db, { full_name: 'Andere Matchmaker' });
    const cookie = await t.login(lotte.email);
    const saved = await put(
      '/api/me/matchmaker-profile',
      cookie,
      profileInput({ full_name: 'Lotte Eigen', is_active: false }),
    );
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { member: StaffMember }).member).toMatchObject({
      id: lotte.id,
      bio: 'Nieuwe bio van Sofie',
      is_active: true,
    });
    const own = (await (await t.request('/api/me/matchmaker-profile', { cookie })).json()) as {
      member: StaffMember;
    };
    expect(own.member.years_experience).toBe(13);
    expect((await upload('/api/me/matchmaker-profile/photo', cookie, await jpeg())).status).toBe(200);
    // Another matchmaker's row is the admin's.
    expect((await put(`/api/admin/staff/${other.id}`, cookie, profileInput())).status).toBe(403);
    // Clients and admins have no matchmaker profile of their own.
    const client = await createClient(t.db);
    expect(
      (await t.request('/api/me/matchmaker-profile', { cookie: await t.login(client.email) })).status,
    ).toBe(403);
    expect((await put('/api/me/matchmaker-profile', adminCookie, profileInput())).status).toBe(403);
    expect((await t.request('/api/me/matchmaker-profile')).status).toBe(401);
    expect((await put('/api/me/matchmaker-profile', cookie, { full_name: '' })).status).toBe(400);
  });
});

describe('clients', () => {
  it('reassigns a matchmaker and pauses matching, each in the audit trail with who did it', async () => {
    const from = await createMatchmaker(t.db, { full_name: 'Oude Matchmaker' });
    const to = await createMatchmaker(t.db, { full_name: 'Nieuwe Matchmaker' });
    const inactive = await createMatchmaker(t.db, { matchmaker: { is_active: false } });
    const client = await createClient(t.db, { full_name: 'Karel Klant', assigned_matchmaker_id: from.id });
    await createPurchase(t.db, {
      client_id: client.id,
      tier: 'Persoonlijk',
      paid_at: new Date(Date.now() - 10 * 86_400_000),
    });

    const refused = await put(`/api/admin/clients/${client.id}/matchmaker`, adminCookie, {
      matchmaker_id: inactive.id,
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toBe(MESSAGES.adminMatchmakerInactive);

    const moved = await put(`/api/admin/clients/${client.id}/matchmaker`, adminCookie, {
      matchmaker_id: to.id,
    });
    expect(moved.status).toBe(200);
    const paused = await put(`/api/admin/clients/${client.id}/pause`, adminCookie, { paused: true });
    const { client: after } = (await paused.json()) as { client: AdminClient };
    expect(after).toMatchObject({
      full_name: 'Karel Klant',
      tier: 'Persoonlijk',
      subscription_status: 'active',
      assigned_matchmaker_id: to.id,
      assigned_matchmaker_name: 'Nieuwe Matchmaker',
    });
    expect(after.matching_paused_at).not.toBeNull();
    expect(after.payments).toHaveLength(1);
    expect(after.payments[0]).toMatchObject({ tier: 'Persoonlijk', currency: 'eur' });
    expect(after.audit.map((e) => [e.detail, e.actor_name])).toEqual([
      ['Matching gepauzeerd', 'Bea Beheer'],
      ['Matchmaker: Oude Matchmaker → Nieuwe Matchmaker', 'Bea Beheer'],
    ]);
    // Each one the change concerns is told (in the transaction of the change).
    const templates = async (to: string) =>
      (await t.db.select().from(email_outbox).where(eq(email_outbox.to_address, to))).map((m) => m.template);
    expect(await templates(to.email)).toContain('admin-client-assigned');
    expect(await templates(from.email)).toContain('admin-client-reassigned');
    const [told] = await t.db
      .select()
      .from(email_outbox)
      .where(
        and(
          eq(email_outbox.to_address, client.email),
          eq(email_outbox.template, 'client-matchmaker-changed'),
        ),
      );
    expect(told?.text).toContain('Vanaf nu begeleidt Nieuwe Matchmaker je bij Koppel');
    // The refused change told nobody.
    expect(await templates(inactive.email)).not.toContain('admin-client-assigned');
    // The client's own settings show the pause.
    const settings = await t.request('/api/me/settings', { cookie: await t.login(client.email) });
    expect(settings.status).toBe(200);
    expect((await settings.json()).settings.matching_paused_at).toBe(after.matching_paused_at);
  });

  it('answers 404 for an unknown client or a staff member, 400 for bad input', async () => {
    const mm = await createMatchmaker(t.db);
    for (const id of ['bestaat-niet', mm.id]) {
      const response = await t.request(`/api/admin/clients/${id}`, { cookie: adminCookie });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: MESSAGES.clientNotFound, code: 'CLIENT_NOT_FOUND' });
    }
    const client = await createClient(t.db);
    for (const json of [{}, { matchmaker_id: 5 }, { matchmaker_id: '' }]) {
      expect((await put(`/api/admin/clients/${client.id}/matchmaker`, adminCookie, json)).status).toBe(400);
    }
    expect((await put(`/api/admin/clients/${client.id}/pause`, adminCookie, { paused: 'ja' })).status).toBe(
      400,
    );
    const unknown = await put(`/api/admin/clients/${client.id}/matchmaker`, adminCookie, {
      matchmaker_id: 'niemand',
    });
    expect(unknown.status).toBe(404);
  });
});

describe('feedback', () => {
  it('lists matchmaker and intake feedback with names, anonymous marked, filtered, and as CSV', async () => {
    const mm = await createMatchmaker(t.db, { full_name: 'Feedback Matchmaker' });
    const anna = await createClient(t.db, { full_name: 'Anna Anoniem', assigned_matchmaker_id: mm.id });
    const bert = await createClient(t.db, { full_name: 'Bert Open', assigned_matchmaker_id: mm.id });
    const period = {
      feedback_period_start: new Date('2026-01-01T00:00:00Z'),
      feedback_period_end: new Date('2026-04-01T00:00:00Z'),
    };
    await t.db.insert(matchmaker_feedback).values([
      {
        client_id: anna.id,
        matchmaker_id: mm.id,
        overall_satisfaction_rating: 5,
        communication_rating: 4,
        feedback_text: '=SOM(A1) "fijn"',
        is_anonymous: true,
        created_at: new Date('2026-03-10T10:00:00Z'),
        ...period,
      },
      {
        client_id: bert.id,
        matchmaker_id: mm.id,
        overall_satisfaction_rating: 3,
        is_anonymous: false,
        created_at: new Date('2026-05-10T10:00:00Z'),
        ...period,
      },
    ]);
    const session = await createIntakeSession(t.db, {
      user_id: bert.id,
      assigned_matchmaker_id: mm.id,
      status: 'completed',
    });
    await createIntakeFeedback(t.db, {
      intake_session_id: session!.id,
      client_id: bert.id,
      matchmaker_id: mm.id,
      submitted_at: new Date('2026-02-01T10:00:00Z'),
      overall_satisfaction_rating: 4,
      professionalism_rating: 5,
      improvement_feedback: 'Iets korter',
    });

    const all = await t.request(`/api/admin/feedback?matchmaker_id=${mm.id}`, { cookie: adminCookie });
    expect(all.status).toBe(200);
    const { feedback } = (await all.json()) as { feedback: AdminFeedbackEntry[] };
    expect(feedback.map((f) => [f.kind, f.client_name, f.is_anonymous, f.overall])).toEqual([
      ['matchmaker', 'Bert Open', false, 3],
      ['matchmaker', 'Anna Anoniem', true, 5],
      ['intake', 'Bert Open', true, 4],
    ]);
    expect(feedback[1]!.ratings).toEqual({ Communicatie: 4 });

    const march = await t.request(
      `/api/admin/feedback?matchmaker_id=${mm.id}&from=2026-03-01&to=2026-03-31`,
      {
        cookie: adminCookie,
      },
    );
    expect(
      ((await march.json()) as { feedback: AdminFeedbackEntry[] }).feedback.map((f) => f.client_name),
    ).toEqual(['Anna Anoniem']);

    const csv = await t.request(`/api/admin/feedback/export?matchmaker_id=${mm.id}`, { cookie: adminCookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      '"Soort";"Datum";"Matchmaker";"Klant";"Anoniem";"Algemeen";"Andere scores";"Feedback";"Suggesties"',
    );
    expect(lines[2]).toContain('"Anna Anoniem";"ja";"5";"Communicatie: 4";"\'=SOM(A1) ""fijn"""');

    const bad = await t.request('/api/admin/feedback?from=2026-05-01&to=2026-04-01', { cookie: adminCookie });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: MESSAGES.feedbackPeriodInvalid,
      code: 'FEEDBACK_PERIOD_INVALID',
    });
    expect((await t.request('/api/admin/feedback?from=gisteren', { cookie: adminCookie })).status).toBe(400);
  });
});

describe("the agency's numbers and the success rate", () => {
  it('counts clients by tier, revenue by month, matches by status, ratings per matchmaker', async () => {
    // The agency's totals count every row: on an app of the test's own they are exactly what it made.
    const own = await createTestApp();
    try {
      const ownAdmin = await createAdmin(own.db, { full_name: 'Bea Beheer' });
      const mm = await createMatchmaker(own.db, { full_name: 'Feedback Matchmaker' });
      const anna = await createClient(own.db, { full_name: 'Anna Relax', assigned_matchmaker_id: mm.id });
      const bert = await createClient(own.db, {
        full_name: 'Bert Persoonlijk',
        assigned_matchmaker_id: mm.id,
      });
      const cara = await createClient(own.db, {
        full_name: 'Cara Relax Plus',
        assigned_matchmaker_id: mm.id,
      });
      const DAY = 86_400_000;
      await createPurchase(own.db, {
        client_id: bert.id,
        tier: 'Persoonlijk',
        paid_at: new Date(Date.now() - 10 * DAY),
      });
      await createPurchase(own.db, {
        client_id: cara.id,
        tier: 'Relax+',
        paid_at: new Date(Date.now() - 40 * DAY),
      });
      const period = {
        feedback_period_start: new Date('2026-01-01T00:00:00Z'),
        feedback_period_end: new Date('2026-04-01T00:00:00Z'),
      };
      await own.db.insert(matchmaker_feedback).values([
        { client_id: anna.id, matchmaker_id: mm.id, overall_satisfaction_rating: 5, ...period },
        { client_id: bert.id, matchmaker_id: mm.id, overall_satisfaction_rating: 3, ...period },
      ]);
      const session = await createIntakeSession(own.db, {
        user_id: bert.id,
        assigned_matchmaker_id: mm.id,
        status: 'completed',
      });
      await createIntakeFeedback(own.db, {
        intake_session_id: session.id,
        client_id: bert.id,
        matchmaker_id: mm.id,
        submitted_at: new Date(Date.now() - DAY),
        overall_satisfaction_rating: 4,
      });
      await createMatch(own.db, {
        clientA: anna.id,
        clientB: bert.id,
        matchmaker_id: mm.id,
        status: 'accepted',
      });
      await createMatch(own.db, {
        clientA: anna.id,
        clientB: cara.id,
        matchmaker_id: mm.id,
        status: 'rejected',
      });
      await createMatch(own.db, { clientA: bert.id, clientB: cara.id, matchmaker_id: mm.id });

      const response = await own.request('/api/admin/stats', { cookie: await own.login(ownAdmin.email) });
      expect(response.status).toBe(200);
      const stats = (await response.json()) as AgencyStats;
      expect(stats.clients_by_tier.map((r) => r.tier)).toEqual([
        'Relax',
        'Relax+',
        'Persoonlijk',
        'Persoonlijk+',
      ]);
      expect(stats.clients_by_tier.find((r) => r.tier === 'Persoonlijk')!.count).toBeGreaterThanOrEqual(1);
      expect(stats.clients_by_tier.map((r) => r.count)).toEqual([1, 1, 1, 0]);
      expect(stats.revenue_by_month).toHaveLength(12);
      const revenue = stats.revenue_by_month.reduce((sum, m) => sum + m.amount_total, 0);
      expect(revenue).toBeGreaterThan(0);
      expect(revenue).toBe((tierInfo('Persoonlijk').price + tierInfo('Relax+').price) * 100);
      expect(stats.matches_by_status).toHaveLength(6);
      expect(Object.fromEntries(stats.matches_by_status.map((r) => [r.status, r.count]))).toEqual({
        proposed: 1,
        accepted: 1,
        rejected: 1,
        scheduled: 0,
        completed: 0,
        cancelled: 0,
      });
      const fm = stats.ratings_by_matchmaker.find((r) => r.matchmaker_name === 'Feedback Matchmaker');
      expect(fm).toMatchObject({
        matchmaker_feedback: 4,
        matchmaker_feedback_count: 2,
        intake_feedback: 4,
        intake_feedback_count: 1,
      });
      expect(stats.ratings_by_matchmaker.map((r) => r.matchmaker_id)).toEqual([mm.id]);
    } finally {
      await own.close();
    }
  });

  it('computes the success rate from decided proposals, from 5 on (decision 017)', async () => {
    const mm = await createMatchmaker(t.db, { full_name: 'Rate Matchmaker' });
    const rate = async () =>
      (
        (await (await t.request('/api/admin/staff', { cookie: adminCookie })).json()) as {
          staff: StaffMember[];
        }
      ).staff.find((s) => s.id === mm.id)!.success_rate;
    await createDecidedMatches(t.db, { matchmaker_id: mm.id, accepted: 3, rejected: 1 });
    expect(await rate()).toBeNull();
    await createDecidedMatches(t.db, { matchmaker_id: mm.id, accepted: 0, rejected: 1 });
    expect(await rate()).toBe(60);
    await createDecidedMatches(t.db, { matchmaker_id: mm.id, accepted: 1, rejected: 0 });
    expect(await rate()).toBe(67);
  });
});
