import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientsToReassign } from '../../../shared/admin';
import { MESSAGES } from '../../../shared/messages';
import { type CreatedUser, createAdmin, createClient, createMatchmaker } from '../../db/factories';
import { admin_audit_events, matchmaker_profiles, session } from '../../db/schema';
import { expectRefused } from '../../test/expect-refused';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Issue 26 (decision 024): an admin deactivating a matchmaker ends their sessions at once; every
 * staff route refuses them (403 ACCOUNT_INACTIVE); the admin home lists their clients to reassign.
 */

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createAdmin(t.db, { full_name: 'Bea Beheer' });
  adminCookie = await t.login(admin.email);
});
afterAll(async () => {
  await t?.close();
});

const profileInput = (full_name: string, is_active: boolean) => ({
  full_name,
  bio: 'Matchmaker in Gent.',
  about_me: null,
  specialties: [],
  years_experience: 4,
  calendly_link: '',
  is_active,
});
const setActive = (member: CreatedUser, is_active: boolean, cookie = adminCookie) =>
  t.request(`/api/admin/staff/${member.id}`, {
    method: 'PUT',
    cookie,
    json: profileInput(member.full_name, is_active),
  });

async function activeMatchmaker(name: string) {
  const member = await createMatchmaker(t.db, { full_name: name, matchmaker: { is_active: true } });
  return { ...member, cookie: await t.login(member.email) };
}
async function toReassign(cookie = adminCookie): Promise<ClientsToReassign> {
  const response = await t.request('/api/admin/clients-to-reassign', { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { matchmakers: ClientsToReassign }).matchmakers;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { requestBody?: unknown }>>;
}

describe('deactivating a matchmaker', () => {
  it('ends their sessions at once, records it, and lifts it when they are activated again', async () => {
    const marc = await activeMatchmaker('Marc Stopt');
    const secondTab = await t.login(marc.email);
    expect((await t.request('/api/matchmaker/clients', { cookie: marc.cookie })).status).toBe(200);

    const response = await setActive(marc, false);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { member: { is_active: boolean } }).member.is_active).toBe(false);
    const [profile] = await t.db
      .select()
      .from(matchmaker_profiles)
      .where(eq(matchmaker_profiles.id, marc.id));
    const deactivatedAt = profile!.deactivated_at!.getTime();
    expect(deactivatedAt).toBeGreaterThan(t.clock.now().getTime() - 60_000);
    expect(deactivatedAt).toBeLessThanOrEqual(t.clock.now().getTime());
    expect(await t.db.select().from(session).where(eq(session.userId, marc.id))).toEqual([]);
    for (const cookie of [marc.cookie, secondTab]) {
      await expectRefused(await t.request('/api/matchmaker/clients', { cookie }), 401, 'NOT_AUTHENTICATED');
      await expectRefused(await t.request('/api/me', { cookie }), 401, 'NOT_AUTHENTICATED');
    }
    const audit = await t.db
      .select()
      .from(admin_audit_events)
      .where(eq(admin_audit_events.subject_id, marc.id));
    expect(audit.map((e) => e.detail)).toContain('Publiek profiel bewerkt, gedeactiveerd');

    // Saving the profile again while inactive keeps the moment of deactivation.
    t.clock.setOffset(60_000);
    try {
      expect((await setActive(marc, false)).status).toBe(200);
    } finally {
      t.clock.setOffset(0);
    }
    const [same] = await t.db.select().from(matchmaker_profiles).where(eq(matchmaker_profiles.id, marc.id));
    expect(same!.deactivated_at).toEqual(profile!.deactivated_at);

    // Active again: they work as before.
    expect((await setActive(marc, true)).status).toBe(200);
    const [back] = await t.db.select().from(matchmaker_profiles).where(eq(matchmaker_profiles.id, marc.id));
    expect(back!.deactivated_at).toBeNull();
    const cookie = await t.login(marc.email);
    expect((await t.request('/api/matchmaker/clients', { cookie })).status).toBe(200);
  });

  it('a new sign-in reaches who-am-I and nothing else: every staff route answers 403 ACCOUNT_INACTIVE', async () => {
    const lien = await activeMatchmaker('Lien Inactief');
    const client = await createClient(t.db, {
      full_name: 'Klant Van Lien',
      tier: 'Persoonlijk',
      subscription_status: 'active',
      assigned_matchmaker_id: lien.id,
      contract_status: 'active_for_matching',
    });
    const partner = await createClient(t.db, {
      full_name: 'Partner Klant',
      tier: 'Persoonlijk',
      subscription_status: 'active',
      assigned_matchmaker_id: lien.id,
      contract_status: 'active_for_matching',
    });
    expect((await setActive(lien, false)).status).toBe(200);

    // The password is right: the sign-in succeeds (the web then shows the Dutch page).
    const cookie = await t.login(lien.email);
    const me = await t.request('/api/me', { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ profile: { role: 'matchmaker' }, account_inactive: true });
    const whoAmI = await t.request('/api/session', { cookie });
    expect(await whoAmI.json()).toMatchObject({ session: { account_inactive: true } });

    // Each kind of staff route: lists, a client's file, magic match, proposing, the dashboard, settings.
    const probes: [string, string, unknown?][] = [
      ['GET', '/api/clients?q=Klant'],
      ['GET', '/api/matchmaker/clients'],
      ['GET', `/api/matchmaker/clients/${client.id}`],
      ['GET', '/api/matchmaker/magic-match/clients'],
      ['GET', `/api/matchmaker/clients/${client.id}/magic-match`],
      ['GET', `/api/matchmaker/clients/${client.id}/magic-match/overview`],
      ['POST', '/api/matches', { client1_id: client.id, client2_id: partner.id }],
      ['GET', '/api/matches'],
      ['GET', '/api/matchmaker/dashboard'],
      ['GET', '/api/matchmaker-feedback'],
      ['GET', '/api/me/settings'],
      ['GET', '/api/me/matchmaker-profile'],
      ['PUT', '/api/me/matchmaker-profile', profileInput('Lien Inactief', true)],
    ];
    for (const [method, path, json] of probes) {
      await expectRefused(await t.request(path, { method, cookie, json }), 403, 'ACCOUNT_INACTIVE', {
        error: MESSAGES.accountInactive,
        label: `${method} ${path}`,
      });
    }
    const [still] = await t.db.select().from(matchmaker_profiles).where(eq(matchmaker_profiles.id, lien.id));
    expect(still!.is_active).toBe(false);

    // Every other operation of the API that needs a session refuses them too (a bad body may be a
    // 400 first); none answers them.
    const doc = (await (await t.request('/api/openapi.json')).json()) as OpenApiDocument;
    // Who-am-I, and the two-factor status the setup page asks first: nothing of the agency.
    const allowed = new Set(['get /api/me', 'get /api/session', 'get /api/me/two-factor']);
    let checked = 0;
    for (const [template, item] of Object.entries(doc.paths)) {
      if (
        !template.startsWith('/api/') ||
        template.startsWith('/api/auth/') ||
        template.includes('webhook')
      ) {
        continue;
      }
      const path = template.replace(/\{[^}]+\}/g, randomUUID());
      for (const [method, operation] of Object.entries(item)) {
        const key = `${method} ${template}`;
        const visitor = await t.request(path, { method: method.toUpperCase() });
        if (visitor.status !== 401 || allowed.has(key)) continue;
        const answer = await t.request(path, { method: method.toUpperCase(), cookie });
        checked++;
        if (operation.requestBody) expect([400, 403, 415], key).toContain(answer.status);
        else await expectRefused(answer, 403, 'ACCOUNT_INACTIVE', { label: key });
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('an invited matchmaker (inactive, not yet public) was never deactivated and keeps working', async () => {
    const invited = await t.request('/api/admin/staff', {
      cookie: adminCookie,
      json: { email: 'nieuw.deactivatie@test.koppel.example', full_name: 'Nina Nieuw' },
    });
    expect(invited.status).toBe(201);
    const newcomer = await createMatchmaker(t.db, { full_name: 'Nog Niet Publiek' });
    const cookie = await t.login(newcomer.email);
    expect((await t.request('/api/matchmaker/clients', { cookie })).status).toBe(200);
    const me = await t.request('/api/me', { cookie });
    expect(await me.json()).toMatchObject({ account_inactive: false });
  });

  it('refuses the wrong actor and bad input, and deactivates nobody then', async () => {
    const sam = await activeMatchmaker('Sam Blijft');
    const other = await activeMatchmaker('Other Matchmaker');
    const client = await createClient(t.db, { full_name: 'Klant Probeert' });
    const clientCookie = await t.login(client.email);
    await expectRefused(await setActive(sam, false, other.cookie), 403, 'UNAUTHORIZED');
    await expectRefused(await setActive(sam, false, clientCookie), 403, 'UNAUTHORIZED');
    await expectRefused(
      await t.request(`/api/admin/staff/${sam.id}`, { method: 'PUT', json: profileInput('Sam', false) }),
      401,
      'NOT_AUTHENTICATED',
    );
    // A matchmaker's own profile never carries `is_active`.
    const own = await t.request('/api/me/matchmaker-profile', {
      method: 'PUT',
      cookie: sam.cookie,
      json: profileInput('Sam Blijft', false),
    });
    expect(own.status).toBe(200);
    await expectRefused(
      await t.request('/api/admin/staff/bad%20id', {
        method: 'PUT',
        cookie: adminCookie,
        json: profileInput('Sam', false),
      }),
      400,
      'BAD_REQUEST',
    );
    await expectRefused(
      await t.request(`/api/admin/staff/${sam.id}`, {
        method: 'PUT',
        cookie: adminCookie,
        json: { ...profileInput('Sam', false), is_active: 'nee' },
      }),
      400,
      'BAD_REQUEST',
    );
    await expectRefused(
      await t.request(`/api/admin/staff/${randomUUID()}`, {
        method: 'PUT',
        cookie: adminCookie,
        json: profileInput('Niemand', false),
      }),
      404,
      'MATCHMAKER_NOT_FOUND',
    );
    const [profile] = await t.db.select().from(matchmaker_profiles).where(eq(matchmaker_profiles.id, sam.id));
    expect(profile).toMatchObject({ is_active: true, deactivated_at: null });
    expect((await t.request('/api/matchmaker/clients', { cookie: sam.cookie })).status).toBe(200);
  });
});

describe('GET /api/admin/clients-to-reassign', () => {
  it("lists a deactivated matchmaker's clients until each is reassigned", async () => {
    const jef = await activeMatchmaker('Jef Gestopt');
    const ilse = await activeMatchmaker('Ilse Neemt Over');
    const [zoe, arne] = [
      await createClient(t.db, {
        full_name: 'Zoë Zonder',
        tier: 'Persoonlijk',
        assigned_matchmaker_id: jef.id,
      }),
      await createClient(t.db, { full_name: 'Arne Achter', tier: 'Relax+', assigned_matchmaker_id: jef.id }),
    ];
    expect((await toReassign()).find((m) => m.id === jef.id)).toBeUndefined();
    expect((await setActive(jef, false)).status).toBe(200);

    const listed = (await toReassign()).find((m) => m.id === jef.id);
    expect(listed).toEqual({
      id: jef.id,
      full_name: 'Jef Gestopt',
      deactivated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      clients: [
        { id: arne.id, full_name: 'Arne Achter', tier: 'Relax+' },
        { id: zoe!.id, full_name: 'Zoë Zonder', tier: 'Persoonlijk' },
      ],
    });
    // Not to the deactivated matchmaker again; to an active one, yes.
    await expectRefused(
      await t.request(`/api/admin/clients/${zoe!.id}/matchmaker`, {
        method: 'PUT',
        cookie: adminCookie,
        json: { matchmaker_id: jef.id },
      }),
      409,
      'MATCHMAKER_INACTIVE',
    );
    const moved = await t.request(`/api/admin/clients/${zoe!.id}/matchmaker`, {
      method: 'PUT',
      cookie: adminCookie,
      json: { matchmaker_id: ilse.id },
    });
    expect(moved.status).toBe(200);
    expect((await toReassign()).find((m) => m.id === jef.id)?.clients.map((c) => c.id)).toEqual([arne.id]);
    expect((await toReassign()).find((m) => m.id === ilse.id)).toBeUndefined();
  });

  it('is for admins only', async () => {
    const mm = await activeMatchmaker('Niet Beheer');
    const client = await createClient(t.db, { full_name: 'Ook Niet Beheer' });
    await expectRefused(
      await t.request('/api/admin/clients-to-reassign', { cookie: mm.cookie }),
      403,
      'UNAUTHORIZED',
    );
    await expectRefused(
      await t.request('/api/admin/clients-to-reassign', { cookie: await t.login(client.email) }),
      403,
      'UNAUTHORIZED',
    );
    await expectRefused(await t.request('/api/admin/clients-to-reassign'), 401, 'NOT_AUTHENTICATED');
    expect((await setActive(mm, false)).status).toBe(200);
    await expectRefused(
      await t.request('/api/admin/clients-to-reassign', { cookie: await t.login(mm.email) }),
      403,
      'ACCOUNT_INACTIVE',
    );
  });
});
