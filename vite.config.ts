import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { FIRST_PAGE_MODULES } from './src/shared/first-pages';

/**
 * The app's index.html preloads the web font, as the server does for the prerendered pages: the
 * headings then do not swap their font in late.
 */
function preloadFonts(): Plugin {
  return {
    name: 'koppel-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, ctx) =>
        Object.keys(ctx.bundle ?? {})
          .filter((file) => file.endsWith('.woff2'))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: true },
            injectTo: 'head-prepend' as const,
          })),
    },
  };
}

/**
 * Issue 31: index.html asks for the vendor chunk (React, the router, the query layer) and the app's
 * own chunk at once, so they load beside the small entry, which starts the page's code and the
 * session (main.tsx).
 */
function preloadVendor(): Plugin {
  return {
    name: 'koppel-preload-vendor',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => {
        const chunks = Object.values(ctx.bundle ?? {}).filter((file) => file.type === 'chunk');
        // With the chunks they import (rolldown's runtime), which would otherwise be asked for only
        // once these have loaded (decision 047).
        const files = new Set<string>();
        const add = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? [])
            add(imported);
        };
        for (const chunk of chunks) {
          if (chunk.name === 'vendor' || chunk.moduleIds.some((id) => id.endsWith('/app-main.tsx')))
            add(chunk.fileName);
        }
        return [...files]
          .filter((file) => !html.includes(`"/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/**
 * Decision 047: the chunks of a first load. The simulated phone of Lighthouse opens six connections
 * per host, so each of a page's 40-odd small chunks cost a round trip. Instead: the entry's own
 * modules (`boot`: the first page's table, the routes, the early session), the app (`app-main.tsx`,
 * the role layout and what two or more of the first pages share), one chunk per first page
 * (`app/first-page.ts`: the page and what it alone of them imports), and the vendor chunk. The graph
 * is read once the modules are known (buildEnd); the groups' `name` asks it when the chunks are made.
 * A group takes its modules' dependencies along, so the entry's modules need a group of their own
 * that comes first: in the app's group they would make the entry import the whole app (the
 * `common` group decision 042 dropped). Left out of the app and the pages: any module that reaches
 * a form library (zod, react-hook-form: only forms load those, lazily).
 */
function firstLoadChunks() {
  /** module id → the group it belongs to ('boot', 'app' or a page's name); filled in at buildEnd. */
  const groupOf = new Map<string, string>();
  const plugin: Plugin = {
    name: 'koppel-first-load-chunks',
    apply: 'build',
    buildEnd() {
      groupOf.clear();
      const ids = [...this.getModuleIds()];
      const find = (suffix: string) => ids.find((id) => id.endsWith(suffix));
      const entry = find('/src/web/main.tsx');
      const appMain = find('/src/web/app-main.tsx');
      const roleLayout = find('/src/web/app/layouts/role-layout.tsx');
      const firstPage = find('/src/web/app/first-page.ts');
      if (!entry || !appMain || !roleLayout || !firstPage) return;
      const closure = (root: string) => {
        const seen = new Set<string>();
        const stack = [root];
        while (stack.length > 0) {
          const id = stack.pop() as string;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const formLibrary = /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/;
      const reachesForms = new Map<string, boolean>();
      const reaches = (id: string) => {
        let known = reachesForms.get(id);
        if (known === undefined) {
          known = [...closure(id)].some((dep) => formLibrary.test(dep));
          reachesForms.set(id, known);
        }
        return known;
      };
      const isLibrary = (id: string) => id.includes('/node_modules/') || id.startsWith('\0');
      const inEntry = closure(entry);
      for (const id of inEntry)
        if (id !== entry && !isLibrary(id) && /\.tsx?$/.test(id)) groupOf.set(id, 'boot');
      const mayGroup = (id: string) => !isLibrary(id) && !inEntry.has(id) && !reaches(id);
      const pages = (this.getModuleInfo(firstPage)?.dynamicallyImportedIds ?? []).filter(
        (id) => id !== roleLayout,
      );
      const uses = new Map<string, number>();
      for (const page of pages) for (const id of closure(page)) uses.set(id, (uses.get(id) ?? 0) + 1);
      for (const id of [...closure(appMain), ...closure(roleLayout)])
        if (mayGroup(id)) groupOf.set(id, 'app');
      for (const [id, count] of uses) if (count >= 2 && mayGroup(id)) groupOf.set(id, 'app');
      for (const page of pages) {
        const name = page.replace(/^.*\//, '').replace(/\.tsx?$/, '');
        for (const id of closure(page)) if (!groupOf.has(id) && mayGroup(id)) groupOf.set(id, name);
      }
    },
  };
  return {
    plugin: [plugin, firstPageChunkList()],
    boot: (id: string) => groupOf.get(id) === 'boot',
    app: (id: string) => groupOf.get(id) === 'app',
    page: (id: string) => {
      const group = groupOf.get(id);
      return group && group !== 'boot' && group !== 'app' ? group : null;
    },
  };
}
/**
 * Decision 047: `.vite/first-pages.json`, each first-page module's chunk and the chunks it imports
 * (shared/first-pages.ts), which the server names in the HTML of the paths that start with them
 * (server/lib/first-page-preloads.ts). Vite's own manifest cannot say it: it lists a chunk by the
 * module it was made for, and a group's chunk is made for none.
 */
function firstPageChunkList(): Plugin {
  return {
    name: 'koppel-first-page-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const withImports = (fileName: string, seen = new Set<string>()) => {
        if (seen.has(fileName)) return seen;
        seen.add(fileName);
        const chunk = chunks.find((candidate) => candidate.fileName === fileName);
        for (const imported of chunk?.imports ?? []) withImports(imported, seen);
        return seen;
      };
      const list = Object.fromEntries(
        FIRST_PAGE_MODULES.map((module) => {
          const chunk = chunks.find((candidate) =>
            candidate.moduleIds.some((id) => id.endsWith(`/src/web/${module}`)),
          );
          return [module, chunk ? [...withImports(chunk.fileName)] : []];
        }),
      );
      this.emitFile({
        type: 'asset',
        fileName: '.vite/first-pages.json',
        source: JSON.stringify(list, null, 2),
      });
    },
  };
}

const firstLoad = firstLoadChunks();

const API_ORIGIN = 'http://localhost:3001';
const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig(({ command, mode }) => ({
  root: fromRoot('./src/web'),
  plugins: [
    react(),
    tailwindcss(),
    ...(mode === 'site' || mode === 'auth' || mode === 'ssr'
      ? []
      : [preloadFonts(), preloadVendor(), firstLoad.plugin]),
  ],
  resolve: {
    // react-router's package exports point at its development bundle (dev warnings on); a build
    // takes the production bundle it ships beside it.
    alias:
      command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: fromRoot('./node_modules/react-router/dist/production/index.mjs'),
            },
            {
              find: /^react-router\/dom$/,
              replacement: fromRoot('./node_modules/react-router/dist/production/dom-export.mjs'),
            },
          ]
        : [],
  },
  // Four builds: the app (index.html); the prerendered public pages (`--mode site`: site.html and
  // one small bundle that hydrates them, without the app's router and data layer); the login and
  // sign-up pages' template and script (`--mode auth`: auth.html); and the server-side renderer of
  // those pages (`--mode ssr`), which the server loads at run time.
  build:
    mode === 'ssr'
      ? {
          ssr: fromRoot('./src/web/site-render.tsx'),
          outDir: fromRoot('./dist/ssr'),
          emptyOutDir: true,
          copyPublicDir: false,
        }
      : mode === 'auth'
        ? {
            // auth.html: the login and sign-up pages, their forms' small script (decision 044). A
            // build of its own, so it shares no chunk with the public pages' islands (one build with
            // both inputs split the islands' code into more requests).
            outDir: fromRoot('./dist/web'),
            emptyOutDir: false,
            rollupOptions: { input: fromRoot('./src/web/auth.html') },
          }
        : mode === 'site'
          ? {
              outDir: fromRoot('./dist/web'),
              emptyOutDir: false,
              rollupOptions: { input: { site: fromRoot('./src/web/site.html') } },
            }
          : {
              outDir: fromRoot('./dist/web'),
              emptyOutDir: true,
              rolldownOptions: {
                output: {
                  // Issue 31: the libraries every app page runs (React, the router, the query layer) in a
                  // chunk of their own, which index.html asks for at once (preloadVendor), while the small
                  // entry starts the page's own code and the session beside it (main.tsx).
                  codeSplitting: {
                    groups: [
                      {
                        name: 'vendor',
                        test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+|openapi-fetch)[\\/]/,
                        priority: 4,
                      },
                      // Decision 047: the entry's modules, the app's chunk and one per first page
                      // (firstLoadChunks), in this order: each takes its modules' dependencies along.
                      { name: 'boot', test: firstLoad.boot, priority: 3 },
                      { name: 'app', test: firstLoad.app, priority: 2 },
                      { name: firstLoad.page, debugName: 'first-pages', priority: 1 },
                    ],
                  },
                },
              },
            },
  server: {
    port: 5173,
    strictPort: true,
    // Regular expressions, so a public matchmaker page such as /devon-peeters is not proxied.
    proxy: {
      '^/api(/|$)': { target: API_ORIGIN },
      '^/dev(/|$)': { target: API_ORIGIN },
    },
  },
}));
