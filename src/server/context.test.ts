import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createMatchmaker } from './db/factories';
import { email_outbox, matches, payments } from './db/schema';
import { TERMS_ACCEPTED } from './test/checkout';
import { openProfile } from './test/profiles';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * Decision 007: an e-mail is stored in the transaction of the change it reports and handed to
 * delivery only after the commit. A deferred constraint trigger refuses the commit itself, after
 * the service has queued its e-mails: neither the change nor its e-mails may survive, and nothing
 * may reach delivery.
 */
let t: TestApp;
const delivered: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.outbox.setDelivery(async (ids) => {
    delivered.push(...ids);
  });
  await t.database.executeSql(`
    CREATE FUNCTION refuse_commit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'commit refused by the test'; END $$;`);
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await t.database.executeSql('DROP TRIGGER IF EXISTS refuse_commit ON matches');
  await t.database.executeSql('DROP TRIGGER IF EXISTS refuse_commit ON payments');
});

const refuseCommitsOn = (table: 'matches' | 'payments') =>
  t.database.executeSql(`CREATE CONSTRAINT TRIGGER refuse_commit AFTER INSERT ON ${table}
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_commit()`);

const mailsTo = (emails: string[]) =>
  t.db.select().from(email_outbox).where(inArray(email_outbox.to_address, emails));

describe('e-mails commit with the change they report', () => {
  it('a match proposal: nothing when the commit fails, both e-mails once a retry commits', async () => {
    const matchmaker = await createMatchmaker(t.db);
    const [one, two] = [
      await createClient(t.db, {
        assigned_matchmaker_id: matchmaker.id,
        contract_status: 'active_for_matching',
        profile: openProfile(),
      }),
      await createClient(t.db, { contract_status: 'active_for_matching', profile: openProfile() }),
    ];
    const cookie = await t.login(matchmaker.email);
    const propose = () =>
      t.request('/api/matches', { cookie, json: { client1_id: one.id, client2_id: two.id } });

    await refuseCommitsOn('matches');
    expect((await propose()).status).toBe(500);
    expect(
      await t.db
        .select()
        .from(matches)
        .where(eq(matches.client1_id, [one.id, two.id].sort()[0]!)),
    ).toEqual([]);
    expect(await mailsTo([one.email, two.email])).toEqual([]);
    const deliveredBefore = delivered.length;

    await t.database.executeSql('DROP TRIGGER refuse_commit ON matches');
    // The retry is not a duplicate: the first attempt left nothing behind.
    expect((await propose()).status).toBe(201);
    const mails = await mailsTo([one.email, two.email]);
    expect(mails.map((m) => m.to_address).sort()).toEqual([one.email, two.email].sort());
    expect(delivered.slice(deliveredBefore).sort()).toEqual(mails.map((m) => m.id).sort());
  });

  it('a payment: nothing when the fulfilment cannot commit, the promised e-mails once it does', async () => {
    const client = await createClient(t.db, { full_name: 'Nina Peeters' });
    const cookie = await t.login(client.email);
    const start = await t.request('/api/checkout-sessions', {
      cookie,
      json: { tier: 'Persoonlijk', ...TERMS_ACCEPTED },
    });
    expect(start.status).toBe(201);
    const sessionId = ((await start.json()) as { url: string }).url.split('/').pop()!;
    const pay = () => t.request(`/api/demo-checkout/${sessionId}/pay`, { method: 'POST', cookie });

    await refuseCommitsOn('payments');
    const deliveredBefore = delivered.length;
    expect((await pay()).status).toBe(500);
    expect(await t.db.select().from(payments).where(eq(payments.client_id, client.id))).toEqual([]);
    expect(await mailsTo([client.email])).toEqual([]);
    expect(delivered.length).toBe(deliveredBefore);

    await t.database.executeSql('DROP TRIGGER refuse_commit ON payments');
    expect((await pay()).status).toBe(200);
    expect(await t.db.select().from(payments).where(eq(payments.client_id, client.id))).toHaveLength(1);
    const [invitation] = await mailsTo([client.email]);
    expect(invitation?.template).toBe('payment-intake-invitation');
    expect(delivered.slice(deliveredBefore)).toContain(invitation!.id);
  });
});
