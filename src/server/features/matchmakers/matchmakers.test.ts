import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { createClient, createDecidedMatches, createMatchmaker } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let best: { id: string };

/**
 * The listing's matchmakers: the file's app has them, and so does the app of a test that lists
 * every active matchmaker (other tests add matchmakers of their own to the file's app).
 */
async function createListedMatchmakers(db: Db) {
  const best = await createMatchmaker(db, {
    full_name: 'Anna Best',
    email: 'anna@test.koppel.example',
    matchmaker: {
      years_experience: 9,
      specialties: ['Tweede liefde', '40-plussers', 'Expats'],
      bio: 'Bio van Anna',
      about_me: 'Over Anna',
      calendly_link: 'https://calendly.com/anna/intake',
      profile_photo_url: '/images/matchmakers/anna.webp',
    },
  });
  // Same success rate: fewer clients first, then the name.
  const tiedMoreClients = await createMatchmaker(db, { full_name: 'Bram Twee' });
  const tiedFewerClients = await createMatchmaker(db, { full_name: 'Zoë Drie' });
  // Below 5 decided proposals there is no rate yet (decision 017).
  const withoutRate = await createMatchmaker(db, { full_name: 'Aaron Zonder' });
  const inactive = await createMatchmaker(db, {
    full_name: 'Ina Actief',
    matchmaker: { is_active: false },
  });
  // Success rates from real outcomes: 19 of 20 (95%), 4 of 5 (80%) twice, 99% for the inactive one.
  await createDecidedMatches(db, { matchmaker_id: best.id, accepted: 19, rejected: 1 });
  await createDecidedMatches(db, { matchmaker_id: tiedMoreClients.id, accepted: 4, rejected: 1 });
  await createDecidedMatches(db, { matchmaker_id: tiedFewerClients.id, accepted: 4, rejected: 1 });
  await createDecidedMatches(db, { matchmaker_id: withoutRate.id, accepted: 4, rejected: 0 });
  await createDecidedMatches(db, { matchmaker_id: inactive.id, accepted: 5, rejected: 0 });
  await createClient(db, { assigned_matchmaker_id: tiedMoreClients.id });
  await createClient(db, { assigned_matchmaker_id: tiedMoreClients.id });
  await createClient(db, { assigned_matchmaker_id: tiedFewerClients.id });
  return { best, tiedFewerClients, tiedMoreClients, withoutRate };
}

beforeAll(async () => {
  t = await createTestApp();
  ({ best } = await createListedMatchmakers(t.db));
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/matchmakers', () => {
  it('lists only active matchmakers: success rate descending, nulls last, then fewer clients, then name', async () => {
    // The whole list: on an app of the test's own, with only the listing's matchmakers.
    const own = await createTestApp();
    try {
      const { best, tiedFewerClients, tiedMoreClients, withoutRate } = await createListedMatchmakers(own.db);
      const response = await own.request('/api/matchmakers');
      expect(response.status).toBe(200);
      const { matchmakers } = (await response.json()) as {
        matchmakers: { id: string; client_count: number }[];
      };
      expect(matchmakers.map((m) => m.id)).toEqual([
        best.id,
        tiedFewerClients.id,
        tiedMoreClients.id,
        withoutRate.id,
      ]);
      expect(matchmakers.map((m) => m.client_count)).toEqual([0, 1, 2, 0]);
    } finally {
      await own.close();
    }
  });

  it('shows a visitor only the listing fields: no e-mail, bio or scheduling link', async () => {
    const response = await t.request('/api/matchmakers');
    const { matchmakers } = (await response.json()) as { matchmakers: Record<string, unknown>[] };
    // Anna's entry, by id: other tests add matchmakers to this listing.
    const anna = matchmakers.find((m) => m.id === best.id);
    expect(Object.keys(anna!).sort()).toEqual(
      [
        'client_count',
        'full_name',
        'id',
        'profile_photo_url',
        'slug',
        'specialties',
        'success_rate',
        'years_experience',
      ].sort(),
    );
    expect(anna).toMatchObject({
      slug: 'anna-best',
      full_name: 'Anna Best',
      specialties: ['Tweede liefde', '40-plussers', 'Expats'],
      success_rate: 95,
      profile_photo_url: '/images/matchmakers/anna.webp',
    });
  });

  it('is public and answers a signed-in client the same', async () => {
    const client = await createClient(t.db, {});
    const cookie = await t.login(client.email);
    const anonymous = await (await t.request('/api/matchmakers')).json();
    const signedIn = await t.request('/api/matchmakers', { cookie });
    expect(signedIn.status).toBe(200);
    // The client just created has no matchmaker, so the listing is unchanged.
    expect(await signedIn.json()).toEqual(anonymous);
  });

  it('refuses to be written to', async () => {
    const response = await t.request('/api/matchmakers', { method: 'POST', json: { full_name: 'X' } });
    expect(response.status).toBe(404);
  });
});

describe('GET /api/matchmakers/{slug}', () => {
  it("answers an active matchmaker's public profile", async () => {
    const response = await t.request('/api/matchmakers/anna-best');
    expect(response.status).toBe(200);
    const { matchmaker } = (await response.json()) as { matchmaker: Record<string, unknown> };
    expect(matchmaker).toEqual({
      id: best.id,
      slug: 'anna-best',
      full_name: 'Anna Best',
      email: 'anna@test.koppel.example',
      profile_photo_url: '/images/matchmakers/anna.webp',
      bio: 'Bio van Anna',
      about_me: 'Over Anna',
      specialties: ['Tweede liefde', '40-plussers', 'Expats'],
      success_rate: 95,
      years_experience: 9,
      client_count: 0,
      calendly_link: 'https://calendly.com/anna/intake',
      // A local install (SCHEDULER=demo): the page shows the Testagenda's way, not Calendly's embed.
      scheduler: 'testagenda',
    });
  });

  it("says 'Matchmaker Niet Gevonden' for an inactive matchmaker and for an unknown slug", async () => {
    for (const slug of ['ina-actief', 'niemand']) {
      const response = await t.request(`/api/matchmakers/${slug}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: 'Matchmaker Niet Gevonden',
        code: 'MATCHMAKER_NOT_FOUND',
      });
    }
  });

  it('refuses a slug the slug rule can never produce with 400', async () => {
    for (const slug of ['Anna-Best', 'anna%20best', 'anna.best', 'a'.repeat(241)]) {
      const response = await t.request(`/api/matchmakers/${slug}`);
      expect(response.status, slug).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe('BAD_REQUEST');
    }
  });
});

describe('slugs of new matchmakers', () => {
  it('a name without Latin letters or digits still gets a page; a very long name a slug that can be looked up', async () => {
    await createMatchmaker(t.db, { full_name: 'Ярослава Петренко' });
    await createMatchmaker(t.db, { full_name: `${'Anne & '.repeat(28)}Smet` });
    const { matchmakers } = (await (await t.request('/api/matchmakers')).json()) as {
      matchmakers: { full_name: string; slug: string }[];
    };
    const cyrillic = matchmakers.find((m) => m.full_name === 'Ярослава Петренко')!;
    expect(cyrillic.slug).toBe('koppel-matchmaker');
    const long = matchmakers.find((m) => m.full_name.endsWith('Smet'))!;
    expect(long.slug.length).toBeLessThanOrEqual(240);
    for (const slug of [cyrillic.slug, long.slug]) {
      expect((await t.request(`/api/matchmakers/${slug}`)).status, slug).toBe(200);
    }
  });
});
