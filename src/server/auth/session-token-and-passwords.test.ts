import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages';
import { createClient, TEST_PASSWORD } from '../db/factories';
import { DEMO_PASSWORD } from '../db/seed';
import { expectRefused } from '../test/expect-refused';
import { createTestApp, sessionCookie, type TestApp } from '../test/test-app';

/** Issue 30: two low findings of the outside probe, on the auth routes. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the session token', () => {
  it('is in the HttpOnly cookie only, never in the JSON of sign-in, sign-up or get-session', async () => {
    const client = await createClient(t.db, {});
    const signIn = await t.request('/api/auth/sign-in/email', {
      json: { email: client.email, password: TEST_PASSWORD },
    });
    expect(signIn.status).toBe(200);
    const cookie = sessionCookie(signIn);
    const token = decodeURIComponent(cookie.split('koppel.session_token=')[1]!.split(';')[0]!).split('.')[0]!;
    expect(token.length).toBeGreaterThan(10);
    expect(signIn.headers.getSetCookie().some((c) => /koppel\.session_token=.*HttpOnly/i.test(c))).toBe(true);
    const signInText = await signIn.text();
    expect(JSON.parse(signInText)).not.toHaveProperty('token');
    expect(JSON.parse(signInText).user.id).toBe(client.id);
    expect(signInText).not.toContain(token);

    const session = await t.request('/api/auth/get-session', { cookie });
    expect(session.status).toBe(200);
    const sessionText = await session.text();
    const body = JSON.parse(sessionText);
    expect(body.user.id).toBe(client.id);
    expect(body.session).not.toHaveProperty('token');
    expect(body.session.userId).toBe(client.id);
    expect(sessionText).not.toContain(token);
    // The cookie still is the session.
    expect((await t.request('/api/me', { cookie })).status).toBe(200);

    const signUp = await t.request('/api/auth/sign-up/email', {
      json: {
        name: 'Nieuwe Klant',
        email: `nieuw-${client.id}@klant.example`,
        password: 'zonnebloem-wandeling-42',
      },
    });
    expect(signUp.status).toBe(200);
    expect(await signUp.json()).not.toHaveProperty('token');
  });
});

describe('a new password', () => {
  const signUp = (name: string, email: string, password: string) =>
    t.request('/api/auth/sign-up/email', { json: { name, email, password } });

  it('is scored with zxcvbn against the name and address: weak ones and the demo password are refused in Dutch', async () => {
    const cases: [string, string, string, string][] = [
      ['Emma Claes', 'emma.claes@klant.example', 'emma1990', 'PASSWORD_TOO_WEAK'],
      ['Emma Claes', 'emma.claes@klant.example', 'claesemma', 'PASSWORD_TOO_WEAK'],
      ['Piet Peeters', 'piet@klant.example', 'abcdef', 'PASSWORD_TOO_WEAK'],
      ['Piet Peeters', 'piet@klant.example', 'aaaaaa', 'PASSWORD_TOO_WEAK'],
      ['Piet Peeters', 'piet@klant.example', DEMO_PASSWORD, 'PASSWORD_TOO_COMMON'],
      // A rare name: weak only because it is the person's own (from the name or from the address).
      ['Xandrijn Quabeck', 'x.q@klant.example', 'quabeck2026', 'PASSWORD_TOO_WEAK'],
      ['X Q', 'xandrijn.quabeck@klant.example', 'quabeck2026', 'PASSWORD_TOO_WEAK'],
    ];
    for (const [name, email, password, code] of cases) {
      const response = await signUp(name, email, password);
      await expectRefused(response, 400, code, {
        label: password,
        error: code === 'PASSWORD_TOO_WEAK' ? MESSAGES.passwordTooWeak : MESSAGES.passwordTooCommon,
      });
    }
    expect((await signUp('Emma Claes', 'emma.claes@klant.example', 'zomer-aan-zee-2026')).status).toBe(200);
    // The same password is fine for someone of another name.
    expect((await signUp('Piet Peeters', 'piet.peeters@klant.example', 'quabeck2026')).status).toBe(200);
  });

  it('is scored at a password change too; the demo accounts made by the seed keep their password', async () => {
    const client = await createClient(t.db, { full_name: 'Xandrijn Quabeck', password: DEMO_PASSWORD });
    const cookie = await t.login(client.email, DEMO_PASSWORD);
    for (const newPassword of ['xandrijn-q', DEMO_PASSWORD, 'qqqqqqqq']) {
      const response = await t.request('/api/auth/change-password', {
        cookie,
        json: { currentPassword: DEMO_PASSWORD, newPassword },
      });
      expect(response.status, newPassword).toBe(400);
      expect(['PASSWORD_TOO_WEAK', 'PASSWORD_TOO_COMMON']).toContain((await response.json()).code);
    }
    const changed = await t.request('/api/auth/change-password', {
      cookie,
      json: { currentPassword: DEMO_PASSWORD, newPassword: 'herfst-wandeling-55' },
    });
    expect(changed.status).toBe(200);
  });
});
