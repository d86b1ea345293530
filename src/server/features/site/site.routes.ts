import { type Context, Hono, type Next } from 'hono';
import { RESERVED_SLUGS, ROUTES } from '../../../shared/routes';
import { loginNoticesOf, type SitePageData } from '../../../shared/site';
import { MAX_SLUG_LENGTH } from '../../../shared/slugify';
import { type AppContext, findSession } from '../../context';
import { describeError } from '../../lib/logger';
import type { AppEnv } from '../../lib/openapi';
import {
  buildRobotsTxt,
  buildSitemap,
  loadHomePageData,
  loadMatchmakerPageData,
  loadMatchmakersPageData,
  loadPrivacyPageData,
  loadTermsPageData,
} from './site.service';
import { loadSiteRenderer, type SiteRenderer } from './site-renderer';

const SLUG = /^[a-z0-9_-]+$/;

/**
 * The public site: robots.txt, sitemap.xml, and the landing and matchmaker pages rendered on the
 * server. Anything it cannot render goes on to the app's index.html, which renders it in the browser.
 */
export function siteRoutes(ctx: AppContext) {
  const { env, db, logger } = ctx;
  let renderer: Promise<SiteRenderer | null> | undefined;
  const getRenderer = () => {
    renderer ??= loadSiteRenderer(env.WEB_DIST, env.APP_URL).catch((error: unknown) => {
      logger.error(describeError(error), 'site renderer unavailable');
      return null;
    });
    return renderer;
  };

  const app = new Hono<AppEnv>();

  app.get('/robots.txt', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(buildRobotsTxt(env.APP_URL));
  });

  app.get('/sitemap.xml', async (c) => {
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(await buildSitemap({ db, appUrl: env.APP_URL }));
  });

  const renderPage =
    (load: (session: Awaited<ReturnType<typeof findSession>>) => Promise<SitePageData | null>) =>
    async (c: Context<AppEnv>, next: Next) => {
      const site = await getRenderer();
      if (!site) return next();
      let data: SitePageData | null;
      let html: string;
      try {
        data = await load(await findSession(ctx, c));
        // Nothing to render here: the app's page takes it.
        if (!data) return next();
        html = site.render(data);
      } catch (error) {
        // The app's page loads the data itself and shows 'Fout bij laden' if it still fails.
        logger.error({ req_id: c.get('requestId'), ...describeError(error) }, 'public page failed');
        return next();
      }
      const isMissing = data.page === 'matchmaker' && !data.matchmaker;
      // The page can carry the visitor's name and e-mail: never kept by a shared cache.
      c.header('Cache-Control', 'private, no-cache');
      c.header('Vary', 'Cookie');
      return c.html(html, isMissing ? 404 : 200);
    };

  app.get(
    '/',
    renderPage((session) => loadHomePageData({ db, session })),
  );

  app.get(
    '/matchmakers',
    renderPage((session) => loadMatchmakersPageData({ db, session })),
  );

  app.get(
    '/privacy',
    renderPage((session) => loadPrivacyPageData({ session })),
  );

  app.get(
    '/voorwaarden',
    renderPage((session) => loadTermsPageData({ session })),
  );

  // Issue 31 (decision 044): the login and sign-up forms as HTML for a visitor who is not signed in.
  // A signed-in visitor (sent on to their area), the forgotten-password mode and the code step of a
  // two-factor login are the app's page, as before.
  const APP_STEPS = ['modus', 'stap'];
  app.get(ROUTES.login, (c, next) =>
    renderPage(async (session) => {
      const query = new URL(c.req.url).searchParams;
      if (session || APP_STEPS.some((step) => query.has(step))) return null;
      return { page: 'login', session: null, next: query.get('next'), notices: loginNoticesOf(query) };
    })(c, next),
  );
  app.get(ROUTES.signUp, (c, next) =>
    renderPage(async (session) => (session ? null : { page: 'sign-up', session: null }))(c, next),
  );
  // The forms post here only when their script has not run (a tap during the page's first
  // moments): the page again, and nothing typed ever lands in an address.
  for (const path of [ROUTES.login, ROUTES.signUp]) {
    app.post(path, (c) => c.redirect(new URL(c.req.url).pathname + new URL(c.req.url).search, 303));
  }

  app.get('/:slug', async (c, next) => {
    const slug = c.req.param('slug');
    if (!SLUG.test(slug) || slug.length > MAX_SLUG_LENGTH || RESERVED_SLUGS.has(slug)) return next();
    return renderPage((session) =>
      loadMatchmakerPageData({ db, session, slug, scheduler: ctx.scheduler.name }),
    )(c, next);
  });

  return app;
}
