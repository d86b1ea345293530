import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages';
import { type CreatedUser, createAdmin, createClient, createMatchmaker } from '../../db/factories';
import { expectRefused } from '../../test/expect-refused';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let sofie: CreatedUser;
let emma: CreatedUser;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  sofie = await createMatchmaker(t.db, { full_name: 'Sofie Peeters' });
  const admin = await createAdmin(t.db, {});
  emma = await createClient(t.db, {
    full_name: 'Emma Claes',
    email: 'emma.claes@example.be',
    assigned_matchmaker_id: sofie.id,
    tier: 'Persoonlijk',
    contract_status: 'active_for_matching',
    profile: { birth_date: '1990-05-20', province: 'Antwerpen' },
  });
  cookies.sofie = await t.login(sofie.email);
  cookies.admin = await t.login(admin.email);
  cookies.emma = await t.login(emma.email);
});
afterAll(async () => {
  await t.close();
});

const search = (q: string, cookie?: string) =>
  t.request(`/api/clients?q=${encodeURIComponent(q)}`, { cookie });

type Result = { clients: Record<string, unknown>[] };

describe('GET /api/clients?q=', () => {
  it('finds clients by part of their name in any case, with tier, age, region, contract and matchmaker', async () => {
    const response = await search('  cLAe ', cookies.sofie);
    expect(response.status).toBe(200);
    const { clients } = (await response.json()) as Result;
    const now = t.clock.now();
    const beforeBirthday =
      now.getUTCMonth() > 4 || (now.getUTCMonth() === 4 && now.getUTCDate() >= 20) ? 0 : 1;
    expect(clients).toEqual([
      {
        id: emma.id,
        full_name: 'Emma Claes',
        email: 'emma.claes@example.be',
        tier: 'Persoonlijk',
        age: now.getUTCFullYear() - 1990 - beforeBirthday,
        region: 'Antwerpen',
        contract_status: 'active_for_matching',
        assigned_matchmaker_name: 'Sofie Peeters',
      },
    ]);
  });

  it('counts the age on the server clock', async () => {
    const born = t.clock.now();
    born.setUTCFullYear(born.getUTCFullYear() - 30);
    born.setUTCDate(born.getUTCDate() + 2);
    const client = await createClient(t.db, {
      full_name: 'Jarig Binnenkort',
      profile: { birth_date: born.toISOString().slice(0, 10) },
    });
    const ageOf = async () =>
      ((await (await search('Jarig', cookies.admin)).json()) as Result).clients.find(
        (c) => c.id === client.id,
      )?.age;
    expect(await ageOf()).toBe(29);
    t.clock.setOffset(3 * 86_400_000);
    expect(await ageOf()).toBe(30);
    t.clock.setOffset(0);
  });

  it('shows null for what a client has not filled in, and only clients (not staff with that name)', async () => {
    const bare = await createClient(t.db, { full_name: 'Kaal Profiel' });
    await createMatchmaker(t.db, { full_name: 'Kaal Matchmaker' });
    await createAdmin(t.db, { full_name: 'Kaal Beheerder' });
    const { clients } = (await (await search('kaal', cookies.admin)).json()) as Result;
    expect(clients).toEqual([
      {
        id: bare.id,
        full_name: 'Kaal Profiel',
        email: bare.email,
        tier: 'Relax',
        age: null,
        region: null,
        contract_status: 'pending',
        assigned_matchmaker_name: null,
      },
    ]);
  });

  it('matches %, _ and \\ literally', async () => {
    const percent = await createClient(t.db, { full_name: 'Procent 100% Zeker' });
    await createClient(t.db, { full_name: 'Procent 1000 Zeker' });
    const underscore = await createClient(t.db, { full_name: 'Onder_Streep' });
    await createClient(t.db, { full_name: 'OnderXStreep' });
    const backslash = await createClient(t.db, { full_name: 'Back\\Slash' });
    await createClient(t.db, { full_name: 'BackXSlash' });
    const ids = async (q: string) =>
      ((await (await search(q, cookies.sofie)).json()) as Result).clients.map((c) => c.id);
    expect(await ids('0%')).toEqual([percent.id]);
    expect(await ids('r_S')).toEqual([underscore.id]);
    expect(await ids('k\\S')).toEqual([backslash.id]);
    expect(await ids('%%')).toEqual([]);
    expect(await ids('__')).toEqual([]);
  });

  it('answers at most 20, ordered by name', async () => {
    const names = Array.from({ length: 21 }, (_, i) => `Limiet ${String(21 - i).padStart(2, '0')}`);
    for (const full_name of names) await createClient(t.db, { full_name });
    const { clients } = (await (await search('limiet', cookies.admin)).json()) as Result;
    expect(clients.map((c) => c.full_name)).toEqual([...names].sort().slice(0, 20));
  });

  it('refuses fewer than 2 characters after trimming, a missing q and a very long q', async () => {
    for (const q of ['', 'e', ' e ', '   ', 'x'.repeat(101)]) {
      const response = await search(q, cookies.sofie);
      await expectRefused(response, 400, 'BAD_REQUEST', { label: JSON.stringify(q) });
    }
    const short = await search(' e ', cookies.sofie);
    expect(await short.json()).toMatchObject({ error: 'Typ minstens 2 letters', code: 'BAD_REQUEST' });
    await expectRefused(await t.request('/api/clients', { cookie: cookies.sofie }), 400, 'BAD_REQUEST');
  });

  it('is for matchmakers and admins: 401 anonymous, 403 for a client', async () => {
    await expectRefused(await search('Emma'), 401, 'NOT_AUTHENTICATED');
    const response = await search('Emma', cookies.emma);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: MESSAGES.unauthorized, code: 'UNAUTHORIZED' });
  });
});

describe('who a matchmaker finds (decision 009)', () => {
  it("finds own clients with e-mail, clients without a matchmaker without it, and never another matchmaker's", async () => {
    const marc = await createMatchmaker(t.db, { full_name: 'Marc Dubois' });
    const own = await createClient(t.db, { full_name: 'Zichtbaar Eigen', assigned_matchmaker_id: sofie.id });
    const free = await createClient(t.db, { full_name: 'Zichtbaar Vrij' });
    const marcs = await createClient(t.db, {
      full_name: 'Zichtbaar Van Marc',
      assigned_matchmaker_id: marc.id,
    });

    const forSofie = ((await (await search('Zichtbaar', cookies.sofie!)).json()) as Result).clients;
    expect(forSofie.map((c) => [c.id, c.email])).toEqual([
      [own.id, own.email],
      [free.id, null],
    ]);
    expect(JSON.stringify(forSofie)).not.toContain(marcs.email);

    const forAdmin = ((await (await search('Zichtbaar', cookies.admin!)).json()) as Result).clients;
    expect(forAdmin.map((c) => c.email)).toEqual([own.email, marcs.email, free.email]);
  });
});
