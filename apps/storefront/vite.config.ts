import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

export default defineConfig({
  base: '/',
  resolve: { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] },
  plugins: [react(), tailwindcss()],
  // The server render's bundle (scripts/targets.mjs) carries its dependencies, React's production
  // build among them, so the server renders at production speed whatever NODE_ENV says.
  ssr: { noExternal: true },
  server: { port: 5173, proxy: devProxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
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
