import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_STATUSES, TIERS } from '../../../shared/domain';
import {
  type CreatedUser,
  createAdmin,
  createClient,
  createMatchmaker,
  createPurchase,
  TEST_PASSWORD,
} from '../../db/factories';
import { account_settings, client_counts, user, user_profiles } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { compactClientCounts } from './client-counts.service';

/**
 * Decision 045: the dashboard's clients per contract status and tier, and the clients to claim,
 * come from counts that triggers keep with every write. After each kind of write that moves a
 * client, they must equal a count of the clients themselves, for the agency and for each
 * matchmaker.
 */
let t: TestApp;
let adminCookie: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await t.login((await createAdmin(t.db, {})).email);
});
afterAll(async () => {
  await t.close();
});

type Numbers = { byStatus: Record<string, number>; byTier: Record<string, number>; toClaim: number };

/** The numbers counted from the clients themselves, as the dashboard counted them before. */
async function countedDirectly(matchmakerId: string | null): Promise<Numbers> {
  const own = matchmakerId ? sql`p.assigned_matchmaker_id = ${matchmakerId}` : sql`TRUE`;
  const live = sql`p.role = 'client' AND NOT EXISTS (
    SELECT 1 FROM account_settings s WHERE s.user_id = p.id AND s.deleted_at IS NOT NULL)`;
  const { rows } = (await t.db.execute(sql`
    SELECT p.contract_status AS status, p.tier, count(*)::int AS total FROM user_profiles p
    WHERE ${live} AND ${own} GROUP BY 1, 2`)) as unknown as {
    rows: { status: string; tier: string; total: number }[];
  };
  const byStatus = Object.fromEntries(CONTRACT_STATUSES.map((s) => [s, 0]));
  const byTier = Object.fromEntries(TIERS.map((s) => [s, 0]));
  for (const row of rows) {
    byStatus[row.status]! += row.total;
    byTier[row.tier]! += row.total;
  }
  const [claim] = (
    (await t.db.execute(sql`
      SELECT count(*)::int AS total FROM user_profiles p
      WHERE ${live} AND p.assigned_matchmaker_id IS NULL AND p.tier <> 'Relax'`)) as unknown as {
      rows: { total: number }[];
    }
  ).rows;
  return { byStatus, byTier, toClaim: claim!.total };
}

async function shown(cookie: string, query = ''): Promise<Numbers> {
  const response = await t.request(`/api/matchmaker/dashboard${query}`, { cookie });
  expect(response.status).toBe(200);
  const body = await response.json();
  return {
    byStatus: body.numbers.clients_by_status,
    byTier: body.numbers.clients_by_tier,
    toClaim: body.todo.clients_to_claim.total,
  };
}

/** The agency's numbers and each matchmaker's (as the admin sees them) are exact. */
async function expectExact(...matchmakers: CreatedUser[]) {
  expect(await shown(adminCookie)).toEqual(await countedDirectly(null));
  for (const matchmaker of matchmakers) {
    expect(await shown(adminCookie, `?matchmaker_id=${matchmaker.id}`)).toEqual(
      await countedDirectly(matchmaker.id),
    );
  }
}

const put = (path: string, cookie: string, json: unknown) => t.request(path, { method: 'PUT', cookie, json });

describe('the dashboard counts clients as the writes move them (decision 045)', () => {
  it('counts clients signed up and given a tier, a contract and a matchmaker, as a matchmaker sees them too', async () => {
    const sofie = await createMatchmaker(t.db, { full_name: 'Sofie Peeters' });
    await createClient(t.db, { full_name: 'Nieuwe Betaler', tier: 'Persoonlijk' });
    await createClient(t.db, {
      full_name: 'Lies Actief',
      tier: 'Relax+',
      assigned_matchmaker_id: sofie.id,
      contract_status: 'active_for_matching',
    });
    // A sign-up through the API (the trigger on "user" makes the profile).
    const signUp = await t.request('/api/auth/sign-up/email', {
      json: { name: 'Nel Nieuw', email: 'nel.nieuw@test.koppel.example', password: 'een-goed-wachtwoord-7' },
    });
    expect(signUp.status).toBe(200);
    await expectExact(sofie);
    expect(await shown(await t.login(sofie.email))).toEqual(await countedDirectly(sofie.id));
    expect((await countedDirectly(sofie.id)).byTier['Relax+']).toBe(1);
  });

  it('follows a claim, a reassignment by the admin, and purchases with a term that ran out', async () => {
    const sofie = await createMatchmaker(t.db, { full_name: 'Sofie Peeters' });
    const lotte = await createMatchmaker(t.db, { full_name: 'Lotte Janssens' });
    const payer = await createClient(t.db, { full_name: 'Nieuwe Betaler', tier: 'Persoonlijk' });
    const relax = await createClient(t.db, { full_name: 'Rik Relax' });
    const claimed = await t.request(`/api/matchmaker/clients/${payer.id}/claim`, {
      method: 'POST',
      cookie: await t.login(sofie.email),
    });
    expect(claimed.status).toBe(200);
    await expectExact(sofie, lotte);
    const moved = await put(`/api/admin/clients/${payer.id}/matchmaker`, adminCookie, {
      matchmaker_id: lotte.id,
    });
    expect(moved.status).toBe(200);
    await expectExact(sofie, lotte);
    // Paid 400 days ago: the term, its grace period and the return to Relax, by the product's rules.
    const now = t.clock.now();
    await createPurchase(t.db, {
      client_id: relax.id,
      tier: 'Relax+',
      paid_at: new Date(now.getTime() - 400 * DAY),
      now,
    });
    await expectExact(sofie, lotte);
    await createPurchase(t.db, { client_id: relax.id, tier: 'Persoonlijk+', paid_at: now, now });
    await expectExact(sofie, lotte);
  });

  it('leaves a deleted account out, and a change rolled back changes nothing', async () => {
    const sofie = await createMatchmaker(t.db, { full_name: 'Sofie Peeters' });
    const leaver = await createClient(t.db, { tier: 'Relax+', assigned_matchmaker_id: sofie.id });
    const deleted = await t.request('/api/me', {
      method: 'DELETE',
      cookie: await t.login(leaver.email),
      json: { password: TEST_PASSWORD, confirmation: 'VERWIJDER' },
    });
    expect(deleted.status).toBe(200);
    await expectExact(sofie);
    const stays = await createClient(t.db, { tier: 'Relax+', assigned_matchmaker_id: sofie.id });
    const before = await shown(adminCookie);
    await expect(
      t.ctx.transaction(async (tx) => {
        await tx.db.update(user_profiles).set({ tier: 'Persoonlijk+' }).where(eq(user_profiles.id, stays.id));
        throw new Error('teruggedraaid');
      }),
    ).rejects.toThrow('teruggedraaid');
    expect(await shown(adminCookie)).toEqual(before);
    await expectExact(sofie);
  });

  it('follows many clients changed in one statement, a change of role, and rows removed', async () => {
    const sofie = await createMatchmaker(t.db, { full_name: 'Sofie Peeters' });
    const clients = [];
    for (const tier of TIERS)
      clients.push(await createClient(t.db, { tier, assigned_matchmaker_id: sofie.id }));
    const [one, two, three] = clients as [CreatedUser, CreatedUser, CreatedUser];
    // As the seed and the sweeps write: one UPDATE for many clients.
    await t.db
      .update(user_profiles)
      .set({ contract_status: 'paused' })
      .where(eq(user_profiles.assigned_matchmaker_id, sofie.id));
    await expectExact(sofie);
    // An update that moves no one (the last activity) adds no row.
    const rowsNow = async () =>
      (await t.db.select({ n: sql<number>`count(*)::int` }).from(client_counts))[0]!.n;
    const rows = await rowsNow();
    await t.db
      .update(user_profiles)
      .set({ last_activity_at: t.clock.now() })
      .where(eq(user_profiles.id, one.id));
    expect(await rowsNow()).toBe(rows);
    await t.db.update(user_profiles).set({ role: 'matchmaker' }).where(eq(user_profiles.id, one.id));
    await expectExact(sofie);
    await t.db.update(user_profiles).set({ role: 'client' }).where(eq(user_profiles.id, one.id));
    await expectExact(sofie);
    // An account deleted, its settings row removed (it counts again), deleted again, then removed.
    await t.db.insert(account_settings).values({ user_id: two.id, deleted_at: t.clock.now() });
    await expectExact(sofie);
    await t.db.delete(account_settings).where(eq(account_settings.user_id, two.id));
    await expectExact(sofie);
    await t.db.insert(account_settings).values({ user_id: two.id }).onConflictDoNothing();
    await t.db
      .update(account_settings)
      .set({ deleted_at: t.clock.now() })
      .where(eq(account_settings.user_id, two.id));
    await expectExact(sofie);
    await t.db.delete(user).where(eq(user.id, two.id));
    await expectExact(sofie);
    await t.db.delete(user).where(eq(user.id, three.id));
    await expectExact(sofie);
  });

  it("follows a matchmaker's removal (her clients have none), and keeps the numbers when folded", async () => {
    const lotte = await createMatchmaker(t.db, { full_name: 'Lotte Janssens' });
    await createClient(t.db, { tier: 'Persoonlijk', assigned_matchmaker_id: lotte.id });
    await createClient(t.db, { tier: 'Relax', assigned_matchmaker_id: lotte.id });
    await t.db.delete(user).where(eq(user.id, lotte.id));
    await expectExact();
    const before = await shown(adminCookie);
    const { folded } = await compactClientCounts({ ctx: t.ctx });
    expect(folded).toBeGreaterThan(0);
    expect(await shown(adminCookie)).toEqual(before);
    await expectExact();
    // One row per key that has clients; none left for Lotte, whose rows summed to zero.
    const rows = await t.db.select().from(client_counts);
    expect(rows.every((row) => row.clients > 0)).toBe(true);
    const keys = new Set(
      rows.map((row) => `${row.assigned_matchmaker_id}/${row.contract_status}/${row.tier}`),
    );
    expect(keys.size).toBe(rows.length);
    expect(rows.some((row) => row.assigned_matchmaker_id === lotte.id)).toBe(false);
    expect(await compactClientCounts({ ctx: t.ctx })).toEqual({ folded: 0 });
  });
});
