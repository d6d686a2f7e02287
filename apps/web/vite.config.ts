import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { endpointsAsData } from './build/endpoints-as-data';
import { chunkGroups } from './build/chunk-groups';
import { directImports } from './build/direct-imports';
import { firstScreenPreload } from './build/first-screen-preload';
import { stylesAfterBoot } from './build/styles-after-boot';
import { reactRouterProduction } from './build/react-router-production';

const target = process.env.API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  base: './',
  // Brotli and gzip copies next to every text asset: the server picks one by Accept-Encoding
  // (@fastify/static preCompressed), so nothing is compressed per request. A copy that would not
  // be smaller is skipped and the original is served.
  plugins: [
    react(),
    reactRouterProduction(),
    directImports(),
    endpointsAsData(),
    stylesAfterBoot(),
    firstScreenPreload(),
    // Installable: the manifest with the icons (scripts/render-icons.mjs) and a service worker that
    // precaches the app shell (html, scripts, styles, icons) so the app opens on a bad network. It
    // has no runtime route at all: an API answer, a price or an upload is never served from it,
    // and navigations to the API, the websocket, uploads or the console never get the app's html.
    VitePWA({
      // Registered by public/register-sw.js (linked in index.html) once the first screen is in and
      // the page idle: the precache downloads about 1 MB and must not compete with the first screen.
      injectRegister: false,
      registerType: 'autoUpdate',
      manifestFilename: 'manifest.webmanifest',
      // the glob below already takes every icon and the logo
      includeManifestIcons: false,
      manifest: {
        id: './',
        name: 'TradePlatform',
        short_name: 'TradePlatform',
        description: 'Markets, contracts, options and copy trading',
        start_url: './',
        scope: './',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#ffffff',
        theme_color: '#1677ff',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{html,js,css,svg,png,webp,webmanifest}'],
        globIgnores: ['**/*.map', 'register-sw.js', 'push-sw.js'],
        // Web Push: the push and notificationclick handlers (public/push-sw.js)
        importScripts: ['push-sw.js'],
        inlineWorkboxRuntime: true,
        // a new build takes over open pages at once, rather than after every tab is closed
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/v2\//, /^\/admin/, /^\/uploads\//, /^\/healthz/],
        runtimeCaching: [],
        // the chart library is the largest file; a phone precaches it once in the background
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
    }),
    compression({ include: /\.(html|js|mjs|css|json|webmanifest|svg|xml|txt|map)$/i, algorithms: ['brotliCompress', 'gzip'] }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    manifest: true,
    // fewer, larger files for a phone's network (build/chunk-groups.ts says how and why)
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
  },
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
