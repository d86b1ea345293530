import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
      handler: (_html, ctx) =>
        Object.values(ctx.bundle ?? {})
          .filter(
            (chunk) =>
              chunk.type === 'chunk' &&
              (chunk.name === 'vendor' || Boolean(chunk.facadeModuleId?.endsWith('/app-main.tsx'))),
          )
          .map((chunk) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head' as const,
          })),
    },
  };
}

const API_ORIGIN = 'http://localhost:3001';
const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig(({ command, mode }) => ({
  root: fromRoot('./src/web'),
  plugins: [
    react(),
    tailwindcss(),
    ...(mode === 'site' || mode === 'auth' || mode === 'ssr' ? [] : [preloadFonts(), preloadVendor()]),
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
                        test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+)[\\/]/,
                      },
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
