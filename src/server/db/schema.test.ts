import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import type { Database } from './client';
import { createClient, createMatch, createMatchmaker, createUser } from './factories';
import { seedDemo } from './seed';

let database: Database & { drop(): Promise<void> };
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const rows = async (query: ReturnType<typeof sql>) =>
  (await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };

/** What PostgreSQL said when it refused a statement: the SQLSTATE, the constraint, the message. */
interface Refusal {
  code: string;
  constraint?: string;
  message?: string;
}

/** The driver's error (PGlite's or node-postgres's), under Drizzle's "Failed query" wrapper. */
function refusalOf(error: unknown): Refusal {
  let cause = error;
  while (cause instanceof Error && !('code' in cause) && cause.cause) cause = cause.cause;
  const { code, constraint, message } = cause as Refusal;
  return { code, constraint, message };
}

/**
 * The statement must be refused for the expected reason: the SQLSTATE (23505 unique, 23514 check,
 * 22P02 invalid enum value, 23503 foreign key) and the constraint it names, or for errors without a
 * constraint (an enum value) the message. Any other failure (a typo, a missing table: 42P01) fails.
 */
async function fails(query: ReturnType<typeof sql>, expected: Refusal) {
  const refusal = await database.db
    .execute(query)
    .then((): Refusal => ({ code: 'none: the statement succeeded' }), refusalOf);
  expect(refusal, `refused with ${refusal.code}: ${refusal.message}`).toMatchObject(expected);
}
const uniqueViolation = (constraint: string) => ({ code: '23505', constraint });
const checkViolation = (constraint: string) => ({ code: '23514', constraint });
const invalidEnumValue = (type: string, value: string) => ({
  code: '22P02',
  message: `invalid input value for enum ${type}: "${value}"`,
});

describe('the data model', () => {
  it('gives every new user a client profile on tier Relax, in the same statement', async () => {
    const created = await createUser(database.db, { full_name: 'Nieuwe Klant' });
    const { rows: profiles } = await rows(
      sql`select role, tier, full_name from user_profiles where id = ${created.id}`,
    );
    expect(profiles).toEqual([{ role: 'client', tier: 'Relax', full_name: 'Nieuwe Klant' }]);
  });

  it('keeps match pairs ordered and unique', async () => {
    const a = await createClient(database.db);
    const b = await createClient(database.db);
    const [low, high] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
    await fails(
      sql`insert into matches (client1_id, client2_id) values (${high}, ${low})`,
      checkViolation('matches_client_order'),
    );
    await fails(
      sql`insert into matches (client1_id, client2_id) values (${low}, ${low})`,
      checkViolation('matches_client_order'),
    );
    await createMatch(database.db, { clientA: high, clientB: low });
    await fails(
      sql`insert into matches (client1_id, client2_id) values (${low}, ${high})`,
      uniqueViolation('matches_client_pair_unique'),
    );
  });

  it('refuses values outside the enums and rating ranges', async () => {
    const a = await createClient(database.db);
    await fails(
      sql`update user_profiles set tier = 'Gold' where id = ${a.id}`,
      invalidEnumValue('tier', 'Gold'),
    );
    await fails(
      sql`update user_profiles set role = 'superuser' where id = ${a.id}`,
      invalidEnumValue('role', 'superuser'),
    );
    const mm = await createMatchmaker(database.db);
    await fails(
      sql`insert into matchmaker_feedback (client_id, matchmaker_id, overall_satisfaction_rating, feedback_period_start, feedback_period_end)
      values (${a.id}, ${mm.id}, 6, now(), now())`,
      checkViolation('mf_overall_range'),
    );
    await fails(
      sql`insert into payments (provider, provider_session_id, client_id, tier, amount_total, currency)
      values ('paypal', 'x', ${a.id}, 'Relax+', 16500, 'eur')`,
      invalidEnumValue('payment_provider', 'paypal'),
    );
  });

  it('allows one payment per provider session', async () => {
    const a = await createClient(database.db);
    const insert = sql`insert into payments (provider, provider_session_id, client_id, tier, amount_total, currency)
      values ('stripe', 'cs_test_once', ${a.id}, 'Relax+', 16500, 'eur')`;
    await database.db.execute(insert);
    await fails(insert, uniqueViolation('payments_provider_session_id_unique'));
  });

  it('lists only what available_matchmakers should, with client counts', async () => {
    const mm = await createMatchmaker(database.db, {
      full_name: 'Zoë & Co Test',
      matchmaker: { is_active: false },
    });
    await createClient(database.db, { assigned_matchmaker_id: mm.id });
    const { rows: view } = await rows(
      sql`select slug, client_count, is_active from available_matchmakers where id = ${mm.id}`,
    );
    expect(view).toEqual([{ slug: 'zoe-and-co-test', client_count: 1, is_active: false }]);
  });

  // Two seedings (the demo grew the debriefs of issue 32): more than 30 s on a busy machine.
  it('seeds the demo data once: a second run changes nothing', async () => {
    // The seed reads and counts whole tables: on a database of the test's own, they hold only the demo.
    const own = await openTestDatabase();
    const ownRows = async (query: ReturnType<typeof sql>) =>
      (await own.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
    try {
      expect(await seedDemo(own.db)).toEqual({ seeded: true });
      const count = async () => (await ownRows(sql`select count(*)::int as n from "user"`)).rows[0]!.n;
      const before = await count();
      expect(await seedDemo(own.db)).toEqual({ seeded: false });
      expect(await count()).toBe(before);
      const { rows: statuses } = await ownRows(
        sql`select distinct status::text as status from matches order by 1`,
      );
      expect(statuses.map((r) => r.status)).toEqual([
        'accepted',
        'cancelled',
        'completed',
        'proposed',
        'rejected',
        'scheduled',
      ]);
      const { rows: tiers } = await ownRows(
        sql`select distinct tier from user_profiles where role = 'client' and id in (select id from client_profiles)`,
      );
      expect(tiers).toHaveLength(4);
      const { rows: emma } = await ownRows(sql`select p.tier, p.contract_status, m.full_name as matchmaker
        from user_profiles p join "user" u on u.id = p.id join user_profiles m on m.id = p.assigned_matchmaker_id
        where u.email = 'emma@koppel.example'`);
      expect(emma).toEqual([
        { tier: 'Persoonlijk', contract_status: 'active_for_matching', matchmaker: 'Sofie Peeters' },
      ]);
      const { rows: clients } = await ownRows(
        sql`select count(*)::int as n, count(distinct province)::int as regions from client_profiles`,
      );
      expect(clients[0]!.n).toBeGreaterThanOrEqual(42);
      expect(clients[0]!.regions).toBe(11);
    } finally {
      await own.drop();
    }
  }, 90_000);
});
