import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SitePageData } from '../../../shared/site';

/** The shape of dist/ssr/site-render.js (src/web/site-render.tsx), built by `vite build --mode ssr`. */
interface SiteRenderModule {
  renderSitePage(
    data: SitePageData,
    appUrl: string,
  ): { head: string; html: string; dataScript: string; template: Template };
}

/** site.html hydrates the public pages' islands; auth.html runs the login and sign-up forms' script. */
type Template = 'site' | 'auth';
const TEMPLATES: Record<Template, string> = { site: 'site.html', auth: 'auth.html' };

export interface SiteRenderer {
  render(data: SitePageData): string;
}

const FONT_URL = /url\((\/assets\/[^)]+\.woff2)\)/g;
const STYLESHEET = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g;

/**
 * Loads the page template and the server renderer of the prerendered public pages from the web
 * build; null when the build has none (API tests, `npm run dev`), so the app renders them instead.
 * The stylesheet is inlined: the first paint then needs no second request.
 */
export async function loadSiteRenderer(webDist: string, appUrl: string): Promise<SiteRenderer | null> {
  const root = resolve(webDist);
  const modulePath = resolve(root, '..', 'ssr', 'site-render.js');
  const paths = Object.values(TEMPLATES).map((file) => join(root, file));
  if (!existsSync(modulePath) || paths.some((path) => !existsSync(path))) return null;

  const module = (await import(pathToFileURL(modulePath).href)) as SiteRenderModule;
  const templates = {} as Record<Template, string>;
  for (const [name, file] of Object.entries(TEMPLATES) as [Template, string][]) {
    templates[name] = await inlineStylesheets(root, await readFile(join(root, file), 'utf8'));
  }

  return {
    render(data) {
      const page = module.renderSitePage(data, appUrl);
      // Function replacements: the page text may contain "$&" and the like.
      return templates[page.template]
        .replace('<!--site-head-->', () => page.head)
        .replace('<!--site-html-->', () => page.html)
        .replace('<!--site-data-->', () => page.dataScript);
    },
  };
}

async function inlineStylesheets(root: string, html: string): Promise<string> {
  let template = html;
  for (const [tag, href] of [...template.matchAll(STYLESHEET)]) {
    const css = await readFile(join(root, href!), 'utf8');
    // The fonts start loading with the HTML instead of after the first layout.
    const preloads = [...new Set([...css.matchAll(FONT_URL)].map((match) => match[1]!))].map(
      (font) => `<link rel="preload" href="${font}" as="font" type="font/woff2" crossorigin />`,
    );
    template = template.replace(
      tag,
      () => `${preloads.join('')}<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`,
    );
  }
  return template;
}
