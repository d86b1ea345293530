import { type ReactElement, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { SITE_DATA_ELEMENT_ID, type SiteBrowserData, type SitePageData } from '../shared/site';
import { LoginStaticView, SignUpStaticView } from './features/auth/components/auth-static-views';
import { ISLAND_PLACEHOLDER, IslandCollector } from './features/site/islands/island';
import { createVisitorStore, islandIdPrefix, islandRoot } from './features/site/islands/site-visitor';
import { jsonForScript, pageMetaFor, renderHeadTags } from './features/site/page-meta';
import { SiteApp } from './features/site/site-app';

export interface RenderedSitePage {
  /** The tags for <head>. */
  head: string;
  /** The markup inside #root. */
  html: string;
  /** The script element that carries the data the islands hydrate from (SiteBrowserData). */
  dataScript: string;
  /**
   * The page's template: `site` (site.html, the islands' entry) or `auth` (auth.html: the login and
   * sign-up forms' small script, decision 044).
   */
  template: 'site' | 'auth';
}

function pageView(data: SitePageData) {
  if (data.page === 'login') return <LoginStaticView next={data.next} notices={data.notices} />;
  if (data.page === 'sign-up') return <SignUpStaticView />;
  return <SiteApp data={data} />;
}

/**
 * Server-side rendering of a public page; built by `vite build --ssr` and loaded by the server.
 * The page is static HTML except for its islands: each is rendered as a root of its own, exactly
 * as the browser hydrates it (site-entry.tsx).
 */
export function renderSitePage(data: SitePageData, appUrl: string): RenderedSitePage {
  const islands: ReactElement[] = [];
  const page = renderToString(
    <StrictMode>
      <IslandCollector value={islands}>{pageView(data)}</IslandCollector>
    </StrictMode>,
  );
  const store = createVisitorStore(data.session);
  const html = page.replace(ISLAND_PLACEHOLDER, (_placeholder, index: string) =>
    renderToString(islandRoot(store, islands[Number(index)]!), {
      identifierPrefix: islandIdPrefix(Number(index)),
    }),
  );
  const browserData: SiteBrowserData = { session: data.session };
  return {
    head: renderHeadTags(pageMetaFor(data, appUrl), appUrl),
    html,
    dataScript: `<script id="${SITE_DATA_ELEMENT_ID}" type="application/json">${jsonForScript(browserData)}</script>`,
    template: data.page === 'login' || data.page === 'sign-up' ? 'auth' : 'site',
  };
}
