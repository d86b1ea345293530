import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { createClient, createDecidedMatches, createMatchmaker } from '../../db/factories';
import { user_profiles } from '../../db/schema';
import { APP_URL, createTestApp, openTestDatabase, type TestApp } from '../../test/test-app';
import { loadHomePageData, loadMatchmakerPageData } from './site.service';

/**
 * The site's matchmakers: the file's app has them, and so does the database of a test that reads
 * every active matchmaker (other tests add matchmakers of their own to the file's app).
 */
async function createSiteMatchmakers(db: Db) {
  // A success rate from real outcomes (decision 017): 13 of 15 decided proposals, 87%.
  const sofie = await createMatchmaker(db, { full_name: 'Sofie Peeters' });
  await createDecidedMatches(db, { matchmaker_id: sofie.id, accepted: 13, rejected: 2 });
  await createMatchmaker(db, { full_name: 'Lotte & Wout Janssens' });
  await createMatchmaker(db, { full_name: 'Marc Dubois', matchmaker: { is_active: false } });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createSiteMatchmakers(t.db);
});
afterAll(async () => {
  await t.close();
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt points at the sitemap and keeps crawlers out of the private areas', async () => {
    const response = await t.request('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
    for (const path of ['/dashboard', '/matchmaker/', '/api/', '/dev/'])
      expect(text).toContain(`Disallow: ${path}`);
  });

  it('the sitemap lists the landing page, the list of matchmakers, every active matchmaker page, the privacy statement and the terms, with absolute URLs', async () => {
    // Every active matchmaker: on an app of the test's own, with only the site's matchmakers.
    const own = await createTestApp();
    try {
      await createSiteMatchmakers(own.db);
      const response = await own.request('/sitemap.xml');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/xml');
      const locs = [...(await response.text()).matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
      expect(locs).toEqual([
        `${APP_URL}/`,
        `${APP_URL}/matchmakers`,
        `${APP_URL}/sofie-peeters`,
        `${APP_URL}/lotte-and-wout-janssens`,
        `${APP_URL}/privacy`,
        `${APP_URL}/voorwaarden`,
      ]);
    } finally {
      await own.close();
    }
  });
});

describe('the data of the prerendered pages', () => {
  it('the landing page: the active matchmakers in listing order, and no session for a visitor', async () => {
    // Every active matchmaker: on a database of the test's own, with only the site's matchmakers.
    const own = await openTestDatabase();
    try {
      await createSiteMatchmakers(own.db);
      const data = await loadHomePageData({ db: own.db, session: null });
      expect(data.page).toBe('home');
      if (data.page !== 'home') return;
      expect(data.session).toBeNull();
      expect(data.matchmakers.map((m) => m.slug)).toEqual(['sofie-peeters', 'lotte-and-wout-janssens']);
    } finally {
      await own.drop();
    }
  });

  it('a signed-in visitor: role, name and e-mail only (for the buttons and the scheduler prefill)', async () => {
    const client = await createClient(t.db, { full_name: 'Emma Claes' });
    const [profile] = await t.db.select().from(user_profiles).where(eq(user_profiles.id, client.id));
    const data = await loadHomePageData({
      db: t.db,
      session: { user: { id: client.id, email: client.email }, profile: profile! },
    });
    expect(data.session).toEqual({ role: 'client', full_name: 'Emma Claes', email: client.email });
  });

  it('a session without a profile row is still signed in (so the page offers to log out)', async () => {
    const data = await loadHomePageData({
      db: t.db,
      session: { user: { id: 'zonder-profiel', email: 'zonder@test.koppel.example' }, profile: null },
    });
    expect(data.session).toEqual({ role: null, full_name: null, email: 'zonder@test.koppel.example' });
  });

  it('a matchmaker page: the profile for an active slug, null for an inactive or unknown one', async () => {
    const load = (slug: string, scheduler: 'demo' | 'calendly' = 'calendly') =>
      loadMatchmakerPageData({ db: t.db, session: null, slug, scheduler });
    const sofie = await load('sofie-peeters');
    expect(sofie.page === 'matchmaker' && sofie.matchmaker?.full_name).toBe('Sofie Peeters');
    expect(sofie.page === 'matchmaker' && sofie.matchmaker?.scheduler).toBe('calendly');
    // Issue 30: a local install without Calendly shows the Testagenda's way, never Calendly's embed.
    const local = await load('sofie-peeters', 'demo');
    expect(local.page === 'matchmaker' && local.matchmaker?.scheduler).toBe('testagenda');
    for (const slug of ['marc-dubois', 'niemand']) {
      const data = await load(slug);
      expect(data).toEqual({ page: 'matchmaker', session: null, slug, matchmaker: null });
    }
  });

  it('a matchmaker never gets a slug the app uses for its own pages', async () => {
    await createMatchmaker(t.db, { full_name: 'Dashboard' });
    const response = await t.request('/api/matchmakers');
    const { matchmakers } = (await response.json()) as { matchmakers: { full_name: string; slug: string }[] };
    expect(matchmakers.find((m) => m.full_name === 'Dashboard')?.slug).toBe('dashboard-2');
  });
});
