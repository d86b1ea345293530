import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetEmail } from '../../auth/auth.mail';
import { email_outbox } from '../../db/schema';
import { startJobs } from '../../jobs/jobs';
import { createLogger } from '../../lib/logger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { deliverOutboxMessage, MAX_DELIVERY_ATTEMPTS } from './outbox';

/** A real SMTP server on loopback that can be told to refuse mail. */
function startSmtp() {
  const received: { to: string; raw: string }[] = [];
  let refuse = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on('end', () => {
        if (refuse) return callback(new Error('451 Tijdelijk niet beschikbaar'));
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
        callback();
      });
    },
  });
  return new Promise<{
    port: number;
    received: typeof received;
    setRefuse(v: boolean): void;
    close(): Promise<void>;
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const port = (server.server.address() as { port: number }).port;
      resolve({
        port,
        received,
        setRefuse: (v) => {
          refuse = v;
        },
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const statusOf = async (id: string) =>
  (await t.db.select().from(email_outbox).where(eq(email_outbox.id, id)))[0]!;

describe('e-mail delivery', () => {
  it('keeps a message whose send failed, records the attempt, and sends it on the retry', async () => {
    const transport = nodemailer.createTransport(`smtp://127.0.0.1:${smtp.port}`);
    const id = (await t.outbox.queue({
      to: 'retry@example.be',
      ...passwordResetEmail({ name: 'R', url: 'http://x' }),
    }))!;
    smtp.setRefuse(true);
    await expect(deliverOutboxMessage({ db: t.db, transport, from: t.env.MAIL_FROM, id })).rejects.toThrow();
    expect(await statusOf(id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await statusOf(id)).last_error).toContain('451');

    smtp.setRefuse(false);
    expect(await deliverOutboxMessage({ db: t.db, transport, from: t.env.MAIL_FROM, id })).toBe('sent');
    expect(await statusOf(id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    // Delivered once: a duplicate job finds it sent.
    expect(await deliverOutboxMessage({ db: t.db, transport, from: t.env.MAIL_FROM, id })).toBe('skipped');
    expect(smtp.received.filter((m) => m.to === 'retry@example.be')).toHaveLength(1);
    expect(smtp.received.at(-1)?.raw).toContain('Subject: Stel een nieuw wachtwoord in voor Koppel');
  });

  it('sends through pg-boss: messages queued before the worker started (a restart) and after', async () => {
    const before = (await t.outbox.queue({
      to: 'voor@example.be',
      ...passwordResetEmail({ name: 'V', url: 'http://x' }),
    }))!;
    const logger = createLogger('silent');
    const jobs = await startJobs({
      database: t.database,
      env: t.env,
      outbox: t.outbox,
      logger,
      pollingIntervalSeconds: 0.5,
    });
    try {
      const after = (await t.outbox.queue({
        to: 'na@example.be',
        ...passwordResetEmail({ name: 'N', url: 'http://x' }),
      }))!;
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        if ((await statusOf(before)).status === 'sent' && (await statusOf(after)).status === 'sent') break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect((await statusOf(before)).status).toBe('sent');
      expect((await statusOf(after)).status).toBe('sent');
      expect(smtp.received.map((m) => m.to)).toEqual(
        expect.arrayContaining(['voor@example.be', 'na@example.be']),
      );
    } finally {
      await jobs.stop();
    }
  });

  it('retries through the pg-boss worker after a refused send', async () => {
    const id = (await t.outbox.queue({
      to: 'opnieuw@example.be',
      ...passwordResetEmail({ name: 'O', url: 'http://x' }),
    }))!;
    smtp.setRefuse(true);
    const logger = createLogger('silent');
    const jobs = await startJobs({
      database: t.database,
      env: t.env,
      outbox: t.outbox,
      logger,
      pollingIntervalSeconds: 0.5,
      retryDelaySeconds: 1,
    });
    try {
      await expect.poll(async () => (await statusOf(id)).last_error, { timeout: 15_000 }).toContain('451');
      expect((await statusOf(id)).status).toBe('pending');
      smtp.setRefuse(false);
      await expect.poll(async () => (await statusOf(id)).status, { timeout: 20_000 }).toBe('sent');
      expect((await statusOf(id)).attempts).toBeGreaterThanOrEqual(2);
      expect(smtp.received.filter((m) => m.to === 'opnieuw@example.be')).toHaveLength(1);
    } finally {
      await jobs.stop();
    }
  });

  it('marks a message failed after the last attempt, and never sends a claimed message twice', async () => {
    const transport = nodemailer.createTransport(`smtp://127.0.0.1:${smtp.port}`);
    const id = (await t.outbox.queue({
      to: 'laatste@example.be',
      ...passwordResetEmail({ name: 'L', url: 'http://x' }),
    }))!;
    await t.db
      .update(email_outbox)
      .set({ attempts: MAX_DELIVERY_ATTEMPTS - 1 })
      .where(eq(email_outbox.id, id));
    smtp.setRefuse(true);
    await expect(deliverOutboxMessage({ db: t.db, transport, from: t.env.MAIL_FROM, id })).rejects.toThrow();
    smtp.setRefuse(false);
    expect(await statusOf(id)).toMatchObject({ status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS });
    expect(await t.outbox.pendingIds()).not.toContain(id);

    const other = (await t.outbox.queue({
      to: 'tweemaal@example.be',
      ...passwordResetEmail({ name: 'T', url: 'http://x' }),
    }))!;
    const results = await Promise.all(
      [1, 2, 3].map(() => deliverOutboxMessage({ db: t.db, transport, from: t.env.MAIL_FROM, id: other })),
    );
    expect(results.filter((r) => r === 'sent')).toHaveLength(1);
    expect(smtp.received.filter((m) => m.to === 'tweemaal@example.be')).toHaveLength(1);
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
