import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages';
import { createClient, TEST_PASSWORD } from '../db/factories';
import { email_outbox, user, user_profiles } from '../db/schema';
import { extractLinks } from '../lib/html';
import { expectRefused } from '../test/expect-refused';
import { createTestApp, sessionCookie, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function lastMailTo(email: string) {
  const [message] = await t.db
    .select()
    .from(email_outbox)
    .where(eq(email_outbox.to_address, email))
    .orderBy(desc(email_outbox.created_at))
    .limit(1);
  return message;
}

function linkIn(html: string, prefix: string): string {
  const href = extractLinks(html).find((h) => h.startsWith(prefix));
  if (!href) throw new Error(`no link starting with ${prefix}`);
  return href;
}

async function mailsTo(email: string, template: string) {
  return t.db
    .select()
    .from(email_outbox)
    .where(and(eq(email_outbox.to_address, email), eq(email_outbox.template, template)))
    .orderBy(email_outbox.created_at);
}

/** The token of a reset mail's link (it travels in the fragment). */
function resetTokenIn(mail: { html: string }): string {
  const link = new URL(linkIn(mail.html, `${t.env.APP_URL}/reset-password#`));
  return new URLSearchParams(link.hash.slice(1)).get('access_token')!;
}

const requestReset = (email: string, remoteAddress?: string) =>
  t.request('/api/auth/request-password-reset', {
    json: { email, redirectTo: '/reset-password' },
    remoteAddress,
  });

const signUp = (body: Record<string, unknown>) =>
  t.request('/api/auth/sign-up/email', { json: { callbackURL: '/inloggen?bevestigd=1', ...body } });
const signIn = (email: string, password: string) =>
  t.request('/api/auth/sign-in/email', { json: { email, password } });

describe('sign-up', () => {
  it('creates the account with a client profile on tier Relax and sends a Dutch confirmation e-mail', async () => {
    const response = await signUp({
      name: 'Anna Peeters',
      email: 'anna@example.be',
      password: 'zonnebloem-42',
    });
    expect(response.status).toBe(200);

    const [account] = await t.db.select().from(user).where(eq(user.email, 'anna@example.be'));
    expect(account?.emailVerified).toBe(false);
    const [profile] = await t.db.select().from(user_profiles).where(eq(user_profiles.id, account!.id));
    expect(profile).toMatchObject({ role: 'client', tier: 'Relax', full_name: 'Anna Peeters' });

    const mail = await lastMailTo('anna@example.be');
    expect(mail?.subject).toBe('Bevestig je e-mailadres bij Koppel');
    expect(mail?.text).toContain('Dag Anna Peeters');
    expect(linkIn(mail!.html, `${t.env.APP_URL}/api/auth/verify-email?token=`)).toContain('callbackURL');
  });

  it('takes back a sign-up whose confirmation mail could not be queued: 503, no account, and trying again works', async () => {
    // The database refuses this one address's mail (a fault at the database, not in our code).
    await t.db.execute(sql`create function refuse_mail() returns trigger language plpgsql as $$
      begin raise exception 'mail refused for the test'; end $$`);
    await t.db.execute(sql`create trigger refuse_mail before insert on email_outbox for each row
      when (new.to_address = 'storing@example.be') execute function refuse_mail()`);
    try {
      const refused = await signUp({
        name: 'Stijn Storing',
        email: 'storing@example.be',
        password: 'zonnebloem-42',
      });
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({ error: MESSAGES.serviceUnavailable, code: 'UNAVAILABLE' });
      expect(refused.headers.getSetCookie()).toEqual([]);
      expect(await t.db.select().from(user).where(eq(user.email, 'storing@example.be'))).toEqual([]);
    } finally {
      await t.db.execute(sql`drop trigger refuse_mail on email_outbox`);
      await t.db.execute(sql`drop function refuse_mail()`);
    }
    const again = await signUp({
      name: 'Stijn Storing',
      email: 'storing@example.be',
      password: 'zonnebloem-42',
    });
    expect(again.status).toBe(200);
    const [account] = await t.db.select().from(user).where(eq(user.email, 'storing@example.be'));
    expect(account?.emailVerified).toBe(false);
    expect((await lastMailTo('storing@example.be'))?.subject).toBe('Bevestig je e-mailadres bij Koppel');
  });

  it('refuses a password that is too common, with the Dutch text', async () => {
    const response = await signUp({ name: 'Bert', email: 'bert@example.be', password: 'password1' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'PASSWORD_TOO_COMMON',
      error: MESSAGES.passwordTooCommon,
    });
    expect(await t.db.select().from(user).where(eq(user.email, 'bert@example.be'))).toHaveLength(0);
  });

  it('refuses a password under 6 characters and a missing name', async () => {
    const short = await signUp({ name: 'Bert', email: 'bert@example.be', password: 'kort' });
    await expectRefused(short, 400, 'PASSWORD_TOO_SHORT', MESSAGES.passwordTooShort);

    const noName = await signUp({ name: '  ', email: 'bert@example.be', password: 'zonnebloem-42' });
    await expectRefused(noName, 400, 'FIELDS_REQUIRED', MESSAGES.allFieldsRequired);
  });

  it('creates no second account for a known e-mail, without telling the visitor, and mails the owner', async () => {
    const owner = await createClient(t.db, { email: 'dubbel@example.be' });
    const response = await signUp({ name: 'Dubbel', email: 'dubbel@example.be', password: 'zonnebloem-42' });
    expect(response.status).toBe(200);
    const accounts = await t.db.select().from(user).where(eq(user.email, 'dubbel@example.be'));
    expect(accounts.map((a) => a.id)).toEqual([owner.id]);
    expect((await lastMailTo('dubbel@example.be'))?.subject).toBe('Je hebt al een account bij Koppel');
  });

  it('rejects a sign-up posted from another origin', async () => {
    const response = await t.request('/api/auth/sign-up/email', {
      json: { name: 'Evil', email: 'evil@example.be', password: 'zonnebloem-42' },
      headers: { origin: 'https://evil.example' },
    });
    await expectRefused(response, 403, 'UNAUTHORIZED');
    expect(await t.db.select().from(user).where(eq(user.email, 'evil@example.be'))).toHaveLength(0);
  });
});

describe('login', () => {
  it('refuses an unconfirmed account with a Dutch message, and accepts it after confirmation', async () => {
    await signUp({ name: 'Carla Maes', email: 'carla@example.be', password: 'zonnebloem-42' });
    const before = await signIn('carla@example.be', 'zonnebloem-42');
    expect(before.status).toBe(403);
    expect(await before.json()).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      error: MESSAGES.emailNotVerified,
    });

    const mail = await lastMailTo('carla@example.be');
    const link = new URL(linkIn(mail!.html, `${t.env.APP_URL}/api/auth/verify-email`));
    const verify = await t.request(link.pathname + link.search);
    expect(verify.status).toBe(302);
    expect(verify.headers.get('location')).toBe('/inloggen?bevestigd=1');

    const after = await signIn('carla@example.be', 'zonnebloem-42');
    expect(after.status).toBe(200);
    const [account] = await t.db.select().from(user).where(eq(user.email, 'carla@example.be'));
    const [profile] = await t.db.select().from(user_profiles).where(eq(user_profiles.id, account!.id));
    expect(profile?.last_login_at).toBeInstanceOf(Date);
    expect(profile?.inactivity_status).toBe('active');
  });

  it('resends the confirmation e-mail on request', async () => {
    await signUp({ name: 'Dirk', email: 'dirk@example.be', password: 'zonnebloem-42' });
    const response = await t.request('/api/auth/send-verification-email', {
      json: { email: 'dirk@example.be', callbackURL: '/inloggen?bevestigd=1' },
    });
    expect(response.status).toBe(200);
    const mails = await t.db
      .select()
      .from(email_outbox)
      .where(eq(email_outbox.to_address, 'dirk@example.be'));
    expect(mails).toHaveLength(2);
  });

  it("answers a wrong password and an unknown e-mail with 'Ongeldige inloggegevens'", async () => {
    const client = await createClient(t.db);
    for (const [email, password] of [
      [client.email, 'verkeerd-wachtwoord'],
      ['niemand@example.be', TEST_PASSWORD],
    ] as const) {
      const response = await signIn(email, password);
      await expectRefused(response, 401, 'INVALID_EMAIL_OR_PASSWORD', MESSAGES.loginFailed);
    }
  });

  it('rejects a body without e-mail as bad input', async () => {
    const response = await t.request('/api/auth/sign-in/email', { json: { password: 'x' } });
    await expectRefused(response, 400, 'VALIDATION_ERROR', MESSAGES.badRequest);
  });

  it('signs out, and tolerates signing out without a session', async () => {
    const client = await createClient(t.db);
    const cookie = await t.login(client.email);
    expect((await t.request('/api/me', { cookie })).status).toBe(200);
    const out = await t.request('/api/auth/sign-out', { cookie, json: {} });
    expect(out.status).toBe(200);
    await expectRefused(await t.request('/api/me', { cookie }), 401, 'NOT_AUTHENTICATED');
    const again = await t.request('/api/auth/sign-out', { cookie, json: {} });
    expect(again.status).toBeLessThan(500);
  });
});

describe('password reset', () => {
  it('mails a link with the token in the fragment; the new password works and the old one not', async () => {
    const client = await createClient(t.db, { email: 'reset@example.be', full_name: 'Reset Test' });
    const request = await t.request('/api/auth/request-password-reset', {
      json: { email: client.email, redirectTo: '/reset-password' },
    });
    expect(request.status).toBe(200);
    const mail = await lastMailTo(client.email);
    expect(mail?.subject).toBe('Stel een nieuw wachtwoord in voor Koppel');
    const link = new URL(linkIn(mail!.html, `${t.env.APP_URL}/reset-password#`));
    const token = new URLSearchParams(link.hash.slice(1)).get('access_token');
    expect(token).toBeTruthy();
    expect(link.search).toBe('');

    const reset = await t.request('/api/auth/reset-password', {
      json: { newPassword: 'nieuw-geheim-77', token },
    });
    expect(reset.status).toBe(200);
    await expectRefused(await signIn(client.email, TEST_PASSWORD), 401, 'INVALID_EMAIL_OR_PASSWORD');
    expect((await signIn(client.email, 'nieuw-geheim-77')).status).toBe(200);

    const reuse = await t.request('/api/auth/reset-password', {
      json: { newPassword: 'nog-een-keer-88', token },
    });
    await expectRefused(reuse, 400, 'INVALID_TOKEN', MESSAGES.invalidResetLink);
  });

  it('refuses a common new password and a short one', async () => {
    const client = await createClient(t.db);
    await t.request('/api/auth/request-password-reset', {
      json: { email: client.email, redirectTo: '/reset-password' },
    });
    const mail = await lastMailTo(client.email);
    const token = new URLSearchParams(
      new URL(linkIn(mail!.html, `${t.env.APP_URL}/reset-password#`)).hash.slice(1),
    ).get('access_token');
    const common = await t.request('/api/auth/reset-password', { json: { newPassword: 'qwerty123', token } });
    expect((await common.json()).error).toBe(MESSAGES.passwordTooCommon);
    const short = await t.request('/api/auth/reset-password', { json: { newPassword: 'abc', token } });
    expect((await short.json()).error).toBe(MESSAGES.passwordTooShort);
  });

  it('says nothing about whether an e-mail exists', async () => {
    const response = await t.request('/api/auth/request-password-reset', {
      json: { email: 'onbekend@example.be', redirectTo: '/reset-password' },
    });
    expect(response.status).toBe(200);
    expect(await lastMailTo('onbekend@example.be')).toBeUndefined();
  });
});

describe('limits', () => {
  it('refuses a common new password on change-password too', async () => {
    const client = await createClient(t.db);
    const cookie = await t.login(client.email);
    const response = await t.request('/api/auth/change-password', {
      cookie,
      json: { currentPassword: TEST_PASSWORD, newPassword: 'iloveyou' },
    });
    await expectRefused(response, 400, 'PASSWORD_TOO_COMMON', MESSAGES.passwordTooCommon);
    await expectRefused(
      await t.request('/api/auth/change-password', {
        json: { currentPassword: 'x', newPassword: 'y-y-y-y-y-y' },
      }),
      401,
      'UNAUTHORIZED',
    );
  });

  it('refuses a name over 200 characters and a body over 256 KB', async () => {
    const long = await signUp({ name: 'a'.repeat(201), email: 'lang@example.be', password: 'zonnebloem-42' });
    await expectRefused(long, 400, 'NAME_TOO_LONG', MESSAGES.nameTooLong);
    const huge = await signUp({
      name: 'Groot',
      email: 'groot@example.be',
      password: 'zonnebloem-42',
      pad: 'x'.repeat(300_000),
    });
    await expectRefused(huge, 413, 'PAYLOAD_TOO_LARGE', MESSAGES.payloadTooLarge);
    expect(await t.db.select().from(user).where(eq(user.email, 'groot@example.be'))).toHaveLength(0);
  });

  it('throttles failed logins by the socket address, which a forged X-Forwarded-For does not change', async () => {
    const attempt = (remoteAddress: string, forwarded: string) =>
      t.request('/api/auth/sign-in/email', {
        json: { email: 'raden@example.be', password: 'fout-fout' },
        remoteAddress,
        headers: { 'x-forwarded-for': forwarded, 'x-koppel-client-ip': forwarded },
      });
    for (let i = 0; i < 10; i++)
      await expectRefused(await attempt('203.0.113.7', `198.51.100.${i}`), 401, 'INVALID_EMAIL_OR_PASSWORD');
    const blocked = await attempt('203.0.113.7', '198.51.100.99');
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toMatchObject({
      error: MESSAGES.tooManyRequests,
      code: 'TOO_MANY_REQUESTS',
    });
    // Another visitor is not blocked.
    await expectRefused(await attempt('203.0.113.8', '198.51.100.1'), 401, 'INVALID_EMAIL_OR_PASSWORD');
  }, 60_000);
});

describe('passwords people guess first', () => {
  it('refuses Dutch and brand passwords and the e-mail address at sign-up', async () => {
    for (const password of ['wachtwoord', 'welkom01', 'koppel123', 'Koppel2026', 'Wachtwoord!']) {
      const response = await signUp({ name: 'Nina Claes', email: 'nina.claes@example.be', password });
      expect(response.status, password).toBe(400);
      expect(await response.json(), password).toMatchObject({
        code: 'PASSWORD_TOO_COMMON',
        error: MESSAGES.passwordTooCommon,
      });
    }
    for (const password of ['nina.claes@example.be', 'NINA.CLAES', 'nina.claes2026']) {
      const response = await signUp({ name: 'Nina Claes', email: 'nina.claes@example.be', password });
      expect(response.status, password).toBe(400);
      expect(await response.json(), password).toMatchObject({
        code: 'PASSWORD_LIKE_EMAIL',
        error: MESSAGES.passwordLikeEmail,
      });
    }
    expect(await t.db.select().from(user).where(eq(user.email, 'nina.claes@example.be'))).toHaveLength(0);
  });

  it('refuses them at reset and at change too', async () => {
    const client = await createClient(t.db, { email: 'olga.maes@example.be' });
    await requestReset(client.email);
    const token = resetTokenIn((await lastMailTo(client.email))!);
    const reset = (newPassword: string) =>
      t.request('/api/auth/reset-password', { json: { newPassword, token } });
    expect((await (await reset('Koppel2026')).json()).code).toBe('PASSWORD_TOO_COMMON');
    expect((await (await reset('Olga.Maes')).json()).code).toBe('PASSWORD_LIKE_EMAIL');
    expect((await reset('lentebloesem-88')).status).toBe(200);

    const cookie = await t.login(client.email, 'lentebloesem-88');
    const change = (newPassword: string) =>
      t.request('/api/auth/change-password', {
        cookie,
        json: { currentPassword: 'lentebloesem-88', newPassword },
      });
    expect((await (await change('welkom01')).json()).code).toBe('PASSWORD_TOO_COMMON');
    expect((await (await change('olga.maes@example.be')).json()).code).toBe('PASSWORD_LIKE_EMAIL');
  });
});

describe('account changes', () => {
  it('ends every other session on a password change, even when the client asks to keep them', async () => {
    const client = await createClient(t.db);
    const here = await t.login(client.email);
    const there = await t.login(client.email);
    const change = await t.request('/api/auth/change-password', {
      cookie: here,
      json: {
        currentPassword: TEST_PASSWORD,
        newPassword: 'herfst-wandeling-55',
        revokeOtherSessions: false,
      },
    });
    expect(change.status).toBe(200);
    await expectRefused(await t.request('/api/me', { cookie: there }), 401, 'NOT_AUTHENTICATED');
    expect((await t.request('/api/me', { cookie: sessionCookie(change) })).status).toBe(200);
  });

  it('voids an older reset link when a newer one is mailed', async () => {
    const client = await createClient(t.db);
    await requestReset(client.email);
    await requestReset(client.email);
    const [older, newer] = await mailsTo(client.email, 'reset-password');
    const useLink = (mail: { html: string }) =>
      t.request('/api/auth/reset-password', {
        json: { newPassword: 'lentebloesem-88', token: resetTokenIn(mail) },
      });
    const first = await useLink(older!);
    await expectRefused(first, 400, 'INVALID_TOKEN', MESSAGES.invalidResetLink);
    expect((await useLink(newer!)).status).toBe(200);
  });

  it('holds update-user to the sign-up rules for the name: 400, never 500', async () => {
    const client = await createClient(t.db, { full_name: 'Pieter Goossens' });
    const cookie = await t.login(client.email);
    const update = (body: Record<string, unknown>) =>
      t.request('/api/auth/update-user', { cookie, json: body });
    const cases: [unknown, string, string][] = [
      ['a'.repeat(201), 'NAME_TOO_LONG', MESSAGES.nameTooLong],
      [null, 'FIELDS_REQUIRED', MESSAGES.allFieldsRequired],
      ['   ', 'FIELDS_REQUIRED', MESSAGES.allFieldsRequired],
      [42, 'BAD_REQUEST', MESSAGES.badRequest],
      [{ first: 'Pieter' }, 'BAD_REQUEST', MESSAGES.badRequest],
      [['Pieter'], 'BAD_REQUEST', MESSAGES.badRequest],
    ];
    for (const [name, code, message] of cases) {
      const response = await update({ name });
      await expectRefused(response, 400, code, { error: message, label: JSON.stringify(name) });
    }
    const [unchanged] = await t.db.select().from(user).where(eq(user.id, client.id));
    expect(unchanged?.name).toBe('Pieter Goossens');
    expect((await update({ name: 'Pieter Janssens' })).status).toBe(200);
    const [renamed] = await t.db.select().from(user).where(eq(user.id, client.id));
    expect(renamed?.name).toBe('Pieter Janssens');
  });

  it("never lets the library's English reach a person: 'No fields to update' and 'Invalid input' become Dutch", async () => {
    const client = await createClient(t.db);
    const cookie = await t.login(client.email);
    const answers = [
      [await t.request('/api/auth/update-user', { cookie, json: {} }), 'AUTH_ERROR'],
      [
        await t.request('/api/auth/change-password', { cookie, json: { newPassword: 42 } }),
        'VALIDATION_ERROR',
      ],
      [
        await t.request('/api/auth/sign-in/email', { json: { email: 'geen-adres', password: 'x' } }),
        'INVALID_EMAIL',
      ],
    ] as const;
    for (const [response, code] of answers) {
      await expectRefused(response, 400, code);
      const body = (await response.json()) as { error: string; message: string; code: string };
      for (const text of [body.error, body.message]) {
        expect(text).not.toMatch(/No fields to update|Invalid input|Invalid email|Invalid body/i);
        expect(Object.values(MESSAGES)).toContain(text);
      }
    }
  });
});

describe('mails per recipient', () => {
  it('sends one address at most 3 reset mails an hour, answers the same beyond, and keeps the mailed links valid', async () => {
    const client = await createClient(t.db, { email: 'veel-post@example.be' });
    const answers = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const response = await requestReset(client.email, `198.51.100.${30 + i}`);
      answers.add(`${response.status} ${await response.text()}`);
    }
    expect([...answers]).toHaveLength(1);
    expect([...answers][0]).toMatch(/^200 /);
    const mails = await mailsTo(client.email, 'reset-password');
    expect(mails).toHaveLength(3);
    // The skipped requests did not void the last link that went out.
    const reset = await t.request('/api/auth/reset-password', {
      json: { newPassword: 'lentebloesem-88', token: resetTokenIn(mails[2]!) },
    });
    expect(reset.status).toBe(200);

    // An hour later the address gets mail again.
    await t.db
      .update(email_outbox)
      .set({ created_at: sql`${email_outbox.created_at} - interval '61 minutes'` })
      .where(eq(email_outbox.to_address, client.email));
    await requestReset(client.email);
    expect(await mailsTo(client.email, 'reset-password')).toHaveLength(4);
  });

  it("limits 'account exists' and confirmation mails the same way", async () => {
    const owner = await createClient(t.db, { email: 'bestaat@example.be' });
    for (let i = 0; i < 5; i++) {
      const response = await signUp({ name: 'Iemand', email: owner.email, password: 'zonnebloem-42' });
      expect(response.status).toBe(200);
    }
    expect(await mailsTo(owner.email, 'account-exists')).toHaveLength(3);

    await signUp({ name: 'Quinten', email: 'quinten@example.be', password: 'zonnebloem-42' });
    for (let i = 0; i < 4; i++) {
      const response = await t.request('/api/auth/send-verification-email', {
        json: { email: 'quinten@example.be', callbackURL: '/inloggen?bevestigd=1' },
      });
      expect(response.status).toBe(200);
    }
    expect(await mailsTo('quinten@example.be', 'confirm-email')).toHaveLength(3);
  });
});

describe('session cookie', () => {
  it('is HttpOnly and SameSite=Lax', async () => {
    const client = await createClient(t.db);
    const response = await signIn(client.email, TEST_PASSWORD);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('koppel.session_token'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie(response)).toContain('koppel.session_token=');
    const profiles = await t.db
      .select()
      .from(user_profiles)
      .where(and(eq(user_profiles.id, client.id), eq(user_profiles.role, 'client')));
    expect(profiles).toHaveLength(1);
  });
});
