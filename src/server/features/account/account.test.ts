import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages';
import { ACTIVITY_REFRESH_MS } from '../../auth/activity';
import { createClient } from '../../db/factories';
import { user_profiles } from '../../db/schema';
import { expectRefused } from '../../test/expect-refused';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/me', () => {
  it('answers 401 with the spec text without a session', async () => {
    const response = await t.request('/api/me');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: MESSAGES.notAuthenticated, code: 'NOT_AUTHENTICATED' });
  });

  it('answers 401 for a forged session cookie', async () => {
    const response = await t.request('/api/me', { cookie: 'koppel.session_token=vervalst.abc' });
    await expectRefused(response, 401, 'NOT_AUTHENTICATED');
  });

  it('returns the user and their own profile, and refreshes activity (a restored session)', async () => {
    const client = await createClient(t.db, {
      full_name: 'Mira Aerts',
      tier: 'Relax+',
      inactivity_status: 'dormant',
      last_activity_at: new Date('2026-01-01T00:00:00Z'),
    });
    const other = await createClient(t.db);
    const cookie = await t.login(client.email);
    // Issue 19: activity is written at most once per ACTIVITY_REFRESH_MS; the sign-in just did.
    t.clock.setOffset(ACTIVITY_REFRESH_MS + 60_000);
    const response = await t.request('/api/me', { cookie });
    t.clock.setOffset(0);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.user).toEqual({ id: client.id, email: client.email });
    expect(body.profile).toMatchObject({
      id: client.id,
      role: 'client',
      tier: 'Relax+',
      full_name: 'Mira Aerts',
    });
    expect(body.profile.inactivity_status).toBe('active');
    expect(new Date(body.profile.last_activity_at).getTime()).toBeGreaterThan(Date.now());
    // Issue 19: last_login_at is the sign-in time, not moved by a restored session.
    expect(new Date(body.profile.last_login_at).getTime()).toBeLessThan(
      new Date(body.profile.last_activity_at).getTime() - ACTIVITY_REFRESH_MS,
    );
    expect(JSON.stringify(body)).not.toContain(other.id);
    const [stored] = await t.db.select().from(user_profiles).where(eq(user_profiles.id, client.id));
    expect(stored?.inactivity_status).toBe('active');
  });

  it('answers profile null for an account whose profile is gone (the page shows Profiel Niet Gevonden)', async () => {
    const client = await createClient(t.db);
    const cookie = await t.login(client.email);
    await t.db.delete(user_profiles).where(eq(user_profiles.id, client.id));
    const response = await t.request('/api/me', { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      user: { id: client.id, email: client.email },
      profile: null,
      account_inactive: false,
    });
    await expectRefused(await t.request('/api/me/proposed-matches', { cookie }), 403, 'UNAUTHORIZED');
  });
});

describe('GET /api/session', () => {
  it('answers a visitor 200 with session null (no 401 for pages open to everyone)', async () => {
    for (const cookie of [undefined, 'koppel.session_token=vervalst.abc']) {
      const response = await t.request('/api/session', { cookie });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ session: null });
    }
  });

  it('answers a signed-in user with exactly what /api/me answers, and only their own', async () => {
    const client = await createClient(t.db, { full_name: 'Sien Wouters' });
    const other = await createClient(t.db);
    const cookie = await t.login(client.email);
    const { session } = await (await t.request('/api/session', { cookie })).json();
    const me = await (await t.request('/api/me', { cookie })).json();
    expect(session.user).toEqual({ id: client.id, email: client.email });
    expect(session.profile).toMatchObject({ id: client.id, role: 'client', full_name: 'Sien Wouters' });
    expect({ ...session.profile, last_activity_at: null, last_login_at: null, updated_at: null }).toEqual({
      ...me.profile,
      last_activity_at: null,
      last_login_at: null,
      updated_at: null,
    });
    expect(JSON.stringify(session)).not.toContain(other.id);
  });
});

describe('the name', () => {
  it('has one source: a name changed through the auth library is the profile full_name too', async () => {
    const client = await createClient(t.db, { full_name: 'Oude Naam' });
    const cookie = await t.login(client.email);
    const update = await t.request('/api/auth/update-user', { cookie, json: { name: 'Nieuwe Naam' } });
    expect(update.status).toBe(200);
    const me = (await (await t.request('/api/me', { cookie })).json()) as { profile: { full_name: string } };
    expect(me.profile.full_name).toBe('Nieuwe Naam');
  });
});
