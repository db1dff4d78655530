import type { VitePWAOptions } from 'vite-plugin-pwa';
import { PUSH_WORKER_FILE } from './scripts/pushWorkerPlugin.js';
import { API_CACHES } from './src/client/pwa/caches.js';

const DAY_SECONDS = 24 * 60 * 60;
/** Past this a slow connection gives way to what was saved: a phone on 3G still sees its menu. */
const NETWORK_TIMEOUT_SECONDS = 3;

type RuntimeCaching = NonNullable<VitePWAOptions['workbox']['runtimeCaching']>[number];

/** Fresh from the network when it answers in time, otherwise the last copy saved. */
const networkFirst = ({ name, pattern }: { name: string; pattern: RegExp }, maxEntries: number): RuntimeCaching => ({
  urlPattern: pattern,
  handler: 'NetworkFirst',
  options: {
    cacheName: name,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    expiration: { maxEntries, maxAgeSeconds: 7 * DAY_SECONDS },
    cacheableResponse: { statuses: [200] },
  },
});

/**
 * The installable app: a web app manifest, and a Workbox service worker that precaches the
 * app shell and every page's code and keeps the reads of API_CACHES for offline use. A new
 * deployment's worker takes over at once (autoUpdate); keepUpToDate() in the app decides when
 * an open page reloads into it.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  registerType: 'autoUpdate',
  injectRegister: false,
  // The icons are in public/, which globPatterns precaches already.
  includeManifestIcons: false,
  manifest: {
    name: 'ChopChop',
    short_name: 'ChopChop',
    description: 'Order food from restaurants near you, run your restaurant, or deliver and earn.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#d4551c',
    background_color: '#fefbf7',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,webp,wav}'],
    // The carousel's slides come in two widths: each phone keeps the one it showed (below), not both.
    globIgnores: ['carousel/**'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//],
    // Push messages and taps on their notifications (src/client/pwa/pushWorker.ts, decision 020).
    importScripts: [PUSH_WORKER_FILE],
    cleanupOutdatedCaches: true,
    // A new deployment's worker takes over the open tabs at once (see keepUpToDate()).
    skipWaiting: true,
    clientsClaim: true,
    runtimeCaching: [
      networkFirst(API_CACHES.public, 200),
      networkFirst(API_CACHES.personal, 20),
      {
        urlPattern: /\/carousel\/[\w-]+\.webp$/,
        handler: 'CacheFirst',
        options: { cacheName: 'carousel', expiration: { maxEntries: 40 }, cacheableResponse: { statuses: [200] } },
      },
      {
        urlPattern: API_CACHES.images.pattern,
        handler: 'CacheFirst',
        options: {
          cacheName: API_CACHES.images.name,
          expiration: { maxEntries: 300, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
};
