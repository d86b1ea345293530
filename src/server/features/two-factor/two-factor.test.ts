import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages';
import { DEMO_TOTP_KEY, totpCode } from '../../auth/two-factor';
import { createAdmin, createClient, createMatchmaker, TEST_PASSWORD } from '../../db/factories';
import { email_outbox, matchmaker_profiles, two_factor, user, user_profiles } from '../../db/schema';
import { expectRefused } from '../../test/expect-refused';
import { createTestApp, sessionCookie, type TestApp } from '../../test/test-app';

/** Staff endpoints of several features, and one every role reaches (the settings). */
const STAFF_ENDPOINTS = ['/api/matches', '/api/matchmaker/clients', '/api/me/settings'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ STAFF_2FA: 'required' });
});
afterAll(async () => {
  await t.close();
});

const mailsTo = (to: string, template: string) =>
  t.db
    .select()
    .from(email_outbox)
    .where(and(eq(email_outbox.to_address, to), eq(email_outbox.template, template)));

/** Cookies of a response merged into a jar (a cleared cookie leaves it). */
function merge(jar: string, response: Response): string {
  const cookies = new Map(
    jar
      .split('; ')
      .filter(Boolean)
      .map((c) => [c.split('=')[0]!, c] as const),
  );
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(';')[0]!;
    const name = pair.split('=')[0]!;
    if (pair.endsWith('=') || /max-age=0/i.test(header)) cookies.delete(name);
    else cookies.set(name, pair);
  }
  return [...cookies.values()].join('; ');
}

/** The base32 key in an otpauth:// address, as an authenticator app reads it from the QR code. */
function keyOf(totpURI: string): string {
  return new URL(totpURI).searchParams.get('secret')!;
}

const lastStep = new Map<string, number>();
/**
 * The code an authenticator app shows for `key`, never one handed out before: a code is accepted
 * once (issue 30), so a second use within the same 30 s takes the next step's code, which
 * better-auth's window (a step either side) accepts.
 */
function freshCode(key: string): string {
  const step = Math.max(Math.floor(Date.now() / 30_000), (lastStep.get(key) ?? 0) + 1);
  lastStep.set(key, step);
  return totpCode(key, step * 30_000);
}

/** Turns on 2FA for a signed-in account: the app's first code confirms it. */
async function enable(cookie: string, password = TEST_PASSWORD) {
  const started = await t.request('/api/auth/two-factor/enable', { cookie, json: { password } });
  expect(started.status).toBe(200);
  const { totpURI, backupCodes } = (await started.json()) as { totpURI: string; backupCodes: string[] };
  const key = keyOf(totpURI);
  const confirmed = await t.request('/api/auth/two-factor/verify-totp', {
    cookie,
    json: { code: freshCode(key) },
  });
  expect(confirmed.status).toBe(200);
  return { key, backupCodes, cookie: merge(cookie, confirmed), totpURI };
}

/** The password step: with 2FA on, no session yet, only the short-lived two-factor cookie. */
async function passwordStep(email: string, jar = '') {
  const response = await t.request('/api/auth/sign-in/email', {
    cookie: jar || undefined,
    json: { email, password: TEST_PASSWORD },
  });
  expect(response.status).toBe(200);
  return { response, body: (await response.json()) as Record<string, unknown>, jar: merge(jar, response) };
}

async function sessionOf(cookie: string) {
  const response = await t.request('/api/auth/get-session', { cookie });
  return (await response.json()) as { user?: { id: string } } | null;
}

describe('STAFF_2FA=required: a staff session without a second factor', () => {
  it('reaches no staff endpoint, only what the setup needs; clients are not held', async () => {
    const matchmaker = await createMatchmaker(t.db, {});
    const admin = await createAdmin(t.db, {});
    const client = await createClient(t.db, {});
    for (const staff of [matchmaker, admin]) {
      const cookie = await t.login(staff.email);
      for (const path of STAFF_ENDPOINTS) {
        const response = await t.request(path, { cookie });
        expect(response.status, `${staff.email} ${path}`).toBe(403);
        expect(await response.json()).toEqual({
          error: MESSAGES.twoFactorRequired,
          code: 'TWO_FACTOR_REQUIRED',
        });
      }
      const status = await t.request('/api/me/two-factor', { cookie });
      expect(status.status).toBe(200);
      expect((await status.json()).two_factor).toEqual({
        enabled: false,
        required: true,
        setup_needed: true,
        trust_device_days: 30,
      });
      expect((await t.request('/api/session', { cookie })).status).toBe(200);
    }
    const clientCookie = await t.login(client.email);
    expect((await t.request('/api/me/settings', { cookie: clientCookie })).status).toBe(200);
    expect(
      (await (await t.request('/api/me/two-factor', { cookie: clientCookie })).json()).two_factor,
    ).toEqual({
      enabled: false,
      required: false,
      setup_needed: false,
      trust_device_days: 30,
    });
  });

  it('gets from no GET of the API document more than a visitor does, beyond its own setup', async () => {
    // An inactive matchmaker's photo: public pages show it to nobody, staff may see it.
    const inactive = await createMatchmaker(t.db, { matchmaker: { is_active: false } });
    const photoId = crypto.randomUUID();
    await t.db
      .update(matchmaker_profiles)
      .set({ profile_photo_url: `/api/matchmaker-photos/${inactive.id}/${photoId}` })
      .where(eq(matchmaker_profiles.id, inactive.id));
    await t.ctx.storage.put(`matchmakers/${inactive.id}/${photoId}.jpg`, Buffer.from('jpeg'), 'image/jpeg');
    const client = await createClient(t.db, {});
    const document = (await (await t.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const fill = (path: string) =>
      path
        .replace('/matchmaker-photos/{id}/{photo}', `/matchmaker-photos/${inactive.id}/${photoId}`)
        .replace(/\{(clientId|id)\}/g, client.id)
        .replace(/\{[^}]+\}/g, 'x');
    // What the setup needs, and what every visitor gets.
    const SETUP = new Set(['/api/me/two-factor', '/api/session', '/api/me', '/api/auth/get-session']);
    const gets = Object.entries(document.paths)
      .filter(([path, operations]) => 'get' in operations && path.startsWith('/api/') && !SETUP.has(path))
      .map(([path]) => fill(path));
    expect(gets.length).toBeGreaterThan(40);
    for (const staff of [await createMatchmaker(t.db, {}), await createAdmin(t.db, {})]) {
      const cookie = await t.login(staff.email);
      const more: string[] = [];
      for (const path of gets) {
        const visitor = await t.request(path);
        const held = await t.request(path, { cookie });
        if (held.status < 400 && visitor.status >= 400) more.push(`${path}: ${held.status}`);
        if (held.status < 400 && visitor.status < 400 && (await held.text()) !== (await visitor.text())) {
          more.push(`${path}: another answer`);
        }
      }
      expect(more, staff.email).toEqual([]);
    }
  });

  it('gets through once the app is confirmed; the password-only sessions end; a mail tells the owner', async () => {
    const matchmaker = await createMatchmaker(t.db, {});
    const other = await t.login(matchmaker.email);
    const cookie = await t.login(matchmaker.email);
    // Started but not confirmed: still nothing.
    const started = await t.request('/api/auth/two-factor/enable', {
      cookie,
      json: { password: TEST_PASSWORD },
    });
    expect(started.status).toBe(200);
    const { totpURI, backupCodes } = await started.json();
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Koppel:/);
    expect(backupCodes).toHaveLength(10);
    await expectRefused(
      await t.request('/api/matches', { cookie }),
      403,
      'TWO_FACTOR_REQUIRED',
      MESSAGES.twoFactorRequired,
    );
    // A wrong code: refused in Dutch, still off.
    const wrong = await t.request('/api/auth/two-factor/verify-totp', { cookie, json: { code: '000000' } });
    await expectRefused(wrong, 401, 'INVALID_CODE', MESSAGES.twoFactorInvalidCode);
    const [before] = await t.db.select().from(user).where(eq(user.id, matchmaker.id));
    expect(before!.twoFactorEnabled).toBe(false);

    const key = keyOf(totpURI);
    const confirmed = await t.request('/api/auth/two-factor/verify-totp', {
      cookie,
      json: { code: freshCode(key) },
    });
    expect(confirmed.status).toBe(200);
    const jar = merge(cookie, confirmed);
    for (const path of STAFF_ENDPOINTS)
      expect((await t.request(path, { cookie: jar })).status, path).toBe(200);
    expect((await (await t.request('/api/me/two-factor', { cookie: jar })).json()).two_factor).toMatchObject({
      enabled: true,
      setup_needed: false,
    });
    // The session that had only the password (someone else may hold it) is gone.
    expect(await sessionOf(other)).toBeNull();
    await expectRefused(await t.request('/api/matches', { cookie: other }), 401, 'NOT_AUTHENTICATED');
    const mails = await mailsTo(matchmaker.email, 'two-factor-enabled');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Tweestapsverificatie staat aan voor je Koppel-account');
    // The secret is stored encrypted, not as the key the app shows.
    const [row] = await t.db.select().from(two_factor).where(eq(two_factor.userId, matchmaker.id));
    expect(row!.verified).toBe(true);
    expect(row!.secret).not.toContain(key);
  });

  it('cannot turn it off again; a client can, with a mail', async () => {
    const admin = await createAdmin(t.db, {});
    const { cookie } = await enable(await t.login(admin.email));
    const refused = await t.request('/api/auth/two-factor/disable', {
      cookie,
      json: { password: TEST_PASSWORD },
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: MESSAGES.twoFactorStaffRequired,
      code: 'TWO_FACTOR_STAFF_REQUIRED',
    });
    const [still] = await t.db.select().from(user).where(eq(user.id, admin.id));
    expect(still!.twoFactorEnabled).toBe(true);

    const client = await createClient(t.db, {});
    const on = await enable(await t.login(client.email));
    expect(await mailsTo(client.email, 'two-factor-enabled')).toHaveLength(1);
    const wrongPassword = await t.request('/api/auth/two-factor/disable', {
      cookie: on.cookie,
      json: { password: 'niet-mijn-wachtwoord' },
    });
    await expectRefused(wrongPassword, 400, 'INVALID_PASSWORD', MESSAGES.loginFailed);
    const off = await t.request('/api/auth/two-factor/disable', {
      cookie: on.cookie,
      json: { password: TEST_PASSWORD },
    });
    expect(off.status).toBe(200);
    const [row] = await t.db.select().from(user).where(eq(user.id, client.id));
    expect(row!.twoFactorEnabled).toBe(false);
    expect(await t.db.select().from(two_factor).where(eq(two_factor.userId, client.id))).toEqual([]);
    expect(await mailsTo(client.email, 'two-factor-disabled')).toHaveLength(1);
    // The password alone logs in again.
    const { body } = await passwordStep(client.email);
    expect(body.twoFactorRedirect).toBeUndefined();
  });
});

describe('logging in with a second factor', () => {
  it('the password alone gives no session; a code does; a trusted device skips the code for 30 days', async () => {
    const matchmaker = await createMatchmaker(t.db, {});
    const { key } = await enable(await t.login(matchmaker.email));

    const first = await passwordStep(matchmaker.email);
    expect(first.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(await sessionOf(first.jar)).toBeNull();
    await expectRefused(await t.request('/api/matches', { cookie: first.jar }), 401, 'NOT_AUTHENTICATED');

    const bad = await t.request('/api/auth/two-factor/verify-totp', {
      cookie: first.jar,
      json: { code: '12' },
    });
    await expectRefused(bad, 401, 'INVALID_CODE', MESSAGES.twoFactorInvalidCode);

    const verified = await t.request('/api/auth/two-factor/verify-totp', {
      cookie: first.jar,
      json: { code: freshCode(key), trustDevice: true },
    });
    expect(verified.status).toBe(200);
    const trust = verified.headers.getSetCookie().find((c) => c.startsWith('koppel.trust_device='));
    expect(trust).toMatch(/Max-Age=2592000/);
    const jar = merge(first.jar, verified);
    expect((await sessionOf(jar))?.user?.id).toBe(matchmaker.id);
    expect((await t.request('/api/matches', { cookie: jar })).status).toBe(200);

    // The same browser (its trust cookie) logs in with the password alone.
    const trustOnly = jar
      .split('; ')
      .filter((c) => c.startsWith('koppel.trust_device='))
      .join('; ');
    const again = await passwordStep(matchmaker.email, trustOnly);
    expect(again.body.twoFactorRedirect).toBeUndefined();
    expect((await t.request('/api/matches', { cookie: again.jar })).status).toBe(200);
    // Another browser still needs the code.
    expect((await passwordStep(matchmaker.email)).body.twoFactorRedirect).toBe(true);
  });

  it('the sign-in time (last_login_at) is the code step, not the password step', async () => {
    const matchmaker = await createMatchmaker(t.db, {});
    const { key } = await enable(await t.login(matchmaker.email));
    const lastLogin = async () =>
      (
        await t.db
          .select({ at: user_profiles.last_login_at })
          .from(user_profiles)
          .where(eq(user_profiles.id, matchmaker.id))
      )[0]!.at;
    const before = await lastLogin();
    expect(before).toBeInstanceOf(Date);
    t.clock.setOffset(10 * 60_000);
    try {
      const step = await passwordStep(matchmaker.email);
      expect(step.body.twoFactorRedirect).toBe(true);
      expect(await lastLogin()).toEqual(before);
      const verified = await t.request('/api/auth/two-factor/verify-totp', {
        cookie: step.jar,
        json: { code: freshCode(key) },
      });
      expect(verified.status).toBe(200);
      expect((await lastLogin())!.getTime()).toBeGreaterThanOrEqual(before!.getTime() + 10 * 60_000);
    } finally {
      t.clock.setOffset(0);
    }
  });

  it('accepts an authenticator code once: again from other addresses, or twice at once, it is refused', async () => {
    const matchmaker = await createMatchmaker(t.db, {});
    const { key } = await enable(await t.login(matchmaker.email));
    const code = freshCode(key);
    const first = await passwordStep(matchmaker.email);
    const used = await t.request('/api/auth/two-factor/verify-totp', {
      cookie: first.jar,
      json: { code },
      remoteAddress: '203.0.113.1',
    });
    expect(used.status).toBe(200);
    expect((await sessionOf(merge(first.jar, used)))?.user?.id).toBe(matchmaker.id);
    for (const remoteAddress of ['203.0.113.2', '198.51.100.7']) {
      const again = await passwordStep(matchmaker.email);
      const reused = await t.request('/api/auth/two-factor/verify-totp', {
        cookie: again.jar,
        json: { code },
        remoteAddress,
      });
      await expectRefused(reused, 401, 'TOTP_CODE_USED', MESSAGES.twoFactorCodeUsed);
      expect(sessionCookie(reused)).not.toContain('koppel.session_token=');
    }
    // The code before it (still inside the window) is refused too.
    const older = await passwordStep(matchmaker.email);
    const olderCode = totpCode(key, (lastStep.get(key)! - 1) * 30_000);
    const refusedOlder = await t.request('/api/auth/two-factor/verify-totp', {
      cookie: older.jar,
      json: { code: olderCode },
    });
    expect(refusedOlder.status).toBe(401);

    // Two sign-ins sending the same code at the same moment: exactly one gets a session.
    const admin = await createAdmin(t.db, {});
    const second = await enable(await t.login(admin.email));
    const next = freshCode(second.key);
    const [a, b] = [await passwordStep(admin.email), await passwordStep(admin.email)];
    const answers = await Promise.all(
      [a, b].map((step, i) =>
        t.request('/api/auth/two-factor/verify-totp', {
          cookie: step.jar,
          json: { code: next },
          remoteAddress: `192.0.2.${i + 1}`,
        }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
    const [row] = await t.db.select().from(two_factor).where(eq(two_factor.userId, admin.id));
    expect(row!.last_totp_step).toBe(lastStep.get(second.key));
    // Eight sign-ins (each a password hash): slow on a busy machine.
  }, 120_000);

  it('a backup code works once', async () => {
    const admin = await createAdmin(t.db, {});
    const { backupCodes } = await enable(await t.login(admin.email));
    const step = await passwordStep(admin.email);
    const used = await t.request('/api/auth/two-factor/verify-backup-code', {
      cookie: step.jar,
      json: { code: backupCodes[0] },
    });
    expect(used.status).toBe(200);
    expect((await t.request('/api/matches', { cookie: merge(step.jar, used) })).status).toBe(200);

    const next = await passwordStep(admin.email);
    const reused = await t.request('/api/auth/two-factor/verify-backup-code', {
      cookie: next.jar,
      json: { code: backupCodes[0] },
    });
    await expectRefused(reused, 401, 'INVALID_BACKUP_CODE', MESSAGES.twoFactorInvalidBackupCode);
  });

  it('refuses a code without the password step, and bad input with a Dutch 4xx', async () => {
    const noLogin = await t.request('/api/auth/two-factor/verify-totp', { json: { code: '123456' } });
    await expectRefused(noLogin, 401, 'INVALID_TWO_FACTOR_COOKIE', MESSAGES.twoFactorLoginExpired);
    const noSession = await t.request('/api/auth/two-factor/enable', { json: { password: TEST_PASSWORD } });
    await expectRefused(noSession, 401, 'UNAUTHORIZED', MESSAGES.notAuthenticated);
    await expectRefused(await t.request('/api/me/two-factor'), 401, 'NOT_AUTHENTICATED');
    const client = await createClient(t.db, {});
    const cookie = await t.login(client.email);
    for (const json of [{}, { password: 42 }, { password: ['x'] }]) {
      const response = await t.request('/api/auth/two-factor/enable', { cookie, json });
      await expectRefused(response, 400, 'VALIDATION_ERROR', {
        error: MESSAGES.badRequest,
        label: JSON.stringify(json),
      });
      expect(typeof (await response.json()).error).toBe('string');
    }
    const wrongPassword = await t.request('/api/auth/two-factor/enable', {
      cookie,
      json: { password: 'fout-fout-fout' },
    });
    await expectRefused(wrongPassword, 400, 'INVALID_PASSWORD', MESSAGES.loginFailed);
    for (const json of [{}, { code: 123456 }, { code: null }]) {
      const response = await t.request('/api/auth/two-factor/verify-totp', { cookie, json });
      await expectRefused(response, 400, 'VALIDATION_ERROR', {
        error: MESSAGES.badRequest,
        label: JSON.stringify(json),
      });
    }
  });
});

describe('on a local install', () => {
  it('a demo account (@koppel.example) gets the fixed demo secret; others a random one', async () => {
    const demo = await createMatchmaker(t.db, { email: 'demo-2fa@koppel.example' });
    const started = await t.request('/api/auth/two-factor/enable', {
      cookie: await t.login(demo.email),
      json: { password: TEST_PASSWORD },
    });
    expect(keyOf((await started.json()).totpURI)).toBe(DEMO_TOTP_KEY);
    const other = await createMatchmaker(t.db, {});
    const { key } = await enable(await t.login(other.email));
    expect(key).not.toBe(DEMO_TOTP_KEY);
    // Logging in with a code computed from the demo key.
    const cookie = await t.login(demo.email);
    const confirmed = await t.request('/api/auth/two-factor/verify-totp', {
      cookie,
      json: { code: freshCode(DEMO_TOTP_KEY) },
    });
    expect(confirmed.status).toBe(200);
    const step = await passwordStep(demo.email);
    const verified = await t.request('/api/auth/two-factor/verify-totp', {
      cookie: step.jar,
      json: { code: freshCode(DEMO_TOTP_KEY) },
    });
    expect(verified.status).toBe(200);
    expect(sessionCookie(verified)).toContain('koppel.session_token=');
  });
});

describe('STAFF_2FA=optional (the default of a local install)', () => {
  it('lets staff in with the password alone', async () => {
    const optional = await createTestApp();
    try {
      expect(optional.env.STAFF_2FA).toBe('optional');
      const matchmaker = await createMatchmaker(optional.db, {});
      const cookie = await optional.login(matchmaker.email);
      expect((await optional.request('/api/matches', { cookie })).status).toBe(200);
      expect(
        (await (await optional.request('/api/me/two-factor', { cookie })).json()).two_factor,
      ).toMatchObject({
        required: false,
        setup_needed: false,
      });
    } finally {
      await optional.close();
    }
  });
});
