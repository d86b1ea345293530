import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traitOriginLabel } from '../../../shared/traits';
import { createApp } from '../../app';
import {
  type CreatedUser,
  createAdmin,
  createClient,
  createIntakeSession,
  createMatchmaker,
} from '../../db/factories';
import {
  client_profiles,
  client_trait_events,
  client_traits,
  intake_sessions,
  tagging_requests,
} from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { requestTagging, runTagging } from './tagging.service';

let t: TestApp;
let sofie: CreatedUser;
let lotte: CreatedUser;
let bram: CreatedUser;
const cookies: Record<string, string> = {};

const NOTES =
  'Emma (36) werkt als verpleegkundige in Gent. Ze loopt drie keer per week. Ze rookt niet. Ze twijfelt over kinderen.';

beforeAll(async () => {
  t = await createTestApp();
  sofie = await createMatchmaker(t.db, { full_name: 'Sofie Peeters' });
  lotte = await createMatchmaker(t.db, { full_name: 'Lotte Janssens' });
  const admin = await createAdmin(t.db, {});
  bram = await createClient(t.db, {
    full_name: 'Bram Wouters',
    assigned_matchmaker_id: lotte.id,
    tier: 'Persoonlijk',
  });
  cookies.sofie = await t.login(sofie.email);
  cookies.lotte = await t.login(lotte.email);
  cookies.admin = await t.login(admin.email);
});
afterAll(async () => {
  await t.close();
});

const traitsOf = async (clientId: string) =>
  (await t.db.select().from(client_traits).where(eq(client_traits.client_id, clientId))).sort((a, b) =>
    a.trait.localeCompare(b.trait),
  );

/** The test's own Emma, Sofie's client, with a completed intake whose notes are `notes`. */
async function emmaWithIntake(notes = NOTES) {
  const emma = await createClient(t.db, {
    full_name: 'Emma Claes',
    assigned_matchmaker_id: sofie.id,
    tier: 'Persoonlijk',
  });
  const session = await createIntakeSession(t.db, {
    user_id: emma.id,
    assigned_matchmaker_id: sofie.id,
    status: 'completed',
    scheduled_at: new Date(t.clock.now().getTime() - 86_400_000),
    matchmaker_notes: notes,
  });
  return { emma, sessionId: session.id };
}

/** The client's texts tagged, as the job does after her intake. */
async function tag(clientId: string, reason = 'intake completed') {
  await requestTagging({ tx: t.ctx, clientId, reason });
  expect((await runTagging({ ctx: t.ctx })).failed).toBe(0);
  expect(await t.db.select().from(tagging_requests).where(eq(tagging_requests.client_id, clientId))).toEqual(
    [],
  );
}

/** Emma with her intake tagged: 'non_smoker' and 'sporty' suggested, with the notes' sentences. */
async function taggedEmma(notes = NOTES) {
  const own = await emmaWithIntake(notes);
  await tag(own.emma.id);
  return own;
}

describe('the tagging job', () => {
  it('suggests traits from the intake notes with the supporting sentence, and records each', async () => {
    const { emma, sessionId } = await emmaWithIntake();
    await requestTagging({ tx: t.ctx, clientId: emma.id, reason: 'intake completed' });
    expect(await runTagging({ ctx: t.ctx })).toEqual({ tagged: 1, suggested: 2, failed: 0 });
    const rows = await traitsOf(emma.id);
    expect(rows.map((r) => [r.trait, r.source, r.status, r.evidence, r.intake_session_id])).toEqual([
      ['non_smoker', 'intake_ai', 'suggested', 'Ze rookt niet.', sessionId],
      ['sporty', 'intake_ai', 'suggested', 'Ze loopt drie keer per week.', sessionId],
    ]);
    const events = await t.db
      .select()
      .from(client_trait_events)
      .where(eq(client_trait_events.client_id, emma.id));
    expect(events.map((e) => [e.trait, e.action, e.actor_id]).sort()).toEqual([
      ['non_smoker', 'suggested', null],
      ['sporty', 'suggested', null],
    ]);
    expect(await t.db.select().from(tagging_requests).where(eq(tagging_requests.client_id, emma.id))).toEqual(
      [],
    );
    // Nothing waiting: nothing to do.
    expect(await runTagging({ ctx: t.ctx })).toEqual({ tagged: 0, suggested: 0, failed: 0 });
  });

  it('runs once per request when two server processes share the database', async () => {
    const { emma } = await taggedEmma();
    const second = createApp({
      database: t.database,
      env: t.env,
      logger: createLogger('silent'),
      clock: t.clock,
    });
    await t.db.delete(client_traits).where(eq(client_traits.client_id, emma.id));
    await requestTagging({ tx: t.ctx, clientId: emma.id, reason: 'intake completed' });
    const results = await Promise.all([runTagging({ ctx: t.ctx }), runTagging({ ctx: second.ctx })]);
    expect(results.reduce((sum, r) => sum + r.tagged, 0)).toBe(1);
    expect(results.reduce((sum, r) => sum + r.suggested, 0)).toBe(2);
    expect(await traitsOf(emma.id)).toHaveLength(2);
  });

  it("keeps the matchmaker's decisions, withdraws what the new texts no longer say, reads 'over mij' too", async () => {
    const { emma, sessionId } = await taggedEmma();
    const [sporty] = (await traitsOf(emma.id)).filter((r) => r.trait === 'sporty');
    await t.db.update(client_traits).set({ status: 'confirmed' }).where(eq(client_traits.id, sporty!.id));
    await t.db
      .update(intake_sessions)
      .set({ matchmaker_notes: 'Emma werkt in Gent. Ze is heel sociaal.' })
      .where(eq(intake_sessions.id, sessionId));
    await t.db
      .insert(client_profiles)
      .values({ id: emma.id, about_me: 'Ik reis graag, het liefst naar Japan.' });
    await tag(emma.id, 'texts changed');
    const rows = await traitsOf(emma.id);
    expect(rows.map((r) => [r.trait, r.status])).toEqual([
      ['social', 'suggested'],
      ['sporty', 'confirmed'],
      ['traveller', 'suggested'],
    ]);
    const withdrawn = await t.db
      .select()
      .from(client_trait_events)
      .where(and(eq(client_trait_events.client_id, emma.id), eq(client_trait_events.action, 'withdrawn')));
    expect(withdrawn.map((e) => e.trait)).toEqual(['non_smoker']);
    expect(rows.find((r) => r.trait === 'social')?.intake_session_id).toBe(sessionId);
  });

  it("labels where a suggestion came from: the intake notes, or the client's own texts before any intake", async () => {
    // Issue 28: 'over mij' tagged days before any intake is not 'after the intake'.
    const early = await createClient(t.db, {
      full_name: 'Eva Peeters',
      assigned_matchmaker_id: sofie.id,
      tier: 'Persoonlijk',
    });
    await t.db.insert(client_profiles).values({ id: early.id, about_me: 'Ik ben een echte thuismus.' });
    await tag(early.id, 'texts changed');
    const [homebody] = await traitsOf(early.id);
    expect([homebody?.trait, homebody?.evidence, homebody?.intake_session_id]).toEqual([
      'homebody',
      'Ik ben een echte thuismus.',
      null,
    ]);
    expect(traitOriginLabel(homebody!)).toBe('AI uit de eigen teksten van de klant');

    // With an intake: each suggestion is linked to the texts that hold its evidence.
    const { emma, sessionId } = await emmaWithIntake('Emma houdt van lekker eten en kookt graag.');
    await t.db.insert(client_profiles).values({ id: emma.id, about_me: 'Ik hou van wandelen in de natuur.' });
    await tag(emma.id, 'texts changed');
    const rows = await traitsOf(emma.id);
    expect(rows.map((r) => [r.trait, r.intake_session_id, traitOriginLabel(r)])).toEqual([
      ['foodie', sessionId, 'AI uit de intakenotities'],
      ['outdoorsy', null, 'AI uit de eigen teksten van de klant'],
    ]);
  });

  it('drops a run whose request was asked again meanwhile, so the newer texts are read next', async () => {
    await requestTagging({ tx: t.ctx, clientId: bram.id, reason: 'intake completed' });
    await t.db
      .update(tagging_requests)
      .set({ claim_token: '00000000-0000-4000-8000-000000000000', claimed_at: t.clock.now() })
      .where(eq(tagging_requests.client_id, bram.id));
    // A claim held by another (live) run: not taken.
    expect((await runTagging({ ctx: t.ctx })).tagged).toBe(0);
    await requestTagging({ tx: t.ctx, clientId: bram.id, reason: 'texts changed' });
    expect((await runTagging({ ctx: t.ctx })).tagged).toBe(1);
    expect(await t.db.select().from(tagging_requests).where(eq(tagging_requests.client_id, bram.id))).toEqual(
      [],
    );
  });
});

/** Emma's traits as a matchmaker finds them: suggested and decided, from her notes and her 'over mij'. */
async function emmaWithTraits() {
  const own = await taggedEmma();
  const [sporty] = (await traitsOf(own.emma.id)).filter((r) => r.trait === 'sporty');
  await t.db.update(client_traits).set({ status: 'confirmed' }).where(eq(client_traits.id, sporty!.id));
  await t.db
    .update(intake_sessions)
    .set({ matchmaker_notes: 'Emma werkt in Gent. Ze is heel sociaal.' })
    .where(eq(intake_sessions.id, own.sessionId));
  await t.db
    .insert(client_profiles)
    .values({ id: own.emma.id, about_me: 'Ik reis graag, het liefst naar Japan.' });
  await tag(own.emma.id, 'texts changed');
  return { ...own, cookie: await t.login(own.emma.email) };
}

const codeOf = async (response: Response) => ((await response.json()) as { code?: string }).code;

describe('GET /api/matchmaker/clients/{id}/traits', () => {
  const get = (clientId: string, cookie?: string) =>
    t.request(`/api/matchmaker/clients/${clientId}/traits`, { cookie });

  it("gives the client's matchmaker the traits, their history and the notes", async () => {
    const { emma, sessionId } = await emmaWithTraits();
    const response = await get(emma.id, cookies.sofie);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.traits.map((tr: { trait: string }) => tr.trait).sort()).toEqual([
      'social',
      'sporty',
      'traveller',
    ]);
    expect(body.notes).toEqual([
      expect.objectContaining({
        intake_session_id: sessionId,
        text: 'Emma werkt in Gent. Ze is heel sociaal.',
      }),
    ]);
    expect(body.events.length).toBeGreaterThan(0);
    expect(body.tagging_pending).toBe(false);
    expect((await get(emma.id, cookies.admin)).status).toBe(200);
  });

  it('refuses another matchmaker, the client, a visitor; an unknown client is a 404', async () => {
    const { emma, cookie } = await emmaWithTraits();
    for (const [response, status, code] of [
      [await get(emma.id, cookies.lotte), 403, 'UNAUTHORIZED'],
      [await get(emma.id, cookie), 403, 'UNAUTHORIZED'],
      [await get(emma.id), 401, 'NOT_AUTHENTICATED'],
      [await get('niemand', cookies.admin), 404, 'NOT_FOUND'],
      [await get(sofie.id, cookies.admin), 404, 'NOT_FOUND'],
    ] as const) {
      expect(response.status).toBe(status);
      expect(await codeOf(response)).toBe(code);
    }
  });
});

describe('deciding and adding traits', () => {
  const decide = (clientId: string, traitId: string, json: unknown, cookie = cookies.sofie) =>
    t.request(`/api/matchmaker/clients/${clientId}/traits/${traitId}`, { method: 'PATCH', json, cookie });
  const add = (clientId: string, json: unknown, cookie = cookies.sofie) =>
    t.request(`/api/matchmaker/clients/${clientId}/traits`, { method: 'POST', json, cookie });

  it('confirms and rejects a suggestion, recording who and when', async () => {
    const { emma } = await emmaWithTraits();
    const [social] = (await traitsOf(emma.id)).filter((r) => r.trait === 'social');
    const [traveller] = (await traitsOf(emma.id)).filter((r) => r.trait === 'traveller');
    expect((await decide(emma.id, social!.id, { status: 'confirmed' })).status).toBe(200);
    expect((await decide(emma.id, traveller!.id, { status: 'rejected' })).status).toBe(200);
    const rows = await traitsOf(emma.id);
    expect(rows.find((r) => r.trait === 'social')).toMatchObject({
      status: 'confirmed',
      decided_by: sofie.id,
      decided_at: expect.any(Date),
    });
    expect(rows.find((r) => r.trait === 'traveller')).toMatchObject({
      status: 'rejected',
      decided_by: sofie.id,
      decided_at: expect.any(Date),
    });
    const events = await t.db
      .select()
      .from(client_trait_events)
      .where(and(eq(client_trait_events.client_id, emma.id), eq(client_trait_events.actor_id, sofie.id)));
    expect(events.map((e) => [e.trait, e.action]).sort()).toEqual([
      ['social', 'confirmed'],
      ['traveller', 'rejected'],
    ]);
  });

  it("adds a trait the matchmaker saw, confirmed at once with source 'matchmaker'", async () => {
    const { emma } = await emmaWithIntake();
    const response = await add(emma.id, { trait: 'humorous', evidence: ' Lachte het hele gesprek. ' });
    expect(response.status).toBe(201);
    const row = (await traitsOf(emma.id)).find((r) => r.trait === 'humorous');
    expect(row).toMatchObject({
      source: 'matchmaker',
      status: 'confirmed',
      evidence: 'Lachte het hele gesprek.',
    });
  });

  it('refuses bad input in Dutch, and a trait of another client', async () => {
    const { emma } = await emmaWithTraits();
    const [sporty] = (await traitsOf(emma.id)).filter((r) => r.trait === 'sporty');
    expect(sporty!.status).toBe('confirmed');
    const bad = await decide(emma.id, sporty!.id, { status: 'misschien' });
    expect(bad.status).toBe(400);
    const badBody = await bad.json();
    expect(badBody.error).toContain('Kies bevestigen of afwijzen');
    expect(badBody.code).toBe('BAD_REQUEST');
    const notAnId = await decide(emma.id, 'geen-id', { status: 'confirmed' });
    expect(notAnId.status).toBe(400);
    expect(await codeOf(notAnId)).toBe('BAD_REQUEST');
    const unknown = await add(emma.id, { trait: 'astrology' });
    expect(unknown.status).toBe(400);
    const unknownBody = await unknown.json();
    expect(unknownBody.error).toContain('Kies een eigenschap uit de lijst');
    expect(unknownBody.code).toBe('BAD_REQUEST');
    const tooLong = await add(emma.id, { trait: 'calm', evidence: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(await codeOf(tooLong)).toBe('BAD_REQUEST');
    // Emma's trait through Bram's file: Lotte may open Bram, but the trait is not his.
    const notHis = await decide(bram.id, sporty!.id, { status: 'rejected' }, cookies.lotte);
    expect(notHis.status).toBe(404);
    expect(await codeOf(notHis)).toBe('NOT_FOUND');
    expect((await t.db.select().from(client_traits).where(eq(client_traits.id, sporty!.id)))[0]!.status).toBe(
      'confirmed',
    );
    expect((await traitsOf(emma.id)).map((r) => r.trait)).not.toContain('calm');
  });

  it('refuses another matchmaker and the client', async () => {
    const { emma, cookie } = await emmaWithTraits();
    const [sporty] = (await traitsOf(emma.id)).filter((r) => r.trait === 'sporty');
    for (const response of [
      await decide(emma.id, sporty!.id, { status: 'rejected' }, cookies.lotte),
      await decide(emma.id, sporty!.id, { status: 'rejected' }, cookie),
      await add(emma.id, { trait: 'calm' }, cookies.lotte),
      await add(emma.id, { trait: 'calm' }, cookie),
    ]) {
      expect(response.status).toBe(403);
      expect(await codeOf(response)).toBe('UNAUTHORIZED');
    }
    // Nothing changed: sporty stays confirmed, and no 'calm' was added.
    const rows = await traitsOf(emma.id);
    expect(rows.find((r) => r.trait === 'sporty')).toMatchObject({ status: 'confirmed', decided_by: null });
    expect(rows.map((r) => r.trait)).not.toContain('calm');
  });
});
