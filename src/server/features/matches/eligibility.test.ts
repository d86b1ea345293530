import { and, eq, inArray, notInArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MagicMatchResults } from '../../../shared/magic-match';
import type { EligibilityResponse, Match, MatchDetailResponse } from '../../../shared/matches';
import { MESSAGES } from '../../../shared/messages';
import {
  type CreatedUser,
  createAdmin,
  createClient,
  createMatch,
  createMatchmaker,
} from '../../db/factories';
import { account_settings, email_outbox, magic_match_hidden, matches, user_profiles } from '../../db/schema';
import { countStatements } from '../../test/count-statements';
import { expectRefused } from '../../test/expect-refused';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 26 (decision 026): one eligibility rule for every proposal. Noor is 34, a woman seeking
 * men of 30 to 42 within 40 km (Leuven); each test makes its own Noor and the client it pairs her
 * with, so the rows of one test never decide another's.
 */

const DAY = 86_400_000;
let t: TestApp;
let sofie: CreatedUser;
let marc: CreatedUser;
let admin: CreatedUser;
let count: ReturnType<typeof countStatements>;
const cookies: Record<string, string> = {};

/** A birth date that makes someone `age` today (on the app's clock). */
const born = (age: number) => {
  const day = new Date(t.clock.now().getTime() - 30 * DAY);
  day.setUTCFullYear(day.getUTCFullYear() - age);
  return day.toISOString().slice(0, 10);
};

type Profile = Record<string, unknown>;
type ClientOptions = { contract_status?: 'pending' | 'active_for_matching' | 'paused' | 'ended' };

const client = (full_name: string, profile: Profile, options: ClientOptions = {}) =>
  createClient(t.db, {
    full_name,
    tier: 'Persoonlijk',
    contract_status: options.contract_status ?? 'active_for_matching',
    assigned_matchmaker_id: sofie.id,
    profile: profile as never,
  });

const newNoor = (profile: Profile = {}) =>
  client('Noor Peeters', {
    gender: 'woman',
    birth_date: born(34),
    seeking_genders: ['man'],
    age_min: 30,
    age_max: 42,
    max_distance_km: 40,
    postcode: 3000,
    smoking: 'no',
    wants_children: 'yes',
    ...profile,
  });

/** A man seeking women of 28 to 45, in Heverlee (3001, Leuven's zone). */
const man = (full_name: string, age: number, profile: Profile = {}, options: ClientOptions = {}) =>
  client(
    full_name,
    {
      gender: 'man',
      birth_date: born(age),
      seeking_genders: ['woman'],
      age_min: 28,
      age_max: 45,
      postcode: 3001,
      smoking: 'no',
      wants_children: 'yes',
      ...profile,
    },
    options,
  );

beforeAll(async () => {
  t = await createTestApp();
  sofie = await createMatchmaker(t.db, { full_name: 'Sofie Peeters' });
  marc = await createMatchmaker(t.db, { full_name: 'Marc Dubois' });
  admin = await createAdmin(t.db, {});
  for (const [name, u] of Object.entries({ sofie, marc, admin })) cookies[name] = await t.login(u.email);
  count = countStatements(t.db);
});
afterAll(async () => {
  await t.close();
});

const propose = (cookie: string | undefined, body: Record<string, unknown>) =>
  t.request('/api/matches', { json: body, cookie });
const checks = (cookie: string | undefined, query: string) =>
  t.request(`/api/matches/eligibility?${query}`, { cookie });
const checksOf = async (a: string, b: string, cookie = cookies.sofie) => {
  const response = await checks(cookie, `client1_id=${a}&client2_id=${b}`);
  expect(response.status).toBe(200);
  return (await response.json()) as EligibilityResponse;
};

const matchesOf = (a: string, b: string) =>
  t.db
    .select()
    .from(matches)
    .where(
      or(
        and(eq(matches.client1_id, a), eq(matches.client2_id, b)),
        and(eq(matches.client1_id, b), eq(matches.client2_id, a)),
      ),
    );
const mailsTo = (emails: string[]) =>
  t.db.select().from(email_outbox).where(inArray(email_outbox.to_address, emails));

/**
 * Magic match's candidates for `clientId` among `among` only: every other client is hidden for
 * them (the product's own "hide" rows), so other tests' clients do not crowd the top 20.
 */
async function magicCandidates(clientId: string, among: string[], query = '') {
  const others = await t.db
    .select({ id: user_profiles.id })
    .from(user_profiles)
    .where(and(eq(user_profiles.role, 'client'), notInArray(user_profiles.id, [clientId, ...among])));
  if (others.length) {
    await t.db
      .insert(magic_match_hidden)
      .values(others.map(({ id }) => ({ client_id: clientId, candidate_id: id, reason: 'Andere test' })))
      .onConflictDoNothing();
  }
  const response = await t.request(`/api/matchmaker/clients/${clientId}/magic-match${query}`, {
    cookie: cookies.sofie,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as MagicMatchResults).candidates.map((c) => c.id);
}

interface Refusal {
  name: string;
  /** Noor and the other client, in the state the rule refuses. */
  make: () => Promise<{ noor: CreatedUser; other: CreatedUser }>;
  rule: string;
  code: string;
  /** Words of the Dutch text the proposal is refused with. */
  says: string[];
  /** Whose rule: Noor's or the other's. */
  owner: 'noor' | 'other' | null;
}

const refusals: Refusal[] = [
  {
    name: 'Stijn, 52: ten years above the range Noor seeks',
    make: async () => ({ noor: await newNoor(), other: await man('Stijn Maes', 52, { age_max: 60 }) }),
    rule: 'age_range',
    code: 'MATCH_AGE_OUT_OF_RANGE',
    says: ['Stijn is 52', 'Noor zoekt iemand van 30 tot 42 jaar', '10 jaar te oud'],
    owner: 'noor',
  },
  {
    name: 'Emma: two women who both seek men',
    make: async () => ({
      noor: await newNoor(),
      other: await client('Emma Claes', {
        gender: 'woman',
        birth_date: born(33),
        seeking_genders: ['man'],
        age_min: 30,
        age_max: 40,
        postcode: 3000,
      }),
    }),
    rule: 'gender',
    code: 'MATCH_GENDER_NOT_SOUGHT',
    says: ['Noor zoekt mannen en Emma is een vrouw.'],
    owner: 'noor',
  },
  {
    name: 'Amélie, 60: a woman, and far older than the range',
    make: async () => ({
      noor: await newNoor(),
      other: await client('Amélie Dubois', {
        gender: 'woman',
        birth_date: born(60),
        seeking_genders: ['man'],
        postcode: 3000,
      }),
    }),
    rule: 'gender',
    code: 'MATCH_GENDER_NOT_SOUGHT',
    says: ['Noor zoekt mannen en Amélie is een vrouw.'],
    owner: 'noor',
  },
  {
    name: 'Noor six years below the range he seeks',
    make: async () => ({ noor: await newNoor(), other: await man('Bram Wouters', 41, { age_min: 40 }) }),
    rule: 'age_range',
    code: 'MATCH_AGE_OUT_OF_RANGE',
    says: ['Noor is 34', 'Bram zoekt iemand van 40 tot 45 jaar', '6 jaar te jong'],
    owner: 'other',
  },
  {
    name: 'one year outside, but age is her dealbreaker',
    make: async () => ({
      noor: await newNoor({ dealbreakers: ['age'] }),
      other: await man('Tom Jacobs', 43),
    }),
    rule: 'age_dealbreaker',
    code: 'MATCH_DEALBREAKER',
    says: ['Tom is 43', 'leeftijd is een dealbreaker voor Noor'],
    owner: 'noor',
  },
  {
    name: 'Oostende, with distance her dealbreaker',
    make: async () => ({
      noor: await newNoor({ dealbreakers: ['distance'] }),
      other: await man('Wout Vos', 38, { postcode: 8400 }),
    }),
    rule: 'distance_dealbreaker',
    code: 'MATCH_DEALBREAKER',
    says: ['Wout woont', 'Noor wil hoogstens 40 km', 'afstand is een dealbreaker voor Noor'],
    owner: 'noor',
  },
  {
    name: 'a smoker, with smoking her dealbreaker',
    make: async () => ({
      noor: await newNoor({ dealbreakers: ['smoking'] }),
      other: await man('Kobe Smet', 38, { smoking: 'yes' }),
    }),
    rule: 'smoking_dealbreaker',
    code: 'MATCH_DEALBREAKER',
    says: ['Roken is een dealbreaker voor Noor: Kobe rookt en Noor niet.'],
    owner: 'noor',
  },
  {
    name: 'no children for him, his dealbreaker',
    make: async () => ({
      noor: await newNoor(),
      other: await man('Jonas Goossens', 38, { wants_children: 'no', dealbreakers: ['children'] }),
    }),
    rule: 'children_dealbreaker',
    code: 'MATCH_DEALBREAKER',
    says: ['Kinderwens is een dealbreaker voor Jonas: Noor wil kinderen en Jonas niet.'],
    owner: 'other',
  },
  {
    name: 'a client whose intake is still to come',
    make: async () => ({
      noor: await newNoor(),
      other: await man('Lars Pending', 38, {}, { contract_status: 'pending' }),
    }),
    rule: 'contract_status',
    code: 'MATCH_CLIENT_NOT_ELIGIBLE',
    says: ['Lars is niet actief voor matching', MESSAGES.matchClientNotEligible],
    owner: 'other',
  },
  {
    name: 'a client whose contract ended',
    make: async () => ({
      noor: await newNoor(),
      other: await man('Lander Einde', 38, {}, { contract_status: 'ended' }),
    }),
    rule: 'contract_status',
    code: 'MATCH_CLIENT_NOT_ELIGIBLE',
    says: ['Lander is niet actief voor matching'],
    owner: 'other',
  },
  {
    name: 'a client who paused matching',
    make: async () => {
      const other = await man('Pieter Pauze', 38);
      await t.db.insert(account_settings).values({ user_id: other.id, matching_paused_at: t.clock.now() });
      return { noor: await newNoor(), other };
    },
    rule: 'paused',
    code: 'MATCHING_PAUSED',
    says: ['Pieter heeft matching gepauzeerd'],
    owner: 'other',
  },
  {
    name: 'a deleted account',
    make: async () => {
      const other = await man('Verwijderd Account', 38);
      await t.db.insert(account_settings).values({ user_id: other.id, deleted_at: t.clock.now() });
      return { noor: await newNoor(), other };
    },
    rule: 'deleted',
    code: 'ACCOUNT_DELETED',
    says: [MESSAGES.accountDeleted],
    owner: 'other',
  },
  {
    name: 'a pair that had a match before (cancelled)',
    make: async () => {
      const [noor, other] = [await newNoor(), await man('Ruben Eerder', 38)];
      await createMatch(t.db, {
        clientA: noor.id,
        clientB: other.id,
        matchmaker_id: sofie.id,
        status: 'cancelled',
        now: t.clock.now(),
      });
      return { noor, other };
    },
    rule: 'duplicate',
    code: 'DUPLICATE_MATCH',
    says: [MESSAGES.duplicateMatch],
    owner: null,
  },
];

describe('a rule that cannot be overridden: refused on every path, and magic match agrees', () => {
  for (const refusal of refusals) {
    it(refusal.name, async () => {
      const { noor, other } = await refusal.make();
      const ownerId = refusal.owner === 'noor' ? noor.id : refusal.owner === 'other' ? other.id : null;

      // The dialog's checks name the rule in Dutch, and the proposal cannot be made.
      const seen = await checksOf(noor.id, other.id);
      expect(seen.proposable).toBe(false);
      expect(seen.needs_reason).toBe(false);
      const failure = seen.failures.find((f) => f.rule === refusal.rule && f.client_id === ownerId);
      expect(failure, JSON.stringify(seen.failures)).toMatchObject({
        overridable: false,
        code: refusal.code,
      });
      for (const words of refusal.says) expect(failure!.message).toContain(words);
      // A proposal is refused with the first rule that cannot be overridden, seen from its first client.
      const firstBlocking = async (first: string, second: string) =>
        (await checksOf(first, second)).failures.find((f) => !f.overridable)!.message;

      const before = (await matchesOf(noor.id, other.id)).length;
      // Manual (the matchmaker), with or without a reason; the admin console (an admin), either order.
      for (const [cookie, body] of [
        [cookies.sofie, { client1_id: noor.id, client2_id: other.id }],
        [cookies.sofie, { client1_id: other.id, client2_id: noor.id, override_reason: 'Ik ken ze allebei.' }],
        [cookies.admin, { client1_id: noor.id, client2_id: other.id, override_reason: 'Beheerder beslist.' }],
      ] as const) {
        await expectRefused(await propose(cookie, body), 409, refusal.code, {
          error: await firstBlocking(body.client1_id, body.client2_id),
          label: refusal.name,
        });
      }
      expect(await matchesOf(noor.id, other.id)).toHaveLength(before);
      expect(await mailsTo([noor.email, other.email])).toEqual([]);

      // Magic match never offers the pair (Noor is searchable in every case here).
      expect(await magicCandidates(noor.id, [other.id])).not.toContain(other.id);
    });
  }

  it('the same client twice: 400 on a proposal, the rule "self" in the checks', async () => {
    const noor = await newNoor();
    await expectRefused(
      await propose(cookies.sofie, { client1_id: noor.id, client2_id: noor.id }),
      400,
      'BAD_REQUEST',
      MESSAGES.matchWithSelf,
    );
    const seen = await checksOf(noor.id, noor.id);
    expect(seen).toMatchObject({ proposable: false, failures: [{ rule: 'self', overridable: false }] });
  });

  it('a fitting pair: no failure; proposed without a reason (one sent anyway is not stored)', async () => {
    const noor = await newNoor();
    const tom = await man('Tom Fit', 38);
    expect(await checksOf(noor.id, tom.id)).toEqual({ proposable: true, needs_reason: false, failures: [] });
    expect(await magicCandidates(noor.id, [tom.id])).toEqual([tom.id]);
    const made = await propose(cookies.sofie, {
      client1_id: noor.id,
      client2_id: tom.id,
      override_reason: 'Niet nodig',
    });
    expect(made.status).toBe(201);
    const { match } = (await made.json()) as { match: Match };
    expect(match).toMatchObject({ override_reason: null, overridden_rules: [] });
  });
});

describe('a soft wish: overridden only with a reason, which the match keeps', () => {
  const softCases = [
    {
      name: 'Pieter, 45: three years above her range',
      make: () => man('Pieter Maes', 45),
      rule: 'age_range',
      says: 'Pieter is 45; Noor zoekt iemand van 30 tot 42 jaar (3 jaar te oud).',
      // Magic match filters the range: only a widened search finds him.
      magic: { plain: false, widened: true },
    },
    {
      name: 'Wout in Oostende, further than her 40 km',
      make: () => man('Wout Zee', 38, { postcode: 8400 }),
      rule: 'distance',
      says: 'Noor wil hoogstens 40 km.',
      // Not her dealbreaker: magic match only scores the distance.
      magic: { plain: true, widened: true },
    },
    {
      // Issue 28: no language both speak; magic match filters it unless the search leaves it out.
      name: 'Luc speaks French and English, Noor only Dutch',
      noor: { languages: ['nl'] },
      make: () => man('Luc Dupont', 38, { languages: ['fr', 'en'] }),
      rule: 'language',
      says: 'Noor en Luc spreken geen gemeenschappelijke taal (Nederlands tegenover Frans en Engels).',
      magic: { plain: false, widened: true },
      widen: '?ignore=language',
    },
  ] as const;

  for (const soft of softCases) {
    it(soft.name, async () => {
      const noor = await newNoor('noor' in soft ? soft.noor : {});
      const other = await soft.make();
      const seen = await checksOf(noor.id, other.id);
      expect(seen).toMatchObject({ proposable: true, needs_reason: true });
      expect(seen.failures).toHaveLength(1);
      expect(seen.failures[0]).toMatchObject({ rule: soft.rule, client_id: noor.id, overridable: true });
      expect(seen.failures[0]!.message).toContain(soft.says);

      // Magic match: the same rule, as decided (the range filtered unless widened; distance scored).
      expect((await magicCandidates(noor.id, [other.id])).includes(other.id)).toBe(soft.magic.plain);
      const widen = 'widen' in soft ? soft.widen : '?extra_age=3';
      expect((await magicCandidates(noor.id, [other.id], widen)).includes(other.id)).toBe(soft.magic.widened);

      // No reason, a blank one, a too long one: refused, nothing made.
      for (const override_reason of [undefined, '', '   ']) {
        const body = await expectRefused(
          await propose(cookies.sofie, { client1_id: noor.id, client2_id: other.id, override_reason }),
          409,
          'MATCH_OVERRIDE_REASON_REQUIRED',
        );
        expect(body.error).toContain(MESSAGES.matchOverrideReasonRequired);
        expect(body.error).toContain(soft.says);
      }
      await expectRefused(
        await propose(cookies.sofie, {
          client1_id: noor.id,
          client2_id: other.id,
          override_reason: 'x'.repeat(501),
        }),
        400,
        'BAD_REQUEST',
        MESSAGES.overrideReasonTooLong,
      );
      expect(await matchesOf(noor.id, other.id)).toEqual([]);

      // With a reason: proposed, both mailed, the reason and the rule on the match.
      const reason = `  Noor vroeg zelf om ${other.full_name.split(' ')[0]} te ontmoeten.  `;
      const made = await propose(cookies.sofie, {
        client1_id: other.id,
        client2_id: noor.id,
        note: 'Jullie houden allebei van wandelen.',
        override_reason: reason,
      });
      expect(made.status).toBe(201);
      const { match } = (await made.json()) as { match: Match };
      expect(match).toMatchObject({ override_reason: reason.trim(), overridden_rules: [soft.rule] });
      const detail = await t.request(`/api/matches/${match.id}`, { cookie: cookies.sofie });
      expect(((await detail.json()) as MatchDetailResponse).match).toMatchObject({
        override_reason: reason.trim(),
        overridden_rules: [soft.rule],
      });
      const forAdmin = await t.request(`/api/matches/${match.id}`, { cookie: cookies.admin });
      expect(((await forAdmin.json()) as MatchDetailResponse).match.override_reason).toBe(reason.trim());

      // A staff note: not in the clients' mails, not in what a client sees of the proposal.
      const mails = await mailsTo([noor.email, other.email]);
      expect(mails.map((m) => m.to_address).sort()).toEqual([noor.email, other.email].sort());
      for (const mail of mails) expect(`${mail.text}${mail.html}`).not.toContain(reason.trim());
      const noorCookie = await t.login(noor.email);
      const hers = await t.request('/api/me/proposed-matches', { cookie: noorCookie });
      const text = await hers.text();
      expect(text).toContain('Jullie houden allebei van wandelen.');
      expect(text).not.toContain(reason.trim());
      expect(text).not.toContain('override');
    });
  }

  it('an admin overrides too, and the match says so', async () => {
    const noor = await newNoor();
    const pieter = await man('Pieter Beheer', 44, { postcode: 8400 });
    const seen = await checksOf(noor.id, pieter.id, cookies.admin);
    expect(seen.failures.map((f) => f.rule).sort()).toEqual(['age_range', 'distance']);
    const made = await propose(cookies.admin, {
      client1_id: noor.id,
      client2_id: pieter.id,
      override_reason: 'Op vraag van de klant.',
    });
    expect(made.status).toBe(201);
    const { match } = (await made.json()) as { match: Match };
    expect(match.matchmaker_id).toBe(admin.id);
    expect([...match.overridden_rules].sort()).toEqual(['age_range', 'distance']);
  });

  it('a soft wish beside a rule that cannot be overridden: still refused, with the hard rule', async () => {
    const noor = await newNoor({ dealbreakers: ['smoking'] });
    const other = await man('Rik Rook', 45, { smoking: 'sometimes' });
    const seen = await checksOf(noor.id, other.id);
    expect(seen).toMatchObject({ proposable: false, needs_reason: false });
    expect(seen.failures.map((f) => [f.rule, f.overridable])).toEqual([
      ['age_range', true],
      ['smoking_dealbreaker', false],
    ]);
    await expectRefused(
      await propose(cookies.sofie, { client1_id: noor.id, client2_id: other.id, override_reason: 'Toch' }),
      409,
      'MATCH_DEALBREAKER',
      'Roken is een dealbreaker voor Noor: Rik rookt soms en Noor niet.',
    );
  });
});

describe('PATCH /api/matches/{id} cannot make a pair the rule refuses', () => {
  it('never changes the clients, and never reopens a match as a proposal', async () => {
    const noor = await newNoor();
    const tom = await man('Tom Patch', 38);
    const emma = await client('Emma Patch', {
      gender: 'woman',
      birth_date: born(33),
      seeking_genders: ['man'],
    });
    const match = await createMatch(t.db, {
      clientA: noor.id,
      clientB: tom.id,
      matchmaker_id: sofie.id,
      status: 'cancelled',
      now: t.clock.now(),
    });
    const patch = (json: unknown, cookie = cookies.sofie) =>
      t.request(`/api/matches/${match.id}`, { method: 'PATCH', json, cookie });
    for (const body of [
      { status: 'cancelled', client2_id: emma.id },
      { status: 'proposed', client1_id: emma.id },
      { status: 'cancelled', override_reason: 'x' },
    ]) {
      await expectRefused(await patch(body), 400, 'BAD_REQUEST', MESSAGES.matchOnlyStatusChanges);
    }
    for (const cookie of [cookies.sofie, cookies.admin]) {
      for (const status of ['proposed', 'accepted']) {
        await expectRefused(await patch({ status }, cookie), 409, 'MATCH_OUTCOME_NOT_ALLOWED');
      }
    }
    const [row] = await t.db.select().from(matches).where(eq(matches.id, match.id));
    expect(row).toMatchObject({
      client1_id: [noor.id, tom.id].sort()[0],
      client2_id: [noor.id, tom.id].sort()[1],
      status: 'cancelled',
    });
    expect(await matchesOf(noor.id, emma.id)).toEqual([]);
  });
});

describe('GET /api/matches/eligibility as a read (issue 19)', () => {
  it('answers in at most two round trips: the session, then both clients with the pair', async () => {
    const noor = await newNoor();
    const tom = await man('Tom Telling', 38);
    await checksOf(noor.id, tom.id);
    const { result, statements } = await count(() => checksOf(noor.id, tom.id));
    expect(result.proposable).toBe(true);
    expect(statements).toBeLessThanOrEqual(2);
  });
});

describe('who may ask, and bad input', () => {
  it('a visitor 401, a client 403, a matchmaker for two clients not theirs 403, an admin any pair', async () => {
    const noor = await newNoor();
    const tom = await man('Tom Toegang', 38);
    const query = `client1_id=${noor.id}&client2_id=${tom.id}`;
    const body = { client1_id: noor.id, client2_id: tom.id, override_reason: 'x' };
    await expectRefused(await checks(undefined, query), 401, 'NOT_AUTHENTICATED');
    await expectRefused(await propose(undefined, body), 401, 'NOT_AUTHENTICATED');
    const noorCookie = await t.login(noor.email);
    await expectRefused(await checks(noorCookie, query), 403, 'UNAUTHORIZED');
    await expectRefused(await propose(noorCookie, body), 403, 'UNAUTHORIZED');
    // Marc guides neither of the two.
    await expectRefused(await checks(cookies.marc, query), 403, 'MATCH_NOT_OWN_CLIENT');
    await expectRefused(await propose(cookies.marc, body), 403, 'MATCH_NOT_OWN_CLIENT');
    // One of his own: he may ask.
    const his = await createClient(t.db, {
      full_name: 'Lies Marc',
      contract_status: 'active_for_matching',
      assigned_matchmaker_id: marc.id,
      profile: { gender: 'woman', birth_date: born(35), seeking_genders: ['man'] },
    });
    expect((await checksOf(his.id, tom.id, cookies.marc)).proposable).toBe(true);
    expect((await checksOf(noor.id, tom.id, cookies.admin)).proposable).toBe(true);
    expect(await matchesOf(noor.id, tom.id)).toEqual([]);
  });

  it('refuses missing, too long, unknown and non-client ids with a Dutch 400', async () => {
    const noor = await newNoor();
    for (const query of [
      '',
      `client1_id=${noor.id}`,
      `client1_id=${noor.id}&client2_id=`,
      `client1_id=${noor.id}&client2_id=${'x'.repeat(101)}`,
    ]) {
      const body = await expectRefused(await checks(cookies.sofie, query), 400, 'BAD_REQUEST', {
        label: query,
      });
      expect(body.error).not.toMatch(/invalid|required/i);
    }
    await expectRefused(
      await checks(cookies.sofie, `client1_id=${noor.id}&client2_id=bestaat-niet`),
      400,
      'BAD_REQUEST',
      MESSAGES.matchNeedsClients,
    );
    await expectRefused(
      await checks(cookies.sofie, `client1_id=${noor.id}&client2_id=${sofie.id}`),
      400,
      'BAD_REQUEST',
      MESSAGES.matchNeedsClients,
    );
    for (const override_reason of [42, ['a'], { a: 1 }]) {
      await expectRefused(
        await propose(cookies.sofie, { client1_id: noor.id, client2_id: sofie.id, override_reason }),
        400,
        'BAD_REQUEST',
      );
    }
  });
});
