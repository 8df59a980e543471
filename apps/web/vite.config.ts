import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';

// The API server serves the built SPA (apps/web/dist). In dev, forward /api and /sandbox to a
// locally running server so cookies stay same-origin. The server refuses state-changing
// requests from foreign origins, so the dev proxy presents the server's own origin.
const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:3000';
const proxy = { target: apiTarget, changeOrigin: false, headers: { origin: apiTarget } };

export default defineConfig({
  plugins: [react(), precompress()],
  // The manifest maps each route module to its chunks: the bench sums what a first visit loads.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    // Every browser the app supports preloads modules itself; the polyfill only cost bytes.
    modulePreload: { polyfill: false },
    // The libraries every page needs (React, the router, TanStack Query, zustand) in one chunk:
    // one file compresses better than the six the default split made, and it stays cached
    // across releases of the app's own code.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](?:query-core|react-query)|zustand)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': proxy,
      '/sandbox': proxy,
    },
  },
});
