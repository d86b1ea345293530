// Decision 037: magic match reads a candidate's confirmed traits and latest quiz from copies on the
// profile row, kept by triggers (migration 0025). Every way the originals change moves the copies.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../db/factories';
import {
  account_settings,
  client_profiles,
  client_traits,
  quiz_attempts,
  user_profiles,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function copiesOf(id: string) {
  const [row] = await t.db
    .select({ traits: client_profiles.match_traits, quiz: client_profiles.quiz_scores })
    .from(client_profiles)
    .where(eq(client_profiles.id, id));
  return row!;
}

const scores = (base: number) => ({
  openness: base,
  conscientiousness: base + 1,
  extraversion: base + 2,
  agreeableness: base + 3,
  emotional_stability: base + 4,
  closeness: base + 5,
  independence: base + 6,
  togetherness: base + 7,
});
const asArray = (base: number) => Object.values(scores(base));
const trait = (
  client_id: string,
  name: string,
  source: 'intake_ai' | 'matchmaker' | 'quiz',
  status: string,
) => ({
  client_id,
  trait: name,
  confidence: 0.9,
  source,
  status: status as 'suggested' | 'confirmed' | 'rejected',
});

describe('the profile copies of traits and quiz (decision 037)', () => {
  it('hold the confirmed traits, each once and sorted, through confirm, reject and delete', async () => {
    const { id } = await createClient(t.db, { profile: { gender: 'woman' } });
    expect(await copiesOf(id)).toEqual({ traits: [], quiz: null });

    await t.db
      .insert(client_traits)
      .values([trait(id, 'sporty', 'intake_ai', 'suggested'), trait(id, 'calm', 'matchmaker', 'confirmed')]);
    expect((await copiesOf(id)).traits).toEqual(['calm']);

    await t.db
      .update(client_traits)
      .set({ status: 'confirmed' })
      .where(and(eq(client_traits.client_id, id), eq(client_traits.trait, 'sporty')));
    await t.db.insert(client_traits).values(trait(id, 'calm', 'quiz', 'confirmed'));
    expect((await copiesOf(id)).traits).toEqual(['calm', 'sporty']);

    await t.db
      .update(client_traits)
      .set({ status: 'rejected' })
      .where(and(eq(client_traits.client_id, id), eq(client_traits.trait, 'sporty')));
    await t.db
      .delete(client_traits)
      .where(and(eq(client_traits.client_id, id), eq(client_traits.source, 'matchmaker')));
    // 'calm' is still confirmed from the quiz.
    expect((await copiesOf(id)).traits).toEqual(['calm']);
    await t.db.delete(client_traits).where(eq(client_traits.client_id, id));
    expect((await copiesOf(id)).traits).toEqual([]);
  });

  it('hold the scores of the latest finished quiz, not one in progress', async () => {
    const { id } = await createClient(t.db, { profile: { gender: 'man' } });
    const day = (n: number) => new Date(Date.UTC(2026, 9, n, 10));
    await t.db.insert(quiz_attempts).values({ client_id: id, quiz_version: 'v', started_at: day(1) });
    expect((await copiesOf(id)).quiz).toBeNull();

    await t.db
      .update(quiz_attempts)
      .set({ finished_at: day(1), ...scores(10) })
      .where(eq(quiz_attempts.client_id, id));
    expect((await copiesOf(id)).quiz).toEqual(asArray(10));

    const [retake] = await t.db
      .insert(quiz_attempts)
      .values({ client_id: id, quiz_version: 'v', started_at: day(5), finished_at: day(5), ...scores(50) })
      .returning({ id: quiz_attempts.id });
    expect((await copiesOf(id)).quiz).toEqual(asArray(50));

    await t.db.delete(quiz_attempts).where(eq(quiz_attempts.id, retake!.id));
    expect((await copiesOf(id)).quiz).toEqual(asArray(10));
  });

  it('are filled when the profile is made after the traits and the quiz', async () => {
    const { id } = await createClient(t.db, { profile: { gender: 'woman' } });
    await t.db.insert(client_traits).values(trait(id, 'foodie', 'matchmaker', 'confirmed'));
    await t.db.insert(quiz_attempts).values({
      client_id: id,
      quiz_version: 'v',
      started_at: new Date(),
      finished_at: new Date(),
      ...scores(30),
    });
    await t.db.delete(client_profiles).where(eq(client_profiles.id, id));
    // Whatever the insert says, the copies come from the originals.
    await t.db.insert(client_profiles).values({ id, gender: 'woman', match_traits: ['sporty'] });
    expect(await copiesOf(id)).toEqual({ traits: ['foodie'], quiz: asArray(30) });
  });

  it('say whether the client can be a candidate: active for matching, not paused, not deleted', async () => {
    const { id } = await createClient(t.db, {
      contract_status: 'pending',
      profile: { gender: 'woman' },
    });
    const matchable = async () =>
      (
        await t.db
          .select({ matchable: client_profiles.matchable })
          .from(client_profiles)
          .where(eq(client_profiles.id, id))
      )[0]!.matchable;
    expect(await matchable()).toBe(false);
    await t.db
      .update(user_profiles)
      .set({ contract_status: 'active_for_matching' })
      .where(eq(user_profiles.id, id));
    expect(await matchable()).toBe(true);

    await t.db.insert(account_settings).values({ user_id: id, matching_paused_at: new Date() });
    expect(await matchable()).toBe(false);
    await t.db
      .update(account_settings)
      .set({ matching_paused_at: null })
      .where(eq(account_settings.user_id, id));
    expect(await matchable()).toBe(true);
    await t.db
      .update(account_settings)
      .set({ deleted_at: new Date() })
      .where(eq(account_settings.user_id, id));
    expect(await matchable()).toBe(false);
    await t.db.delete(account_settings).where(eq(account_settings.user_id, id));
    expect(await matchable()).toBe(true);

    await t.db.update(user_profiles).set({ contract_status: 'paused' }).where(eq(user_profiles.id, id));
    expect(await matchable()).toBe(false);
    // A profile made for an active client starts as a candidate.
    await t.db
      .update(user_profiles)
      .set({ contract_status: 'active_for_matching' })
      .where(eq(user_profiles.id, id));
    await t.db.delete(client_profiles).where(eq(client_profiles.id, id));
    await t.db.insert(client_profiles).values({ id, gender: 'woman' });
    expect(await matchable()).toBe(true);
  });

  it('miss nothing when two transactions change the same client at once', async () => {
    const { id } = await createClient(t.db, { profile: { gender: 'woman' } });
    await Promise.all(
      ['calm', 'sporty', 'foodie', 'social'].map((name) =>
        t.db.transaction(async (tx) => {
          await tx.insert(client_traits).values(trait(id, name, 'matchmaker', 'confirmed'));
          await tx.execute(sql`SELECT 1`);
        }),
      ),
    );
    expect((await copiesOf(id)).traits).toEqual(['calm', 'foodie', 'social', 'sporty']);
  });
});
