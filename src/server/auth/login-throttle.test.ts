import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages';
import { createApp } from '../app';
import { createClient, TEST_PASSWORD } from '../db/factories';
import { email_outbox, login_failures } from '../db/schema';
import { createClock } from '../lib/clock';
import { createLogger } from '../lib/logger';
import { expectRefused } from '../test/expect-refused';
import { ORIGIN, openTestDatabase, testEnv } from '../test/test-app';
import { LOGIN_LIMITS, loginKey } from './login-throttle';

const MINUTE = 60_000;
const WRONG = 'fout-geraden-17';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
const clock = createClock();
const env = testEnv();

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.drop();
});
afterEach(() => {
  clock.setOffset(0);
});

/** One app process on the shared database (a second instance, or the same after a restart). */
function startInstance({ rateLimit = false } = {}) {
  const { app } = createApp({ database, env, logger: createLogger('silent'), clock, rateLimit });
  return {
    signIn(email: string, password: string, remoteAddress: string, cookie?: string) {
      return app.request(
        '/api/auth/sign-in/email',
        {
          method: 'POST',
          headers: { origin: ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
          body: JSON.stringify({ email, password }),
        },
        { incoming: { socket: { remoteAddress } } },
      );
    },
    post(path: string, json: unknown) {
      return app.request(path, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify(json),
      });
    },
  };
}

/** The cookie a successful login leaves in this browser to recognise it next time. */
function deviceCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('koppel.known_device='));
  if (!cookie) throw new Error('no device cookie');
  return cookie.split(';')[0]!;
}

async function expectThrottled(response: Response) {
  expect(response.status).toBe(429);
  expect(await response.json()).toMatchObject({ error: MESSAGES.tooManyRequests, code: 'TOO_MANY_REQUESTS' });
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  return retryAfter;
}

/** Failures as earlier attempts would have left them (filling a budget without 90 slow hashes). */
async function recordFailures(
  count: number,
  {
    email,
    address,
    known_device = false,
  }: { email: string; address: (i: number) => string; known_device?: boolean },
) {
  await database.db.insert(login_failures).values(
    Array.from({ length: count }, (_, i) => ({
      account_key: loginKey(env.AUTH_SECRET, 'account', email),
      address_key: loginKey(env.AUTH_SECRET, 'address', address(i)),
      known_device,
      created_at: new Date(clock.now().getTime() - 60_000),
    })),
  );
}

describe('login throttling in the database', () => {
  it('is shared by two app instances on one database and survives a restart; the owner elsewhere still logs in', async () => {
    const owner = await createClient(database.db, { email: 'gedeeld@example.be' });
    const [first, second] = [startInstance(), startInstance()];
    const attacker = '203.0.113.1';
    for (let i = 0; i < 5; i++)
      await expectRefused(await first.signIn(owner.email, WRONG, attacker), 401, 'INVALID_EMAIL_OR_PASSWORD');
    for (let i = 0; i < 5; i++)
      await expectRefused(
        await second.signIn(owner.email, WRONG, attacker),
        401,
        'INVALID_EMAIL_OR_PASSWORD',
      );
    const retryAfter = await expectThrottled(await first.signIn(owner.email, WRONG, attacker));
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    const restarted = startInstance();
    await expectThrottled(await restarted.signIn(owner.email, WRONG, attacker));
    // From the throttled address even the right password waits: it is not checked.
    await expectThrottled(await restarted.signIn(owner.email, TEST_PASSWORD, attacker));
    // The owner, from another address, is not locked out by the attacker.
    expect((await second.signIn(owner.email, TEST_PASSWORD, '198.51.100.2')).status).toBe(200);

    clock.setOffset(15 * MINUTE + 1000);
    await expectRefused(await first.signIn(owner.email, WRONG, attacker), 401, 'INVALID_EMAIL_OR_PASSWORD');
  }, 120_000);

  it('gives an attacker with 10 addresses 90 guesses an hour on one account; the owner logs in from another address', async () => {
    const owner = await createClient(database.db, { email: 'doelwit@example.be' });
    const app = startInstance();
    // The owner logged in at home before: that browser carries the device cookie.
    const home = await app.signIn(owner.email, TEST_PASSWORD, '192.0.2.10');
    expect(home.status).toBe(200);
    const browser = deviceCookie(home);

    let guesses = 0;
    for (let a = 1; a <= 10; a++) {
      for (;;) {
        const response = await app.signIn(owner.email, WRONG, `203.0.113.${10 + a}`);
        if (response.status === 429) break;
        await expectRefused(response, 401, 'INVALID_EMAIL_OR_PASSWORD');
        guesses++;
      }
    }
    expect(guesses).toBe(LOGIN_LIMITS.account.max);
    expect(guesses).toBe(90);
    // Every address without the owner's browser waits now, a fresh one too.
    await expectThrottled(await app.signIn(owner.email, WRONG, '203.0.113.99'));
    // The owner, in their own browser on another network, logs in.
    expect((await app.signIn(owner.email, TEST_PASSWORD, '198.51.100.77', browser)).status).toBe(200);

    // A quarter of an hour on, the attacker still waits: the cap counts the hour.
    clock.setOffset(16 * MINUTE);
    const retryAfter = await expectThrottled(await app.signIn(owner.email, WRONG, '203.0.113.11'));
    expect(retryAfter).toBeGreaterThan(40 * 60);
    clock.setOffset(61 * MINUTE);
    await expectRefused(
      await app.signIn(owner.email, WRONG, '203.0.113.11'),
      401,
      'INVALID_EMAIL_OR_PASSWORD',
    );
  }, 300_000);

  it('lets the owner in from a new browser after a password reset, once the account is capped', async () => {
    const owner = await createClient(database.db, { email: 'vergrendeld@example.be' });
    await recordFailures(LOGIN_LIMITS.account.max, {
      email: owner.email,
      address: (i) => `203.0.113.${i % 10}`,
    });
    const app = startInstance();
    await expectThrottled(await app.signIn(owner.email, TEST_PASSWORD, '198.51.100.5'));

    await app.post('/api/auth/request-password-reset', { email: owner.email, redirectTo: '/reset-password' });
    const [mail] = await database.db
      .select()
      .from(email_outbox)
      .where(eq(email_outbox.to_address, owner.email))
      .orderBy(desc(email_outbox.created_at));
    const token = decodeURIComponent(mail!.text.match(/access_token=([^&\s]+)/)![1]!);
    expect(
      (await app.post('/api/auth/reset-password', { newPassword: 'lentebloesem-88', token })).status,
    ).toBe(200);
    expect((await app.signIn(owner.email, 'lentebloesem-88', '198.51.100.5')).status).toBe(200);
  });

  it("a burst on one account does not block another account's correct login from the same address", async () => {
    const [a, b] = [
      await createClient(database.db, { email: 'burst-a@example.be' }),
      await createClient(database.db, { email: 'burst-b@example.be' }),
    ];
    const app = startInstance({ rateLimit: true });
    const home = '192.0.2.77';
    for (let i = 0; i < LOGIN_LIMITS.accountAndAddress.max; i++) {
      await expectRefused(await app.signIn(a.email, WRONG, home), 401, 'INVALID_EMAIL_OR_PASSWORD');
    }
    await expectThrottled(await app.signIn(a.email, WRONG, home));
    await expectThrottled(await app.signIn(a.email, TEST_PASSWORD, home));
    // Another account, same address, a new browser (no device cookie): in at once.
    expect((await app.signIn(b.email, TEST_PASSWORD, home)).status).toBe(200);
  }, 120_000);

  it('limits one address on all accounts, but not the browser of an owner behind it', async () => {
    const owner = await createClient(database.db, { email: 'kantoor@example.be' });
    const app = startInstance();
    const office = '203.0.113.200';
    const before = await app.signIn(owner.email, TEST_PASSWORD, office);
    const browser = deviceCookie(before);
    // Someone on the same office address tried 100 other accounts.
    for (let i = 0; i < LOGIN_LIMITS.address.max; i++) {
      await recordFailures(1, { email: `ander-${i}@example.be`, address: () => office });
    }
    await expectThrottled(await app.signIn('nog-een@example.be', WRONG, office));
    await expectThrottled(await app.signIn(owner.email, TEST_PASSWORD, office));
    expect((await app.signIn(owner.email, TEST_PASSWORD, office, browser)).status).toBe(200);
  });

  it("does not let better-auth's per-address limiter hold up the owner's browser behind an attacker", async () => {
    const owner = await createClient(database.db, { email: 'buur@example.be' });
    const app = startInstance({ rateLimit: true });
    const shared = '203.0.113.210';
    const browser = deviceCookie(await app.signIn(owner.email, TEST_PASSWORD, shared));
    // Someone on the same address uses up its 30 sign-ins a minute (10 guesses, then refusals).
    for (let i = 0; i < 30; i++) await app.signIn('iemand-anders@example.be', WRONG, shared);
    await expectThrottled(await app.signIn(owner.email, TEST_PASSWORD, shared));
    expect((await app.signIn(owner.email, TEST_PASSWORD, shared, browser)).status).toBe(200);
  }, 120_000);

  it("bounds the owner's browser too: 10 failures an hour", async () => {
    const owner = await createClient(database.db, { email: 'eigen-toestel@example.be' });
    const app = startInstance();
    const browser = deviceCookie(await app.signIn(owner.email, TEST_PASSWORD, '192.0.2.20'));
    await recordFailures(LOGIN_LIMITS.knownDevice.max, {
      email: owner.email,
      address: () => '192.0.2.20',
      known_device: true,
    });
    await expectThrottled(await app.signIn(owner.email, TEST_PASSWORD, '192.0.2.20', browser));
    // That budget is the browser's: without it, from another address, the usual limits apply.
    expect((await app.signIn(owner.email, TEST_PASSWORD, '198.51.100.20')).status).toBe(200);
  });

  it('counts parallel guesses: 15 at once from one address get 10 answers and 5 waits', async () => {
    const owner = await createClient(database.db, { email: 'parallel@example.be' });
    const app = startInstance();
    const responses = await Promise.all(
      Array.from({ length: 15 }, () => app.signIn(owner.email, WRONG, '203.0.113.150')),
    );
    const answers = await Promise.all(responses.map(async (r) => `${r.status} ${(await r.json()).code}`));
    expect(answers.sort()).toEqual([
      ...Array(10).fill('401 INVALID_EMAIL_OR_PASSWORD'),
      ...Array(5).fill('429 TOO_MANY_REQUESTS'),
    ]);
  }, 120_000);
});
