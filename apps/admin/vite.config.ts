import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const target = process.env.API_TARGET ?? 'http://localhost:8080';

// The server serves the built console under /admin/ (apps/server/src/app.ts); in `vite dev` the
// admin API and the uploads it shows go to a running server.
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    port: 5174,
    proxy: {
      '/admin/api': { target, changeOrigin: true },
      '/uploads': { target, changeOrigin: true },
    },
  },
  preview: {
    port: 4174,
    proxy: {
      '/admin/api': { target, changeOrigin: true },
      '/uploads': { target, changeOrigin: true },
    },
  },
});
