import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { PRERENDERED_PATHS, prerenderedFile } from '@shared/prerenderedPages.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

/**
 * The files that say which version of the app runs: the page, the service worker (a browser
 * finds a new deployment by fetching it again) and the web app manifest.
 */
const ENTRY_FILES = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);

/** Vite names everything under assets/ by its content hash, so those files never change. */
function cacheControlFor(filePath: string, root: string): string {
  const relative = path.relative(root, filePath).split(path.sep).join('/');
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

/**
 * The built client: its files as they are (a missing one is a 404, never the app's HTML), a
 * prerendered page's own HTML, and index.html for any other GET outside /api, so the browser's
 * router can show the page.
 */
export const staticClientPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  const { root } = options;
  const prerendered = prerenderedPages(root);
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(filePath, root));
    },
  });

  app.get('/*', (request, reply) => {
    const urlPath = request.url.split('?')[0]!;
    if (urlPath === '/api' || urlPath.startsWith('/api/') || namesFile(urlPath)) return reply.callNotFound();
    return reply.header('cache-control', REVALIDATE).sendFile(prerendered.get(urlPath) ?? 'index.html');
  });
});
