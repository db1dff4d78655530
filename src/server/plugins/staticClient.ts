import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { LIVE_PAGE, PRERENDERED_PATHS, prerenderedFile, RENDERER } from '@shared/prerenderedPages.js';
import { sendCached } from '../http/cachedReply.js';
import { openLivePage } from '../http/livePage.js';
import { cachedRestaurantList } from '../restaurants/publicList.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

/**
 * The files that say which version of the app runs: the page, the service worker (a browser
 * finds a new deployment by fetching it again) with the script it imports for push messages
 * (scripts/pushWorkerPlugin.ts), and the web app manifest.
 */
const ENTRY_FILES = new Set(['index.html', 'sw.js', 'push-worker.js', 'manifest.webmanifest']);

/** The build's compressed copies (scripts/precompressPlugin.ts) are cached as the file they hold. */
const COMPRESSED_COPY = /\.(?:br|gz)$/;

/** Vite names everything under assets/ by its content hash, so those files never change. */
function cacheControlFor(filePath: string, root: string): string {
  const relative = path.relative(root, filePath).split(path.sep).join('/').replace(COMPRESSED_COPY, '');
  if (relative.startsWith('assets/')) return IMMUTABLE;
  if (ENTRY_FILES.has(relative) || relative.endsWith('.html')) return REVALIDATE;
  return SHORT;
}

/** A path whose last segment has an extension names a file, never a page of the app. */
const namesFile = (urlPath: string) => /\.[^/]*$/.test(urlPath);

/** The pages the client build rendered ahead, by URL path, with the file holding each. */
function prerenderedPages(root: string): Map<string, string> {
  const files = PRERENDERED_PATHS.map((page) => [page, prerenderedFile(page)] as const);
  return new Map(files.filter(([, file]) => existsSync(path.join(root, file))));
}

interface StaticClientOptions {
  /** The built client's folder. */
  root: string;
  /** Where the build left the live page's renderer; by default the folder beside `root` that RENDERER names. */
  rendererDir?: string;
}

/**
 * The built client: its files as they are (a missing one is a 404, never the app's HTML),
 * LIVE_PAGE rendered with the restaurants of now, a prerendered page's own HTML, and index.html
 * for any other GET outside /api, so the browser's router can show the page.
 */
export const staticClientPlugin = fp(async (app: FastifyInstance, options: StaticClientOptions) => {
  const { root } = options;
  const prerendered = prerenderedPages(root);
  const livePage = await openLivePage(options.rendererDir ?? path.resolve(root, '..', RENDERER.folder));

  /** The live page, or null when it cannot be rendered now: its prerendered HTML (which loads the list itself) goes instead. */
  const renderLivePage = async () => {
    try {
      return livePage && (await livePage(await cachedRestaurantList(app)));
    } catch (err) {
      app.log.warn({ err }, 'could not render the live page; sending its prerendered HTML');
      return null;
    }
  };
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The build wrote a .br and a .gz beside each text file: sent as they are, not compressed per request.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(filePath, root));
    },
  });

  app.get('/*', async (request, reply) => {
    const urlPath = request.url.split('?')[0]!;
    if (urlPath === '/api' || urlPath.startsWith('/api/') || namesFile(urlPath)) return reply.callNotFound();
    reply.header('cache-control', REVALIDATE);
    const live = urlPath === LIVE_PAGE ? await renderLivePage() : null;
    if (live) return sendCached(request, reply, live, 'text/html; charset=utf-8');
    return reply.sendFile(prerendered.get(urlPath) ?? 'index.html');
  });
});
