import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../../../shared/outbox';
import { passwordResetEmail } from '../../auth/auth.mail';
import { createAdmin, createClient, createMatchmaker } from '../../db/factories';
import { email_outbox } from '../../db/schema';
import { OUTBOX_FAILED_TEMPLATE } from '../../integrations/mail/outbox-alert';
import { MAIL_BATCH_SIZE } from '../../jobs/jobs';
import { expectRefused } from '../../test/expect-refused';
import { startTestJobs, waitForIdleMailQueue } from '../../test/mail-queue';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startTestSmtp, type TestSmtp } from '../../test/test-smtp';

const DAY = 86_400_000;
const UNKNOWN_ID = '00000000-0000-0000-0000-000000000000';

let t: TestApp;
let smtp: TestSmtp;
const cookies: Record<'admin' | 'client' | 'matchmaker', string> = { admin: '', client: '', matchmaker: '' };
beforeAll(async () => {
  smtp = await startTestSmtp();
  // A local install with SMTP: the API and the dev mailbox both exist.
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  const [admin, client, matchmaker] = [
    await createAdmin(t.db),
    await createClient(t.db),
    await createMatchmaker(t.db),
  ];
  cookies.admin = await t.login(admin.email);
  cookies.client = await t.login(client.email);
  cookies.matchmaker = await t.login(matchmaker.email);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const rowOf = async (id: string) =>
  (await t.db.select().from(email_outbox).where(eq(email_outbox.id, id)))[0]!;

const queueReset = async (to: string) =>
  (await t.outbox.queue({
    to,
    ...passwordResetEmail({ name: 'R', url: 'http://localhost:3999/reset-password#access_token=GEHEIM' }),
  }))!;

/** A message in the state delivery leaves it in after 3 days of refused attempts. */
async function failedMessage(to: string) {
  const id = await queueReset(to);
  const now = Date.now();
  await t.db
    .update(email_outbox)
    .set({
      status: 'failed',
      attempts: 79,
      first_failed_at: new Date(now - 3 * DAY),
      failed_at: new Date(now),
      last_error: '451 Tijdelijk niet beschikbaar',
    })
    .where(eq(email_outbox.id, id));
  return id;
}

const resend = (id: string, cookie?: string, headers?: Record<string, string>) =>
  t.request(`/api/outbox/${id}/resend`, { method: 'POST', cookie, headers });

describe('GET /api/outbox', () => {
  it('lists messages of a status for admins, without body or links', async () => {
    const failed = await failedMessage('mislukt@klant.example');
    const pending = await queueReset('wacht@klant.example');

    const response = await t.request('/api/outbox?status=failed', { cookie: cookies.admin });
    expect(response.status).toBe(200);
    const { messages } = (await response.json()) as { messages: OutboxMessage[] };
    expect(messages.map((m) => m.id)).toContain(failed);
    expect(messages.map((m) => m.id)).not.toContain(pending);
    expect(messages.every((m) => m.status === 'failed')).toBe(true);
    expect(messages.find((m) => m.id === failed)).toMatchObject({
      to: 'mislukt@klant.example',
      template: 'reset-password',
      attempts: 79,
      last_error: '451 Tijdelijk niet beschikbaar',
      failed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(JSON.stringify(messages)).not.toContain('GEHEIM');
    expect(Object.keys(messages[0]!)).not.toContain('html');

    const all = (await (await t.request('/api/outbox', { cookie: cookies.admin })).json()) as {
      messages: OutboxMessage[];
    };
    expect(all.messages.map((m) => m.id)).toEqual(expect.arrayContaining([failed, pending]));
  });

  it('is for admins only, and refuses an unknown status', async () => {
    await expectRefused(await t.request('/api/outbox?status=failed'), 401, 'NOT_AUTHENTICATED');
    for (const role of ['client', 'matchmaker'] as const) {
      const response = await t.request('/api/outbox?status=failed', { cookie: cookies[role] });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: 'Unauthorized access', code: 'UNAUTHORIZED' });
    }
    const bad = await t.request('/api/outbox?status=kwijt', { cookie: cookies.admin });
    await expectRefused(bad, 400, 'BAD_REQUEST');
    expect((await bad.json()).issues[0].path).toBe('status');
  });
});

describe('POST /api/outbox/{id}/resend', () => {
  it('refuses visitors, clients and matchmakers, bad and unknown ids, another origin', async () => {
    const id = await failedMessage('geweigerd@klant.example');
    const anonymous = await resend(id);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: 'User not authenticated', code: 'NOT_AUTHENTICATED' });
    await expectRefused(await resend(id, cookies.client), 403, 'UNAUTHORIZED');
    await expectRefused(await resend(id, cookies.matchmaker), 403, 'UNAUTHORIZED');
    const bad = await resend('geen-uuid', cookies.admin);
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('BAD_REQUEST');
    const unknown = await resend(UNKNOWN_ID, cookies.admin);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe('NOT_FOUND');
    await expectRefused(
      await resend(id, cookies.admin, { origin: 'https://elders.example' }),
      403,
      'UNAUTHORIZED',
    );
    expect((await rowOf(id)).status).toBe('failed');
  });

  it('refuses a message that has not failed (409), so nothing is sent twice', async () => {
    const pending = await queueReset('nog-bezig@klant.example');
    const response = await resend(pending, cookies.admin);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: 'Alleen een e-mail die niet verstuurd kon worden, kun je opnieuw versturen.',
      code: 'OUTBOX_NOT_FAILED',
    });
    expect(await rowOf(pending)).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('puts a failed message back and the worker delivers it once the SMTP server is back, once', async () => {
    const id = await failedMessage('terug@klant.example');
    smtp.setRefuse(true);
    const jobs = await startTestJobs(t, { retryDelaySeconds: 1 });
    try {
      const response = await resend(id, cookies.admin);
      expect(response.status).toBe(200);
      expect((await response.json()).message).toMatchObject({
        id,
        status: 'pending',
        attempts: 0,
        first_failed_at: null,
        failed_at: null,
        last_error: null,
      });
      // Still down: the resent message is tried, refused, and kept for its next attempt.
      await expect.poll(async () => (await rowOf(id)).last_error, { timeout: 15_000 }).toContain('451');
      expect((await rowOf(id)).status).toBe('pending');
      smtp.setRefuse(false);
      await expect.poll(async () => (await rowOf(id)).status, { timeout: 20_000 }).toBe('sent');
      expect(smtp.countTo('terug@klant.example')).toBe(1);

      // A second click finds it sent: refused, and no second copy.
      await expectRefused(await resend(id, cookies.admin), 409, 'OUTBOX_NOT_FAILED');
      await waitForIdleMailQueue(t.database);
      expect(smtp.countTo('terug@klant.example')).toBe(1);
      const failed = (await (
        await t.request('/api/outbox?status=failed', { cookie: cookies.admin })
      ).json()) as {
        messages: OutboxMessage[];
      };
      expect(failed.messages.map((m) => m.id)).not.toContain(id);
    } finally {
      await jobs.stop();
    }
  });
});

describe('delivery', () => {
  it(`sends up to ${MAIL_BATCH_SIZE} e-mails at once, each once, so a backlog drains while the SMTP server is slow`, async () => {
    const addresses = Array.from({ length: MAIL_BATCH_SIZE + 2 }, (_, i) => `stapel-${i}@klant.example`);
    for (const address of addresses) await queueReset(address);
    smtp.hold();
    const jobs = await startTestJobs(t, { retryDelaySeconds: 1 });
    try {
      // The pending messages are handed over at the start; one server holds a batch at once.
      await expect.poll(() => smtp.held().now, { timeout: 15_000 }).toBe(MAIL_BATCH_SIZE);
      expect(smtp.held().most).toBe(MAIL_BATCH_SIZE);
      smtp.release();
      for (const address of addresses) {
        await expect.poll(() => smtp.countTo(address), { timeout: 15_000 }).toBe(1);
      }
      await waitForIdleMailQueue(t.database);
      expect(addresses.map((address) => smtp.countTo(address))).toEqual(addresses.map(() => 1));
    } finally {
      smtp.release();
      await jobs.stop();
    }
  });
});

describe('the dev mailbox', () => {
  it('shows each status, marks failed messages, and resends them with its button', async () => {
    const failed = await failedMessage('knop@klant.example');
    const sent = await queueReset('verstuurd@klant.example');
    await t.db
      .update(email_outbox)
      .set({ status: 'sent', sent_at: new Date() })
      .where(eq(email_outbox.id, sent));

    const page = await (await t.request('/dev/mailbox')).text();
    const itemOf = (id: string) => page.slice(page.indexOf(`/dev/mailbox/${id}"`)).split('</li>')[0]!;
    expect(page).toMatch(new RegExp(`<li class="failed"><a href="/dev/mailbox/${failed}"`));
    expect(itemOf(failed)).toContain('Mislukt');
    expect(itemOf(failed)).toContain(
      `<form method="post" action="/dev/mailbox/${failed}/resend"><button type="submit">Opnieuw versturen</button></form>`,
    );
    expect(itemOf(sent)).toContain('Verstuurd');
    expect(itemOf(sent)).not.toContain('<form');

    // The form posts from the mailbox itself; another site cannot press the button.
    const foreign = await t.request(`/dev/mailbox/${failed}/resend`, {
      method: 'POST',
      headers: { origin: 'https://elders.example' },
    });
    await expectRefused(foreign, 403, 'UNAUTHORIZED');
    expect((await rowOf(failed)).status).toBe('failed');

    const pressed = await t.request(`/dev/mailbox/${failed}/resend`, { method: 'POST' });
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get('location')).toBe('/dev/mailbox');
    expect(await rowOf(failed)).toMatchObject({ status: 'pending', attempts: 0, first_failed_at: null });
    await expectRefused(
      await t.request(`/dev/mailbox/${failed}/resend`, { method: 'POST' }),
      409,
      'OUTBOX_NOT_FAILED',
    );
    await expectRefused(
      await t.request(`/dev/mailbox/${UNKNOWN_ID}/resend`, { method: 'POST' }),
      404,
      'NOT_FOUND',
    );
  });

  it('makes a pending message fail as after 3 days of refused delivery, for end-to-end tests', async () => {
    const id = await queueReset('storing@klant.example');
    const refuse = (messageId: string, headers?: Record<string, string>) =>
      t.request(`/dev/mailbox/${messageId}/refuse`, { method: 'POST', headers });

    await expectRefused(await refuse(id, { origin: 'https://elders.example' }), 403, 'UNAUTHORIZED');
    expect((await rowOf(id)).status).toBe('pending');

    const response = await refuse(id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'failed' });
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 2, next_attempt_at: null });
    expect(row.last_error).toContain('451');
    expect(row.failed_at!.getTime() - row.first_failed_at!.getTime()).toBe(3 * DAY);
    expect(Math.abs(row.failed_at!.getTime() - t.clock.now().getTime())).toBeLessThan(60_000);
    // Given up by the delivery code itself: the admins are alerted, as after a real outage.
    const alerts = await t.db
      .select()
      .from(email_outbox)
      .where(
        and(
          eq(email_outbox.template, OUTBOX_FAILED_TEMPLATE),
          like(email_outbox.dedupe_key, `outbox-failed:${id}:%`),
        ),
      );
    expect(alerts.length).toBeGreaterThan(0);

    const again = await refuse(id);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: 'Alleen een e-mail die nog in de wachtrij staat, kan mislukken.',
      code: 'OUTBOX_NOT_PENDING',
    });
    await expectRefused(await refuse(UNKNOWN_ID), 404, 'NOT_FOUND');
  });
});
