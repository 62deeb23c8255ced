import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// In dev the API (apps/api) runs on :3000; the storefront calls it same-origin through this proxy.
const api = 'http://127.0.0.1:3000';
const proxy = { '/api': api, '/uploads': api, '/demo-images': api };
// `npm run dev` serves everything from this origin: the back office's dev server sits behind /admin.
const devProxy = { ...proxy, '/admin': { target: 'http://127.0.0.1:5174', ws: true } };

// react-router's package exports point every import at its development build (the same code with its
// console warnings switched on); the shop's build takes the production build next to it.
const reactRouterProduction = fileURLToPath(
  import.meta.resolve('react-router').replace('/dist/development/', '/dist/production/'),
);

// The stylesheet first in the head: nothing paints before it arrives, and over HTTP/1.1 the browser
// opens six connections per host, so behind the module preloads Vite writes first it would wait its turn.
const stylesheetFirst: Plugin = {
  name: 'cartwheel-stylesheet-first',
  transformIndexHtml: {
    order: 'post',
    handler(html) {
      const links = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
      return html
        .replace(/\s*<link rel="stylesheet"[^>]*>/g, '')
        .replace(/<meta name="viewport"[^>]*>/, (viewport) => [viewport, ...links].join('\n    '));
    },
  },
};

export default defineConfig({
  base: '/',
  resolve: { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] },
  plugins: [react(), tailwindcss(), stylesheetFirst],
  // The server render's bundle (scripts/targets.mjs) carries its dependencies, React's production
  // build among them, so the server renders at production speed whatever NODE_ENV says.
  ssr: { noExternal: true },
  server: { port: 5173, proxy: devProxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each route module needs, for the server's preload tags.
    manifest: true,
    rolldownOptions: {
      output: {
        // React and the router change far less often than the app: their own chunks stay cached across
        // deploys.
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
