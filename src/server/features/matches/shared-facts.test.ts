import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProposedMatchSummary, SharedFact } from '../../../shared/matches';
import { createClient, createMatch, createMatchmaker } from '../../db/factories';
import type { client_profiles } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 27 item 5: the facts the proposal card shows, computed on the server from both profiles
 * (`sharedFacts`, shared-facts.ts) and answered by GET /api/me/proposed-matches: each only when
 * both profiles support it, nothing when they contradict or one is silent.
 */
type Profile = Partial<Omit<typeof client_profiles.$inferInsert, 'id'>>;

let t: TestApp;
let matchmakerId: string;
beforeAll(async () => {
  t = await createTestApp();
  matchmakerId = (await createMatchmaker(t.db)).id;
});
afterAll(async () => {
  await t.close();
});

/** Two clients of this test with these profiles (null: no profile row), proposed to each other. */
async function proposal(mine: Profile | null, theirs: Profile | null) {
  const me = await createClient(t.db, {
    full_name: 'Ans Eerste',
    ...(mine ? { profile: mine } : {}),
  });
  const other = await createClient(t.db, {
    full_name: 'Bert Tweede',
    ...(theirs ? { profile: theirs } : {}),
  });
  const match = await createMatch(t.db, {
    clientA: me.id,
    clientB: other.id,
    matchmaker_id: matchmakerId,
    note: 'Jullie houden allebei van lange wandelingen.',
  });
  const seenBy = async (email: string) => {
    const response = await t.request('/api/me/proposed-matches', { cookie: await t.login(email) });
    expect(response.status).toBe(200);
    const { matches } = (await response.json()) as { matches: ProposedMatchSummary[] };
    expect(matches.map((m) => m.id)).toEqual([match.id]);
    return matches[0]!;
  };
  return { mine: await seenBy(me.email), theirs: await seenBy(other.email) };
}

const kinds = (facts: SharedFact[]) => facts.map((f) => f.kind);

const ALIKE: Profile = {
  birth_date: '1985-04-02',
  gender: 'woman',
  seeking_genders: ['man'],
  religion: 'christian',
  town: 'Gentbrugge',
  postcode: 9050,
  province: 'Oost-Vlaanderen',
  interests: ['koken', 'wandelen', 'jazz'],
  languages: ['nl', 'fr', 'other'],
  smoking: 'no',
  relationship_sought: 'long_term',
  wants_children: 'yes',
};

describe('the shared facts on a proposal', () => {
  it('says every fact both profiles support, the same to both, with the introduction', async () => {
    const { mine, theirs } = await proposal(ALIKE, {
      ...ALIKE,
      gender: 'man',
      seeking_genders: ['woman'],
      town: 'Antwerpen',
      postcode: 2000,
      province: 'Antwerpen',
      interests: ['jazz', 'voetbal', 'koken'],
      languages: ['fr', 'en', 'nl', 'other'],
      max_distance_km: 60,
    });
    expect(mine.note).toBe('Jullie houden allebei van lange wandelingen.');
    expect(mine.shared_facts).toEqual([
      { kind: 'languages', text: 'Jullie spreken allebei Nederlands en Frans' },
      { kind: 'smoking', text: 'Jullie roken allebei niet' },
      { kind: 'relationship', text: 'Jullie zoeken allebei een vaste relatie' },
      { kind: 'children', text: 'Jullie willen allebei kinderen' },
      // 51 km between the postcode zones, rounded to 5 km.
      { kind: 'distance', text: 'Jullie wonen ongeveer 50 km van elkaar' },
    ]);
    expect(mine.other.shared_interests).toEqual(['jazz', 'koken']);
    expect(kinds(theirs.shared_facts)).toEqual(kinds(mine.shared_facts));
    expect(theirs.other.shared_interests).toEqual(['koken', 'jazz']);
    // Nothing of the other beyond the card: no religion, orientation, town or postcode.
    for (const seen of [mine, theirs]) {
      const text = JSON.stringify(seen);
      for (const secret of ['christ', 'Christ', 'Gentbrugge', '9050', '2000', 'man', 'vrouw', 'zoekt']) {
        expect(text.replace(/"(id|proposed_to_clients_at|response_deadline)":"[^"]*"/g, '')).not.toContain(
          secret,
        );
      }
    }
  });

  it('says each fact alone when only that one is supported', async () => {
    const cases: [SharedFact['kind'], Profile, Profile, string][] = [
      ['languages', { languages: ['de', 'nl'] }, { languages: ['de'] }, 'Jullie spreken allebei Duits'],
      ['smoking', { smoking: 'no' }, { smoking: 'no' }, 'Jullie roken allebei niet'],
      [
        'relationship',
        { relationship_sought: 'marriage' },
        { relationship_sought: 'marriage' },
        'Jullie zoeken allebei een huwelijk',
      ],
      ['children', { wants_children: 'no' }, { wants_children: 'no' }, 'Jullie willen allebei geen kinderen'],
      ['distance', { postcode: 9000 }, { postcode: 9050 }, 'Jullie wonen minder dan 10 km van elkaar'],
    ];
    for (const [kind, mine, theirs, text] of cases) {
      const seen = await proposal(mine, theirs);
      expect(seen.mine.shared_facts, kind).toEqual([{ kind, text }]);
      expect(seen.theirs.shared_facts, kind).toEqual([{ kind, text }]);
    }
  });

  it('says nothing where the profiles contradict each other or one is silent', async () => {
    const cases: [string, Profile | null, Profile | null][] = [
      ['a smoker and a non-smoker', { smoking: 'no' }, { smoking: 'yes' }],
      ['sometimes and no', { smoking: 'sometimes' }, { smoking: 'no' }],
      ['two smokers: not a fact the card praises', { smoking: 'yes' }, { smoking: 'yes' }],
      ['a different relationship', { relationship_sought: 'long_term' }, { relationship_sought: 'marriage' }],
      ['children wanted and not', { wants_children: 'yes' }, { wants_children: 'no' }],
      ['both unsure about children', { wants_children: 'maybe' }, { wants_children: 'maybe' }],
      ['"another language" (theirs may differ)', { languages: ['other'] }, { languages: ['other'] }],
      ['no common language', { languages: ['nl'] }, { languages: ['fr'] }],
      ['farther than one accepts', { postcode: 9000, max_distance_km: 40 }, { postcode: 2000 }],
      ['farther than the other accepts', { postcode: 9000 }, { postcode: 3000, max_distance_km: 70 }],
      ['one postcode unknown', { postcode: 9000 }, {}],
      ['one answered, the other did not', ALIKE, {}],
      ['one without a profile at all', ALIKE, null],
      ['neither with a profile', null, null],
    ];
    for (const [why, mine, theirs] of cases) {
      const seen = await proposal(mine, theirs);
      expect(seen.mine.shared_facts, why).toEqual([]);
      expect(seen.theirs.shared_facts, why).toEqual([]);
    }
  });
});
