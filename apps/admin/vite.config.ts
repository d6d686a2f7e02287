import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { reactRouterProduction } from '../web/build/react-router-production';

const target = process.env.API_TARGET ?? 'http://localhost:8080';

// The server serves the built console under /admin/ (apps/server/src/app.ts); in `vite dev` the
// admin API and the uploads it shows go to a running server.
export default defineConfig({
  base: '/admin/',
  // Brotli and gzip copies next to every text asset: the server picks one by Accept-Encoding
  // (@fastify/static preCompressed), so nothing is compressed per request. A copy that would not
  // be smaller is skipped and the original is served.
  plugins: [react(), reactRouterProduction(), compression({ include: /\.(html|js|mjs|css|json|webmanifest|svg|xml|txt|map)$/i, algorithms: ['brotliCompress', 'gzip'] })],
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
