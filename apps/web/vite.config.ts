import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (port 3000) serves tRPC, the REST shims and the websocket; in development
// Vite proxies to it so the browser sees one origin, exactly as in production.
const api = 'http://127.0.0.1:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/trpc': api,
      '/api': api,
      // Only POST /subscribe is the API; GET /subscribe is the plan page Vite serves.
      '/subscribe': {
        target: api,
        bypass: (request) => (request.method === 'GET' ? request.url : undefined),
      },
      '/ws': { target: api, ws: true },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // React changes less often than the app: its own chunk stays cached across releases.
        // Mantine is split per route, so a page loads the components it uses rather than every
        // component any page uses; the parts ten or more chunks share go in one chunk, not in
        // dozens of small files (measured with bench/web-bundle.ts: 10 gave the lightest
        // landing and login pages together).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
            },
            { name: 'ui-base', test: /node_modules[\\/]@mantine[\\/]/, minShareCount: 10 },
          ],
        },
      },
    },
  },
});
