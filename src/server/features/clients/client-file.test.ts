import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CreatedUser,
  createAdmin,
  createClient,
  createIntakeSession,
  createMatch,
  createMatchmaker,
} from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let sofie: CreatedUser;
let lotte: CreatedUser;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  sofie = await createMatchmaker(t.db, { full_name: 'Sofie Peeters' });
  lotte = await createMatchmaker(t.db, { full_name: 'Lotte Janssens' });
  const admin = await createAdmin(t.db, {});
  cookies.sofie = await t.login(sofie.email);
  cookies.lotte = await t.login(lotte.email);
  cookies.admin = await t.login(admin.email);
});
afterAll(async () => {
  await t.close();
});

/**
 * The test's own Emma, Sofie's client, with a completed intake and an accepted match with Bram,
 * Lotte's client; and Emma's own login.
 */
async function emmaWithFile() {
  const emma = await createClient(t.db, {
    full_name: 'Emma Claes',
    email: `emma.file-${randomUUID().slice(0, 8)}@example.be`,
    assigned_matchmaker_id: sofie.id,
    tier: 'Persoonlijk',
    contract_status: 'active_for_matching',
    profile: { birth_date: '1990-05-20', province: 'Antwerpen', about_me: 'Ik wandel graag.' },
  });
  const bram = await createClient(t.db, {
    full_name: 'Bram Wouters',
    assigned_matchmaker_id: lotte.id,
    tier: 'Persoonlijk',
  });
  await createIntakeSession(t.db, {
    user_id: emma.id,
    assigned_matchmaker_id: sofie.id,
    status: 'completed',
    scheduled_at: new Date(t.clock.now().getTime() - 10 * 86_400_000),
    matchmaker_notes: 'Emma is sportief en rookt niet.',
  });
  await createMatch(t.db, {
    clientA: emma.id,
    clientB: bram.id,
    matchmaker_id: sofie.id,
    status: 'accepted',
    now: t.clock.now(),
  });
  return { emma, bram, cookie: await t.login(emma.email) };
}

const file = async (clientId: string, cookie?: string) => {
  const response = await t.request(`/api/matchmaker/clients/${clientId}`, { cookie });
  return { status: response.status, body: await response.json() };
};

describe('GET /api/matchmaker/clients/{clientId}', () => {
  it("gives the client's matchmaker the whole file: account, profile, quiz, intakes with notes, matches with answers", async () => {
    const { emma, bram } = await emmaWithFile();
    const { status, body } = await file(emma.id, cookies.sofie);
    expect(status).toBe(200);
    expect(body.client).toMatchObject({
      id: emma.id,
      full_name: 'Emma Claes',
      email: emma.email,
      tier: 'Persoonlijk',
      contract_status: 'active_for_matching',
      assigned_matchmaker_name: 'Sofie Peeters',
      matching_paused: false,
    });
    expect(body.profile.profile).toMatchObject({ province: 'Antwerpen', about_me: 'Ik wandel graag.' });
    expect(body.quiz).toMatchObject({ finished: false, result: null });
    expect(body.intake_sessions).toEqual([
      expect.objectContaining({ status: 'completed', matchmaker_notes: 'Emma is sportief en rookt niet.' }),
    ]);
    expect(body.matches).toEqual([
      expect.objectContaining({
        status: 'accepted',
        other: { id: bram.id, full_name: 'Bram Wouters' },
        my_response: 'accepted',
        other_response: 'accepted',
      }),
    ]);
    expect(body.notes).toEqual([]);
    expect((await file(emma.id, cookies.admin)).status).toBe(200);
  });

  it('refuses another matchmaker (even one with a match with her), the client, a visitor; 404 for no client', async () => {
    const { emma, cookie } = await emmaWithFile();
    for (const [clientId, who, status, code] of [
      [emma.id, cookies.lotte, 403, 'UNAUTHORIZED'],
      [emma.id, cookie, 403, 'UNAUTHORIZED'],
      [emma.id, undefined, 401, 'NOT_AUTHENTICATED'],
      ['niemand', cookies.admin, 404, 'NOT_FOUND'],
      [sofie.id, cookies.admin, 404, 'NOT_FOUND'],
    ] as const) {
      const answer = await file(clientId, who);
      expect(answer.status).toBe(status);
      expect(answer.body.code).toBe(code);
    }
  });
});

describe('staff notes', () => {
  const add = (clientId: string, json: unknown, cookie = cookies.sofie) =>
    t.request(`/api/matchmaker/clients/${clientId}/notes`, { json, cookie });
  const edit = (clientId: string, noteId: string, json: unknown, cookie = cookies.sofie) =>
    t.request(`/api/matchmaker/clients/${clientId}/notes/${noteId}`, { method: 'PATCH', json, cookie });

  it('adds a note, lets its author edit it, and refuses anyone else', async () => {
    const { emma } = await emmaWithFile();
    const added = await add(emma.id, { body: '  Belt liever dan te mailen. ' });
    expect(added.status).toBe(201);
    const { id } = await added.json();
    const adminNote = await add(emma.id, { body: 'Betaling nagekeken.' }, cookies.admin);
    expect(adminNote.status).toBe(201);
    expect((await edit(emma.id, id, { body: 'Belt liever; mail op vrijdag.' })).status).toBe(200);
    const byAdmin = await edit(emma.id, id, { body: 'Overschreven' }, cookies.admin);
    expect(byAdmin.status).toBe(403);
    expect(await byAdmin.json()).toEqual({
      error: 'Je kunt alleen je eigen notities wijzigen.',
      code: 'UNAUTHORIZED',
    });
    const { body } = await file(emma.id, cookies.sofie);
    expect(body.notes.map((n: { body: string; author_name: string }) => [n.body, n.author_name])).toEqual([
      ['Betaling nagekeken.', expect.any(String)],
      ['Belt liever; mail op vrijdag.', 'Sofie Peeters'],
    ]);
  });

  it('refuses bad input in Dutch, another matchmaker, the client, and an unknown note', async () => {
    const { emma, cookie } = await emmaWithFile();
    const codeOf = async (response: Response) => ((await response.json()) as { code?: string }).code;
    const empty = await add(emma.id, { body: '   ' });
    expect(empty.status).toBe(400);
    const emptyBody = await empty.json();
    expect(emptyBody.error).toContain('Schrijf een notitie');
    expect(emptyBody.code).toBe('BAD_REQUEST');
    for (const [response, status, code] of [
      [await add(emma.id, { body: 'x'.repeat(4001) }), 400, 'BAD_REQUEST'],
      [await add(emma.id, { body: 'Hallo' }, cookies.lotte), 403, 'UNAUTHORIZED'],
      [await add(emma.id, { body: 'Hallo' }, cookie), 403, 'UNAUTHORIZED'],
      [await edit(emma.id, '00000000-0000-4000-8000-000000000000', { body: 'x' }), 404, 'NOT_FOUND'],
      [await edit(emma.id, 'geen-id', { body: 'x' }), 400, 'BAD_REQUEST'],
    ] as const) {
      expect(response.status).toBe(status);
      expect(await codeOf(response)).toBe(code);
    }
    // Nothing was written.
    expect((await file(emma.id, cookies.sofie)).body.notes).toEqual([]);
  });
});
