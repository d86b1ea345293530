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

const API_ORIGIN = 'http://localhost:3001';
const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig(({ command, mode }) => ({
  root: fromRoot('./src/web'),
  plugins: [react(), tailwindcss(), ...(mode === 'site' || mode === 'ssr' ? [] : [preloadFonts()])],
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
  // Three builds: the app (index.html); the prerendered public pages (`--mode site`: site.html and
  // one small bundle that hydrates them, without the app's router and data layer); and the
  // server-side renderer of those pages (`--mode ssr`), which the server loads at run time.
  build:
    mode === 'ssr'
      ? {
          ssr: fromRoot('./src/web/site-render.tsx'),
          outDir: fromRoot('./dist/ssr'),
          emptyOutDir: true,
          copyPublicDir: false,
        }
      : mode === 'site'
        ? {
            outDir: fromRoot('./dist/web'),
            emptyOutDir: false,
            rollupOptions: { input: { site: fromRoot('./src/web/site.html') } },
          }
        : { outDir: fromRoot('./dist/web'), emptyOutDir: true },
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
