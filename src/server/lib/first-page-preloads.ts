import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstPageModules } from '../../shared/first-pages';
import { escapeHtml } from './html';

/**
 * The build's list of each first-page module's chunks (vite.config.ts writes it beside index.html):
 * the module's own chunk and the chunks it imports, as paths under the web build.
 */
export const FIRST_PAGE_CHUNKS_FILE = '.vite/first-pages.json';

/**
 * Issue 31 (decision 047): the app's index.html for a path, with a `modulepreload` of each chunk its
 * first page starts with (shared/first-pages.ts), so the browser asks for them while the entry loads
 * instead of once it has run. A missing or unreadable list, a module it does not name, or a chunk not
 * in the build adds nothing: the entry still loads the page itself.
 */
export function firstPagePreloader(webRoot: string): (html: string, path: string) => string {
  const chunks = readChunkList(webRoot);
  return (html, path) => {
    const head = html.indexOf('</head>');
    if (head === -1) return html;
    const files = new Set(firstPageModules(path).flatMap((module) => chunks.get(module) ?? []));
    const links = [...files]
      .map((file) => `/${file}`)
      .filter((href) => !html.includes(`"${href}"`))
      .map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`);
    return links.length === 0 ? html : `${html.slice(0, head)}${links.join('')}${html.slice(head)}`;
  };
}

function readChunkList(webRoot: string): Map<string, string[]> {
  const chunks = new Map<string, string[]>();
  let list: unknown;
  try {
    list = JSON.parse(readFileSync(join(webRoot, FIRST_PAGE_CHUNKS_FILE), 'utf8'));
  } catch {
    return chunks;
  }
  if (!list || typeof list !== 'object') return chunks;
  for (const [module, files] of Object.entries(list)) {
    if (!Array.isArray(files)) continue;
    chunks.set(
      module,
      files.filter(
        (file): file is string =>
          typeof file === 'string' && /^assets\/[\w.-]+\.js$/.test(file) && existsSync(join(webRoot, file)),
      ),
    );
  }
  return chunks;
}
