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
let emma: CreatedUser;
let bram: CreatedUser;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  sofie = await createMatchmaker(t.db, { full_name: 'Sofie Peeters' });
  lotte = await createMatchmaker(t.db, { full_name: 'Lotte Janssens' });
  const admin = await createAdmin(t.db, {});
  emma = await createClient(t.db, {
    full_name: 'Emma Claes',
    email: 'emma.file@example.be',
    assigned_matchmaker_id: sofie.id,
    tier: 'Persoonlijk',
    contract_status: 'active_for_matching',
    profile: { birth_date: '1990-05-20', province: 'Antwerpen', about_me: 'Ik wandel graag.' },
  });
  bram = await createClient(t.db, {
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
  cookies.sofie = await t.login(sofie.email);
  cookies.lotte = await t.login(lotte.email);
  cookies.admin = await t.login(admin.email);
  cookies.emma = await t.login(emma.email);
});
afterAll(async () => {
  await t.close();
});

const file = async (clientId: string, cookie?: string) => {
  const response = await t.request(`/api/matchmaker/clients/${clientId}`, { cookie });
  return { status: response.status, body: await response.json() };
};

describe('GET /api/matchmaker/clients/{clientId}', () => {
  it("gives the client's matchmaker the whole file: account, profile, quiz, intakes with notes, matches with answers", async () => {
    const { status, body } = await file(emma.id, cookies.sofie);
    expect(status).toBe(200);
    expect(body.client).toMatchObject({
      id: emma.id,
      full_name: 'Emma Claes',
      email: 'emma.file@example.be',
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
    expect((await file(emma.id, cookies.lotte)).status).toBe(403);
    expect((await file(emma.id, cookies.emma)).status).toBe(403);
    expect((await file(emma.id)).status).toBe(401);
    expect((await file('niemand', cookies.admin)).status).toBe(404);
    expect((await file(sofie.id, cookies.admin)).status).toBe(404);
  });
});

describe('staff notes', () => {
  const add = (json: unknown, cookie = cookies.sofie, clientId = emma.id) =>
    t.request(`/api/matchmaker/clients/${clientId}/notes`, { json, cookie });
  const edit = (noteId: string, json: unknown, cookie = cookies.sofie) =>
    t.request(`/api/matchmaker/clients/${emma.id}/notes/${noteId}`, { method: 'PATCH', json, cookie });

  it('adds a note, lets its author edit it, and refuses anyone else', async () => {
    const added = await add({ body: '  Belt liever dan te mailen. ' });
    expect(added.status).toBe(201);
    const { id } = await added.json();
    const adminNote = await add({ body: 'Betaling nagekeken.' }, cookies.admin);
    expect(adminNote.status).toBe(201);
    expect((await edit(id, { body: 'Belt liever; mail op vrijdag.' })).status).toBe(200);
    const byAdmin = await edit(id, { body: 'Overschreven' }, cookies.admin);
    expect(byAdmin.status).toBe(403);
    expect((await byAdmin.json()).error).toBe('Je kunt alleen je eigen notities wijzigen.');
    const { body } = await file(emma.id, cookies.sofie);
    expect(body.notes.map((n: { body: string; author_name: string }) => [n.body, n.author_name])).toEqual([
      ['Betaling nagekeken.', expect.any(String)],
      ['Belt liever; mail op vrijdag.', 'Sofie Peeters'],
    ]);
  });

  it('refuses bad input in Dutch, another matchmaker, the client, and an unknown note', async () => {
    const empty = await add({ body: '   ' });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error).toContain('Schrijf een notitie');
    expect((await add({ body: 'x'.repeat(4001) })).status).toBe(400);
    expect((await add({ body: 'Hallo' }, cookies.lotte)).status).toBe(403);
    expect((await add({ body: 'Hallo' }, cookies.emma)).status).toBe(403);
    expect((await edit('00000000-0000-4000-8000-000000000000', { body: 'x' })).status).toBe(404);
    expect((await edit('geen-id', { body: 'x' })).status).toBe(400);
  });
});
