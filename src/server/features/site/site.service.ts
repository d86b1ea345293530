import type { SitePageData, SiteSession } from '../../../shared/site';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { getMatchmakerBySlug, listAvailableMatchmakers } from '../matchmakers/matchmakers.service';

function toSiteSession(actor: Actor | null): SiteSession | null {
  if (!actor) return null;
  return { role: actor.profile.role, full_name: actor.profile.full_name, email: actor.user.email };
}

/** The landing page's data: the active matchmakers (team section and dropdown) and the visitor. */
export async function loadHomePageData({
  db,
  actor,
}: {
  db: Db;
  actor: Actor | null;
}): Promise<SitePageData> {
  return { page: 'home', session: toSiteSession(actor), matchmakers: await listAvailableMatchmakers({ db }) };
}

/** A matchmaker page's data; `matchmaker` is null for an unknown or inactive slug. */
export async function loadMatchmakerPageData({
  db,
  actor,
  slug,
}: {
  db: Db;
  actor: Actor | null;
  slug: string;
}): Promise<SitePageData> {
  const session = toSiteSession(actor);
  try {
    return { page: 'matchmaker', session, slug, matchmaker: await getMatchmakerBySlug({ db, slug }) };
  } catch (error) {
    if (error instanceof AppError && error.code === 'MATCHMAKER_NOT_FOUND') {
      return { page: 'matchmaker', session, slug, matchmaker: null };
    }
    throw error;
  }
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** sitemap.xml: the landing page and every active matchmaker's page. */
export async function buildSitemap({ db, appUrl }: { db: Db; appUrl: string }): Promise<string> {
  const matchmakers = await listAvailableMatchmakers({ db });
  const urls = [`${appUrl}/`, ...matchmakers.map((m) => `${appUrl}/${m.slug}`)];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((url) => `  <url><loc>${escapeXml(url)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
}

export function buildRobotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /matchmaker/',
    'Disallow: /api/',
    'Disallow: /dev/',
    'Disallow: /success',
    'Disallow: /reset-password',
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
