import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages';
import { createAdmin, createClient, createMatchmaker } from '../../db/factories';
import { email_outbox, user_profiles } from '../../db/schema';
import { expectRefused } from '../../test/expect-refused';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const choose = (cookie: string | undefined, json: unknown) =>
  t.request('/api/me/matchmaker', { method: 'PUT', cookie, json });
const assignedOf = async (id: string) =>
  (await t.db.select().from(user_profiles).where(eq(user_profiles.id, id)))[0]?.assigned_matchmaker_id;
const mailsTo = (to: string, template: string) =>
  t.db
    .select()
    .from(email_outbox)
    .where(and(eq(email_outbox.to_address, to), eq(email_outbox.template, template)));

describe('PUT /api/me/matchmaker', () => {
  it('assigns an active matchmaker to a client without one, and tells the matchmaker', async () => {
    const sofie = await createMatchmaker(t.db, { full_name: 'Sofie Kiesbaar' });
    const client = await createClient(t.db, { full_name: 'Karel Kiezer' });
    const response = await choose(await t.login(client.email), { matchmaker_id: sofie.id });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ assigned_matchmaker_id: sofie.id, changed: true });
    expect(await assignedOf(client.id)).toBe(sofie.id);
    const [mail] = await mailsTo(sofie.email, 'matchmaker-client-joined');
    expect(mail?.text).toContain('Karel Kiezer koos jou als matchmaker');
  });

  it('asks for a confirmation to change, then tells both matchmakers', async () => {
    const first = await createMatchmaker(t.db, { full_name: 'Eerste Matchmaker' });
    const second = await createMatchmaker(t.db, { full_name: 'Tweede Matchmaker' });
    const client = await createClient(t.db, { full_name: 'Wim Wissel', assigned_matchmaker_id: first.id });
    const cookie = await t.login(client.email);
    const unconfirmed = await choose(cookie, { matchmaker_id: second.id });
    expect(unconfirmed.status).toBe(409);
    expect(await unconfirmed.json()).toEqual({
      error: MESSAGES.matchmakerChangeUnconfirmed,
      code: 'MATCHMAKER_CHANGE_UNCONFIRMED',
    });
    expect(await assignedOf(client.id)).toBe(first.id);

    const confirmed = await choose(cookie, { matchmaker_id: second.id, confirm: true });
    expect(await confirmed.json()).toEqual({ assigned_matchmaker_id: second.id, changed: true });
    expect(await mailsTo(second.email, 'matchmaker-client-joined')).toHaveLength(1);
    expect(await mailsTo(first.email, 'matchmaker-client-left')).toHaveLength(1);

    const same = await choose(cookie, { matchmaker_id: second.id });
    expect(await same.json()).toEqual({ assigned_matchmaker_id: second.id, changed: false });
    expect(await mailsTo(second.email, 'matchmaker-client-joined')).toHaveLength(1);
  });

  it('refuses an inactive matchmaker, an unknown one and a client as matchmaker, in Dutch', async () => {
    const inactive = await createMatchmaker(t.db, { matchmaker: { is_active: false } });
    const someone = await createClient(t.db);
    const client = await createClient(t.db);
    const cookie = await t.login(client.email);
    const refused = await choose(cookie, { matchmaker_id: inactive.id });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: MESSAGES.matchmakerInactive, code: 'MATCHMAKER_INACTIVE' });
    for (const matchmaker_id of [someone.id, 'bestaat-niet']) {
      const response = await choose(cookie, { matchmaker_id });
      await expectRefused(response, 404, 'MATCHMAKER_NOT_FOUND', MESSAGES.matchmakerNotFound);
    }
    expect(await assignedOf(client.id)).toBeNull();
  });

  it('refuses bad input with 400, a visitor with 401 and staff with 403', async () => {
    const sofie = await createMatchmaker(t.db);
    const client = await createClient(t.db);
    const cookie = await t.login(client.email);
    for (const body of [
      {},
      { matchmaker_id: '' },
      { matchmaker_id: 5 },
      { matchmaker_id: sofie.id, confirm: 'ja' },
    ]) {
      const response = await choose(cookie, body);
      expect(response.status).toBe(400);
      expect((await response.json()).code).toBe('BAD_REQUEST');
    }
    await expectRefused(await choose(undefined, { matchmaker_id: sofie.id }), 401, 'NOT_AUTHENTICATED');
    for (const staff of [await createMatchmaker(t.db), await createAdmin(t.db)]) {
      const response = await choose(await t.login(staff.email), { matchmaker_id: sofie.id });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: MESSAGES.clientsOnlyChooseMatchmaker,
        code: 'CLIENTS_ONLY',
      });
      expect(await assignedOf(staff.id)).toBeNull();
    }
  });
});
