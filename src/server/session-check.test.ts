import { desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { ACTIVITY_REFRESH_MS } from './auth/activity';
import { createSessionLookup, verifySignedCookie } from './auth/session-lookup';
import { createClient, createMatch, createMatchmaker, TEST_PASSWORD } from './db/factories';
import { email_outbox, matchmaker_profiles, session, user_profiles } from './db/schema';
import { createLogger } from './lib/logger';
import { expectRefused } from './test/expect-refused';
import { createTestApp, ORIGIN, sessionCookie, type TestApp } from './test/test-app';

/**
 * Issue 19 item 3: the one-query session lookup keeps every refusal. Two app instances share one
 * database, as two server processes would: what one ends, the other refuses on the next request.
 */
let a: TestApp;
let b: ReturnType<typeof createApp>;

beforeAll(async () => {
  a = await createTestApp();
  b = createApp({ database: a.database, env: a.env, logger: createLogger('silent'), clock: a.clock });
});
afterAll(async () => {
  await a?.close();
});

const onB = (path: string, init: { cookie?: string; json?: unknown; method?: string } = {}) =>
  b.app.request(
    path,
    {
      method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
      headers: {
        origin: ORIGIN,
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    },
    { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
  );

async function profileOf(id: string) {
  const [row] = await a.db.select().from(user_profiles).where(eq(user_profiles.id, id));
  return row!;
}

describe('session check across two app instances (issue 19)', () => {
  it('a forged or unsigned session cookie is refused, a real one accepted on both', async () => {
    const client = await createClient(a.db, { email: 'sessie1@example.be' });
    const cookie = await a.login(client.email);
    expect((await a.request('/api/me', { cookie })).status).toBe(200);
    expect((await onB('/api/me', { cookie })).status).toBe(200);
    const token = cookie.split('=')[1]!.split('.')[0]!;
    const forged = `koppel.session_token=${token}.${'A'.repeat(43)}=`;
    await expectRefused(await onB('/api/me', { cookie: forged }), 401, 'NOT_AUTHENTICATED');
    await expectRefused(
      await onB('/api/me', { cookie: `koppel.session_token=${token}` }),
      401,
      'NOT_AUTHENTICATED',
    );
    expect(verifySignedCookie(`${token}.${'A'.repeat(43)}=`, a.env.AUTH_SECRET)).toBeNull();
  });

  it('signed out on one server: refused on the other at the next request', async () => {
    const client = await createClient(a.db, { email: 'sessie2@example.be' });
    const cookie = await a.login(client.email);
    expect((await onB('/api/me/settings', { cookie })).status).toBe(200);
    const out = await a.request('/api/auth/sign-out', { cookie, json: {} });
    expect(out.status).toBe(200);
    await expectRefused(await onB('/api/me', { cookie }), 401, 'NOT_AUTHENTICATED');
    await expectRefused(await onB('/api/me/settings', { cookie }), 401, 'NOT_AUTHENTICATED');
    const sessionResponse = await onB('/api/session', { cookie });
    expect(await sessionResponse.json()).toEqual({ session: null });
  });

  it('a password change on one server ends the other sessions on both', async () => {
    const client = await createClient(a.db, { email: 'sessie3@example.be' });
    const phone = await a.login(client.email);
    const laptop = await a.login(client.email);
    expect((await onB('/api/me', { cookie: phone })).status).toBe(200);
    const changed = await onB('/api/auth/change-password', {
      cookie: laptop,
      json: { currentPassword: TEST_PASSWORD, newPassword: 'een-heel-nieuw-wachtwoord-77' },
    });
    expect(changed.status).toBe(200);
    await expectRefused(await a.request('/api/me', { cookie: phone }), 401, 'NOT_AUTHENTICATED');
    await expectRefused(await onB('/api/me', { cookie: phone }), 401, 'NOT_AUTHENTICATED');
  });

  it('a password reset ends every session, on both servers', async () => {
    const client = await createClient(a.db, { email: 'sessie4@example.be' });
    const cookie = await a.login(client.email);
    expect((await onB('/api/me', { cookie })).status).toBe(200);
    const asked = await a.request('/api/auth/request-password-reset', {
      json: { email: client.email, redirectTo: '/reset-password' },
    });
    expect(asked.status).toBe(200);
    const [mail] = await a.db
      .select()
      .from(email_outbox)
      .where(eq(email_outbox.to_address, client.email))
      .orderBy(desc(email_outbox.created_at));
    const token = decodeURIComponent(mail!.text.match(/access_token=([^&\s]+)/)![1]!);
    const reset = await onB('/api/auth/reset-password', {
      json: { newPassword: 'weer-een-nieuw-wachtwoord-88', token },
    });
    expect(reset.status).toBe(200);
    await expectRefused(await a.request('/api/me', { cookie }), 401, 'NOT_AUTHENTICATED');
    await expectRefused(await onB('/api/me', { cookie }), 401, 'NOT_AUTHENTICATED');
  });

  it('a deleted account (its sessions gone) is refused on both', async () => {
    const client = await createClient(a.db, { email: 'sessie5@example.be' });
    const cookie = await a.login(client.email);
    const other = await a.login(client.email);
    const deleted = await a.request('/api/me', {
      cookie,
      method: 'DELETE',
      json: { password: TEST_PASSWORD, confirmation: 'VERWIJDER' },
    });
    expect(deleted.status).toBe(200);
    await expectRefused(await onB('/api/me', { cookie: other }), 401, 'NOT_AUTHENTICATED');
    await expectRefused(await a.request('/api/me/settings', { cookie: other }), 401, 'NOT_AUTHENTICATED');
  });

  it('an expired session is refused', async () => {
    const client = await createClient(a.db, { email: 'sessie6@example.be' });
    const cookie = await a.login(client.email);
    await a.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, client.id));
    await expectRefused(await onB('/api/me', { cookie }), 401, 'NOT_AUTHENTICATED');
  });

  it("a read made in the lookup's statement (proposed matches) refuses as the lookup does (decision 049)", async () => {
    const client = await createClient(a.db, { email: 'sessie8@example.be' });
    const other = await createClient(a.db, { email: 'sessie9@example.be', full_name: 'Jonas Peeters' });
    const stranger = await createClient(a.db, { email: 'sessie10@example.be' });
    await createMatch(a.db, {
      clientA: client.id,
      clientB: other.id,
      status: 'proposed',
      now: a.clock.now(),
    });
    await createMatch(a.db, {
      clientA: other.id,
      clientB: stranger.id,
      status: 'proposed',
      now: a.clock.now(),
    });
    const cookie = await a.login(client.email);
    const listed = await onB('/api/me/proposed-matches', { cookie });
    expect(listed.status).toBe(200);
    const { matches } = (await listed.json()) as { matches: { other: { first_name: string } }[] };
    expect(matches.map((m) => m.other.first_name)).toEqual(['Jonas']);

    await expectRefused(
      await onB('/api/me/proposed-matches', { cookie: `koppel.session_token=x.${'A'.repeat(43)}=` }),
      401,
      'NOT_AUTHENTICATED',
    );
    const staff = await a.login((await createMatchmaker(a.db, { email: 'sessie11@example.be' })).email);
    await expectRefused(await onB('/api/me/proposed-matches', { cookie: staff }), 403, 'UNAUTHORIZED');

    const out = await a.request('/api/auth/sign-out', { cookie, json: {} });
    expect(out.status).toBe(200);
    await expectRefused(await onB('/api/me/proposed-matches', { cookie }), 401, 'NOT_AUTHENTICATED');

    const again = await a.login(client.email);
    expect((await onB('/api/me/proposed-matches', { cookie: again })).status).toBe(200);
    await a.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, client.id));
    await expectRefused(await onB('/api/me/proposed-matches', { cookie: again }), 401, 'NOT_AUTHENTICATED');
  });

  it("the matches list, read in the lookup's statement, refuses a client, a deactivated matchmaker and a signed-out one (decision 049)", async () => {
    const client = await createClient(a.db, { email: 'sessie12@example.be' });
    await expectRefused(
      await onB('/api/matches', { cookie: await a.login(client.email) }),
      403,
      'UNAUTHORIZED',
    );
    const matchmaker = await createMatchmaker(a.db, { email: 'sessie13@example.be' });
    const cookie = await a.login(matchmaker.email);
    expect((await onB('/api/matches?status=proposed', { cookie })).status).toBe(200);
    await a.db
      .update(matchmaker_profiles)
      .set({ deactivated_at: new Date() })
      .where(eq(matchmaker_profiles.id, matchmaker.id));
    await expectRefused(await onB('/api/matches', { cookie }), 403, 'ACCOUNT_INACTIVE');
    await a.db
      .update(matchmaker_profiles)
      .set({ deactivated_at: null })
      .where(eq(matchmaker_profiles.id, matchmaker.id));
    expect((await onB('/api/matches', { cookie })).status).toBe(200);
    const out = await a.request('/api/auth/sign-out', { cookie, json: {} });
    expect(out.status).toBe(200);
    await expectRefused(await onB('/api/matches', { cookie }), 401, 'NOT_AUTHENTICATED');
  });

  it("both intake lists, read in the lookup's statement, refuse the wrong role, a deactivated matchmaker, a signed-out and an expired session (decision 049)", async () => {
    const client = await createClient(a.db, { email: 'sessie20@example.be' });
    const clientCookie = await a.login(client.email);
    expect((await onB('/api/me/intake-sessions', { cookie: clientCookie })).status).toBe(200);
    await expectRefused(await onB('/api/intake-sessions', { cookie: clientCookie }), 403, 'UNAUTHORIZED');
    const matchmaker = await createMatchmaker(a.db, { email: 'sessie21@example.be' });
    const cookie = await a.login(matchmaker.email);
    expect((await onB('/api/intake-sessions?status=scheduled', { cookie })).status).toBe(200);
    await expectRefused(await onB('/api/me/intake-sessions', { cookie }), 403, 'UNAUTHORIZED');
    await a.db
      .update(matchmaker_profiles)
      .set({ deactivated_at: new Date() })
      .where(eq(matchmaker_profiles.id, matchmaker.id));
    await expectRefused(await onB('/api/intake-sessions', { cookie }), 403, 'ACCOUNT_INACTIVE');
    const out = await a.request('/api/auth/sign-out', { cookie: clientCookie, json: {} });
    expect(out.status).toBe(200);
    await expectRefused(
      await onB('/api/me/intake-sessions', { cookie: clientCookie }),
      401,
      'NOT_AUTHENTICATED',
    );
    const again = await a.login(client.email);
    await a.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, client.id));
    await expectRefused(await onB('/api/me/intake-sessions', { cookie: again }), 401, 'NOT_AUTHENTICATED');
  });

  it("a read in the lookup's statement that fails reaches its caller, and nothing else (decision 049)", async () => {
    const client = await createClient(a.db, { email: 'sessie14@example.be' });
    const cookie = await a.login(client.email);
    const lookups = createSessionLookup({ db: a.db, auth: a.ctx.auth, secret: a.env.AUTH_SECRET });
    const broken = { name: 'broken_for_test', data: () => sql<number>`(SELECT 1 / 0)` };
    const probe = new Hono().get('/probe', async (c) => {
      try {
        await lookups.sessionWith(c, broken);
      } catch {
        return c.text('failed', 500);
      }
      return c.text('read', 200);
    });
    // Vitest fails the file on an unhandled rejection (the session's copy of the failed promise).
    const answer = await probe.request('/probe', { headers: { cookie } });
    expect(answer.status).toBe(500);
    expect(await answer.text()).toBe('failed');
  });

  it('a session due for its daily refresh still works and gets a later expiry', async () => {
    const client = await createClient(a.db, { email: 'sessie7@example.be' });
    const cookie = await a.login(client.email);
    const sixDays = new Date(Date.now() + 6 * 24 * 60 * 60 * 1000 - 60_000);
    await a.db.update(session).set({ expiresAt: sixDays }).where(eq(session.userId, client.id));
    expect((await onB('/api/me', { cookie })).status).toBe(200);
    const [row] = await a.db.select().from(session).where(eq(session.userId, client.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(sixDays.getTime() + 12 * 60 * 60 * 1000);
  });
});

describe('last_activity_at and last_login_at (issue 19, spec section 4)', () => {
  it('GET /api/me refreshes activity at most once per few minutes; last_login_at moves only at sign-in', async () => {
    const client = await createClient(a.db, { email: 'activiteit@example.be' });
    const cookie = await a.login(client.email);
    const afterLogin = await profileOf(client.id);
    expect(afterLogin.last_login_at).not.toBeNull();
    expect(afterLogin.last_activity_at).not.toBeNull();

    try {
      a.clock.setOffset(60_000);
      expect((await a.request('/api/me', { cookie })).status).toBe(200);
      expect((await onB('/api/session', { cookie })).status).toBe(200);
      const soon = await profileOf(client.id);
      expect(soon.last_activity_at).toEqual(afterLogin.last_activity_at);
      expect(soon.last_login_at).toEqual(afterLogin.last_login_at);

      a.clock.setOffset(ACTIVITY_REFRESH_MS + 60_000);
      const me = await a.request('/api/me', { cookie });
      expect(me.status).toBe(200);
      const later = await profileOf(client.id);
      expect(later.last_activity_at!.getTime()).toBeGreaterThan(afterLogin.last_activity_at!.getTime());
      expect(later.last_login_at).toEqual(afterLogin.last_login_at);
      const body = (await me.json()) as { profile: { last_activity_at: string } };
      expect(new Date(body.profile.last_activity_at).getTime()).toBe(later.last_activity_at!.getTime());

      // An inactive client who comes back is active again at once.
      await a.db
        .update(user_profiles)
        .set({ inactivity_status: 'inactive' })
        .where(eq(user_profiles.id, client.id));
      const relogin = await a.request('/api/auth/sign-in/email', {
        json: { email: client.email, password: TEST_PASSWORD },
      });
      expect(relogin.status).toBe(200);
      const signedIn = await profileOf(client.id);
      expect(signedIn.last_login_at!.getTime()).toBeGreaterThan(afterLogin.last_login_at!.getTime());
      expect(signedIn.inactivity_status).toBe('active');
      expect(sessionCookie(relogin)).toContain('session_token');
    } finally {
      a.clock.setOffset(0);
    }
  });
});
