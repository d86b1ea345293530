import { and, eq, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContractStatus, MATCH_STATUSES } from '../../../shared/domain';
import type {
  MagicMatchOverview,
  MagicMatchResults,
  PackageDates,
  PickerClient,
} from '../../../shared/magic-match';
import { MESSAGES } from '../../../shared/messages';
import { postcodeDistanceKm } from '../../../shared/postcode-zones';
import {
  MAGIC_MATCH_SHOWN_RECORDED_AGAIN_AFTER_MINUTES,
  PHOTO_ACCESS_AFTER_MAGIC_MATCH_DAYS,
} from '../../../shared/profile';
import {
  type CreatedUser,
  createAdmin,
  createClient,
  createMatch,
  createMatchmaker,
  createPurchase,
} from '../../db/factories';
import {
  account_settings,
  client_traits,
  magic_match_hidden,
  magic_match_shown,
  user_profiles,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { clientStateFailures } from '../matches/eligibility';
import { hardFilterFailures, NO_ADJUSTMENTS } from './engine';
import { findCandidates, personOf } from './magic-match.service';

let t: TestApp;
let sofie: CreatedUser;
let marc: CreatedUser;
let admin: CreatedUser;
let emma: CreatedUser;
let tom: CreatedUser;
let outsider: CreatedUser;
const cookies: Record<string, string> = {};
const year = new Date().getUTCFullYear();

const activeMan = (full_name: string, profile: Record<string, unknown> = {}, matchmaker?: string) =>
  createClient(t.db, {
    full_name,
    tier: 'Persoonlijk',
    contract_status: 'active_for_matching',
    assigned_matchmaker_id: matchmaker ?? marc.id,
    profile: {
      gender: 'man',
      birth_date: `${year - 38}-01-10`,
      seeking_genders: ['woman'],
      age_min: 30,
      age_max: 45,
      postcode: 3010,
      smoking: 'no',
      wants_children: 'yes',
      interests: ['wandelen'],
      ...profile,
    },
  });

/** A woman of 36 seeking a man of 30-45, who fits every `activeMan` (issue 26: proposals follow the rule). */
const activeWoman = (full_name: string, matchmaker: string) =>
  activeMan(
    full_name,
    { gender: 'woman', seeking_genders: ['man'], birth_date: `${year - 36}-01-12` },
    matchmaker,
  );

/** Emma: a matchmaker's active client (Persoonlijk, bought 100 days ago), 36, seeking a man of 32-42. */
async function newEmma(matchmakerId: string, full_name = 'Emma Claes') {
  const client = await createClient(t.db, {
    full_name,
    tier: 'Persoonlijk',
    contract_status: 'active_for_matching',
    assigned_matchmaker_id: matchmakerId,
    profile: {
      gender: 'woman',
      birth_date: `${year - 36}-01-12`,
      seeking_genders: ['man'],
      age_min: 32,
      age_max: 42,
      max_distance_km: 40,
      postcode: 3000,
      smoking: 'no',
      wants_children: 'yes',
      relationship_sought: 'long_term',
      religion: 'none',
      interests: ['wandelen', 'koken', 'theater'],
      dealbreakers: ['smoking'],
    },
  });
  await createPurchase(t.db, {
    client_id: client.id,
    tier: 'Persoonlijk',
    paid_at: new Date(Date.now() - 100 * 86_400_000),
  });
  return client;
}

/**
 * The candidates come from every client in the database, and other tests make men who would suit
 * Emma too: here her matchmaker has already passed over (hidden) every client there is but `keep`,
 * so her results are this test's own men, and the ones it makes from now on.
 */
async function searchOnlyAmong(clientId: string, keep: string[]) {
  const others = await t.db
    .select({ id: user_profiles.id })
    .from(user_profiles)
    .where(and(eq(user_profiles.role, 'client'), notInArray(user_profiles.id, [clientId, ...keep])));
  if (others.length === 0) return;
  await t.db
    .insert(magic_match_hidden)
    .values(
      others.map(({ id }) => ({ client_id: clientId, candidate_id: id, reason: 'Niet van deze test' })),
    );
}

/**
 * The test's own Emma (Sofie's) with her two men (Marc's): Tom, 38, who shares her trait 'calm' and
 * two interests, and Pieter, 44, older than she seeks; no one else is a candidate for her.
 */
async function emmaWithCandidates() {
  const own = await newEmma(sofie.id);
  const ownTom = await activeMan('Tom Jacobs', {
    interests: ['wandelen', 'koken'],
    relationship_sought: 'long_term',
  });
  const pieter = await activeMan('Pieter Maes', { birth_date: `${year - 44}-01-10` });
  await t.db.insert(client_traits).values([
    { client_id: own.id, trait: 'calm', confidence: 0.9, source: 'matchmaker', status: 'confirmed' },
    { client_id: ownTom.id, trait: 'calm', confidence: 0.9, source: 'matchmaker', status: 'confirmed' },
    { client_id: ownTom.id, trait: 'caring', confidence: 0.9, source: 'intake_ai', status: 'suggested' },
  ]);
  await searchOnlyAmong(own.id, [ownTom.id, pieter.id]);
  return { emma: own, tom: ownTom, pieter };
}

beforeAll(async () => {
  t = await createTestApp();
  sofie = await createMatchmaker(t.db, { full_name: 'Sofie Peeters' });
  marc = await createMatchmaker(t.db, { full_name: 'Marc Dubois' });
  admin = await createAdmin(t.db, {});
  // Who may call what: these rows stay as they are made here.
  emma = await newEmma(sofie.id);
  tom = await activeMan('Tom Jacobs', { interests: ['wandelen', 'koken'], relationship_sought: 'long_term' });
  outsider = await createClient(t.db, { full_name: 'Nog Niet Actief', assigned_matchmaker_id: sofie.id });
  for (const [name, u] of Object.entries({ sofie, marc, admin, emma, outsider }))
    cookies[name] = await t.login(u.email);
});
afterAll(async () => {
  await t.close();
});

const results = (cookie: string | undefined, clientId: string, query = '') =>
  t.request(`/api/matchmaker/clients/${clientId}/magic-match${query}`, { cookie });
const resultsOf = async (clientId: string, query = '') => {
  const response = await results(cookies.sofie, clientId, query);
  expect(response.status).toBe(200);
  return (await response.json()) as MagicMatchResults;
};

describe('who may use magic match', () => {
  const paths = () => [
    `/api/matchmaker/clients/${emma.id}/magic-match`,
    `/api/matchmaker/clients/${emma.id}/magic-match/overview`,
  ];
  it('anonymous: 401; a client: 403; another matchmaker: 403 on every read', async () => {
    for (const path of paths()) {
      expect((await t.request(path)).status).toBe(401);
      expect((await t.request(path, { cookie: cookies.emma })).status).toBe(403);
      expect((await t.request(path, { cookie: cookies.marc })).status).toBe(403);
      expect((await t.request(path, { cookie: cookies.sofie })).status).toBe(200);
      expect((await t.request(path, { cookie: cookies.admin })).status).toBe(200);
    }
    expect((await t.request('/api/matchmaker/magic-match/clients')).status).toBe(401);
    expect((await t.request('/api/matchmaker/magic-match/clients', { cookie: cookies.emma })).status).toBe(
      403,
    );
  });
  it("a client's package dates for the file: their matchmaker and admins only", async () => {
    const path = `/api/matchmaker/clients/${emma.id}/package-dates`;
    expect((await t.request(path)).status).toBe(401);
    expect((await t.request(path, { cookie: cookies.emma })).status).toBe(403);
    expect((await t.request(path, { cookie: cookies.marc })).status).toBe(403);
    const own = await t.request(path, { cookie: cookies.sofie });
    expect(((await own.json()) as { package_dates: PackageDates }).package_dates).toMatchObject({
      tier: 'Persoonlijk',
      included: 4,
    });
    expect((await t.request(path, { cookie: cookies.admin })).status).toBe(200);
    expect(
      (await t.request('/api/matchmaker/clients/nobody/package-dates', { cookie: cookies.sofie })).status,
    ).toBe(404);
  });
  it('hiding: anonymous 401, a client 403, another matchmaker 403, an unknown client 404', async () => {
    const body = { candidate_id: tom.id, reason: 'Te ver' };
    const path = `/api/matchmaker/clients/${emma.id}/magic-match/hidden`;
    expect((await t.request(path, { json: body })).status).toBe(401);
    expect((await t.request(path, { json: body, cookie: cookies.emma })).status).toBe(403);
    expect((await t.request(path, { json: body, cookie: cookies.marc })).status).toBe(403);
    const unknown = await t.request('/api/matchmaker/clients/nobody/magic-match/hidden', {
      json: body,
      cookie: cookies.sofie,
    });
    expect(unknown.status).toBe(404);
  });
});

describe('the picker', () => {
  const picker = async (cookie: string, query = '') =>
    (
      (await (await t.request(`/api/matchmaker/magic-match/clients${query}`, { cookie })).json()) as {
        clients: PickerClient[];
      }
    ).clients;

  it("lists the matchmaker's own active clients without an open proposal; admins see all", async () => {
    // A matchmaker of the test's own: her picker holds her clients and nobody else's.
    const matchmaker = await createMatchmaker(t.db, { full_name: 'Sofie Peeters' });
    const cookie = await t.login(matchmaker.email);
    const own = await newEmma(matchmaker.id);
    const proposed = await newEmma(matchmaker.id, 'Lies Voorgesteld');
    await createMatch(t.db, { clientA: proposed.id, clientB: tom.id, matchmaker_id: matchmaker.id });
    await createClient(t.db, { full_name: 'Nog Niet Actief', assigned_matchmaker_id: matchmaker.id });

    const mine = await picker(cookie);
    expect(mine.map((c) => c.full_name)).toEqual(['Emma Claes']);
    expect(mine[0]).toMatchObject({ id: own.id, age: 36, profile_ready: true });
    expect((await picker(cookies.marc!)).map((c) => c.id)).not.toContain(own.id);
    const all = await picker(cookies.admin!, '?q=emma');
    expect(all.map((c) => c.id)).toContain(own.id);
    expect(all.every((c) => /emma/i.test(c.full_name ?? ''))).toBe(true);
  });
});

describe('the overview', () => {
  it('shows the filters, confirmed traits only, and what is missing with its effect', async () => {
    const own = await newEmma(sofie.id);
    await t.db.insert(client_traits).values([
      { client_id: own.id, trait: 'calm', confidence: 0.9, source: 'matchmaker', status: 'confirmed' },
      { client_id: own.id, trait: 'caring', confidence: 0.8, source: 'intake_ai', status: 'suggested' },
      { client_id: own.id, trait: 'social', confidence: 0.8, source: 'intake_ai', status: 'rejected' },
    ]);
    const response = await t.request(`/api/matchmaker/clients/${own.id}/magic-match/overview`, {
      cookie: cookies.sofie,
    });
    expect(response.status).toBe(200);
    const overview = (await response.json()) as MagicMatchOverview;
    expect(overview.filters).toMatchObject({
      seeking_genders: ['man'],
      age_min: 32,
      age_max: 42,
      dealbreakers: ['smoking'],
      languages: [],
      drinking: null,
    });
    expect(overview.traits).toEqual(['calm']);
    // Issue 28: without languages, the language filter cannot judge; the overview says so.
    expect(overview.missing.map((m) => m.field)).toContain('Talen');
    expect(overview.searchable).toBe(true);
    expect(overview.missing.map((m) => m.field)).toContain('Quiz');
    expect(overview.package_dates).toMatchObject({ included: 4, completed: 0 });
  });
  it('says why a client who is not active cannot be searched, and the search answers 409', async () => {
    const own = await createClient(t.db, { full_name: 'Nog Niet Actief', assigned_matchmaker_id: sofie.id });
    const response = await t.request(`/api/matchmaker/clients/${own.id}/magic-match/overview`, {
      cookie: cookies.sofie,
    });
    expect(((await response.json()) as MagicMatchOverview).searchable).toBe(false);
    const search = await results(cookies.sofie, own.id);
    expect(search.status).toBe(409);
    expect(await search.json()).toMatchObject({ code: 'MAGIC_MATCH_NOT_SEARCHABLE' });
  });
});

describe('the results', () => {
  it('ranks the candidates with score, band, reasons and the parts of the score', async () => {
    const own = await emmaWithCandidates();
    const body = await resultsOf(own.emma.id);
    expect(body.candidates.map((c) => c.full_name)).toEqual(['Tom Jacobs']);
    const [first] = body.candidates;
    expect(first!.id).toBe(own.tom.id);
    expect(first!.score).toBeGreaterThan(50);
    expect(first!.parts.map((p) => p.part)).toEqual([
      'values',
      'lifestyle',
      'traits',
      'quiz',
      'interests',
      'distance',
      'age',
    ]);
    expect(first!.reasons.length).toBeGreaterThan(0);
    expect(first!.traits).toEqual(['calm']);
    expect(first!.own_client).toBe(false);
  });
  it(`issue 30: Sofie sees the photos of a candidate magic match showed her, for ${PHOTO_ACCESS_AFTER_MAGIC_MATCH_DAYS} days; Pieter, never shown, not`, async () => {
    const own = await emmaWithCandidates();
    const photos = (id: string) => t.request(`/api/profiles/${id}/photos`, { cookie: cookies.sofie });
    // Marc's clients: Sofie has no business with their photos before magic match shows them.
    expect((await photos(own.tom.id)).status).toBe(404);
    const body = await resultsOf(own.emma.id);
    expect(body.candidates.map((c) => c.id)).toEqual([own.tom.id]);
    expect((await photos(own.tom.id)).status).toBe(200);
    expect((await photos(own.pieter.id)).status).toBe(404);
    try {
      t.clock.setOffset((PHOTO_ACCESS_AFTER_MAGIC_MATCH_DAYS + 1) * 86_400_000);
      expect((await photos(own.tom.id)).status).toBe(404);
    } finally {
      t.clock.setOffset(0);
    }
  });

  it(`issue 31: a search repeated within ${MAGIC_MATCH_SHOWN_RECORDED_AGAIN_AFTER_MINUTES} minutes records nothing again; a later one extends the photo access`, async () => {
    const own = await emmaWithCandidates();
    const shownAt = async () => {
      const rows = await t.db
        .select({ shown_at: magic_match_shown.shown_at })
        .from(magic_match_shown)
        .where(
          and(eq(magic_match_shown.matchmaker_id, sofie.id), eq(magic_match_shown.candidate_id, own.tom.id)),
        );
      return rows.map((row) => row.shown_at.getTime());
    };
    const minute = 60_000;
    try {
      await resultsOf(own.emma.id);
      const [first] = await shownAt();
      expect(first).toBeDefined();
      t.clock.setOffset((MAGIC_MATCH_SHOWN_RECORDED_AGAIN_AFTER_MINUTES - 1) * minute);
      await resultsOf(own.emma.id);
      expect(await shownAt()).toEqual([first]);
      t.clock.setOffset((MAGIC_MATCH_SHOWN_RECORDED_AGAIN_AFTER_MINUTES + 1) * minute);
      await resultsOf(own.emma.id);
      const [again] = await shownAt();
      expect(again! - first!).toBeGreaterThanOrEqual(MAGIC_MATCH_SHOWN_RECORDED_AGAIN_AFTER_MINUTES * minute);
      // Thirty days after the first show, the second one still opens Tom's photos to Sofie.
      t.clock.setOffset(PHOTO_ACCESS_AFTER_MAGIC_MATCH_DAYS * 86_400_000 + 30 * minute);
      expect((await t.request(`/api/profiles/${own.tom.id}/photos`, { cookie: cookies.sofie })).status).toBe(
        200,
      );
    } finally {
      t.clock.setOffset(0);
    }
  });

  it('issue 31: the ranking compiled for a client reads the candidates as they are at each search', async () => {
    const own = await emmaWithCandidates();
    expect((await resultsOf(own.emma.id)).candidates.map((c) => c.id)).toEqual([own.tom.id]);
    // The same client, adjustments and day: the same compiled statement, and Tom paused since.
    await t.db.insert(account_settings).values({ user_id: own.tom.id, matching_paused_at: new Date() });
    expect((await resultsOf(own.emma.id)).candidates.map((c) => c.id)).toEqual([]);
  });

  it('widening the age range brings in an older candidate', async () => {
    const own = await emmaWithCandidates();
    expect((await resultsOf(own.emma.id)).candidates.map((c) => c.id)).not.toContain(own.pieter.id);
    const body = await resultsOf(own.emma.id, '?extra_age=3');
    expect(body.candidates.map((c) => c.full_name).sort()).toEqual(['Pieter Maes', 'Tom Jacobs']);
    expect(body.candidates.map((c) => c.id).sort()).toEqual([own.pieter.id, own.tom.id].sort());
    // Issue 28: the friction names whose wish it crosses.
    expect(body.candidates.find((c) => c.id === own.pieter.id)!.frictions).toContainEqual({
      text: 'Emma zoekt iemand van 32 tot 42 jaar; Pieter is 44 (verruimd)',
      client_id: own.emma.id,
      weight: 'major',
    });
  });
  it('refuses bad adjustments with a Dutch 400, and relaxing a dealbreaker', async () => {
    for (const query of ['?extra_age=99', '?extra_age=-1', '?extra_distance=abc', '?ignore=foo']) {
      const response = await results(cookies.sofie, emma.id, query);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: string; code: string };
      expect(body.error).toBeTruthy();
      expect(body.code).toBe('BAD_REQUEST');
    }
    const relaxed = await results(cookies.sofie, emma.id, '?ignore=smoking');
    expect(relaxed.status).toBe(400);
    expect(await relaxed.json()).toMatchObject({
      code: 'MAGIC_MATCH_DEALBREAKER',
      error: MESSAGES.magicMatchDealbreaker,
    });
  });
  it('leaves out paused, deleted, not active and smoking (dealbreaker) candidates', async () => {
    const own = await emmaWithCandidates();
    const paused = await activeMan('Gepauzeerde Man');
    await t.db.insert(account_settings).values({ user_id: paused.id, matching_paused_at: new Date() });
    const deleted = await activeMan('Verwijderde Man');
    await t.db.insert(account_settings).values({ user_id: deleted.id, deleted_at: new Date() });
    await createClient(t.db, {
      full_name: 'Wachtende Man',
      contract_status: 'pending',
      profile: { gender: 'man', birth_date: `${year - 38}-01-10`, seeking_genders: ['woman'] },
    });
    await activeMan('Rokende Man', { smoking: 'yes' });
    const names = (await resultsOf(own.emma.id)).candidates.map((c) => c.full_name);
    expect(names).toEqual(['Tom Jacobs']);
  });
  it('excludes a candidate with a match in any status with the client', async () => {
    const own = await emmaWithCandidates();
    for (const status of MATCH_STATUSES) {
      const other = await activeMan(`Kandidaat ${status}`);
      expect((await resultsOf(own.emma.id)).candidates.map((c) => c.id)).toContain(other.id);
      await createMatch(t.db, { clientA: own.emma.id, clientB: other.id, matchmaker_id: sofie.id, status });
      expect((await resultsOf(own.emma.id)).candidates.map((c) => c.id)).not.toContain(other.id);
    }
  });
  it('marks a candidate with an open proposal or a planned date, after an equally good free one, with the package counter', async () => {
    const own = await emmaWithCandidates();
    const same = { interests: ['wandelen', 'koken'], relationship_sought: 'long_term' };
    const free = await activeMan('Vrije Kandidaat', same);
    const open = await activeMan('Open Voorstel', same);
    const planned = await activeMan('Date Gepland', same);
    const elsewhere = await activeWoman('Andere Vrouw', marc.id);
    const elsewhere2 = await activeWoman('Nog Een Vrouw', marc.id);
    await createMatch(t.db, {
      clientA: open.id,
      clientB: elsewhere.id,
      matchmaker_id: marc.id,
      status: 'proposed',
    });
    await createMatch(t.db, {
      clientA: planned.id,
      clientB: elsewhere2.id,
      matchmaker_id: marc.id,
      status: 'scheduled',
    });
    // The free one's package: one date held in the current term.
    await createPurchase(t.db, {
      client_id: free.id,
      tier: 'Persoonlijk',
      paid_at: new Date(Date.now() - 60 * 86_400_000),
    });
    const held = await activeWoman('Vroegere Date', marc.id);
    await createMatch(t.db, {
      clientA: free.id,
      clientB: held.id,
      matchmaker_id: marc.id,
      status: 'completed',
    });

    const body = await resultsOf(own.emma.id);
    const ours = body.candidates.filter((c) => [free.id, open.id, planned.id].includes(c.id));
    expect(new Set(ours.map((c) => c.score)).size).toBe(1);
    expect(ours.map((c) => c.id)[0]).toBe(free.id);
    const of = (id: string) => body.candidates.find((c) => c.id === id)!;
    expect(of(free.id)).toMatchObject({ availability: 'free', availability_label: null });
    expect(of(open.id)).toMatchObject({
      availability: 'open_proposal',
      availability_label: 'Heeft een open voorstel',
    });
    expect(of(planned.id)).toMatchObject({
      availability: 'date_planned',
      availability_label: 'Date gepland',
    });
    expect(of(free.id).package_dates).toEqual({ completed: 1, included: 4 });
    expect(of(open.id).package_dates).toBeNull();
  });
  it('language: only candidates who share a language, unless the search leaves it out', async () => {
    const own = await emmaWithCandidates();
    await t.db.execute(sql`UPDATE client_profiles SET languages = '{nl}' WHERE id = ${own.emma.id}`);
    const french = await activeMan('Luc Dupont', { languages: ['fr'] });
    const both = await activeMan('Marc Lambert', { languages: ['fr', 'nl'] });
    const ids = (await resultsOf(own.emma.id)).candidates.map((c) => c.id);
    expect(ids).toContain(both.id);
    expect(ids).not.toContain(french.id);
    const widened = await resultsOf(own.emma.id, '?ignore=language');
    expect(widened.candidates.map((c) => c.id)).toContain(french.id);
    expect(widened.adjustments.ignore).toEqual(['language']);
  });
  it('a hidden candidate stays hidden for this client (with the reason), not for others', async () => {
    const own = await emmaWithCandidates();
    // Another of Sofie's clients, for whom Tom is a candidate too.
    const lies = await newEmma(sofie.id, 'Lies Claes');
    await searchOnlyAmong(lies.id, [own.tom.id]);
    expect((await resultsOf(lies.id)).candidates.map((c) => c.id)).toEqual([own.tom.id]);
    const hide = (json: unknown) =>
      t.request(`/api/matchmaker/clients/${own.emma.id}/magic-match/hidden`, { json, cookie: cookies.sofie });
    const missingReason = await hide({ candidate_id: own.tom.id, reason: ' ' });
    expect(missingReason.status).toBe(400);
    expect(((await missingReason.json()) as { code: string }).code).toBe('BAD_REQUEST');
    const hidden = await hide({ candidate_id: own.tom.id, reason: 'Kent hem al van het werk' });
    expect(hidden.status).toBe(200);
    expect((await resultsOf(own.emma.id)).candidates.map((c) => c.id)).not.toContain(own.tom.id);
    const rows = await t.db.execute(
      sql`SELECT client_id, reason FROM magic_match_hidden WHERE candidate_id = ${own.tom.id}`,
    );
    expect((rows as unknown as { rows: { client_id: string; reason: string }[] }).rows).toEqual([
      { client_id: own.emma.id, reason: 'Kent hem al van het werk' },
    ]);
    // For Lies, Tom is still a candidate.
    expect((await resultsOf(lies.id)).candidates.map((c) => c.id)).toEqual([own.tom.id]);
  });
});

describe('POST /api/matches: the same eligibility for every proposal (issue 16)', () => {
  it('refuses a client who is not active for matching, or paused', async () => {
    const a = await activeMan('Actieve Man', {}, sofie.id);
    const refused = await t.request('/api/matches', {
      json: { client1_id: a.id, client2_id: outsider.id },
      cookie: cookies.sofie,
    });
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { code: string; error: string };
    expect(body.code).toBe('MATCH_CLIENT_NOT_ELIGIBLE');
    // Issue 26: the rule names the client it is about.
    expect(body.error).toBe(`Nog is niet actief voor matching. ${MESSAGES.matchClientNotEligible}`);
  });
  it('refuses a matchmaker two clients who are neither theirs, also when one has no matchmaker', async () => {
    const x = await activeMan('Klant Van Marc');
    const y = await activeMan('Klant Zonder Matchmaker', {}, undefined);
    await t.db.execute(sql`UPDATE user_profiles SET assigned_matchmaker_id = NULL WHERE id = ${y.id}`);
    const refused = await t.request('/api/matches', {
      json: { client1_id: x.id, client2_id: y.id },
      cookie: cookies.sofie,
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'MATCH_NOT_OWN_CLIENT' });
  });
  it('past the 4 dates of the package, a proposal needs a confirmation', async () => {
    const lotte = await activeWoman('Lotte Vol', sofie.id);
    await createPurchase(t.db, {
      client_id: lotte.id,
      tier: 'Persoonlijk+',
      paid_at: new Date(Date.now() - 200 * 86_400_000),
    });
    for (let i = 0; i < 4; i++) {
      const partner = await activeMan(`Date ${i + 1}`);
      await createMatch(t.db, {
        clientA: lotte.id,
        clientB: partner.id,
        matchmaker_id: sofie.id,
        status: 'completed',
      });
    }
    const fifth = await activeMan('Vijfde');
    const refused = await t.request('/api/matches', {
      json: { client1_id: lotte.id, client2_id: fifth.id },
      cookie: cookies.sofie,
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: 'PACKAGE_DATES_USED',
      error: MESSAGES.packageDatesUsed,
    });
    const confirmed = await t.request('/api/matches', {
      json: { client1_id: lotte.id, client2_id: fifth.id, confirm_extra_date: true },
      cookie: cookies.sofie,
    });
    expect(confirmed.status).toBe(201);
    const lotteCookie = await t.login(lotte.email);
    const mine = (await (await t.request('/api/me/package-dates', { cookie: lotteCookie })).json()) as {
      package_dates: PackageDates;
    };
    expect(mine.package_dates).toMatchObject({
      included: 4,
      completed: 4,
      in_progress: 1,
      has_waiting_list_date: true,
    });
    expect(mine.package_dates.dates.map((d) => [d.state, d.waiting_list])).toEqual([
      ['completed', false],
      ['completed', false],
      ['completed', false],
      ['completed', true],
      ['planned', false],
    ]);
    expect((await t.request('/api/me/package-dates', { cookie: cookies.sofie })).status).toBe(403);
    expect((await t.request('/api/me/package-dates')).status).toBe(401);
  });

  it('two proposals at the same moment for the fourth date: one is made, the other needs the confirmation', async () => {
    const client = await activeWoman('Lies Gelijktijdig', sofie.id);
    await createPurchase(t.db, {
      client_id: client.id,
      tier: 'Persoonlijk',
      paid_at: new Date(Date.now() - 200 * 86_400_000),
    });
    for (let i = 0; i < 3; i++) {
      const partner = await activeMan(`Eerder ${i + 1}`);
      await createMatch(t.db, {
        clientA: client.id,
        clientB: partner.id,
        matchmaker_id: sofie.id,
        status: 'completed',
      });
    }
    const [x, y] = [await activeMan('Kandidaat X'), await activeMan('Kandidaat Y')];
    const answers = await Promise.all(
      [x, y].map((partner) =>
        t.request('/api/matches', {
          json: { client1_id: client.id, client2_id: partner.id },
          cookie: cookies.sofie,
        }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(await refused.json()).toMatchObject({ code: 'PACKAGE_DATES_USED' });
  });
});

/** A small deterministic random generator. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

describe('property: no candidate ever violates a hard filter, and none that passes is left out', () => {
  it('on 120 random clients, for 25 of them, with random adjustments', async () => {
    const rand = random(16);
    const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
    const maybe = <T>(value: T) => (rand() < 0.15 ? null : value);
    const ids: string[] = [];
    for (let i = 0; i < 120; i++) {
      const lo = 18 + Math.floor(rand() * 40);
      const created = await createClient(t.db, {
        full_name: `Random ${i}`,
        email: `random${i}@test.koppel.example`,
        contract_status: rand() < 0.85 ? 'active_for_matching' : pick(['pending', 'paused'] as const),
        profile: {
          gender: maybe(pick(['woman', 'man', 'non_binary'] as const)),
          birth_date: maybe(
            `${year - 20 - Math.floor(rand() * 45)}-0${1 + Math.floor(rand() * 9)}-1${Math.floor(rand() * 9)}`,
          ),
          seeking_genders: ['woman', 'man', 'non_binary'].filter(() => rand() < 0.5),
          age_min: maybe(lo),
          age_max: maybe(lo + Math.floor(rand() * 30)),
          max_distance_km: maybe(10 + Math.floor(rand() * 150)),
          postcode: maybe(1000 + Math.floor(rand() * 9000)),
          smoking: maybe(pick(['no', 'sometimes', 'yes'])),
          wants_children: maybe(pick(['yes', 'no', 'maybe'])),
          dealbreakers: ['smoking', 'children', 'distance', 'age'].filter(() => rand() < 0.3),
          // Issue 28: the language rule (none named: not judged).
          languages: ['nl', 'fr', 'en', 'de', 'other'].filter(() => rand() < 0.35),
        },
      });
      ids.push(created.id);
      // Issue 26: paused and deleted accounts, which the one rule's state part refuses.
      const state = rand();
      if (state < 0.08) {
        await t.db.insert(account_settings).values({ user_id: created.id, matching_paused_at: new Date() });
      } else if (state < 0.12) {
        await t.db.insert(account_settings).values({ user_id: created.id, deleted_at: new Date() });
      }
    }
    const now = new Date();
    const all = (
      (await t.db.execute(sql`
        SELECT up.id, up.full_name, up.tier, up.assigned_matchmaker_id, up.contract_status,
               s.matching_paused_at IS NOT NULL AS paused, s.deleted_at IS NOT NULL AS deleted,
               cp.gender::text AS gender, cp.birth_date::text AS birth_date, cp.town, cp.province, cp.postcode,
               cp.seeking_genders, cp.age_min, cp.age_max, cp.max_distance_km, cp.dealbreakers, cp.smoking,
               cp.wants_children, cp.religion, cp.relationship_sought, cp.interests, ARRAY[]::text[] AS traits,
               cp.languages, cp.drinking, cp.has_children, cp.education, NULL::int AS busy,
               false AS has_quiz
          FROM user_profiles up JOIN client_profiles cp ON cp.id = up.id
          LEFT JOIN account_settings s ON s.user_id = up.id
         WHERE up.id IN ${ids}`)) as unknown as {
        rows: (Parameters<typeof personOf>[0] & {
          full_name: string;
          contract_status: ContractStatus;
          paused: boolean;
          deleted: boolean;
        })[];
      }
    ).rows
      // This test's own clients, in the order they were made: the same 25 are searched every run.
      .sort((x, y) => ids.indexOf(x.id) - ids.indexOf(y.id));
    expect(all).toHaveLength(120);
    let checked = 0;
    let found = 0;
    for (const a of all.slice(0, 25)) {
      const person = personOf(a, now);
      if (!person.gender || person.age === null || person.seeking_genders.length === 0) continue;
      const adj = {
        ...NO_ADJUSTMENTS,
        extra_age: Math.floor(rand() * 4),
        ignore: rand() < 0.3 ? (['language'] as const).slice() : [],
      };
      const candidates = await findCandidates({ db: t.db, person, adj, now });
      const returned = new Set(candidates.map((c) => c.id));
      for (const b of all) {
        if (b.id === a.id) continue;
        const other = personOf(b, now);
        const failures = hardFilterFailures(
          person,
          other,
          postcodeDistanceKm(person.postcode, other.postcode),
          adj,
        );
        // The state part of the one rule (decision 026): active for matching, not paused, not deleted.
        const eligible =
          clientStateFailures({
            person: other,
            first_name: b.full_name,
            contract_status: b.contract_status,
            paused: b.paused,
            deleted: b.deleted,
          }).length === 0;
        // Both ways: what the query returns passes every filter, and whatever passes is returned.
        expect({ id: b.id, returned: returned.has(b.id) }).toEqual({
          id: b.id,
          returned: eligible && failures.length === 0,
        });
        checked++;
      }
      found += returned.size;
    }
    expect(checked).toBeGreaterThan(1000);
    expect(found).toBeGreaterThan(0);
  });
});
