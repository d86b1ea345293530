import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client';
import { createClient, createMatch, createMatchmaker, TEST_PASSWORD } from './db/factories';
import { email_outbox, matches } from './db/schema';
import { SCHEDULED_JOBS } from './features';
import { freePort } from './test/free-port';
import { onPostgres } from './test/fresh-pg';
import { waitForIdleMailQueue } from './test/mail-queue';
import { openProfile } from './test/profiles';
import { openTestDatabase } from './test/test-app';
import { startTestSmtp, type TestSmtp } from './test/test-smtp';

/**
 * Issue 19 item 4: scaling out is more app servers on one PostgreSQL. Two real server processes
 * (src/server/main.ts, as `npm start` runs the build) on two ports share one fresh database and
 * one SMTP server; what must happen once happens once. PostgreSQL only (`npm run test:pg`):
 * PGlite is one process by design (its directory lock refuses a second server, server.test.ts).
 */
/** A client a matchmaker may propose (issue 16): Sofie's, paying and active for matching. */
const eligible = (matchmakerId: string) => ({
  assigned_matchmaker_id: matchmakerId,
  tier: 'Persoonlijk' as const,
  contract_status: 'active_for_matching' as const,
  // Issue 26: a profile that fits the other clients made here.
  profile: openProfile(),
});

const AUTH_SECRET = 'two-servers-secret-that-is-long-enough-0123456789';

interface Server {
  url: string;
  child: ChildProcess;
  output: () => string;
}

function startServer(port: number, databaseUrl: string, smtpPort: number, uploadDir: string): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SEED_DEMO: 'false',
      // Errors only: a failed shutdown says which step it was in (the assertion below prints it).
      LOG_LEVEL: 'error',
      UPLOAD_DIR: uploadDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  return { url: `http://localhost:${port}`, child, output: () => output };
}

async function waitForHealth(server: Server) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && server.child.exitCode === null) {
    try {
      const response = await fetch(`${server.url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server ${server.url} did not become healthy: ${server.output().slice(-2000)}`);
}

function call(server: Server, path: string, init: { cookie?: string; json?: unknown; method?: string } = {}) {
  return fetch(`${server.url}${path}`, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers: {
      origin: server.url,
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

async function login(server: Server, email: string, password = TEST_PASSWORD) {
  const response = await call(server, '/api/auth/sign-in/email', { json: { email, password } });
  if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

describe.skipIf(!onPostgres)('two servers on one PostgreSQL (issue 19)', () => {
  let database: Database & { drop(): Promise<void> };
  let smtp: TestSmtp;
  let uploadDir: string;
  let servers: Server[] = [];
  let sofie: { id: string; email: string };
  let started: Date;

  beforeAll(async () => {
    database = await openTestDatabase();
    sofie = await createMatchmaker(database.db, { email: 'sofie.twee@example.be', full_name: 'Sofie Twee' });
    smtp = await startTestSmtp();
    uploadDir = mkdtempSync(join(tmpdir(), 'koppel-two-'));
    started = new Date();
    const ports = [await freePort(), await freePort()];
    servers = ports.map((port) => startServer(port, database.connectionString!, smtp.port, uploadDir));
    await Promise.all(servers.map(waitForHealth));
  }, 180_000);

  afterAll(async () => {
    // Graceful shutdown: SIGTERM, each server drains and exits 0.
    const exits = servers.map(
      (s) => new Promise<number | null>((resolve) => s.child.once('exit', (code) => resolve(code))),
    );
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGTERM');
    const codes = await Promise.race([
      Promise.all(exits),
      new Promise<null>((r) => setTimeout(() => r(null), 30_000)),
    ]);
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    await smtp?.close();
    await database?.drop();
    rmSync(uploadDir, { recursive: true, force: true });
    expect(codes, servers.map((s) => s.output().slice(-2000)).join('\n---\n')).toEqual([0, 0]);
  }, 60_000);

  it('both serve, and a session made on one is valid on the other', async () => {
    const [a, b] = servers as [Server, Server];
    for (const server of servers) expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const cookie = await login(a, sofie.email);
    const me = await call(b, '/api/me', { cookie });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { id: string } }).user.id).toBe(sofie.id);
    // Signed out on B: refused on A at the next request.
    expect((await call(b, '/api/auth/sign-out', { cookie, json: {} })).status).toBe(200);
    expect((await call(a, '/api/me', { cookie })).status).toBe(401);
  }, 60_000);

  it('a pair proposed on both servers at once gives one match', async () => {
    const [a, b] = servers as [Server, Server];
    const x = await createClient(database.db, { ...eligible(sofie.id), full_name: 'Xena Paar' });
    const y = await createClient(database.db, { ...eligible(sofie.id), full_name: 'Yves Paar' });
    const cookies = [await login(a, sofie.email), await login(b, sofie.email)];
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(servers[i % 2]!, '/api/matches', {
          cookie: cookies[i % 2],
          json: i % 3 ? { client1_id: x.id, client2_id: y.id } : { client1_id: y.id, client2_id: x.id },
        }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const rows = await database.db
      .select()
      .from(matches)
      .where(inArray(matches.client1_id, [x.id, y.id]));
    expect(rows).toHaveLength(1);
  }, 60_000);

  it('every scheduled job, run on both at once, handles each due item once', async () => {
    const [a, b] = servers as [Server, Server];
    // A proposal past its deadline (to cancel) and one due tomorrow (to remind both clients of).
    const pairs = [];
    for (const name of ['Due', 'Soon']) {
      const p = await createClient(database.db, {
        ...eligible(sofie.id),
        full_name: `${name} Een`,
      });
      const q = await createClient(database.db, {
        ...eligible(sofie.id),
        full_name: `${name} Twee`,
      });
      pairs.push([p, q] as const);
    }
    const cookie = await login(a, sofie.email);
    const ids: string[] = [];
    for (const [p, q] of pairs) {
      const proposed = await call(a, '/api/matches', {
        cookie,
        json: { client1_id: p.id, client2_id: q.id },
      });
      expect(proposed.status).toBe(201);
      ids.push(((await proposed.json()) as { match: { id: string } }).match.id);
    }
    const now = Date.now();
    await database.db
      .update(matches)
      .set({ response_deadline: new Date(now - 60_000) })
      .where(eq(matches.id, ids[0]!));
    await database.db
      .update(matches)
      .set({ response_deadline: new Date(now + 12 * 60 * 60 * 1000) })
      .where(eq(matches.id, ids[1]!));

    const runs = await Promise.all(
      [a, b, a, b].map((server) => call(server, '/dev/jobs/match-deadlines', { json: {} })),
    );
    for (const run of runs) expect(run.status).toBe(200);
    const results = (await Promise.all(runs.map((r) => r.json()))) as { cancelled: number }[];
    expect(results.reduce((sum, r) => sum + r.cancelled, 0)).toBe(1);
    const [cancelled] = await database.db.select().from(matches).where(eq(matches.id, ids[0]!));
    expect(cancelled!.status).toBe('cancelled');
    const reminders = await database.db
      .select()
      .from(email_outbox)
      .where(
        and(
          inArray(email_outbox.to_address, [pairs[1]![0].email, pairs[1]![1].email]),
          sql`${email_outbox.template} ILIKE '%remind%'`,
        ),
      );
    expect(reminders.map((r) => r.to_address).sort()).toEqual(
      [pairs[1]![0].email, pairs[1]![1].email].sort(),
    );

    // Every job of every feature, on both servers at once: no failure and no e-mail twice.
    const all = await Promise.all(
      SCHEDULED_JOBS.flatMap((job) =>
        [a, b].map((server) => call(server, `/dev/jobs/${job.name}`, { json: {} })),
      ),
    );
    for (const run of all) expect(run.status).toBe(200);
    const twice = await database.db.execute(sql`
      SELECT to_address, template, subject, count(*)::int AS n FROM email_outbox
      WHERE created_at >= ${started} GROUP BY to_address, template, subject HAVING count(*) > 1`);
    expect((twice as unknown as { rows: unknown[] }).rows).toEqual([]);
  }, 90_000);

  it("a date's reminder goes out once with both servers, the clock moved to the day before (issue 27)", async () => {
    const [a, b] = servers as [Server, Server];
    const noor = await createClient(database.db, { ...eligible(sofie.id), full_name: 'Noor Herinnering' });
    const pieter = await createClient(database.db, {
      ...eligible(sofie.id),
      full_name: 'Pieter Herinnering',
    });
    const match = await createMatch(database.db, {
      clientA: noor.id,
      clientB: pieter.id,
      matchmaker_id: sofie.id,
      status: 'accepted',
    });
    const at = new Date(Date.now() + 3 * 86_400_000);
    const planned = await call(a, `/api/matches/${match.id}/outcome`, {
      cookie: await login(a, sofie.email),
      json: {
        outcome: 'scheduled',
        scheduled_at: at.toISOString(),
        place_name: 'Café De Zwaan',
        place_address: 'Grote Markt 1, 2000 Antwerpen',
      },
    });
    expect(planned.status).toBe(200);
    const addresses = [noor.email, pieter.email];
    const remindersSent = async () =>
      (
        await database.db
          .select({ to: email_outbox.to_address })
          .from(email_outbox)
          .where(and(inArray(email_outbox.to_address, addresses), eq(email_outbox.template, 'date-reminder')))
      )
        .map((r) => r.to)
        .sort();
    // Before the day before: nothing on either server.
    for (const server of [a, b])
      expect((await call(server, '/dev/jobs/date-reminders', { json: {} })).status).toBe(200);
    expect(await remindersSent()).toEqual([]);
    // Both servers' clocks 12 hours before the date; the job on both at once, twice.
    const offset_ms = at.getTime() - 12 * 3600_000 - Date.now();
    try {
      for (const server of [a, b]) {
        expect((await call(server, '/dev/clock', { json: { offset_ms } })).status).toBe(200);
      }
      const runs = await Promise.all(
        [a, b, a, b].map((server) => call(server, '/dev/jobs/date-reminders', { json: {} })),
      );
      for (const run of runs) expect(run.status).toBe(200);
    } finally {
      for (const server of [a, b]) await call(server, '/dev/clock', { json: { offset_ms: 0 } });
    }
    expect(await remindersSent()).toEqual([...addresses].sort());
    // The invitation reached the SMTP server as a calendar attachment.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && smtp.countTo(noor.email) < 2)
      await new Promise((r) => setTimeout(r, 250));
    const raws = smtp.received.filter((m) => m.to === noor.email).map((m) => m.raw);
    expect(raws.some((raw) => /text\/calendar; ?charset=utf-8; ?method=REQUEST/i.test(raw))).toBe(true);
  }, 90_000);

  it('an unread message is mailed once with both servers, the clock moved past the quiet period (issue 32)', async () => {
    const [a, b] = servers as [Server, Server];
    const lies = await createClient(database.db, { ...eligible(sofie.id), full_name: 'Lies Bericht' });
    const posted = await call(a, '/api/me/conversation/messages', {
      cookie: await login(a, lies.email),
      json: { body: 'Dag Sofie, heb je even?' },
    });
    expect(posted.status).toBe(201);
    const notices = async () =>
      database.db
        .select({ to: email_outbox.to_address })
        .from(email_outbox)
        .where(
          and(eq(email_outbox.to_address, sofie.email), eq(email_outbox.template, 'message-notification')),
        );
    // Within the quiet period: nothing on either server.
    for (const server of [a, b])
      expect((await call(server, '/dev/jobs/message-notifications', { json: {} })).status).toBe(200);
    expect(await notices()).toEqual([]);
    // Both servers' clocks 20 minutes on; the job on both at once, twice each.
    try {
      for (const server of [a, b]) {
        expect((await call(server, '/dev/clock', { json: { offset_ms: 20 * 60_000 } })).status).toBe(200);
      }
      const runs = await Promise.all(
        [a, b, a, b].map((server) => call(server, '/dev/jobs/message-notifications', { json: {} })),
      );
      for (const run of runs) expect(run.status).toBe(200);
      const results = (await Promise.all(runs.map((r) => r.json()))) as { matchmakers: number }[];
      expect(results.reduce((sum, r) => sum + r.matchmakers, 0)).toBe(1);
    } finally {
      for (const server of [a, b]) await call(server, '/dev/clock', { json: { offset_ms: 0 } });
    }
    expect(await notices()).toEqual([{ to: sofie.email }]);
    // It reached the SMTP server once.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && smtp.countTo(sofie.email) < 1)
      await new Promise((r) => setTimeout(r, 250));
    await waitForIdleMailQueue(database);
    expect(smtp.received.filter((m) => m.to === sofie.email && /Lies Bericht/.test(m.raw))).toHaveLength(1);
  }, 90_000);

  it('the outbox delivers each e-mail once, with both servers working the queue', async () => {
    // Mails of its own, whatever ran before: a proposal on each server mails both of its clients.
    const [a, b] = servers as [Server, Server];
    for (const [server, name] of [
      [a, 'Post A'],
      [b, 'Post B'],
    ] as const) {
      const p = await createClient(database.db, { ...eligible(sofie.id), full_name: `${name} Een` });
      const q = await createClient(database.db, { ...eligible(sofie.id), full_name: `${name} Twee` });
      const proposed = await call(server, '/api/matches', {
        cookie: await login(server, sofie.email),
        json: { client1_id: p.id, client2_id: q.id },
      });
      expect(proposed.status).toBe(201);
    }
    const deadline = Date.now() + 60_000;
    let pending = 1;
    while (Date.now() < deadline) {
      const [row] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(email_outbox)
        .where(and(eq(email_outbox.status, 'pending'), gte(email_outbox.created_at, started)));
      pending = row!.n;
      if (pending === 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(pending).toBe(0);
    // A duplicate delivery (if any) has arrived once no delivery job is left to run.
    await waitForIdleMailQueue(database);
    const sent = await database.db
      .select({ to: email_outbox.to_address })
      .from(email_outbox)
      .where(eq(email_outbox.status, 'sent'));
    expect(sent.length).toBeGreaterThanOrEqual(4);
    expect(smtp.received.length).toBe(sent.length);
    const perAddress = new Map<string, number>();
    for (const { to } of sent) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    for (const [address, count] of perAddress) expect(smtp.countTo(address), address).toBe(count);
  }, 90_000);

  it('the login limits count failures on both servers together (they live in the database)', async () => {
    const [a, b] = servers as [Server, Server];
    const client = await createClient(database.db, { email: 'limiet@example.be' });
    const statuses: number[] = [];
    // 10 failures per account and address in 15 minutes: 5 on each server.
    for (let i = 0; i < 10; i++) {
      const server = i % 2 ? b : a;
      const response = await call(server, '/api/auth/sign-in/email', {
        json: { email: client.email, password: 'fout-wachtwoord-123' },
      });
      statuses.push(response.status);
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    for (const server of [a, b]) {
      const refused = await call(server, '/api/auth/sign-in/email', {
        json: { email: client.email, password: TEST_PASSWORD },
      });
      expect(refused.status).toBe(429);
    }
  }, 60_000);

  it("better-auth's request limits count on both servers together (rate_limit table)", async () => {
    const [a, b] = servers as [Server, Server];
    // 10 reset requests per address and minute: 5 on each server, then both refuse.
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await call(i % 2 ? b : a, '/api/auth/request-password-reset', {
        json: { email: `niemand${i}@example.be`, redirectTo: '/reset-password' },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual(Array(10).fill(200));
    for (const server of [a, b]) {
      const refused = await call(server, '/api/auth/request-password-reset', {
        json: { email: 'niemand@example.be', redirectTo: '/reset-password' },
      });
      expect(refused.status).toBe(429);
    }
  }, 60_000);
});
