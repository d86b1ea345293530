import type { SitePageData, SiteSession } from '../../../shared/site';
import type { Actor, AppContext, Profile } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { getMatchmakerBySlug, listAvailableMatchmakers } from '../matchmakers/matchmakers.service';

/** A signed-in visitor, possibly without a profile row (then signed in, but without a role). */
export type VisitorSession = { user: Actor['user']; profile: Profile | null } | null;

function toSiteSession(session: VisitorSession): SiteSession | null {
  if (!session) return null;
  return {
    role: session.profile?.role ?? null,
    full_name: session.profile?.full_name ?? null,
    email: session.user.email,
  };
}

/** The landing page's data: the active matchmakers (team section and dropdown) and the visitor. */
export async function loadHomePageData({
  db,
  session,
}: {
  db: Db;
  session: VisitorSession;
}): Promise<SitePageData> {
  return {
    page: 'home',
    session: toSiteSession(session),
    matchmakers: await listAvailableMatchmakers({ db }),
  };
}

/** The public list of the active matchmakers (/matchmakers), in the spec's order. */
export async function loadMatchmakersPageData({
  db,
  session,
}: {
  db: Db;
  session: VisitorSession;
}): Promise<SitePageData> {
  return {
    page: 'matchmakers',
    session: toSiteSession(session),
    matchmakers: await listAvailableMatchmakers({ db }),
  };
}

/** The terms and conditions (issue 29): nothing to load but the visitor. */
export async function loadTermsPageData({ session }: { session: VisitorSession }): Promise<SitePageData> {
  return { page: 'terms', session: toSiteSession(session) };
}

/** The privacy statement (issue 14): nothing to load but the visitor. */
export async function loadPrivacyPageData({ session }: { session: VisitorSession }): Promise<SitePageData> {
  return { page: 'privacy', session: toSiteSession(session) };
}

/** A matchmaker page's data; `matchmaker` is null for an unknown or inactive slug. */
export async function loadMatchmakerPageData({
  db,
  session,
  slug,
  scheduler,
}: {
  db: Db;
  session: VisitorSession;
  slug: string;
  scheduler: AppContext['scheduler']['name'];
}): Promise<SitePageData> {
  const visitor = toSiteSession(session);
  try {
    return {
      page: 'matchmaker',
      session: visitor,
      slug,
      matchmaker: await getMatchmakerBySlug({ db, slug, scheduler }),
    };
  } catch (error) {
    if (error instanceof AppError && error.code === 'MATCHMAKER_NOT_FOUND') {
      return { page: 'matchmaker', session: visitor, slug, matchmaker: null };
    }
    throw error;
  }
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** sitemap.xml: the landing page, the list of matchmakers and every active matchmaker's page. */
export async function buildSitemap({ db, appUrl }: { db: Db; appUrl: string }): Promise<string> {
  const matchmakers = await listAvailableMatchmakers({ db });
  const urls = [
    `${appUrl}/`,
    `${appUrl}/matchmakers`,
    ...matchmakers.map((m) => `${appUrl}/${m.slug}`),
    `${appUrl}/privacy`,
    `${appUrl}/voorwaarden`,
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((url) => `  <url><loc>${escapeXml(url)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
}

/** `$` ends a path (as Google and Bing read it), so a matchmaker slug such as dashboard-2 stays allowed. */
export function buildRobotsTxt(appUrl: string): string {
  const privatePaths = ['/dashboard', '/matchmaker', '/success', '/reset-password'];
  return [
    'User-agent: *',
    'Allow: /',
    ...privatePaths.flatMap((path) => [`Disallow: ${path}$`, `Disallow: ${path}/`]),
    'Disallow: /api/',
    'Disallow: /dev/',
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
