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
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, manifest: true },
  server: {
    proxy: {
      '/api': proxy,
      '/sandbox': proxy,
    },
  },
});
