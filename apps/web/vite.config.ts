import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const target = process.env.API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  base: './',
  // Brotli and gzip copies next to every text asset: the server picks one by Accept-Encoding
  // (@fastify/static preCompressed), so nothing is compressed per request. A copy that would not
  // be smaller is skipped and the original is served.
  plugins: [react(), compression({ include: /\.(html|js|mjs|css|json|webmanifest|svg|xml|txt|map)$/i, algorithms: ['brotliCompress', 'gzip'] })],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: {
      '/api': { target, changeOrigin: true },
      '/v2/ws': { target, ws: true, changeOrigin: true },
      '/v2': { target, changeOrigin: true },
      '/admin/api': { target, changeOrigin: true },
      '/healthz': { target, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target, changeOrigin: true },
      '/v2/ws': { target, ws: true, changeOrigin: true },
      '/v2': { target, changeOrigin: true },
      '/admin/api': { target, changeOrigin: true },
      '/healthz': { target, changeOrigin: true },
    },
  },
});
