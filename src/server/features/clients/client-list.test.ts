import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_LIST_COUNT_CAP } from '../../../shared/clients';
import { MESSAGES } from '../../../shared/messages';
import {
  type CreatedUser,
  createAdmin,
  createClient,
  createIntakeSession,
  createMatch,
  createMatchmaker,
} from '../../db/factories';
import { account_settings, email_outbox, user, user_profiles } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let sofie: CreatedUser;
let lotte: CreatedUser;
let inactive: CreatedUser;
let client: CreatedUser;
const cookies: Record<string, string> = {};

/** `years` ago today, minus `days`: a birth date for an age on the test clock. */
function bornYearsAgo(years: number, days = 10) {
  const day = t.clock.now();
  day.setUTCFullYear(day.getUTCFullYear() - years);
  day.setUTCDate(day.getUTCDate() - days);
  return day.toISOString().slice(0, 10);
}
const day = (n: number) => new Date(t.clock.now().getTime() - n * 86_400_000);
/** A word only this test's names hold, to find its own rows in lists of every client. */
const token = () => `T${randomUUID().replaceAll('-', '').slice(0, 10)}`;

beforeAll(async () => {
  t = await createTestApp();
  sofie = await createMatchmaker(t.db, { full_name: 'Sofie Peeters' });
  lotte = await createMatchmaker(t.db, { full_name: 'Lotte Janssens' });
  inactive = await createMatchmaker(t.db, { full_name: 'Marc Stil', matchmaker: { is_active: false } });
  const admin = await createAdmin(t.db, {});
  client = await createClient(t.db, { full_name: 'Emma Claes', assigned_matchmaker_id: sofie.id });
  cookies.sofie = await t.login(sofie.email);
  cookies.lotte = await t.login(lotte.email);
  cookies.inactive = await t.login(inactive.email);
  cookies.admin = await t.login(admin.email);
  cookies.client = await t.login(client.email);
});
afterAll(async () => {
  await t.close();
});

/**
 * A new matchmaker of the test's own with her three clients: Emma (intake held), Bram and Nina
 * (paused), Emma and Bram in one open proposal. Her lists hold these three and nothing else.
 */
async function matchmakerWithClients() {
  const matchmaker = await createMatchmaker(t.db, { full_name: 'Sofie Peeters' });
  const emma = await createClient(t.db, {
    full_name: 'Emma Claes',
    assigned_matchmaker_id: matchmaker.id,
    tier: 'Persoonlijk',
    contract_status: 'active_for_matching',
    created_at: day(300),
    profile: { birth_date: bornYearsAgo(36), province: 'Antwerpen' },
  });
  const bram = await createClient(t.db, {
    full_name: 'Bram Wouters',
    assigned_matchmaker_id: matchmaker.id,
    tier: 'Persoonlijk+',
    contract_status: 'active_for_matching',
    created_at: day(200),
    profile: { birth_date: bornYearsAgo(41), province: 'Oost-Vlaanderen' },
  });
  const nina = await createClient(t.db, {
    full_name: 'Nina Maes',
    assigned_matchmaker_id: matchmaker.id,
    tier: 'Relax+',
    contract_status: 'paused',
    created_at: day(100),
    profile: { birth_date: bornYearsAgo(29), province: 'Antwerpen' },
  });
  await createIntakeSession(t.db, {
    user_id: emma.id,
    assigned_matchmaker_id: matchmaker.id,
    status: 'completed',
    scheduled_at: day(250),
    matchmaker_notes: 'Emma is sportief.',
  });
  await createMatch(t.db, {
    clientA: emma.id,
    clientB: bram.id,
    matchmaker_id: matchmaker.id,
    now: t.clock.now(),
  });
  return { matchmaker, emma, bram, nina, cookie: await t.login(matchmaker.email) };
}

type List = {
  clients: (Record<string, unknown> & { id: string; full_name: string })[];
  total: number;
  total_capped: boolean;
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
const namesOf = async (query: string, cookie: string) => {
  const { status, body } = await list(query, cookie);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.clients.map((client) => client.full_name);
};

describe('GET /api/matchmaker/clients', () => {
  it('shows a matchmaker their own clients by name, with e-mail, proposals, intake and pause', async () => {
    const { matchmaker, cookie, ...c } = await matchmakerWithClients();
    const { status, body } = await list('', cookie);
    expect(status).toBe(200);
    expect(body.total).toBe(3);
    expect(body.page).toBe(1);
    expect(body.page_size).toBe(25);
    expect(body.clients.map((client) => client.full_name)).toEqual([
      'Bram Wouters',
      'Emma Claes',
      'Nina Maes',
    ]);
    const emma = body.clients.find((client) => client.id === c.emma.id)!;
    expect(emma).toMatchObject({
      email: c.emma.email,
      tier: 'Persoonlijk',
      age: 36,
      region: 'Antwerpen',
      contract_status: 'active_for_matching',
      assigned_matchmaker_id: matchmaker.id,
      assigned_matchmaker_name: 'Sofie Peeters',
      open_proposals: 1,
      intake_pending: false,
      paused: false,
    });
    const bram = body.clients.find((client) => client.id === c.bram.id)!;
    expect(bram).toMatchObject({ intake_pending: true, open_proposals: 1 });
    expect(body.clients.find((client) => client.id === c.nina.id)).toMatchObject({ paused: true });
  });

  it('filters on tier, contract status, region, age range, paused, open proposal and intake pending', async () => {
    const { cookie } = await matchmakerWithClients();
    const names = (query: string) => namesOf(query, cookie);
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
    const { matchmaker, cookie, bram } = await matchmakerWithClients();
    const names = (query: string) => namesOf(query, cookie);
    await t.db.insert(account_settings).values({ user_id: bram.id, matching_paused_at: t.clock.now() });
    expect(await names('paused=true')).toEqual(['Bram Wouters', 'Nina Maes']);
    await t.db
      .update(account_settings)
      .set({ matching_paused_at: null })
      .where(eq(account_settings.user_id, bram.id));
    expect(await names('paused=true')).toEqual(['Nina Maes']);
    const gone = await createClient(t.db, { full_name: 'Weg Klant', assigned_matchmaker_id: matchmaker.id });
    await t.db.insert(account_settings).values({ user_id: gone.id, deleted_at: t.clock.now() });
    expect(await names('q=Weg')).toEqual([]);
    const forAdmin = await list('q=Weg', cookies.admin);
    expect(forAdmin.body.clients.map((row) => row.id)).not.toContain(gone.id);
  });

  it('sorts on the server and pages with the total', async () => {
    const { cookie } = await matchmakerWithClients();
    const names = (query: string) => namesOf(query, cookie);
    expect(await names('sort=newest')).toEqual(['Nina Maes', 'Bram Wouters', 'Emma Claes']);
    expect(await names('sort=oldest')).toEqual(['Emma Claes', 'Bram Wouters', 'Nina Maes']);
    expect(await names('sort=age')).toEqual(['Nina Maes', 'Emma Claes', 'Bram Wouters']);
    const own = await list('page_size=25&page=1&sort=newest', cookie);
    expect(own.body).toMatchObject({ total: 3, total_capped: false, page: 1, page_size: 25 });
    const past = await list('page=2', cookie);
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ clients: [], total: 3, page: 2 });
    // An admin's pages over every client: six of this test's own, found by the word in their names.
    const word = token();
    for (let i = 1; i <= 6; i++) {
      await createClient(t.db, { full_name: `Klant ${word} ${i}`, tier: 'Relax', created_at: day(10 - i) });
    }
    const admin = await list(`q=${word}&page_size=25&page=1&sort=newest`, cookies.admin);
    expect(admin.body.total).toBe(6);
    expect(admin.body.clients.map((row) => row.full_name)).toEqual(
      [6, 5, 4, 3, 2, 1].map((i) => `Klant ${word} ${i}`),
    );
    const far = await list(`q=${word}&page=2`, cookies.admin);
    expect(far.status).toBe(200);
    expect(far.body).toMatchObject({ clients: [], total: 6, page: 2 });
  });

  it('counts up to 10.000 clients and says there are more, and still pages past them (decision 041)', async () => {
    const matchmaker = await createMatchmaker(t.db, { full_name: 'Veel Klanten' });
    const cookie = await t.login(matchmaker.email);
    const word = token();
    // CLIENT_LIST_COUNT_CAP + 1 clients of her own, in one statement each.
    await t.db.execute(sql`
      INSERT INTO "user" (id, name, email, email_verified, created_at, updated_at)
      SELECT ${word} || '-' || g, 'Klant ' || ${word} || ' ' || lpad(g::text, 5, '0'),
             ${word} || g || '@cap.koppel.example', true, now(), now()
      FROM generate_series(1, ${CLIENT_LIST_COUNT_CAP + 1}::int) AS g`);
    await t.db
      .update(user_profiles)
      .set({ assigned_matchmaker_id: matchmaker.id })
      .where(sql`${user_profiles.id} LIKE ${`${word}-%`}`);
    const first = await list('', cookie);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: CLIENT_LIST_COUNT_CAP, total_capped: true, page: 1 });
    expect(first.body.clients.map((row) => row.full_name).slice(0, 2)).toEqual([
      `Klant ${word} 00001`,
      `Klant ${word} 00002`,
    ]);
    // The last client is on the page after the counted ones.
    const last = await list(`page=${CLIENT_LIST_COUNT_CAP / 25 + 1}`, cookie);
    expect(last.body.clients.map((row) => row.full_name)).toEqual([`Klant ${word} 10001`]);
    // The same with a search (decision 045): more matches than the cap, the index is walked.
    const searched = await list(`q=${word}&page=${CLIENT_LIST_COUNT_CAP / 25 + 1}`, cookie);
    expect(searched.body).toMatchObject({ total_capped: true });
    expect(searched.body.clients.map((row) => row.full_name)).toEqual([`Klant ${word} 10001`]);
    // One fewer is counted exactly.
    await t.db.delete(user).where(eq(user.id, `${word}-10001`));
    const exact = await list('', cookie);
    expect(exact.body).toMatchObject({ total: CLIENT_LIST_COUNT_CAP, total_capped: false });
    // At the cap, the page is sorted from the matches themselves: the same order.
    const few = await list(`q=${word}&page=${CLIENT_LIST_COUNT_CAP / 25}`, cookie);
    expect(few.body).toMatchObject({ total: CLIENT_LIST_COUNT_CAP, total_capped: false });
    expect(few.body.clients.map((row) => row.full_name).slice(-2)).toEqual([
      `Klant ${word} 09999`,
      `Klant ${word} 10000`,
    ]);
    expect((await list(`q=${word}`, cookie)).body.clients[0]?.full_name).toBe(`Klant ${word} 00001`);
  });

  it('lists the paying clients without a matchmaker for every matchmaker to claim, without e-mail', async () => {
    // Of this test's own clients without a matchmaker, only the paying one is there to claim.
    const word = token();
    const paying = await createClient(t.db, { full_name: `Nieuwe Betaler ${word}`, tier: 'Persoonlijk' });
    await createClient(t.db, { full_name: `Gratis Relax ${word}`, tier: 'Relax' });
    await createClient(t.db, {
      full_name: `Al Genomen ${word}`,
      tier: 'Persoonlijk',
      assigned_matchmaker_id: lotte.id,
    });
    for (const cookie of [cookies.sofie, cookies.lotte]) {
      const { body } = await list(`scope=unassigned&q=${word}`, cookie);
      expect(body.clients.map((row) => [row.id, row.full_name])).toEqual([[paying.id, paying.full_name]]);
      expect(body.clients[0]!.email).toBeNull();
    }
  });

  it("shows an admin every client with e-mail, and never another matchmaker's clients to a matchmaker", async () => {
    const other = await createMatchmaker(t.db, { full_name: 'Lotte Janssens' });
    const tom = await createClient(t.db, {
      full_name: 'Tom Lotte-klant',
      assigned_matchmaker_id: other.id,
      tier: 'Persoonlijk',
    });
    const otherCookie = await t.login(other.email);
    // Every client, whoever's, with e-mail: six of this test's own, found by the word in their names.
    const word = token();
    const own = [
      await createClient(t.db, { full_name: `${word} Een`, assigned_matchmaker_id: sofie.id }),
      await createClient(t.db, { full_name: `${word} Twee`, assigned_matchmaker_id: lotte.id }),
      await createClient(t.db, { full_name: `${word} Drie`, tier: 'Persoonlijk' }),
      await createClient(t.db, { full_name: `${word} Vier`, tier: 'Relax' }),
      await createClient(t.db, { full_name: `${word} Vijf`, assigned_matchmaker_id: inactive.id }),
      await createClient(t.db, {
        full_name: `${word} Zes`,
        assigned_matchmaker_id: sofie.id,
        tier: 'Persoonlijk+',
      }),
    ];
    const { body } = await list(`q=${word}`, cookies.admin);
    expect(body.clients).toHaveLength(6);
    expect(body.clients.map((row) => row.id).sort()).toEqual(own.map((u) => u.id).sort());
    expect(body.clients.every((row) => typeof row.email === 'string')).toBe(true);
    expect(body.clients.map((row) => row.email).sort()).toEqual(own.map((u) => u.email).sort());
    expect(await namesOf('', otherCookie)).toEqual(['Tom Lotte-klant']);
    expect((await list('', otherCookie)).body.clients[0]!.id).toBe(tom.id);
    expect(await namesOf('q=Emma', otherCookie)).toEqual([]);
    expect(await namesOf(`q=${word}`, otherCookie)).toEqual([]);
    expect((await list('', cookies.admin)).body.clients.every((row) => typeof row.email === 'string')).toBe(
      true,
    );
  });

  it('refuses a visitor (401), a client (403) and a matchmaker asking for every client (403)', async () => {
    const visitor = await list('', '');
    expect(visitor.status).toBe(401);
    expect(visitor.body.code).toBe('NOT_AUTHENTICATED');
    const client = await list('', cookies.client);
    expect(client.status).toBe(403);
    expect(client.body.code).toBe('UNAUTHORIZED');
    const all = await list('scope=all');
    expect(all.status).toBe(403);
    expect(all.body.code).toBe('UNAUTHORIZED');
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
  /** A paying client of the test's own who has no matchmaker yet. */
  const newPayer = (word = token()) =>
    createClient(t.db, { full_name: `Nieuwe Betaler ${word}`, tier: 'Persoonlijk', created_at: day(2) });

  it('refuses a visitor, a client, an admin and an inactive matchmaker, and changes nothing', async () => {
    const nieuw = await newPayer();
    for (const [cookie, status, code] of [
      ['', 401, 'NOT_AUTHENTICATED'],
      [cookies.client, 403, 'UNAUTHORIZED'],
      [cookies.admin, 403, 'UNAUTHORIZED'],
      [cookies.inactive, 403, 'UNAUTHORIZED'],
    ] as const) {
      const response = await claim(nieuw.id, cookie);
      expect(response.status).toBe(status);
      expect((await response.json()).code).toBe(code);
    }
    const [row] = await t.db.select().from(user_profiles).where(eq(user_profiles.id, nieuw.id));
    expect(row!.assigned_matchmaker_id).toBeNull();
    expect(await t.db.select().from(email_outbox).where(eq(email_outbox.to_address, nieuw.email))).toEqual(
      [],
    );
  });

  it('refuses a Relax client, a client with a matchmaker and an unknown id with a Dutch reason', async () => {
    const relaxClient = await createClient(t.db, {
      full_name: 'Gratis Relax',
      tier: 'Relax',
      created_at: day(1),
    });
    const tom = await createClient(t.db, {
      full_name: 'Tom Lotte-klant',
      assigned_matchmaker_id: lotte.id,
      tier: 'Persoonlijk',
      created_at: day(50),
    });
    const relax = await claim(relaxClient.id);
    expect(relax.status).toBe(409);
    expect(await relax.json()).toEqual({ error: MESSAGES.clientNotClaimable, code: 'CLIENT_NOT_CLAIMABLE' });
    const taken = await claim(tom.id);
    expect(taken.status).toBe(409);
    expect((await taken.json()).code).toBe('CLIENT_ALREADY_CLAIMED');
    for (const id of ['geen-klant', sofie.id]) {
      const unknown = await claim(id);
      expect(unknown.status).toBe(404);
      expect((await unknown.json()).code).toBe('NOT_FOUND');
    }
    const rows = await t.db
      .select()
      .from(user_profiles)
      .where(inArray(user_profiles.id, [relaxClient.id, tom.id]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.assigned_matchmaker_id]))).toEqual({
      [relaxClient.id]: null,
      [tom.id]: lotte.id,
    });
  });

  it('lets one of two matchmakers claiming at once win, and mails the client once, in the same transaction', async () => {
    const word = token();
    const nieuw = await newPayer(word);
    const [a, b] = await Promise.all([claim(nieuw.id, cookies.sofie), claim(nieuw.id, cookies.lotte)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.status === 200 ? b : a;
    expect((await loser.json()).code).toBe('CLIENT_ALREADY_CLAIMED');
    const winner = a.status === 200 ? sofie : lotte;
    const [row] = await t.db.select().from(user_profiles).where(eq(user_profiles.id, nieuw.id));
    expect(row!.assigned_matchmaker_id).toBe(winner.id);
    const mails = await t.db.select().from(email_outbox).where(eq(email_outbox.to_address, nieuw.email));
    expect(mails.map((mail) => mail.subject)).toEqual([`${winner.full_name} is je matchmaker bij Koppel`]);
    expect(await namesOf(`scope=unassigned&q=${word}`, cookies.sofie!)).toEqual([]);
    expect(await namesOf(`q=${word}`, winner === sofie ? cookies.sofie! : cookies.lotte!)).toEqual([
      nieuw.full_name,
    ]);
  });
});
