import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressClient } from './scripts/precompressPlugin.js';
import { prerenderPages } from './scripts/prerenderPlugin.js';
import { pushWorker } from './scripts/pushWorkerPlugin.js';
import { pwaOptions } from './vite.pwa.js';

const LANDING_ENTRY = fileURLToPath(new URL('./src/client/landing.ts', import.meta.url));
const apiPort = process.env.PORT ?? '3000';

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), pushWorker(), VitePWA(pwaOptions), prerenderPages(), precompressClient()],
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
      '@': fileURLToPath(new URL('./src/client', import.meta.url)),
    },
  },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    rolldownOptions: {
      // The landing page's own script (see src/client/landing.ts), besides the app.
      input: { index: fileURLToPath(new URL('./src/client/index.html', import.meta.url)), landing: LANDING_ENTRY },
      output: {
        // Libraries change far less often than the app: their own chunks stay cached across releases.
        codeSplitting: {
          // Shared modules of a few hundred bytes (an icon, a layout piece) are copied into the chunks
          // that use them: on a slow phone each request costs a round trip, far more than the bytes.
          experimentalInlineCommonChunks: { maxSize: 4 * 1024 },
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, ws: true } },
  },
});
