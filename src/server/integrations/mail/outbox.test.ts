import { and, eq, inArray, like } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetEmail } from '../../auth/auth.mail';
import { type CreatedUser, createAdmin, createMatchmaker } from '../../db/factories';
import { account_settings, email_outbox } from '../../db/schema';
import { countStatements } from '../../test/count-statements';
import { startTestJobs } from '../../test/mail-queue';
import { createTestApp, type TestApp } from '../../test/test-app';
import { downSmtpUrl, startTestSmtp, type TestSmtp } from '../../test/test-smtp';
import { email } from './layout';
import { deliverOutboxMessage, GIVE_UP_AFTER_MS } from './outbox';
import { OUTBOX_FAILED_TEMPLATE } from './outbox-alert';

const SECOND = 1000;
const HOUR = 3600 * SECOND;

let t: TestApp;
let smtp: TestSmtp;
let transport: nodemailer.Transporter;
/** An SMTP server that is down: every attempt fails at once (for the walks through days). */
let down: nodemailer.Transporter;
let admins: CreatedUser[];
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  transport = nodemailer.createTransport(`smtp://127.0.0.1:${smtp.port}`);
  down = nodemailer.createTransport(await downSmtpUrl());
  admins = [
    await createAdmin(t.db, { full_name: 'Bea Beheer' }),
    await createAdmin(t.db, { full_name: 'Ward Beheer' }),
  ];
  await createMatchmaker(t.db, { full_name: 'Geen Beheerder' });
});
afterAll(async () => {
  transport.close();
  down.close();
  await t.close();
  await smtp.close();
});

const rowOf = async (id: string) =>
  (await t.db.select().from(email_outbox).where(eq(email_outbox.id, id)))[0]!;

/** One delivery attempt as the worker makes it, at a moment the test chooses. */
const deliverAt = (id: string, now: Date, via = transport) =>
  deliverOutboxMessage({ db: t.db, outbox: t.outbox, transport: via, from: t.env.MAIL_FROM, id, now });

const queueReset = async (to: string, url = 'http://x') =>
  (await t.outbox.queue({ to, ...passwordResetEmail({ name: 'R', url }) }))!;

const alertsAbout = (id: string) =>
  t.db
    .select()
    .from(email_outbox)
    .where(
      and(
        eq(email_outbox.template, OUTBOX_FAILED_TEMPLATE),
        like(email_outbox.dedupe_key, `outbox-failed:${id}:%`),
      ),
    );

/** Attempts at each scheduled moment while the SMTP server is down, until the message gives up. */
async function failUntilGivenUp(id: string, start: Date) {
  let now = start;
  let lastRetryAt = start;
  for (let attempt = 0; attempt < 500; attempt++) {
    const result = await deliverAt(id, now, down);
    if (result.status === 'failed') return { failedAt: now, lastRetryAt };
    if (result.status !== 'retry') throw new Error(`unexpected ${result.status}`);
    lastRetryAt = now;
    now = result.next_attempt_at;
  }
  throw new Error('never gave up');
}

describe('e-mail delivery', () => {
  it('records a refused attempt, waits for its backoff, and sends once on the retry', async () => {
    const id = await queueReset('retry@example.be');
    const start = new Date();
    smtp.setRefuse(true);
    expect(await deliverAt(id, start)).toEqual({
      status: 'retry',
      next_attempt_at: new Date(start.getTime() + 30 * SECOND),
    });
    expect(await rowOf(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      first_failed_at: start,
      next_attempt_at: new Date(start.getTime() + 30 * SECOND),
    });
    expect((await rowOf(id)).last_error).toContain('451');

    smtp.setRefuse(false);
    // Not due yet: neither the worker nor the sweep picks it.
    const early = new Date(start.getTime() + 29 * SECOND);
    expect(await t.outbox.pendingIds(early)).not.toContain(id);
    expect(await deliverAt(id, early)).toEqual({ status: 'skipped' });
    expect(smtp.countTo('retry@example.be')).toBe(0);

    const due = new Date(start.getTime() + 30 * SECOND);
    expect(await t.outbox.pendingIds(due)).toContain(id);
    expect(await deliverAt(id, due)).toEqual({ status: 'sent' });
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null, sent_at: due });
    // Delivered once: a duplicate job finds it sent.
    expect(await deliverAt(id, due)).toEqual({ status: 'skipped' });
    expect(smtp.countTo('retry@example.be')).toBe(1);
    expect(smtp.received.at(-1)?.raw).toContain('Subject: Stel een nieuw wachtwoord in voor Koppel');
  });

  it('keeps a message through an SMTP outage far longer than 11 minutes: 30 s doubling, at most 1 hour apart', async () => {
    const id = await queueReset('storing@example.be');
    const start = new Date();
    smtp.setRefuse(true);
    let now = start;
    const waits: number[] = [];
    while (now.getTime() - start.getTime() < 6 * HOUR) {
      const result = await deliverAt(id, now);
      if (result.status !== 'retry')
        throw new Error(`gave up after ${waits.length} attempts: ${result.status}`);
      waits.push((result.next_attempt_at.getTime() - now.getTime()) / SECOND);
      now = result.next_attempt_at;
    }
    expect(waits.slice(0, 8)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600]);
    expect(waits.slice(8).every((w) => w === 3600)).toBe(true);
    expect(await rowOf(id)).toMatchObject({
      status: 'pending',
      attempts: waits.length,
      first_failed_at: start,
    });
    expect(waits.length).toBeGreaterThan(10);

    smtp.setRefuse(false);
    expect(await deliverAt(id, now)).toEqual({ status: 'sent' });
    expect(smtp.countTo('storing@example.be')).toBe(1);
  });

  it('gives up only after 3 days of failures, then queues one alert per admin without the message itself', async () => {
    const secret = 'http://localhost:3999/reset-password#access_token=GEHEIM-TOKEN-123';
    const id = await queueReset('iemand.persoonlijk@klant.example', secret);
    const start = new Date();
    const { failedAt, lastRetryAt } = await failUntilGivenUp(id, start);

    expect(lastRetryAt.getTime() - start.getTime()).toBeLessThan(GIVE_UP_AFTER_MS);
    expect(failedAt.getTime() - start.getTime()).toBeGreaterThanOrEqual(GIVE_UP_AFTER_MS);
    expect(failedAt.getTime() - start.getTime()).toBeLessThanOrEqual(GIVE_UP_AFTER_MS + HOUR);
    const row = await rowOf(id);
    expect(row).toMatchObject({
      status: 'failed',
      first_failed_at: start,
      failed_at: failedAt,
      next_attempt_at: null,
    });
    expect(row.attempts).toBeGreaterThan(70);
    expect(await t.outbox.pendingIds(new Date(failedAt.getTime() + 10 * HOUR))).not.toContain(id);

    const alerts = await alertsAbout(id);
    expect(alerts.map((a) => a.to_address).sort()).toEqual(admins.map((a) => a.email).sort());
    for (const alert of alerts) {
      expect(alert.status).toBe('pending');
      expect(alert.subject).toBe('Een e-mail van Koppel kon niet worden verstuurd');
      for (const body of [alert.text, alert.html]) {
        expect(body).toContain('reset-password');
        expect(body).toContain('klant.example');
        expect(body).toContain(id);
        expect(body).not.toContain('GEHEIM-TOKEN-123');
        expect(body).not.toContain('access_token');
        expect(body).not.toContain('iemand.persoonlijk');
        expect(body).not.toContain('Stel een nieuw wachtwoord');
      }
    }
    expect(alerts.find((a) => a.to_address === admins[0]!.email)?.text).toContain('Dag Bea,');

    // A late duplicate job changes nothing and alerts nobody again.
    expect(await deliverAt(id, new Date(failedAt.getTime() + HOUR))).toEqual({ status: 'skipped' });
    expect(await alertsAbout(id)).toHaveLength(2);
    expect(smtp.countTo('iemand.persoonlijk@klant.example')).toBe(0);
  });

  it('lets an alert that gives up fail without an alert of its own', async () => {
    const now = new Date();
    // Both have been failing for 3 days (the walk through those days is the test above).
    const failingSince = new Date(now.getTime() - GIVE_UP_AFTER_MS);
    const id = await queueReset('nog.een@klant.example');
    await t.db.update(email_outbox).set({ first_failed_at: failingSince }).where(eq(email_outbox.id, id));
    smtp.setRefuse(true);
    expect(await deliverAt(id, now)).toEqual({ status: 'failed', template: 'reset-password' });
    const [alert] = await alertsAbout(id);
    const allAlerts = () =>
      t.db.select().from(email_outbox).where(eq(email_outbox.template, OUTBOX_FAILED_TEMPLATE));
    const alertCount = (await allAlerts()).length;
    await t.db
      .update(email_outbox)
      .set({ first_failed_at: failingSince })
      .where(eq(email_outbox.id, alert!.id));
    expect(await deliverAt(alert!.id, now)).toEqual({ status: 'failed', template: OUTBOX_FAILED_TEMPLATE });
    smtp.setRefuse(false);

    expect((await rowOf(alert!.id)).status).toBe('failed');
    expect(await allAlerts()).toHaveLength(alertCount);
  });

  it('never sends a claimed message twice', async () => {
    const id = await queueReset('tweemaal@example.be');
    const now = new Date();
    const results = await Promise.all([1, 2, 3].map(() => deliverAt(id, now)));
    expect(results.filter((r) => r.status === 'sent')).toHaveLength(1);
    expect(smtp.countTo('tweemaal@example.be')).toBe(1);
  });

  it('queues a message with a dedupe key only once', async () => {
    const first = await t.outbox.queue({
      to: 'een@example.be',
      dedupe_key: 'welkom:1',
      ...passwordResetEmail({ name: 'E', url: 'http://x' }),
    });
    const second = await t.outbox.queue({
      to: 'een@example.be',
      dedupe_key: 'welkom:1',
      ...passwordResetEmail({ name: 'E', url: 'http://x' }),
    });
    expect(first).toBeTruthy();
    expect(second).toBeNull();
  });
});

describe('queueing many messages at once', () => {
  it('stores them in one opt-out read and one INSERT: opt-outs and dedupe keys as one by one', async () => {
    const quiet = await createMatchmaker(t.db, { full_name: 'Stille Matchmaker' });
    const listening = await createMatchmaker(t.db, { full_name: 'Luisterende Matchmaker' });
    await t.db.insert(account_settings).values({ user_id: quiet.id, email_opt_outs: ['match-rejected'] });
    const rejected = { template: 'match-rejected', subject: 'Afgewezen', html: '<p>a</p>', text: 'a' };
    const reset = passwordResetEmail({ name: 'V', url: 'http://x' });
    const count = countStatements(t.db);

    const { result: ids, statements } = await count(() =>
      t.outbox.queueMany([
        // The opt-out holds whatever the case of the address, like `queue`'s.
        { to: quiet.email.toUpperCase(), ...rejected },
        { to: listening.email, ...rejected },
        // A required e-mail to the one who opted out of another still goes.
        { to: quiet.email, dedupe_key: 'veel:1', ...reset },
        // The same key twice in one batch, or again later, is stored once.
        { to: 'veel@example.be', dedupe_key: 'veel:2', ...reset },
        { to: 'veel@example.be', dedupe_key: 'veel:2', ...reset },
      ]),
    );
    expect(statements).toBe(2);
    const rows = await t.db.select().from(email_outbox).where(inArray(email_outbox.id, ids));
    expect(rows.map((r) => `${r.to_address} ${r.template}`).sort()).toEqual(
      [
        `${listening.email} match-rejected`,
        `${quiet.email} reset-password`,
        'veel@example.be reset-password',
      ].sort(),
    );
    expect(await t.outbox.queueMany([{ to: 'veel@example.be', dedupe_key: 'veel:2', ...reset }])).toEqual([]);

    // Nothing optional, nothing to read; nothing at all, no statement.
    expect((await count(() => t.outbox.queueMany([{ to: 'nog@example.be', ...reset }]))).statements).toBe(1);
    expect(await count(() => t.outbox.queueMany([]))).toEqual({ result: [], statements: 0 });
  });
});

describe('what every e-mail carries (issue 30)', () => {
  it('a wordmark and the sender, nothing from elsewhere; an optional e-mail also the way to switch it off', async () => {
    const person = await createMatchmaker(t.db, { full_name: 'Mail Lezer' });
    const optional = email('match-rejected', 'Een voorstel afgewezen', ['Dag Mail,'], {
      label: 'Bekijk de match',
      url: `${t.env.APP_URL}/matchmaker/matches`,
    });
    const [optionalId, requiredId] = await t.outbox.queueMany([
      { to: person.email, ...optional },
      { to: person.email, ...passwordResetEmail({ name: 'Mail', url: `${t.env.APP_URL}/reset` }) },
    ]);
    const settingsUrl = `${t.env.APP_URL}/dashboard/settings`;
    const sent = await rowOf(optionalId!);
    const required = await rowOf(requiredId!);
    for (const row of [sent, required]) {
      expect(row.html).toContain('>Koppel<');
      expect(row.html).toContain('Koppel Matchmaking · Louizalaan 54, 1050 Brussel, België');
      expect(row.text).toContain('Koppel Matchmaking · Louizalaan 54, 1050 Brussel, België');
      // No image and no address outside the install: a remote logo would report the opening.
      expect(row.html).not.toMatch(/<img|url\(/i);
      for (const [, href] of row.html.matchAll(/href="([^"]+)"/g))
        expect(href).toMatch(/^http:\/\/localhost:3999\//);
    }
    expect(sent.html).toContain(
      `<a href="${settingsUrl}" style="color:#881337">Zet deze e-mails uit in je instellingen</a>`,
    );
    expect(sent.text).toContain(`Zet deze e-mails uit in je instellingen: ${settingsUrl}`);
    expect(required.html).not.toContain('Zet deze e-mails uit');
    expect(required.text).not.toContain('Zet deze e-mails uit');
  });
});

describe('the pg-boss worker', () => {
  it('sends messages queued before the worker started (a restart) and after', async () => {
    const before = await queueReset('voor@example.be');
    const jobs = await startTestJobs(t);
    try {
      const after = await queueReset('na@example.be');
      await expect.poll(async () => (await rowOf(before)).status, { timeout: 20_000 }).toBe('sent');
      await expect.poll(async () => (await rowOf(after)).status, { timeout: 20_000 }).toBe('sent');
      expect(smtp.countTo('voor@example.be')).toBe(1);
      expect(smtp.countTo('na@example.be')).toBe(1);
    } finally {
      await jobs.stop();
    }
  });

  it("hands a transaction's e-mails to the worker after the commit, a job each with the retry policy, and sends each once", async () => {
    const jobs = await startTestJobs(t);
    try {
      const to = ['batch1@example.be', 'batch2@example.be', 'batch3@example.be'];
      await t.ctx.transaction((tx) =>
        tx.queueMails(
          to.map((address) => ({ to: address, ...passwordResetEmail({ name: 'B', url: 'http://x' }) })),
        ),
      );
      const rows = await t.db.select().from(email_outbox).where(inArray(email_outbox.to_address, to));
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        await expect.poll(async () => (await rowOf(row.id)).status, { timeout: 20_000 }).toBe('sent');
      }
      for (const address of to) expect(smtp.countTo(address)).toBe(1);
      // pg-boss's batch insert keeps what `send` set: 3 retries of a job that threw, with backoff.
      // A message may get a second job, from the sweep that runs every ten minutes on the clock's
      // wall or from the watchdog after a slow hand-off; the claim keeps it from going twice
      // (above). Distinct, so that a run across a ten-minute mark does not fail (it did, once).
      const { rows: queued } = await t.database.executeSql(
        `SELECT DISTINCT data->>'id' AS id, retry_limit, retry_backoff FROM pgboss.job WHERE name = $1 AND data->>'id' = ANY($2)`,
        ['send-email', rows.map((r) => r.id)],
      );
      expect(
        (queued as { id: string; retry_limit: number; retry_backoff: boolean }[])
          .map((j) => `${j.id} ${j.retry_limit} ${j.retry_backoff}`)
          .sort(),
      ).toEqual(rows.map((r) => `${r.id} 3 true`).sort());
    } finally {
      await jobs.stop();
    }
  });

  it('schedules the retry of a refused send at its backoff and sends it once', async () => {
    const id = await queueReset('opnieuw@example.be');
    smtp.setRefuse(true);
    const jobs = await startTestJobs(t, { retryDelaySeconds: 1 });
    try {
      await expect.poll(async () => (await rowOf(id)).last_error, { timeout: 15_000 }).toContain('451');
      const failed = await rowOf(id);
      expect(failed.status).toBe('pending');
      expect(failed.next_attempt_at!.getTime()).toBeGreaterThan(failed.first_failed_at!.getTime());
      smtp.setRefuse(false);
      await expect.poll(async () => (await rowOf(id)).status, { timeout: 20_000 }).toBe('sent');
      expect((await rowOf(id)).attempts).toBeGreaterThanOrEqual(2);
      expect(smtp.countTo('opnieuw@example.be')).toBe(1);
    } finally {
      await jobs.stop();
    }
  });
});
