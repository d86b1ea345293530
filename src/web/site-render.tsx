import { type ReactElement, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { SITE_DATA_ELEMENT_ID, type SiteBrowserData, type SitePageData } from '../shared/site';
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
      <IslandCollector value={islands}>
        <SiteApp data={data} />
      </IslandCollector>
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
  };
}
