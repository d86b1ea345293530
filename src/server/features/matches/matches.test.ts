import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Match, ProposedMatchSummary } from '../../../shared/matches';
import { MESSAGES } from '../../../shared/messages';
import {
  type CreatedUser,
  createAdmin,
  createClient as createAnyClient,
  createMatch,
  createMatchmaker,
} from '../../db/factories';
import { client_match_responses, email_outbox, match_follow_up, matches } from '../../db/schema';
import { openProfile } from '../../test/profiles';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sweepMatchDeadlines } from './match-deadlines.service';

/**
 * Issue 16: every proposal is for two clients active for matching, so the clients of these tests
 * have had their intake unless a test says otherwise; issue 26: and a profile that fits any other
 * of them (the eligibility rule has tests of its own, eligibility.test.ts).
 */
const createClient: typeof createAnyClient = (db, options = {}) =>
  createAnyClient(db, {
    contract_status: 'active_for_matching',
    ...options,
    profile: { ...openProfile(), ...options.profile },
  });

let t: TestApp;
let sofie: CreatedUser;
let marc: CreatedUser;
let admin: CreatedUser;
let emma: CreatedUser;
let lucas: CreatedUser;
let third: CreatedUser;
let otherMatchmakersClient: CreatedUser;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  sofie = await createMatchmaker(t.db, { full_name: 'Sofie Peeters' });
  marc = await createMatchmaker(t.db, { full_name: 'Marc Dubois' });
  admin = await createAdmin(t.db, {});
  emma = await createClient(t.db, {
    full_name: 'Emma Claes',
    assigned_matchmaker_id: sofie.id,
    tier: 'Persoonlijk',
    profile: { birth_date: '1990-05-20', province: 'Antwerpen', interests: ['koken', 'wandelen', 'jazz'] },
  });
  lucas = await createClient(t.db, {
    full_name: 'Lucas Van Wouters',
    assigned_matchmaker_id: sofie.id,
    profile: {
      birth_date: '1988-12-01',
      province: 'Oost-Vlaanderen',
      interests: ['jazz', 'koken', 'voetbal'],
    },
  });
  third = await createClient(t.db, { full_name: 'Derde Klant', assigned_matchmaker_id: sofie.id });
  otherMatchmakersClient = await createClient(t.db, {
    full_name: 'Nina Andere',
    assigned_matchmaker_id: marc.id,
  });
  for (const [name, u] of Object.entries({
    sofie,
    marc,
    admin,
    emma,
    lucas,
    third,
    otherMatchmakersClient,
  })) {
    cookies[name] = await t.login(u.email);
  }
});
afterAll(async () => {
  await t.close();
});

type Client = { id: string; email: string | null };

const propose = (cookie: string | undefined, body: unknown) =>
  t.request('/api/matches', { method: 'POST', json: body, cookie });

describe('POST /api/matches', () => {
  it("refuses a matchmaker a match of two other matchmakers' clients, and hides e-mails that are not theirs (decision 009)", async () => {
    const nina2 = await createClient(t.db, { full_name: 'Nina Twee', assigned_matchmaker_id: marc.id });
    const refused = await propose(cookies.sofie, {
      client1_id: otherMatchmakersClient.id,
      client2_id: nina2.id,
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: 'MATCH_NOT_OWN_CLIENT',
      error: MESSAGES.matchNotOwnClient,
    });

    // One of her own and one of Marc's: allowed, but Marc's client's e-mail stays Marc's.
    const made = await propose(cookies.sofie, { client1_id: third.id, client2_id: nina2.id });
    expect(made.status).toBe(201);
    const { match } = (await made.json()) as { match: { id: string; client1: Client; client2: Client } };
    const emails = (m: { client1: Client; client2: Client }) =>
      Object.fromEntries([m.client1, m.client2].map((c) => [c.id, c.email]));
    expect(emails(match)).toEqual({ [third.id]: third.email, [nina2.id]: null });
    const forMarc = await t.request(`/api/matches/${match.id}`, { cookie: cookies.marc });
    expect(emails(((await forMarc.json()) as { match: { client1: Client; client2: Client } }).match)).toEqual(
      {
        [third.id]: null,
        [nina2.id]: nina2.email,
      },
    );
    const forAdmin = await t.request(`/api/matches/${match.id}`, { cookie: cookies.admin });
    expect(
      emails(((await forAdmin.json()) as { match: { client1: Client; client2: Client } }).match),
    ).toEqual({
      [third.id]: third.email,
      [nina2.id]: nina2.email,
    });
    await t.db.delete(matches).where(eq(matches.id, match.id));
  });

  it('stores the smaller id first, proposes now with a 7-day deadline, by the caller, and answers the joined row', async () => {
    // A pair of the test's own, as Emma and Lucas: nothing else has matched them yet.
    const her = await createClient(t.db, {
      full_name: 'Emma Claes',
      assigned_matchmaker_id: sofie.id,
      tier: 'Persoonlijk',
    });
    const him = await createClient(t.db, {
      full_name: 'Lucas Van Wouters',
      assigned_matchmaker_id: sofie.id,
    });
    const now = t.clock.now();
    const response = await propose(cookies.sofie, {
      client1_id: him.id,
      client2_id: her.id,
      note: 'Jullie houden allebei van jazz.',
    });
    expect(response.status).toBe(201);
    const { match } = (await response.json()) as { match: Match };
    const [small, large] = [her.id, him.id].sort();
    expect(match.client1_id).toBe(small);
    expect(match.client2_id).toBe(large);
    expect(match.status).toBe('proposed');
    expect(match.matchmaker_id).toBe(sofie.id);
    expect(match.note).toBe('Jullie houden allebei van jazz.');
    const proposed = new Date(match.proposed_to_clients_at!).getTime();
    expect(Math.abs(proposed - now.getTime())).toBeLessThan(5_000);
    expect(new Date(match.response_deadline!).getTime() - proposed).toBe(7 * 86_400_000);
    const joined = [match.client1, match.client2].find((c) => c.id === her.id);
    expect(joined).toEqual({ id: her.id, full_name: 'Emma Claes', email: her.email, tier: 'Persoonlijk' });
  });

  it("refuses a second match for the same pair in either order with the spec's message", async () => {
    const a = await createClient(t.db, { assigned_matchmaker_id: sofie.id });
    const b = await createClient(t.db, { assigned_matchmaker_id: sofie.id });
    const existing = await createMatch(t.db, { clientA: a.id, clientB: b.id, matchmaker_id: sofie.id });
    for (const [first, second] of [
      [a.id, b.id],
      [b.id, a.id],
    ]) {
      const response = await propose(cookies.admin, { client1_id: first, client2_id: second });
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        error: 'Er bestaat al een match tussen deze twee klanten',
        code: 'DUPLICATE_MATCH',
      });
    }
    const rows = await t.db
      .select()
      .from(matches)
      .where(eq(matches.client1_id, [a.id, b.id].sort()[0]!));
    expect(rows.map((r) => r.id)).toEqual([existing.id]);
  });

  it('10 concurrent proposals of one pair make exactly one match (the database decides)', async () => {
    const a = await createClient(t.db, { assigned_matchmaker_id: sofie.id });
    const b = await createClient(t.db, {});
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        propose(
          i % 2 ? cookies.sofie : cookies.admin,
          i % 3 ? { client1_id: a.id, client2_id: b.id } : { client1_id: b.id, client2_id: a.id },
        ),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const rows = await t.db
      .select()
      .from(matches)
      .where(eq(matches.client1_id, [a.id, b.id].sort()[0]!));
    expect(rows).toHaveLength(1);
    // Leave the other tests the fixture they expect.
    await t.db.delete(matches).where(eq(matches.id, rows[0]!.id));
  });

  it('refuses a client matched with themselves, a non-client and bad input', async () => {
    const self = await propose(cookies.sofie, { client1_id: third.id, client2_id: third.id });
    expect(self.status).toBe(400);
    expect(((await self.json()) as { error: string }).error).toBe(
      'Een klant kan niet met zichzelf gematcht worden',
    );
    const staff = await propose(cookies.sofie, { client1_id: third.id, client2_id: marc.id });
    expect(staff.status).toBe(400);
    expect(((await staff.json()) as { error: string }).error).toBe(
      'Je kunt alleen twee klanten met elkaar matchen',
    );
    const unknown = await propose(cookies.sofie, { client1_id: third.id, client2_id: 'bestaat-niet' });
    expect(unknown.status).toBe(400);
    for (const body of [
      {},
      { client1_id: third.id },
      { client1_id: 1, client2_id: 2 },
      { client1_id: third.id, client2_id: emma.id, note: 'x'.repeat(2001) },
    ]) {
      const response = await propose(cookies.sofie, body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
  });

  it('refuses an introduction that is too short or too long, in Dutch, and proposes nothing (issue 27)', async () => {
    const a = await createClient(t.db, { assigned_matchmaker_id: sofie.id });
    const b = await createClient(t.db, { assigned_matchmaker_id: sofie.id });
    for (const [note, message] of [
      ['', MESSAGES.introductionTooShort],
      ['Leuk.', MESSAGES.introductionTooShort],
      // Spaces around do not count.
      [`   ${'x'.repeat(29)}   `, MESSAGES.introductionTooShort],
      ['x'.repeat(1001), MESSAGES.introductionTooLong],
      [42, MESSAGES.introductionTooShort],
    ] as const) {
      const response = await propose(cookies.sofie, { client1_id: a.id, client2_id: b.id, note });
      expect(response.status, String(note).slice(0, 20)).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'BAD_REQUEST', error: message });
    }
    const pair = eq(matches.client1_id, [a.id, b.id].sort()[0]!);
    expect(await t.db.select().from(matches).where(pair)).toEqual([]);
    // At the limits, trimmed: proposed, and the clients read it as written.
    const intro = `  ${'Jullie houden allebei van jazz en koken, '.repeat(24).slice(0, 1000)}  `;
    const response = await propose(cookies.sofie, { client1_id: a.id, client2_id: b.id, note: intro });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { match: Match }).match.note).toBe(intro.trim());
  });

  it('is for matchmakers and admins only', async () => {
    expect((await propose(undefined, { client1_id: third.id, client2_id: emma.id })).status).toBe(401);
    for (const who of ['emma', 'third', 'otherMatchmakersClient']) {
      const response = await propose(cookies[who], {
        client1_id: third.id,
        client2_id: otherMatchmakersClient.id,
      });
      expect(response.status, who).toBe(403);
      expect(await response.json()).toEqual({ error: 'Unauthorized access', code: 'UNAUTHORIZED' });
    }
  });
});

describe('GET /api/matches and PATCH /api/matches/{id}', () => {
  /** Marc proposes a client of his to one Sofie guides: each test its own match. */
  const marcsProposal = async () => {
    const his = await createClient(t.db, { assigned_matchmaker_id: marc.id });
    const hers = await createClient(t.db, { assigned_matchmaker_id: sofie.id });
    const response = await propose(cookies.marc, { client1_id: his.id, client2_id: hers.id });
    expect(response.status).toBe(201);
    return ((await response.json()) as { match: { id: string } }).match.id;
  };

  it('shows a matchmaker the matches they made and those of their clients; an admin all; newest first', async () => {
    // An admin sees every match: on an app of the test's own, "all" is exactly the two made here.
    const own = await createTestApp();
    try {
      const ownSofie = await createMatchmaker(own.db, { full_name: 'Sofie Peeters' });
      const ownMarc = await createMatchmaker(own.db, { full_name: 'Marc Dubois' });
      const ownAdmin = await createAdmin(own.db, {});
      const her = await createClient(own.db, { assigned_matchmaker_id: ownSofie.id });
      const him = await createClient(own.db, { assigned_matchmaker_id: ownSofie.id });
      const hersToo = await createClient(own.db, { assigned_matchmaker_id: ownSofie.id });
      const marcs = await createClient(own.db, { assigned_matchmaker_id: ownMarc.id });
      const now = own.clock.now().getTime();
      const sofiesMatchId = (
        await createMatch(own.db, {
          clientA: her.id,
          clientB: him.id,
          matchmaker_id: ownSofie.id,
          proposed_at: new Date(now - 2 * 3_600_000),
        })
      ).id;
      const marcsMatchId = (
        await createMatch(own.db, {
          clientA: marcs.id,
          clientB: hersToo.id,
          matchmaker_id: ownMarc.id,
          proposed_at: new Date(now - 3_600_000),
        })
      ).id;
      const ownCookies: Record<string, string> = {
        admin: await own.login(ownAdmin.email),
        sofie: await own.login(ownSofie.email),
        marc: await own.login(ownMarc.email),
      };
      const list = async (who: string, query = '') => {
        const response = await own.request(`/api/matches${query}`, { cookie: ownCookies[who] });
        expect(response.status).toBe(200);
        return ((await response.json()) as { matches: { id: string; created_at: string }[] }).matches;
      };
      const forAdmin = await list('admin');
      expect(forAdmin).toHaveLength(2);
      expect(forAdmin[0]!.id).toBe(marcsMatchId);
      expect(forAdmin.map((m) => m.id)).toEqual([marcsMatchId, sofiesMatchId]);
      // Marc made one; Sofie guides `hersToo`, so she sees Marc's match too.
      expect((await list('marc')).map((m) => m.id)).toEqual([marcsMatchId]);
      expect(await list('sofie')).toHaveLength(2);
      expect((await list('sofie')).map((m) => m.id)).toEqual([marcsMatchId, sofiesMatchId]);
      const forHer = (await list('sofie', `?client_id=${her.id}`)).map((m) => m.id);
      expect(forHer).not.toContain(marcsMatchId);
      expect(forHer).toEqual([sofiesMatchId]);
      expect(await list('admin', '?status=accepted')).toEqual([]);
    } finally {
      await own.close();
    }
  });

  it('refuses clients, anonymous callers and a bad filter', async () => {
    expect((await t.request('/api/matches')).status).toBe(401);
    expect((await t.request('/api/matches', { cookie: cookies.emma })).status).toBe(403);
    expect((await t.request('/api/matches?status=verliefd', { cookie: cookies.admin })).status).toBe(400);
  });

  it('follows the outcome rule: sets the timestamp of each status, scheduled_at only when absent', async () => {
    const marcsMatchId = await marcsProposal();
    const patch = (status: string, extra: object = {}, who = 'marc') =>
      t.request(`/api/matches/${marcsMatchId}`, {
        method: 'PATCH',
        json: { status, ...extra },
        cookie: cookies[who],
      });
    const statusNow = async () =>
      (await t.db.select().from(matches).where(eq(matches.id, marcsMatchId)))[0]!.status;
    // Acceptance comes only from the two clients' answers; a date only after both accepted.
    for (const status of ['accepted', 'rejected', 'scheduled', 'completed']) {
      const refused = await patch(status);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ code: 'MATCH_OUTCOME_NOT_ALLOWED' });
    }
    expect(await statusNow()).toBe('proposed');

    await t.db.update(matches).set({ status: 'accepted' }).where(eq(matches.id, marcsMatchId));
    const date = new Date(Date.now() - 2 * 86_400_000).toISOString();
    let response = await patch('scheduled', { scheduled_at: date });
    expect(response.status).toBe(200);
    let { match } = (await response.json()) as { match: Record<string, string | null> };
    expect(match.status).toBe('scheduled');
    expect(new Date(match.scheduled_at!).toISOString()).toBe(date);
    response = await patch('scheduled');
    ({ match } = (await response.json()) as { match: Record<string, string | null> });
    expect(new Date(match.scheduled_at!).toISOString()).toBe(date);

    response = await patch('completed');
    ({ match } = (await response.json()) as { match: Record<string, string | null> });
    expect(match.status).toBe('completed');
    expect(match.completed_at).not.toBeNull();
    // A held date is not cancelled or accepted afterwards.
    expect((await patch('cancelled')).status).toBe(409);
    expect((await patch('accepted')).status).toBe(409);
    expect(await statusNow()).toBe('completed');
  });

  it('refuses an uninvolved matchmaker (404), clients (403) and bad input (400)', async () => {
    const a = await createClient(t.db, { assigned_matchmaker_id: sofie.id });
    const b = await createClient(t.db, { assigned_matchmaker_id: sofie.id });
    const sofiesMatch = await createMatch(t.db, { clientA: a.id, clientB: b.id, matchmaker_id: sofie.id });
    const url = `/api/matches/${sofiesMatch.id}`;
    const marcsTry = await t.request(url, {
      method: 'PATCH',
      json: { status: 'cancelled' },
      cookie: cookies.marc,
    });
    expect(marcsTry.status).toBe(404);
    expect((await marcsTry.json()).code).toBe('NOT_FOUND');
    // A client of the match itself.
    const clientsTry = await t.request(url, {
      method: 'PATCH',
      json: { status: 'cancelled' },
      cookie: await t.login(a.email),
    });
    expect(clientsTry.status).toBe(403);
    expect((await clientsTry.json()).code).toBe('UNAUTHORIZED');
    for (const body of [{ status: 'verliefd' }, { status: 'scheduled', scheduled_at: 'morgen' }, {}]) {
      const response = await t.request(url, { method: 'PATCH', json: body, cookie: cookies.sofie });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).code).toBe('BAD_REQUEST');
    }
    const badId = await t.request('/api/matches/geen-uuid', {
      method: 'PATCH',
      json: { status: 'cancelled' },
      cookie: cookies.sofie,
    });
    expect(badId.status).toBe(400);
    expect((await badId.json()).code).toBe('BAD_REQUEST');
    const [unchanged] = await t.db.select().from(matches).where(eq(matches.id, sofiesMatch.id));
    expect(unchanged!.status).toBe('proposed');
  });
});

describe('clients answer: POST /api/matches/{id}/response and GET /api/me/proposed-matches', () => {
  /** Each test its own pair, as the file's Emma and Lucas, with Sofie's proposal to them; signed in. */
  async function proposedPair() {
    const her = await createClient(t.db, {
      full_name: 'Emma Claes',
      assigned_matchmaker_id: sofie.id,
      tier: 'Persoonlijk',
      profile: { birth_date: '1990-05-20', province: 'Antwerpen', interests: ['koken', 'wandelen', 'jazz'] },
    });
    const him = await createClient(t.db, {
      full_name: 'Lucas Van Wouters',
      assigned_matchmaker_id: sofie.id,
      profile: {
        birth_date: '1988-12-01',
        province: 'Oost-Vlaanderen',
        interests: ['jazz', 'koken', 'voetbal'],
      },
    });
    const response = await propose(cookies.sofie, {
      client1_id: him.id,
      client2_id: her.id,
      note: 'Jullie houden allebei van jazz.',
    });
    expect(response.status).toBe(201);
    const { match } = (await response.json()) as { match: { id: string } };
    return {
      her,
      him,
      matchId: match.id,
      herCookie: await t.login(her.email),
      hisCookie: await t.login(him.email),
    };
  }

  it('shows each client first name, age, region, shared interests and the note; never e-mail or surname', async () => {
    const { her, him, matchId, herCookie, hisCookie } = await proposedPair();
    const response = await t.request('/api/me/proposed-matches', { cookie: herCookie });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(him.email);
    expect(text).not.toContain('Wouters');
    const { matches: proposals } = JSON.parse(text) as { matches: ProposedMatchSummary[] };
    expect(proposals).toHaveLength(1);
    expect(proposals[0]!.id).toBe(matchId);
    expect(proposals[0]!.note).toBe('Jullie houden allebei van jazz.');
    expect(proposals[0]!.other.first_name).toBe('Lucas');
    expect(proposals[0]!.other.region).toBe('Oost-Vlaanderen');
    expect(typeof proposals[0]!.other.age).toBe('number');
    expect(proposals[0]!.other.shared_interests.sort()).toEqual(['jazz', 'koken']);
    const forHim = await (await t.request('/api/me/proposed-matches', { cookie: hisCookie })).text();
    expect(forHim).toContain(matchId);
    expect(forHim).not.toContain(her.email);
    expect(forHim).not.toContain('Claes');
  });

  it('lets only the two clients answer, once each; two acceptances make it accepted', async () => {
    const { matchId, herCookie, hisCookie } = await proposedPair();
    const url = `/api/matches/${matchId}/response`;
    const refused = async (json: unknown, cookie: string | undefined, status: number, code: string) => {
      const response = await t.request(url, { json, cookie });
      expect(response.status, `${JSON.stringify(json)}: ${code}`).toBe(status);
      expect((await response.json()).code).toBe(code);
    };
    await refused({ response: 'accepted' }, undefined, 401, 'NOT_AUTHENTICATED');
    // `third` is a client outside this match; Sofie made it but does not answer for her clients.
    await refused({ response: 'accepted' }, cookies.third, 404, 'NOT_FOUND');
    await refused({ response: 'accepted' }, cookies.sofie, 403, 'UNAUTHORIZED');
    await refused({ response: 'misschien' }, herCookie, 400, 'BAD_REQUEST');
    await refused({ response: 'accepted', rejection_reason: 'x' }, herCookie, 400, 'BAD_REQUEST');

    expect((await t.request(url, { json: { response: 'accepted' }, cookie: herCookie })).status).toBe(200);
    const again = await t.request(url, { json: { response: 'rejected' }, cookie: herCookie });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe('MATCH_ALREADY_ANSWERED');
    let [row] = await t.db.select().from(matches).where(eq(matches.id, matchId));
    expect(row!.status).toBe('proposed');

    expect((await t.request(url, { json: { response: 'accepted' }, cookie: hisCookie })).status).toBe(200);
    [row] = await t.db.select().from(matches).where(eq(matches.id, matchId));
    expect(row!.status).toBe('accepted');
    expect(row!.accepted_at).not.toBeNull();
  });

  it('a rejection closes the match and keeps the reason for the matchmaker', async () => {
    const a = await createClient(t.db, { assigned_matchmaker_id: sofie.id });
    const b = await createClient(t.db, { assigned_matchmaker_id: sofie.id });
    const match = await createMatch(t.db, { clientA: a.id, clientB: b.id, matchmaker_id: sofie.id });
    const cookie = await t.login(a.email);
    const response = await t.request(`/api/matches/${match.id}/response`, {
      json: { response: 'rejected', rejection_reason: 'Te ver weg' },
      cookie,
    });
    expect(response.status).toBe(200);
    const [row] = await t.db.select().from(matches).where(eq(matches.id, match.id));
    expect(row!.status).toBe('rejected');
    const [saved] = await t.db
      .select()
      .from(client_match_responses)
      .where(eq(client_match_responses.match_id, match.id));
    expect(saved!.rejection_reason).toBe('Te ver weg');
    const late = await t.request(`/api/matches/${match.id}/response`, {
      json: { response: 'accepted' },
      cookie: await t.login(b.email),
    });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { code: string }).code).toBe('MATCH_NOT_OPEN');
  });

  it('refuses an answer after the deadline', async () => {
    const a = await createClient(t.db, {});
    const b = await createClient(t.db, {});
    const match = await createMatch(t.db, {
      clientA: a.id,
      clientB: b.id,
      proposed_at: new Date(Date.now() - 8 * 86_400_000),
    });
    const response = await t.request(`/api/matches/${match.id}/response`, {
      json: { response: 'accepted' },
      cookie: await t.login(a.email),
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: 'De termijn om te antwoorden is verstreken',
      code: 'MATCH_DEADLINE_PASSED',
    });
  });
});

describe('outcomes and feedback', () => {
  /** Each test its own match: two clients of Sofie's who both said yes, signed in. */
  async function acceptedMatch() {
    const a = await createClient(t.db, { full_name: 'Anna Eerst', assigned_matchmaker_id: sofie.id });
    const b = await createClient(t.db, { full_name: 'Bert Tweede', assigned_matchmaker_id: sofie.id });
    const { id } = await createMatch(t.db, {
      clientA: a.id,
      clientB: b.id,
      matchmaker_id: sofie.id,
      status: 'accepted',
    });
    return { matchId: id, a, b, cookie: { a: await t.login(a.email), b: await t.login(b.email) } };
  }
  const outcome = (matchId: string, body: object, who = cookies.sofie) =>
    t.request(`/api/matches/${matchId}/outcome`, { json: body, cookie: who });
  const feedback = (matchId: string, body: object, who: string) =>
    t.request(`/api/matches/${matchId}/feedback`, { json: body, cookie: who });
  const HELD_NOTE = 'Het klikte meteen, zeggen ze allebei.';
  /** An accepted match whose date Sofie planned for last night and then marked as held, with a note. */
  async function heldMatch() {
    const match = await acceptedMatch();
    // After the second yes (a day ago, by the factory's default).
    const lastNight = new Date(t.clock.now().getTime() - 20 * 3_600_000).toISOString();
    expect((await outcome(match.matchId, { outcome: 'scheduled', scheduled_at: lastNight })).status).toBe(
      200,
    );
    expect((await outcome(match.matchId, { outcome: 'completed', note: HELD_NOTE })).status).toBe(200);
    return match;
  }

  it('refuses feedback before the date took place, and an outcome out of order', async () => {
    const { matchId, cookie } = await acceptedMatch();
    const early = await feedback(matchId, { rating: 4, would_meet_again: true }, cookie.a);
    expect(early.status).toBe(409);
    const earlyBody = (await early.json()) as { error: string; code: string };
    expect(earlyBody.error).toBe('Je kunt feedback geven nadat de date heeft plaatsgevonden');
    expect(earlyBody.code).toBe('FEEDBACK_NOT_OPEN');
    const completedTooSoon = await outcome(matchId, { outcome: 'completed' });
    expect(completedTooSoon.status).toBe(409);
    expect(((await completedTooSoon.json()) as { code: string }).code).toBe('MATCH_OUTCOME_NOT_ALLOWED');
    for (const body of [{ outcome: 'scheduled' }, { outcome: 'getrouwd' }]) {
      const response = await outcome(matchId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).code).toBe('BAD_REQUEST');
    }
    const [row] = await t.db.select().from(matches).where(eq(matches.id, matchId));
    expect(row!.status).toBe('accepted');
  });

  it('refuses outcomes from clients, anonymous callers and an uninvolved matchmaker', async () => {
    const { matchId, cookie } = await acceptedMatch();
    const anonymous = await t.request(`/api/matches/${matchId}/outcome`, { json: { outcome: 'cancelled' } });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).code).toBe('NOT_AUTHENTICATED');
    const client = await outcome(matchId, { outcome: 'cancelled' }, cookie.a);
    expect(client.status).toBe(403);
    expect((await client.json()).code).toBe('UNAUTHORIZED');
    const uninvolved = await outcome(matchId, { outcome: 'cancelled' }, cookies.marc);
    expect(uninvolved.status).toBe(404);
    expect((await uninvolved.json()).code).toBe('NOT_FOUND');
    const [row] = await t.db.select().from(matches).where(eq(matches.id, matchId));
    expect(row!.status).toBe('accepted');
  });

  it('schedules the date, completes it with a note kept as follow-up, then each client gives feedback once', async () => {
    const { matchId, a, cookie } = await acceptedMatch();
    // An evening two weeks ahead of the test clock, whatever day the suite runs.
    const date = new Date(t.clock.now().getTime() + 14 * 86_400_000).toISOString();
    let response = await outcome(matchId, { outcome: 'scheduled', scheduled_at: date });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { match: { status: string } }).match.status).toBe('scheduled');
    const beforeTheDate = await outcome(matchId, { outcome: 'completed' });
    expect(beforeTheDate.status).toBe(409);
    expect(await beforeTheDate.json()).toMatchObject({
      code: 'MATCH_DATE_NOT_PASSED',
      error: 'De date heeft nog niet plaatsgevonden. Verzet de date als ze eerder was.',
    });
    // Moved to an evening that has passed: now it can be marked as held.
    const lastNight = new Date(t.clock.now().getTime() - 86_400_000).toISOString();
    expect((await outcome(matchId, { outcome: 'scheduled', scheduled_at: lastNight })).status).toBe(200);
    response = await outcome(matchId, { outcome: 'completed', note: HELD_NOTE });
    const { match } = (await response.json()) as { match: { status: string; completed_at: string | null } };
    expect(match.status).toBe('completed');
    expect(match.completed_at).not.toBeNull();
    const followUps = await t.db.select().from(match_follow_up).where(eq(match_follow_up.match_id, matchId));
    expect(followUps.map((f) => [f.notes, f.updated_by_matchmaker_id])).toEqual([[HELD_NOTE, sofie.id]]);

    for (const body of [
      { rating: 0, would_meet_again: true },
      { rating: 6, would_meet_again: true },
      { rating: 3 },
      { rating: 2.5, would_meet_again: false },
    ]) {
      expect((await feedback(matchId, body, cookie.a)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await feedback(matchId, { rating: 5, would_meet_again: true }, cookies.third!)).status).toBe(404);
    expect((await feedback(matchId, { rating: 5, would_meet_again: true }, cookies.sofie!)).status).toBe(403);

    const created = await feedback(
      matchId,
      { rating: 5, would_meet_again: true, feedback_text: 'Een fijne avond' },
      cookie.a,
    );
    expect(created.status).toBe(201);
    expect(((await created.json()) as { feedback: Record<string, unknown> }).feedback).toMatchObject({
      rating: 5,
      would_meet_again: true,
      feedback_text: 'Een fijne avond',
      client: { id: a.id, full_name: 'Anna Eerst', email: a.email },
    });
    const twice = await feedback(matchId, { rating: 1, would_meet_again: false }, cookie.a);
    expect(twice.status).toBe(409);
    t.clock.setOffset(60_000);
    expect((await feedback(matchId, { rating: 3, would_meet_again: false }, cookie.b)).status).toBe(201);
    t.clock.setOffset(0);
  });

  it('staff read all feedback newest first; a client reads only their own; others nothing', async () => {
    const { matchId, a, b, cookie } = await heldMatch();
    // A answers first, B a minute later.
    expect((await feedback(matchId, { rating: 5, would_meet_again: true }, cookie.a)).status).toBe(201);
    t.clock.setOffset(60_000);
    try {
      expect((await feedback(matchId, { rating: 3, would_meet_again: false }, cookie.b)).status).toBe(201);
    } finally {
      t.clock.setOffset(0);
    }
    const read = (who?: string) => t.request(`/api/matches/${matchId}/feedback`, { cookie: who });
    const forSofie = (await (await read(cookies.sofie)).json()) as { feedback: { client_id: string }[] };
    expect(forSofie.feedback.map((f) => f.client_id)).toEqual([b.id, a.id]);
    const forAdmin = (await (await read(cookies.admin)).json()) as { feedback: unknown[] };
    expect(forAdmin.feedback).toHaveLength(2);
    const forA = (await (await read(cookie.a)).json()) as { feedback: { client_id: string }[] };
    expect(forA.feedback.map((f) => f.client_id)).toEqual([a.id]);
    for (const [who, status, code] of [
      [undefined, 401, 'NOT_AUTHENTICATED'],
      [cookies.third, 404, 'NOT_FOUND'],
      [cookies.marc, 404, 'NOT_FOUND'],
    ] as const) {
      const response = await read(who);
      expect(response.status, code).toBe(status);
      expect((await response.json()).code).toBe(code);
    }
    const badId = await t.request('/api/matches/geen-uuid/feedback', { cookie: cookies.sofie });
    expect(badId.status).toBe(400);
    expect((await badId.json()).code).toBe('BAD_REQUEST');
  });

  it('follow-ups: staff add and read them by date descending with names; clients and uninvolved staff cannot', async () => {
    const { matchId, cookie } = await heldMatch();
    const url = `/api/matches/${matchId}/follow-ups`;
    // Later than the held date's note, whatever day the suite runs: listed first.
    const nextWeek = new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString();
    const created = await t.request(url, {
      json: { follow_up_date: nextWeek, notes: 'Tweede date gepland' },
      cookie: cookies.sofie,
    });
    expect(created.status).toBe(201);
    expect(((await created.json()) as { follow_up: Record<string, unknown> }).follow_up).toMatchObject({
      notes: 'Tweede date gepland',
      updated_by: { id: sofie.id, full_name: 'Sofie Peeters' },
      reported_by: null,
    });
    const list = await t.request(url, { cookie: cookies.admin });
    expect(list.status).toBe(200);
    const { follow_ups } = (await list.json()) as { follow_ups: { notes: string; follow_up_date: string }[] };
    expect(follow_ups.map((f) => f.notes)).toEqual(['Tweede date gepland', HELD_NOTE]);
    expect((await t.request(url)).status).toBe(401);
    expect((await t.request(url, { cookie: cookie.a })).status).toBe(403);
    expect((await t.request(url, { cookie: cookies.marc })).status).toBe(404);
    expect(
      (
        await t.request(url, {
          json: { follow_up_date: nextWeek, notes: 'x' },
          cookie: cookie.a,
        })
      ).status,
    ).toBe(403);
    for (const body of [
      { notes: 'x' },
      { follow_up_date: 'morgen', notes: 'x' },
      { follow_up_date: '2026-12-20T10:00:00Z', notes: ' ' },
    ]) {
      expect((await t.request(url, { json: body, cookie: cookies.sofie })).status, JSON.stringify(body)).toBe(
        400,
      );
    }
  });
});

describe('the dates of a date', () => {
  const HOUR = 3_600_000;
  const acceptedMatch = async () => {
    const a = await createClient(t.db, { assigned_matchmaker_id: sofie.id });
    const b = await createClient(t.db, { assigned_matchmaker_id: sofie.id });
    return createMatch(t.db, {
      clientA: a.id,
      clientB: b.id,
      matchmaker_id: sofie.id,
      status: 'accepted',
      proposed_at: new Date(t.clock.now().getTime() - 10 * 86_400_000),
      now: t.clock.now(),
    });
  };
  const outcome = (id: string, body: object) =>
    t.request(`/api/matches/${id}/outcome`, { json: body, cookie: cookies.sofie });
  const stored = async (id: string) => (await t.db.select().from(matches).where(eq(matches.id, id)))[0]!;

  it('refuses a date planned before both said yes, through the outcome and through PATCH, and changes nothing', async () => {
    const match = await acceptedMatch();
    const accepted = match.accepted_at!.getTime();
    const before = new Date(accepted - HOUR).toISOString();
    for (const response of [
      await outcome(match.id, { outcome: 'scheduled', scheduled_at: before }),
      await t.request(`/api/matches/${match.id}`, {
        method: 'PATCH',
        json: { status: 'scheduled', scheduled_at: before },
        cookie: cookies.sofie,
      }),
    ]) {
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        error: 'De date kan niet vóór de aanvaarding van de match gepland worden.',
        code: 'MATCH_DATE_BEFORE_ACCEPTANCE',
      });
    }
    expect(await stored(match.id)).toMatchObject({ status: 'accepted', scheduled_at: null });

    // The moment of the second yes itself is the earliest a date can be.
    const atAcceptance = await outcome(match.id, {
      outcome: 'scheduled',
      scheduled_at: match.accepted_at!.toISOString(),
    });
    expect(atAcceptance.status).toBe(200);
    expect((await stored(match.id)).scheduled_at!.getTime()).toBe(accepted);
    // Moving a planned date before the acceptance is refused the same way, and keeps the date.
    expect((await outcome(match.id, { outcome: 'scheduled', scheduled_at: before })).status).toBe(409);
    expect(await stored(match.id)).toMatchObject({ status: 'scheduled', scheduled_at: match.accepted_at });
  });

  it('records a held date after its planned time, never before it', async () => {
    const match = await acceptedMatch();
    const lastNight = new Date(t.clock.now().getTime() - 20 * HOUR);
    expect(
      (await outcome(match.id, { outcome: 'scheduled', scheduled_at: lastNight.toISOString() })).status,
    ).toBe(200);
    const response = await outcome(match.id, { outcome: 'completed' });
    expect(response.status).toBe(200);
    const row = await stored(match.id);
    expect(row.status).toBe('completed');
    expect(row.accepted_at!.getTime()).toBeLessThanOrEqual(row.scheduled_at!.getTime());
    expect(row.scheduled_at!.getTime()).toBeLessThanOrEqual(row.completed_at!.getTime());
  });

  // A race: on PostgreSQL (`npm run test:pg`) both requests read the match before either writes,
  // which only the dates in the update's condition catch; PGlite runs them one after the other.
  it('a date moved ahead while it is being marked as held never ends up after its completion', async () => {
    const tomorrow = new Date(t.clock.now().getTime() + 24 * HOUR).toISOString();
    const races = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const match = await acceptedMatch();
        const past = new Date(t.clock.now().getTime() - HOUR).toISOString();
        await outcome(match.id, { outcome: 'scheduled', scheduled_at: past });
        const complete = () => outcome(match.id, { outcome: 'completed' });
        const move = () => outcome(match.id, { outcome: 'scheduled', scheduled_at: tomorrow });
        // Either one starts first.
        const answers = await Promise.all(i % 2 ? [complete(), move()] : [move(), complete()]);
        return { id: match.id, statuses: answers.map((r) => r.status) };
      }),
    );
    for (const race of races) {
      // One of the two wins; the other is refused with a 409.
      expect(race.statuses.sort()).toEqual([200, 409]);
      const row = await stored(race.id);
      if (row.status === 'completed') {
        expect(row.scheduled_at!.getTime()).toBeLessThanOrEqual(row.completed_at!.getTime());
      } else {
        expect(row).toMatchObject({ status: 'scheduled', completed_at: null });
      }
    }
  });
});

describe('e-mails and the deadline sweep', () => {
  const mailsFor = async (address: string) =>
    (await t.db.select().from(email_outbox).where(eq(email_outbox.to_address, address)))
      .map((m) => m.template)
      .sort();

  it('tells both clients of a proposal, all three when both accept, and only the matchmaker of a rejection', async () => {
    const a = await createClient(t.db, { full_name: 'Anke Mail', assigned_matchmaker_id: sofie.id });
    const b = await createClient(t.db, { full_name: 'Bram Mail', assigned_matchmaker_id: sofie.id });
    const c = await createClient(t.db, { full_name: 'Cas Mail', assigned_matchmaker_id: sofie.id });
    const before = await mailsFor(sofie.email);
    const created = await propose(cookies.sofie, { client1_id: a.id, client2_id: b.id });
    const { match } = (await created.json()) as { match: { id: string } };
    expect(await mailsFor(a.email)).toEqual(['match-proposed']);
    expect(await mailsFor(b.email)).toEqual(['match-proposed']);
    const [proposal] = await t.db.select().from(email_outbox).where(eq(email_outbox.to_address, a.email));
    expect(proposal!.text).toContain('/dashboard/proposed-matches');
    expect(proposal!.text).not.toContain('Bram');

    for (const who of [a, b]) {
      await t.request(`/api/matches/${match.id}/response`, {
        json: { response: 'accepted' },
        cookie: await t.login(who.email),
      });
    }
    expect(await mailsFor(a.email)).toEqual(['match-accepted-client', 'match-proposed']);
    const [accepted] = await t.db
      .select()
      .from(email_outbox)
      .where(eq(email_outbox.template, 'match-accepted-client'))
      .then((rows) => rows.filter((r) => r.to_address === a.email));
    expect(accepted!.text).toContain('Bram');
    expect(accepted!.text).not.toContain('Mail');
    expect(await mailsFor(sofie.email)).toEqual([...before, 'match-accepted-matchmaker'].sort());

    const second = await propose(cookies.sofie, { client1_id: a.id, client2_id: c.id });
    const { match: other } = (await second.json()) as { match: { id: string } };
    await t.request(`/api/matches/${other.id}/response`, {
      json: { response: 'rejected', rejection_reason: 'Geen klik' },
      cookie: await t.login(c.email),
    });
    expect(await mailsFor(sofie.email)).toEqual(
      [...before, 'match-accepted-matchmaker', 'match-rejected'].sort(),
    );
    // This rejection's own mail (other tests' rejections are in the outbox too).
    const rejection = (
      await t.db.select().from(email_outbox).where(eq(email_outbox.template, 'match-rejected'))
    ).find((m) => m.dedupe_key === `match-rejected:${other.id}`)!;
    expect(rejection.to_address).toBe(sofie.email);
    expect(rejection.text).not.toContain('Geen klik');
    expect(await mailsFor(a.email)).not.toContain('match-rejected');
  });

  it('cancels proposals past the deadline and tells the matchmaker once; reminds a silent client once a day before', async () => {
    // The sweep goes through every proposal: on an app of the test's own, its counts are this test's.
    const own = await createTestApp();
    try {
      const ownMailsFor = async (address: string) =>
        (await own.db.select().from(email_outbox).where(eq(email_outbox.to_address, address)))
          .map((m) => m.template)
          .sort();
      const ownMarc = await createMatchmaker(own.db, { full_name: 'Marc Dubois' });
      const x = await createClient(own.db, {});
      const y = await createClient(own.db, {});
      const z = await createClient(own.db, {});
      const now = own.clock.now();
      const expired = await createMatch(own.db, {
        clientA: x.id,
        clientB: y.id,
        matchmaker_id: ownMarc.id,
        proposed_at: new Date(now.getTime() - 7 * 86_400_000 - 60_000),
      });
      const dueSoon = await createMatch(own.db, {
        clientA: x.id,
        clientB: z.id,
        matchmaker_id: ownMarc.id,
        proposed_at: new Date(now.getTime() - 6.5 * 86_400_000),
      });
      await own.db
        .insert(client_match_responses)
        .values({ match_id: dueSoon.id, client_id: z.id, response: 'accepted' });
      const marcBefore = await ownMailsFor(ownMarc.email);

      const first = await sweepMatchDeadlines({ ctx: own.ctx, now });
      expect(first.cancelled).toBeGreaterThanOrEqual(1);
      expect(first.cancelled).toBe(1);
      const [row] = await own.db.select().from(matches).where(eq(matches.id, expired.id));
      expect(row!.status).toBe('cancelled');
      expect(row!.cancelled_at).not.toBeNull();
      expect(await ownMailsFor(ownMarc.email)).toEqual([...marcBefore, 'match-expired'].sort());
      expect(await ownMailsFor(x.email)).toEqual(['match-reminder']);
      expect(await ownMailsFor(z.email)).toEqual([]);
      const [stillOpen] = await own.db.select().from(matches).where(eq(matches.id, dueSoon.id));
      expect(stillOpen!.status).toBe('proposed');

      const again = await sweepMatchDeadlines({
        ctx: own.ctx,
        now: new Date(now.getTime() + 60_000),
      });
      expect(again.cancelled).toBe(0);
      expect(await ownMailsFor(ownMarc.email)).toEqual([...marcBefore, 'match-expired'].sort());
      expect(await ownMailsFor(x.email)).toEqual(['match-reminder']);

      // The clock moves past the second deadline: that one is cancelled too.
      const later = await sweepMatchDeadlines({
        ctx: own.ctx,
        now: new Date(now.getTime() + 86_400_000),
      });
      expect(later.cancelled).toBe(1);
      const [closed] = await own.db.select().from(matches).where(eq(matches.id, dueSoon.id));
      expect(closed!.status).toBe('cancelled');
    } finally {
      await own.close();
    }
  });
});

describe('GET /api/matches/{id}', () => {
  let a: CreatedUser;
  let b: CreatedUser;
  let sofiesMatchId: string;
  let marcsMatchId: string;
  const cookie: Record<string, string> = {};
  beforeAll(async () => {
    a = await createClient(t.db, { full_name: 'Amber Detail', assigned_matchmaker_id: sofie.id });
    b = await createClient(t.db, { full_name: 'Bas Detail', assigned_matchmaker_id: sofie.id });
    const c = await createClient(t.db, { full_name: 'Cor Detail', assigned_matchmaker_id: marc.id });
    sofiesMatchId = (await createMatch(t.db, { clientA: a.id, clientB: b.id, matchmaker_id: sofie.id })).id;
    // Marc makes a match with a client Sofie guides: both may see it.
    marcsMatchId = (await createMatch(t.db, { clientA: a.id, clientB: c.id, matchmaker_id: marc.id })).id;
    cookie.a = await t.login(a.email);
    cookie.b = await t.login(b.email);
  });
  const detail = (id: string, who?: string) => t.request(`/api/matches/${id}`, { cookie: who });

  it("answers the same joined row as the list, with the clients' answers oldest first", async () => {
    let response = await detail(sofiesMatchId, cookies.sofie);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      match: { id: sofiesMatchId, status: 'proposed' },
      answers: [],
    });

    const answer = (who: string, body: object) =>
      t.request(`/api/matches/${sofiesMatchId}/response`, { json: body, cookie: cookie[who] });
    expect((await answer('b', { response: 'accepted' })).status).toBe(200);
    t.clock.setOffset(60_000);
    expect((await answer('a', { response: 'accepted' })).status).toBe(200);
    t.clock.setOffset(0);

    response = await detail(sofiesMatchId, cookies.sofie);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      match: Record<string, unknown>;
      answers: { client_id: string; responded_at: string }[];
    };
    const listed = (await (
      await t.request(`/api/matches?client_id=${b.id}`, { cookie: cookies.sofie })
    ).json()) as { matches: Record<string, unknown>[] };
    expect(body.match).toEqual(listed.matches.find((m) => m.id === sofiesMatchId));
    expect(body.match.status).toBe('accepted');
    expect(body.answers).toEqual([
      { client_id: b.id, response: 'accepted', rejection_reason: null, responded_at: expect.any(String) },
      { client_id: a.id, response: 'accepted', rejection_reason: null, responded_at: expect.any(String) },
    ]);
    const [first, second] = body.answers.map((x) => Date.parse(x.responded_at));
    expect(second! - first!).toBeGreaterThanOrEqual(59_000);
  });

  it('shows a rejection with its reason to staff', async () => {
    const x = await createClient(t.db, { assigned_matchmaker_id: sofie.id });
    const y = await createClient(t.db, { assigned_matchmaker_id: sofie.id });
    const match = await createMatch(t.db, { clientA: x.id, clientB: y.id, matchmaker_id: sofie.id });
    await t.request(`/api/matches/${match.id}/response`, {
      json: { response: 'rejected', rejection_reason: 'Woont te ver' },
      cookie: await t.login(y.email),
    });
    const response = await detail(match.id, cookies.admin);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { match: { status: string }; answers: unknown[] };
    expect(body.match.status).toBe('rejected');
    expect(body.answers).toEqual([
      {
        client_id: y.id,
        response: 'rejected',
        rejection_reason: 'Woont te ver',
        responded_at: expect.any(String),
      },
    ]);
  });

  it('is visible as in the list: the maker, the matchmaker of either client, an admin; otherwise 404', async () => {
    expect((await detail(sofiesMatchId, cookies.admin)).status).toBe(200);
    expect((await detail(marcsMatchId, cookies.marc)).status).toBe(200);
    expect((await detail(marcsMatchId, cookies.sofie)).status).toBe(200);
    const uninvolved = await detail(sofiesMatchId, cookies.marc);
    expect(uninvolved.status).toBe(404);
    expect(((await uninvolved.json()) as { code: string }).code).toBe('NOT_FOUND');
    expect((await detail('00000000-0000-4000-8000-000000000000', cookies.admin)).status).toBe(404);
  });

  it('refuses anonymous callers (401), clients of the match and others (403) and a bad id (400)', async () => {
    expect((await detail(sofiesMatchId)).status).toBe(401);
    for (const who of [cookie.a, cookie.b, cookies.emma]) {
      const response = await detail(sofiesMatchId, who);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: 'Unauthorized access', code: 'UNAUTHORIZED' });
    }
    const bad = await detail('geen-uuid', cookies.sofie);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe('Ongeldige match');
  });
  it('lists every match as its detail shows it, the same keys in the same order (issue 31: the list is written by PostgreSQL)', async () => {
    // Its own matches with dates filled in (the file's other tests may run after this one).
    for (const status of ['accepted', 'scheduled', 'completed', 'rejected'] as const) {
      const [one, two] = [
        await createClient(t.db, { full_name: `Een ${status}`, assigned_matchmaker_id: sofie.id }),
        await createClient(t.db, { full_name: `Twee ${status}`, assigned_matchmaker_id: marc.id }),
      ];
      await createMatch(t.db, { clientA: one.id, clientB: two.id, matchmaker_id: sofie.id, status });
    }
    let compared = 0;
    const statuses = new Set<string>();
    for (const who of [cookies.sofie, cookies.marc, cookies.admin]) {
      for (const query of ['', '?status=proposed', `?client_id=${a.id}`]) {
        const response = await t.request(`/api/matches${query}`, { cookie: who });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('application/json');
        const text = await response.text();
        const listed = (JSON.parse(text) as { matches: Record<string, unknown>[] }).matches;
        const created = listed.map((m) => Date.parse(m.created_at as string));
        expect(created).toEqual([...created].sort((x, y) => y - x));
        for (const match of listed) {
          const shown = (await (await detail(match.id as string, who)).json()) as { match: object };
          expect(match).toEqual(shown.match);
          expect(Object.keys(match)).toEqual(Object.keys(shown.match));
          statuses.add(match.status as string);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(20);
    // Matches with dates filled in (accepted, scheduled, completed) were among them.
    expect([...statuses]).toEqual(expect.arrayContaining(['proposed', 'accepted', 'scheduled', 'completed']));
  });
});

describe('every match endpoint and every wrong actor', () => {
  it('refuses anonymous callers, clients outside the match, a client of another matchmaker and an uninvolved matchmaker, and changes nothing', async () => {
    const match = await createMatch(t.db, {
      clientA: emma.id,
      clientB: third.id,
      matchmaker_id: sofie.id,
      status: 'proposed',
      proposed_at: t.clock.now(),
    });
    const base = `/api/matches/${match.id}`;
    const followUp = { follow_up_date: '2026-12-20T10:00:00Z', notes: 'Gebeld' };
    const feedbackBody = { rating: 5, would_meet_again: true };
    const cases: [label: string, path: string, body: unknown, refusals: Record<string, number>][] = [
      [
        'create',
        '/api/matches',
        { client1_id: emma.id, client2_id: lucas.id },
        {
          anonymous: 401,
          emma: 403,
          otherMatchmakersClient: 403,
        },
      ],
      ['list', '/api/matches', undefined, { anonymous: 401, emma: 403, lucas: 403 }],
      [
        'detail',
        base,
        undefined,
        {
          anonymous: 401,
          emma: 403,
          third: 403,
          lucas: 403,
          otherMatchmakersClient: 403,
          marc: 404,
        },
      ],
      [
        'answer',
        `${base}/response`,
        { response: 'accepted' },
        {
          anonymous: 401,
          lucas: 404,
          otherMatchmakersClient: 404,
          marc: 403,
          sofie: 403,
          admin: 403,
        },
      ],
      [
        'outcome',
        `${base}/outcome`,
        { outcome: 'cancelled' },
        {
          anonymous: 401,
          emma: 403,
          lucas: 403,
          otherMatchmakersClient: 403,
          marc: 404,
        },
      ],
      [
        'read feedback',
        `${base}/feedback`,
        undefined,
        {
          anonymous: 401,
          lucas: 404,
          otherMatchmakersClient: 404,
          marc: 404,
        },
      ],
      [
        'give feedback',
        `${base}/feedback`,
        feedbackBody,
        {
          anonymous: 401,
          lucas: 404,
          otherMatchmakersClient: 404,
          marc: 403,
          sofie: 403,
        },
      ],
      [
        'read follow-ups',
        `${base}/follow-ups`,
        undefined,
        {
          anonymous: 401,
          emma: 403,
          lucas: 403,
          otherMatchmakersClient: 403,
          marc: 404,
        },
      ],
      [
        'add follow-up',
        `${base}/follow-ups`,
        followUp,
        {
          anonymous: 401,
          third: 403,
          otherMatchmakersClient: 403,
          marc: 404,
        },
      ],
      ['my proposals', '/api/me/proposed-matches', undefined, { anonymous: 401, sofie: 403, admin: 403 }],
      ['my matches', '/api/me/matches', undefined, { anonymous: 401, marc: 403, admin: 403 }],
    ];
    for (const [label, path, body, refusals] of cases) {
      for (const [who, status] of Object.entries(refusals)) {
        const response = await t.request(path, {
          method: body === undefined ? 'GET' : 'POST',
          json: body,
          cookie: who === 'anonymous' ? undefined : cookies[who],
        });
        expect(response.status, `${label} by ${who}`).toBe(status);
      }
    }
    const patch = (cookie?: string) =>
      t.request(base, { method: 'PATCH', json: { status: 'cancelled' }, cookie });
    expect((await patch()).status).toBe(401);
    expect((await patch(cookies.emma)).status).toBe(403);
    expect((await patch(cookies.marc)).status).toBe(404);

    const [row] = await t.db.select().from(matches).where(eq(matches.id, match.id));
    expect(row!.status).toBe('proposed');
    expect(
      await t.db.select().from(client_match_responses).where(eq(client_match_responses.match_id, match.id)),
    ).toEqual([]);
    expect(await t.db.select().from(match_follow_up).where(eq(match_follow_up.match_id, match.id))).toEqual(
      [],
    );
    const lucasProposals = (await (
      await t.request('/api/me/proposed-matches', { cookie: cookies.lucas })
    ).json()) as { matches: { id: string }[] };
    expect(lucasProposals.matches.map((m) => m.id)).not.toContain(match.id);
  });
});
