import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages';
import {
  type CreatedUser,
  createAdmin,
  createClient,
  createIntakeSession,
  createMatch,
  createMatchmaker,
} from '../../db/factories';
import { account_settings, email_outbox, user_profiles } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let sofie: CreatedUser;
let lotte: CreatedUser;
let inactive: CreatedUser;
const c: Record<string, CreatedUser> = {};
const cookies: Record<string, string> = {};

/** `years` ago today, minus `days`: a birth date for an age on the test clock. */
function bornYearsAgo(years: number, days = 10) {
  const day = t.clock.now();
  day.setUTCFullYear(day.getUTCFullYear() - years);
  day.setUTCDate(day.getUTCDate() - days);
  return day.toISOString().slice(0, 10);
}

beforeAll(async () => {
  t = await createTestApp();
  sofie = await createMatchmaker(t.db, { full_name: 'Sofie Peeters' });
  lotte = await createMatchmaker(t.db, { full_name: 'Lotte Janssens' });
  inactive = await createMatchmaker(t.db, { full_name: 'Marc Stil', matchmaker: { is_active: false } });
  const admin = await createAdmin(t.db, {});
  const day = (n: number) => new Date(t.clock.now().getTime() - n * 86_400_000);
  c.emma = await createClient(t.db, {
    full_name: 'Emma Claes',
    assigned_matchmaker_id: sofie.id,
    tier: 'Persoonlijk',
    contract_status: 'active_for_matching',
    created_at: day(300),
    profile: { birth_date: bornYearsAgo(36), province: 'Antwerpen' },
  });
  c.bram = await createClient(t.db, {
    full_name: 'Bram Wouters',
    assigned_matchmaker_id: sofie.id,
    tier: 'Persoonlijk+',
    contract_status: 'active_for_matching',
    created_at: day(200),
    profile: { birth_date: bornYearsAgo(41), province: 'Oost-Vlaanderen' },
  });
  c.nina = await createClient(t.db, {
    full_name: 'Nina Maes',
    assigned_matchmaker_id: sofie.id,
    tier: 'Relax+',
    contract_status: 'paused',
    created_at: day(100),
    profile: { birth_date: bornYearsAgo(29), province: 'Antwerpen' },
  });
  c.tom = await createClient(t.db, {
    full_name: 'Tom Lotte-klant',
    assigned_matchmaker_id: lotte.id,
    tier: 'Persoonlijk',
    created_at: day(50),
  });
  c.nieuw = await createClient(t.db, {
    full_name: 'Nieuwe Betaler',
    tier: 'Persoonlijk',
    created_at: day(2),
  });
  c.relax = await createClient(t.db, { full_name: 'Gratis Relax', tier: 'Relax', created_at: day(1) });
  await createIntakeSession(t.db, {
    user_id: c.emma.id,
    assigned_matchmaker_id: sofie.id,
    status: 'completed',
    scheduled_at: day(250),
    matchmaker_notes: 'Emma is sportief.',
  });
  await createMatch(t.db, {
    clientA: c.emma.id,
    clientB: c.bram.id,
    matchmaker_id: sofie.id,
    now: t.clock.now(),
  });
  cookies.sofie = await t.login(sofie.email);
  cookies.lotte = await t.login(lotte.email);
  cookies.inactive = await t.login(inactive.email);
  cookies.admin = await t.login(admin.email);
  cookies.emma = await t.login(c.emma.email);
});
afterAll(async () => {
  await t.close();
});

type List = {
  clients: (Record<string, unknown> & { id: string; full_name: string })[];
  total: number;
  page: number;
  page_size: number;
};
const list = async (query: string, cookie = cookies.sofie) => {
  const response = await t.request(`/api/matchmaker/clients${query ? `?${query}` : ''}`, { cookie });
  return {
    status: response.status,
    body: (await response.json()) as List & { error?: string; code?: string },
  };
};
const names = async (query: string, cookie = cookies.sofie) => {
  const { status, body } = await list(query, cookie);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.clients.map((client) => client.full_name);
};

describe('GET /api/matchmaker/clients', () => {
  it('shows a matchmaker their own clients by name, with e-mail, proposals, intake and pause', async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(body.total).toBe(3);
    expect(body.page).toBe(1);
    expect(body.page_size).toBe(25);
    expect(body.clients.map((client) => client.full_name)).toEqual([
      'Bram Wouters',
      'Emma Claes',
      'Nina Maes',
    ]);
    const emma = body.clients.find((client) => client.id === c.emma!.id)!;
    expect(emma).toMatchObject({
      email: c.emma!.email,
      tier: 'Persoonlijk',
      age: 36,
      region: 'Antwerpen',
      contract_status: 'active_for_matching',
      assigned_matchmaker_id: sofie.id,
      assigned_matchmaker_name: 'Sofie Peeters',
      open_proposals: 1,
      intake_pending: false,
      paused: false,
    });
    const bram = body.clients.find((client) => client.id === c.bram!.id)!;
    expect(bram).toMatchObject({ intake_pending: true, open_proposals: 1 });
    expect(body.clients.find((client) => client.id === c.nina!.id)).toMatchObject({ paused: true });
  });

  it('filters on tier, contract status, region, age range, paused, open proposal and intake pending', async () => {
    expect(await names('tier=Persoonlijk%2B')).toEqual(['Bram Wouters']);
    expect(await names('contract_status=paused')).toEqual(['Nina Maes']);
    expect(await names('region=Antwerpen')).toEqual(['Emma Claes', 'Nina Maes']);
    expect(await names('age_min=30&age_max=40')).toEqual(['Emma Claes']);
    expect(await names('age_min=36&age_max=36')).toEqual(['Emma Claes']);
    expect(await names('age_max=35')).toEqual(['Nina Maes']);
    expect(await names('paused=true')).toEqual(['Nina Maes']);
    expect(await names('paused=false')).toEqual(['Bram Wouters', 'Emma Claes']);
    expect(await names('open_proposal=true')).toEqual(['Bram Wouters', 'Emma Claes']);
    expect(await names('open_proposal=false')).toEqual(['Nina Maes']);
    expect(await names('intake_pending=true')).toEqual(['Bram Wouters', 'Nina Maes']);
    expect(await names('q=CLAE')).toEqual(['Emma Claes']);
    expect(await names('q=%25')).toEqual([]);
  });

  it("counts a client's own pause as paused, and leaves a deleted account out", async () => {
    await t.db.insert(account_settings).values({ user_id: c.bram!.id, matching_paused_at: t.clock.now() });
    expect(await names('paused=true')).toEqual(['Bram Wouters', 'Nina Maes']);
    await t.db
      .update(account_settings)
      .set({ matching_paused_at: null })
      .where(eq(account_settings.user_id, c.bram!.id));
    const gone = await createClient(t.db, { full_name: 'Weg Klant', assigned_matchmaker_id: sofie.id });
    await t.db.insert(account_settings).values({ user_id: gone.id, deleted_at: t.clock.now() });
    expect(await names('q=Weg')).toEqual([]);
  });

  it('sorts on the server and pages with the total', async () => {
    expect(await names('sort=newest')).toEqual(['Nina Maes', 'Bram Wouters', 'Emma Claes']);
    expect(await names('sort=oldest')).toEqual(['Emma Claes', 'Bram Wouters', 'Nina Maes']);
    expect(await names('sort=age')).toEqual(['Nina Maes', 'Emma Claes', 'Bram Wouters']);
    const admin = await list('page_size=25&page=1&sort=newest', cookies.admin);
    expect(admin.body.total).toBe(6);
    const far = await list('page=2', cookies.admin);
    expect(far.status).toBe(200);
    expect(far.body).toMatchObject({ clients: [], total: 6, page: 2 });
  });

  it('lists the paying clients without a matchmaker for every matchmaker to claim, without e-mail', async () => {
    for (const cookie of [cookies.sofie, cookies.lotte]) {
      const { body } = await list('scope=unassigned', cookie);
      expect(body.clients.map((client) => client.full_name)).toEqual(['Nieuwe Betaler']);
      expect(body.clients[0]!.email).toBeNull();
    }
  });

  it("shows an admin every client with e-mail, and never another matchmaker's clients to a matchmaker", async () => {
    const { body } = await list('', cookies.admin);
    expect(body.clients).toHaveLength(6);
    expect(body.clients.every((client) => typeof client.email === 'string')).toBe(true);
    expect(await names('', cookies.lotte)).toEqual(['Tom Lotte-klant']);
    expect(await names('q=Emma', cookies.lotte)).toEqual([]);
  });

  it('refuses a visitor (401), a client (403) and a matchmaker asking for every client (403)', async () => {
    expect((await list('', '')).status).toBe(401);
    const client = await list('', cookies.emma);
    expect(client.status).toBe(403);
    expect(client.body.code).toBe('UNAUTHORIZED');
    expect((await list('scope=all')).status).toBe(403);
  });

  it('answers bad filters with a Dutch 400, never a 5xx', async () => {
    const cases: [string, string][] = [
      ['tier=Gold', 'Kies een bestaand pakket'],
      ['contract_status=weg', 'Kies een bestaande status'],
      ['region=Parijs', 'Kies een Belgische provincie'],
      ['age_min=abc', 'Leeftijd vanaf: geef een leeftijd in jaren'],
      ['age_min=12', `Leeftijd vanaf: minstens 18 jaar`],
      ['age_min=50&age_max=30', 'De leeftijd vanaf mag niet hoger zijn dan de leeftijd tot'],
      ['paused=misschien', 'Kies ja of nee'],
      ['page=0', 'Geef een paginanummer'],
      ['page_size=7', 'Kies 25, 50 of 100 per pagina'],
      ['sort=random', 'Kies een bestaande sortering'],
      [`q=${'x'.repeat(101)}`, 'Zoek met hoogstens 100 tekens'],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await list(query);
      expect(status, query).toBe(400);
      expect(body.code, query).toBe('BAD_REQUEST');
      expect(JSON.stringify(body), query).toContain(message);
    }
  });
});

describe('POST /api/matchmaker/clients/{clientId}/claim', () => {
  const claim = (clientId: string, cookie = cookies.sofie) =>
    t.request(`/api/matchmaker/clients/${clientId}/claim`, { method: 'POST', cookie });

  it('refuses a visitor, a client, an admin and an inactive matchmaker, and changes nothing', async () => {
    expect((await claim(c.nieuw!.id, '')).status).toBe(401);
    expect((await claim(c.nieuw!.id, cookies.emma)).status).toBe(403);
    expect((await claim(c.nieuw!.id, cookies.admin)).status).toBe(403);
    expect((await claim(c.nieuw!.id, cookies.inactive)).status).toBe(403);
    const [row] = await t.db.select().from(user_profiles).where(eq(user_profiles.id, c.nieuw!.id));
    expect(row!.assigned_matchmaker_id).toBeNull();
  });

  it('refuses a Relax client, a client with a matchmaker and an unknown id with a Dutch reason', async () => {
    const relax = await claim(c.relax!.id);
    expect(relax.status).toBe(409);
    expect(await relax.json()).toEqual({ error: MESSAGES.clientNotClaimable, code: 'CLIENT_NOT_CLAIMABLE' });
    const taken = await claim(c.tom!.id);
    expect(taken.status).toBe(409);
    expect((await taken.json()).code).toBe('CLIENT_ALREADY_CLAIMED');
    expect((await claim('geen-klant')).status).toBe(404);
    expect((await claim(sofie.id)).status).toBe(404);
  });

  it('lets one of two matchmakers claiming at once win, and mails the client once, in the same transaction', async () => {
    const [a, b] = await Promise.all([claim(c.nieuw!.id, cookies.sofie), claim(c.nieuw!.id, cookies.lotte)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = a.status === 200 ? sofie : lotte;
    const [row] = await t.db.select().from(user_profiles).where(eq(user_profiles.id, c.nieuw!.id));
    expect(row!.assigned_matchmaker_id).toBe(winner.id);
    const mails = await t.db.select().from(email_outbox).where(eq(email_outbox.to_address, c.nieuw!.email));
    expect(mails.map((mail) => mail.subject)).toEqual([`${winner.full_name} is je matchmaker bij Koppel`]);
    expect(await names('scope=unassigned')).toEqual([]);
    expect(await names('q=Nieuwe', winner === sofie ? cookies.sofie : cookies.lotte)).toEqual([
      'Nieuwe Betaler',
    ]);
  });
});
