import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// In dev the API (apps/api) runs on :3000; the storefront calls it same-origin through this proxy.
const api = 'http://127.0.0.1:3000';
const proxy = { '/api': api, '/uploads': api, '/demo-images': api };
// `npm run dev` serves everything from this origin: the back office's dev server sits behind /admin.
const devProxy = { ...proxy, '/admin': { target: 'http://127.0.0.1:5174', ws: true } };

/**
 * src/main.tsx loads the start-up code with dynamic imports, one step per task (see there). Vite
 * preloads only an entry's static imports; this adds a <link rel="modulepreload"> for each chunk the
 * entry imports dynamically and for everything those chunks import, so all of the start-up code
 * downloads at once, as it would with static imports, and counts as first-load JavaScript.
 *
 * The entry and these preloads are asked for at low priority: the page paints from the HTML and the
 * stylesheet before any script runs (index.html's shell), so the stylesheet and the first screen's
 * images come first on a slow connection and the scripts share what bandwidth is left. At their default
 * (high) priority Chromium and Lighthouse treat them as render-blocking although module scripts never
 * block a paint.
 */
function preloadStartupChunks(): Plugin {
  let base = '/';
  return {
    name: 'cartwheel:preload-startup-chunks',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { chunk: entry, bundle }) {
        if (!entry || !bundle) return html;
        const preloaded = new Set([entry.fileName, ...entry.imports]);
        const files: string[] = [];
        const add = (file: string) => {
          if (preloaded.has(file)) return;
          preloaded.add(file);
          files.push(file);
          const chunk = bundle[file];
          if (chunk?.type === 'chunk') for (const imported of chunk.imports) add(imported);
        };
        for (const file of entry.dynamicImports) add(file);
        const entryScript = `<script type="module" crossorigin src="${base}${entry.fileName}">`;
        if (!html.includes(entryScript)) throw new Error(`index.html has no ${entryScript}`);
        return {
          html: html.replace(
            entryScript,
            entryScript.replace(' crossorigin ', ' fetchpriority="low" crossorigin '),
          ),
          tags: files.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', fetchpriority: 'low', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head' as const,
          })),
        };
      },
    },
  };
}

/**
 * index.html's static shell shows skeleton product cards (the home page's 4 featured and 8 latest). The
 * card is written once, in its `<template data-skeleton-card>`; this copies it in place of each
 * `skeleton-cards:N` comment, N times, and drops the template.
 */
function skeletonCards(): Plugin {
  const template = /[ \t]*<template data-skeleton-card>\n([\s\S]*?)\n[ \t]*<\/template>\n/;
  return {
    name: 'cartwheel:skeleton-cards',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const card = template.exec(html)?.[1]?.trim();
        if (!card) throw new Error('index.html has no <template data-skeleton-card>');
        return html
          .replace(template, '')
          .replace(/<!--skeleton-cards:(\d+)-->/g, (_marker, count: string) => card.repeat(Number(count)));
      },
    },
  };
}

// react-router's package exports point every import at its development build (the same code with its
// console warnings switched on); the shop's build takes the production build next to it.
const reactRouterProduction = fileURLToPath(
  import.meta.resolve('react-router').replace('/dist/development/', '/dist/production/'),
);

export default defineConfig({
  base: '/',
  resolve: { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] },
  plugins: [react(), tailwindcss(), skeletonCards(), preloadStartupChunks()],
  server: { port: 5173, proxy: devProxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React and the router change far less often than the app: their own chunks stay cached across
        // deploys. Two chunks, so that start-up evaluates them in separate tasks (src/main.tsx).
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'vendor-router', test: /node_modules[\\/]react-router[\\/]/ },
          ],
        },
      },
    },
  },
});
