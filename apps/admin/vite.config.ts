import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In dev the API (apps/api) runs on :3000; the back office calls it same-origin through this proxy.
const api = 'http://127.0.0.1:3000';
const proxy = { '/api': api, '/uploads': api, '/demo-images': api };

// Served under /admin/ (the API serves this build there in production).
export default defineConfig({
  base: '/admin/',
  plugins: [react(), tailwindcss()],
  server: { port: 5174, proxy },
  preview: { port: 4174, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React and the router change far less often than the app: their own chunk stays cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
          ],
        },
      },
    },
  },
});
