import { Writable } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { createClient } from '../db/factories';
import { email_outbox } from '../db/schema';
import { createClock } from '../lib/clock';
import { ORIGIN, openTestDatabase, sessionCookie, testEnv } from '../test/test-app';
import { scrubLogText } from './auth-log';

describe('scrubLogText', () => {
  it('drops e-mail addresses, ids, tokens, quoted values, parameter lists and URL paths', () => {
    const cases: [string, string[]][] = [
      [
        'Failed query: select "id" from "user" where "user"."email" = $1\nparams: anna@example.be',
        ['anna@example.be', 'params'],
      ],
      ['Sign-up attempt for existing email: anna@example.be', ['anna@example.be']],
      ['Invalid callbackURL: https://evil.example/Anna Peeters?x=1', ['Anna', 'Peeters', 'x=1']],
      ['session 2f1c3a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b not found', ['2f1c3a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b']],
      ['invalid token Ab3dEf9hIj2lMn0pQr5tUv for reset', ['Ab3dEf9hIj2lMn0pQr5tUv']],
      ['value too long: \'Anna Peeters\' and "Bert Maes"', ['Anna', 'Bert']],
      ['duplicate key value violates unique constraint; Key (email)=(anna@example.be) exists', ['anna@']],
      ['name with a NUL \u0000 inside', ['\u0000']],
      ['unbalanced "Anna Peeters', ['Anna']],
    ];
    for (const [message, secrets] of cases) {
      const scrubbed = scrubLogText(message);
      for (const secret of secrets) expect(scrubbed, message).not.toContain(secret);
    }
    // What is not personal stays readable.
    expect(scrubLogText("Reset password isn't enabled")).toBe("Reset password isn't enabled");
    expect(scrubLogText('Invalid origin: https://evil.example/path')).toBe('Invalid origin: […]');
    expect(scrubLogText('INTERNAL_SERVER_ERROR')).toBe('INTERNAL_SERVER_ERROR');
  });
});

/**
 * Everything a process writes: the app's logger (pino to a stream, no redaction), and the console,
 * stdout and stderr, where a library could print on its own.
 */
function captureOutput() {
  const lines: string[] = [];
  const logger = pino(
    { level: 'debug', base: undefined },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  const record =
    (source: string) =>
    (...args: unknown[]) => {
      lines.push(
        `${source}: ${args
          .map((arg) =>
            arg instanceof Error
              ? `${arg.stack} ${JSON.stringify(arg.cause ?? null)}`
              : typeof arg === 'string'
                ? arg
                : JSON.stringify(arg),
          )
          .join(' ')}`,
      );
    };
  for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
    vi.spyOn(console, method).mockImplementation(record(`console.${method}`));
  }
  for (const stream of ['stdout', 'stderr'] as const) {
    const write = process[stream].write.bind(process[stream]);
    vi.spyOn(process[stream], 'write').mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
      lines.push(`${stream}: ${String(chunk)}`);
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stdout.write);
  }
  return { logger, text: () => lines.join('\n'), lines };
}

afterEach(() => {
  vi.restoreAllMocks();
});

async function appWithLogger(logger: pino.Logger) {
  const database = await openTestDatabase();
  const koppel = createApp({ database, env: testEnv(), logger, clock: createClock(), rateLimit: false });
  const request = (
    path: string,
    { json, cookie, method }: { json?: unknown; cookie?: string; method?: string } = {},
  ) =>
    koppel.app.request(
      path,
      {
        method: method ?? (json === undefined ? 'GET' : 'POST'),
        headers: {
          origin: ORIGIN,
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
          ...(cookie ? { cookie } : {}),
        },
        body: json === undefined ? undefined : JSON.stringify(json),
      },
      { incoming: { socket: { remoteAddress: '203.0.113.50' } } },
    );
  return { database, db: database.db, request };
}

describe("better-auth's own logging", () => {
  it('holds no e-mail, name, token or password under bad input and while the database is down', async () => {
    const output = captureOutput();
    const secrets = {
      email: 'anna.peeters@example.be',
      newEmail: 'bert.maes@example.be',
      name: 'Anna Peeters',
      oddName: 'Zoë Vermeulen-Oddname',
      password: 'koppel-test-2026',
      wrongPassword: 'raad-maar-eens-91',
      newPassword: 'zeer-geheim-nieuw-73',
      unknownToken: 'OnbekendToken1234567890abc',
    };
    const { database, db, request } = await appWithLogger(output.logger);
    await createClient(db, { email: secrets.email, full_name: secrets.name, password: secrets.password });
    const signIn = await request('/api/auth/sign-in/email', {
      json: { email: secrets.email, password: secrets.password },
    });
    expect(signIn.status).toBe(200);
    const cookie = sessionCookie(signIn);
    const sessionToken = cookie.split('=')[1]!.split('.')[0]!;

    await request('/api/auth/request-password-reset', {
      json: { email: secrets.email, redirectTo: '/reset-password' },
    });
    const [resetMail] = await db
      .select()
      .from(email_outbox)
      .where(eq(email_outbox.to_address, secrets.email))
      .orderBy(desc(email_outbox.created_at));
    const resetToken = decodeURIComponent(resetMail!.text.match(/access_token=([^&\s]+)/)![1]!);

    // Bad input: NUL characters, wrong types, unknown tokens, odd names.
    const badInput: [string, { json?: unknown; cookie?: string; method?: string }][] = [
      [
        '/api/auth/sign-up/email',
        { json: { name: `${secrets.name}\u0000`, email: secrets.newEmail, password: secrets.newPassword } },
      ],
      [
        '/api/auth/sign-up/email',
        { json: { name: secrets.name, email: `${secrets.newEmail}\u0000`, password: secrets.newPassword } },
      ],
      [
        '/api/auth/sign-up/email',
        { json: { name: ['x'], email: secrets.newEmail, password: secrets.newPassword } },
      ],
      [
        '/api/auth/sign-up/email',
        { json: { name: secrets.name, email: 42, password: { p: secrets.newPassword } } },
      ],
      ['/api/auth/sign-in/email', { json: { email: `${secrets.email}\u0000`, password: secrets.password } }],
      [
        '/api/auth/sign-in/email',
        { json: { email: secrets.email, password: `${secrets.wrongPassword}\u0000` } },
      ],
      ['/api/auth/sign-in/email', { json: { email: [secrets.email], password: secrets.wrongPassword } }],
      [
        '/api/auth/reset-password',
        { json: { newPassword: secrets.newPassword, token: `${secrets.unknownToken}\u0000` } },
      ],
      [
        '/api/auth/reset-password',
        { json: { newPassword: secrets.newPassword, token: secrets.unknownToken } },
      ],
      ['/api/auth/reset-password', { json: { newPassword: secrets.newPassword, token: 12345 } }],
      // better-auth's GET /reset-password/:token puts a token in the path, which the request log
      // keeps; Koppel's mails never link there (the token travels in the fragment).
      ['/api/auth/reset-password/proef%00?callbackURL=/reset-password', {}],
      [`/api/auth/verify-email?token=${secrets.unknownToken}`, {}],
      ['/api/auth/update-user', { cookie, json: { name: `${secrets.oddName}\u0000` } }],
      ['/api/auth/update-user', { cookie, json: { name: null } }],
      ['/api/auth/update-user', { cookie, json: { name: 42 } }],
      ['/api/auth/update-user', { cookie, json: { name: { first: secrets.oddName } } }],
      ['/api/auth/update-user', { cookie, json: { name: secrets.oddName.repeat(20) } }],
      ['/api/auth/update-user', { cookie, json: { image: { url: secrets.oddName } } }],
      ['/api/auth/update-user', { cookie, json: { email: secrets.newEmail } }],
      [
        '/api/auth/change-password',
        { cookie, json: { currentPassword: secrets.wrongPassword, newPassword: secrets.newPassword } },
      ],
      [
        '/api/auth/sign-up/email',
        { json: { name: secrets.name, email: secrets.email, password: secrets.newPassword } },
      ],
      [
        '/api/auth/sign-in/email',
        { json: { email: secrets.email, password: secrets.wrongPassword }, method: 'POST' },
      ],
      [
        '/api/auth/sign-up/email?callbackURL=https://evil.example/anna',
        {
          json: {
            name: secrets.name,
            email: secrets.newEmail,
            password: secrets.newPassword,
            callbackURL: `https://evil.example/${secrets.email}`,
          },
        },
      ],
    ];
    for (const [path, init] of badInput) {
      const response = await request(path, init);
      expect(response.status, path).toBeLessThan(500);
    }

    // The database goes away: every call fails, with a 500 that says nothing.
    await database.drop();
    const outage: [string, { json?: unknown; cookie?: string }][] = [
      ['/api/auth/sign-in/email', { json: { email: secrets.email, password: secrets.password } }],
      [
        '/api/auth/sign-up/email',
        { json: { name: secrets.name, email: secrets.newEmail, password: secrets.newPassword } },
      ],
      ['/api/auth/request-password-reset', { json: { email: secrets.email, redirectTo: '/reset-password' } }],
      ['/api/auth/reset-password', { json: { newPassword: secrets.newPassword, token: resetToken } }],
      ['/api/auth/get-session', { cookie }],
      ['/api/auth/update-user', { cookie, json: { name: secrets.oddName } }],
      ['/api/auth/send-verification-email', { json: { email: secrets.newEmail } }],
    ];
    for (const [path, init] of outage) {
      const response = await request(path, init);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      const body = await response.text();
      for (const secret of Object.values(secrets)) expect(body).not.toContain(secret);
    }

    const log = output.text();
    // The failures were logged (so the check below looks at something)...
    expect(output.lines.filter((line) => line.includes('"source":"auth"')).length).toBeGreaterThanOrEqual(
      outage.length,
    );
    // ...and nothing personal was.
    for (const secret of [
      ...Object.values(secrets),
      'Peeters',
      'Vermeulen',
      'anna.peeters',
      'bert.maes',
      resetToken,
      sessionToken,
    ]) {
      expect(log, secret).not.toContain(secret);
    }
    expect(log).not.toContain('\u0000');
  }, 120_000);
});
