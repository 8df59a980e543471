import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server serves the built SPA (apps/web/dist) and proxies nothing: in dev, forward
// /api and /sandbox to a locally running server so cookies stay same-origin.
const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/sandbox': { target: apiTarget, changeOrigin: false },
    },
  },
});
