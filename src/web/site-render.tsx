import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { SITE_DATA_ELEMENT_ID, type SitePageData } from '../shared/site';
import { jsonForScript, pageMetaFor, renderHeadTags } from './features/site/page-meta';
import { SiteApp } from './features/site/site-app';

export interface RenderedSitePage {
  /** The tags for <head>. */
  head: string;
  /** The markup inside #root. */
  html: string;
  /** The script element that carries the data the browser hydrates from. */
  dataScript: string;
}

/** Server-side rendering of a public page; built by `vite build --ssr` and loaded by the server. */
export function renderSitePage(data: SitePageData, appUrl: string): RenderedSitePage {
  const html = renderToString(
    <StrictMode>
      <SiteApp data={data} />
    </StrictMode>,
  );
  return {
    head: renderHeadTags(pageMetaFor(data, appUrl), appUrl),
    html,
    dataScript: `<script id="${SITE_DATA_ELEMENT_ID}" type="application/json">${jsonForScript(data)}</script>`,
  };
}
