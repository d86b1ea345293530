import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages';
import { type CreatedUser, createClient, createMatch, createMatchmaker } from '../db/factories';
import { match_follow_up, user } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { decodePercentStrict, isStorableJson, MAX_JSON_DEPTH } from './reject-bad-input';

let t: TestApp;
let sofie: CreatedUser;
let emma: CreatedUser;
let matchId: string;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  sofie = await createMatchmaker(t.db, { full_name: 'Sofie Peeters' });
  emma = await createClient(t.db, { full_name: 'Emma Claes', assigned_matchmaker_id: sofie.id });
  const lucas = await createClient(t.db, { full_name: 'Lucas Wouters', assigned_matchmaker_id: sofie.id });
  const match = await createMatch(t.db, {
    clientA: emma.id,
    clientB: lucas.id,
    matchmaker_id: sofie.id,
    status: 'accepted',
  });
  matchId = match.id;
  cookies.sofie = await t.login(sofie.email);
  cookies.emma = await t.login(emma.email);
});
afterAll(async () => {
  await t?.close();
});

async function expectRefused(response: Response, status: number, code: string, error?: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error: string; code: string };
  expect(body.code).toBe(code);
  expect(typeof body.error).toBe('string');
  if (error) expect(body.error).toBe(error);
}

const validMatch = () => ({ client1_id: emma.id, client2_id: sofie.id });

describe("Hono's own refusals", () => {
  it('answer malformed JSON with 400 { error, code }', async () => {
    const response = await t.request('/api/matches', {
      method: 'POST',
      cookie: cookies.sofie,
      headers: { 'content-type': 'application/json' },
      body: '{"client1_id":',
    });
    await expectRefused(response, 400, 'BAD_REQUEST', MESSAGES.malformedJson);
  });

  it('answer a body that is not JSON with 415 { error, code }', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await t.request(`/api/matches/${matchId}/follow-ups`, {
        method: 'POST',
        cookie: cookies.sofie,
        headers: { 'content-type': contentType },
        body: 'follow_up_date=2030-01-01T10:00:00Z&notes=x',
      });
      await expectRefused(response, 415, 'UNSUPPORTED_MEDIA_TYPE', MESSAGES.unsupportedMediaType);
    }
  });
});

describe('characters PostgreSQL cannot store', () => {
  it('are refused in a JSON body, a query string and a path before they reach the database', async () => {
    await expectRefused(
      await t.request('/api/matches', { cookie: cookies.sofie, json: { ...validMatch(), note: 'a\u0000b' } }),
      400,
      'BAD_REQUEST',
      MESSAGES.invalidCharacters,
    );
    await expectRefused(
      await t.request('/api/matches?client_id=a%00b', { cookie: cookies.sofie }),
      400,
      'BAD_REQUEST',
      MESSAGES.invalidCharacters,
    );
    await expectRefused(
      await t.request('/api/demo-checkout/%00', { cookie: cookies.emma }),
      400,
      'BAD_REQUEST',
      MESSAGES.invalidCharacters,
    );
  });

  it("are refused on better-auth's routes too", async () => {
    const session = await (await t.request('/api/auth/get-session', { cookie: cookies.emma })).json();
    expect(session.user.email).toBe(emma.email);
    for (const [path, json] of [
      ['/api/auth/revoke-session', { token: 'a\u0000b' }],
      ['/api/auth/reset-password', { token: 'a\u0000b', newPassword: 'een-lang-wachtwoord-2026' }],
      ['/api/auth/update-user', { name: 'Emma\u0000Claes' }],
      ['/api/auth/sign-in/email', { email: emma.email, password: 'x\u0000' }],
    ] as const) {
      await expectRefused(
        await t.request(path, { cookie: cookies.emma, json }),
        400,
        'BAD_REQUEST',
        MESSAGES.invalidCharacters,
      );
    }
    await expectRefused(
      await t.request('/api/auth/verify-email?token=a%00b', {}),
      400,
      'BAD_REQUEST',
      MESSAGES.invalidCharacters,
    );
  });

  it('refuses bytes that are not UTF-8, lone surrogates, form bodies with NUL, and very deep JSON', async () => {
    const bodies: [string, string | Uint8Array<ArrayBuffer>][] = [
      ['application/json', new Uint8Array([...Buffer.from('{"note":"'), 0xc3, 0x28, ...Buffer.from('"}')])],
      ['application/json', '{"note":"a\\ud800b"}'],
      ['application/json', `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`],
      ['application/x-www-form-urlencoded', 'email=a%00b&password=x'],
    ];
    for (const [contentType, body] of bodies) {
      const response = await t.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': contentType },
        body,
      });
      await expectRefused(response, 400, 'BAD_REQUEST', MESSAGES.invalidCharacters);
    }
    await expectRefused(
      await t.request('/api/matches?client_id=%ED%A0%80', { cookie: cookies.sofie }),
      400,
      'BAD_REQUEST',
    );
  });

  it('lets ordinary text through: accents, emoji, an escaped backslash before u0000', async () => {
    const response = await t.request(`/api/matches/${matchId}/follow-ups`, {
      cookie: cookies.sofie,
      json: { follow_up_date: '2030-01-01T10:00:00Z', notes: 'Café 😀 \\u0000 gaat goed' },
    });
    expect(response.status).toBe(201);
    const [row] = await t.db.select().from(match_follow_up).where(eq(match_follow_up.match_id, matchId));
    expect(row?.notes).toBe('Café 😀 \\u0000 gaat goed');
  });

  it('decodes percent escapes strictly and walks JSON without recursion', () => {
    expect(decodePercentStrict('caf%C3%A9')).toBe('café');
    expect(decodePercentStrict('%C3%28')).toBeNull();
    expect(decodePercentStrict('%zz%')).toBe('%zz%');
    expect(isStorableJson({ a: [{ b: 'c' }] })).toBe(true);
    expect(isStorableJson({ a: [{ 'b\u0000': 'c' }] })).toBe(false);
    const deep = JSON.parse(`${'['.repeat(200_000)}${']'.repeat(200_000)}`);
    expect(isStorableJson(deep)).toBe(false);
  });
});

describe('dates', () => {
  it('outside the years 1900 to 2200 are a 400, not a database error', async () => {
    for (const date of ['0000-01-01T00:00:00Z', '1899-12-31T23:59:59Z', '9999-12-31T23:59:59Z']) {
      const response = await t.request(`/api/matches/${matchId}/follow-ups`, {
        cookie: cookies.sofie,
        json: { follow_up_date: date, notes: 'Eerste date' },
      });
      await expectRefused(response, 400, 'BAD_REQUEST', MESSAGES.dateOutOfRange);
    }
    const moved = await t.request(`/api/matches/${matchId}/outcome`, {
      cookie: cookies.sofie,
      json: { outcome: 'scheduled', scheduled_at: '0000-01-01T00:00:00Z' },
    });
    await expectRefused(moved, 400, 'BAD_REQUEST', MESSAGES.dateOutOfRange);
  });
});

describe('the dev clock', () => {
  it('refuses an offset that would move "now" past what a date can hold', async () => {
    for (const offset_ms of [8_640_000_000_000_000, -8_640_000_000_000_000]) {
      const response = await t.request('/dev/clock', { json: { offset_ms } });
      await expectRefused(response, 400, 'BAD_REQUEST');
    }
    expect(t.clock.offset()).toBe(0);
    expect((await t.request('/api/health')).status).toBe(200);
  });
});

describe("better-auth's input", () => {
  it('update-user refuses a name that is not a non-empty string, and still takes a good one', async () => {
    // The name's own codes and Dutch texts are the auth tests' (the sign-up rules); here: a 400.
    for (const name of [null, '', '   ', 42, { a: 1 }, ['Emma'], 'x'.repeat(201)]) {
      const response = await t.request('/api/auth/update-user', { cookie: cookies.emma, json: { name } });
      expect(response.status, JSON.stringify(name)).toBe(400);
      const body = (await response.json()) as { error: unknown; code: unknown };
      expect([typeof body.error, typeof body.code]).toEqual(['string', 'string']);
    }
    await expectRefused(
      await t.request('/api/auth/update-user', { cookie: cookies.emma, json: { image: { a: 1 } } }),
      400,
      'BAD_REQUEST',
    );
    const response = await t.request('/api/auth/update-user', {
      cookie: cookies.emma,
      json: { name: 'Emma Claes-Peeters' },
    });
    expect(response.status).toBe(200);
    const [row] = await t.db.select({ name: user.name }).from(user).where(eq(user.id, emma.id));
    expect(row?.name).toBe('Emma Claes-Peeters');
  });

  it('a callback URL that is neither a path nor absolute is a 400 (better-auth would throw on the redirect)', async () => {
    await expectRefused(
      await t.request('/api/auth/verify-email?token=ongeldig&callbackURL=x'),
      400,
      'BAD_REQUEST',
    );
    const redirected = await t.request('/api/auth/verify-email?token=ongeldig&callbackURL=%2Finloggen');
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toBe('/inloggen?error=INVALID_TOKEN');
  });

  it('a refusal without a JSON body (a disabled endpoint) still comes as { error, code }', async () => {
    const response = await t.request('/api/auth/delete-user', { cookie: cookies.emma, json: {} });
    await expectRefused(response, 404, 'NOT_FOUND', MESSAGES.notFound);
  });
});

describe('GET /api/checkout-session', () => {
  it("answers an unknown session in spec section 3's shape, with a code like every error", async () => {
    const response = await t.request('/api/checkout-session?session_id=onbekend', { cookie: cookies.emma });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      success: false,
      session: null,
      error: MESSAGES.purchaseNotFound,
      code: 'NOT_FOUND',
    });
  });
});
