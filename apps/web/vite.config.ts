import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const target = process.env.API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  base: './',
  plugins: [react()],
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
