import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { framePage, type PageFrame } from '@shared/pageFrame.js';
import { LIVE_PAGE, RENDERER, type LiveData, type PrerenderedPath, type RenderedPage } from '@shared/prerenderedPages.js';
import { CachedResponse } from './responseCache.js';

interface Renderer {
  renderPage: (path: PrerenderedPath, live: LiveData) => Promise<RenderedPage>;
}

/** LIVE_PAGE's document for the restaurant list it shows, compressed once per coding like the list. */
export type LivePage = (restaurants: CachedResponse) => Promise<CachedResponse>;

/**
 * LIVE_PAGE rendered by the client build's renderer (in `rendererDir`) with the restaurant list
 * as the public cache serves it, so that the first restaurants show before any script runs.
 * The document is kept until the list changes (its ETag names it), so a visit costs no render.
 * Null when the build left no renderer.
 */
export async function openLivePage(rendererDir: string): Promise<LivePage | null> {
  const rendererFile = path.join(rendererDir, RENDERER.file);
  const frameFile = path.join(rendererDir, RENDERER.frame);
  if (!existsSync(rendererFile) || !existsSync(frameFile)) return null;
  const { renderPage } = (await import(pathToFileURL(rendererFile).href)) as Renderer;
  const frame = JSON.parse(await readFile(frameFile, 'utf8')) as PageFrame;

  let last: { etag: string; page: Promise<CachedResponse> } | null = null;
  return (list) => {
    if (last?.etag === list.etag) return last.page;
    const restaurants = JSON.parse(list.body.toString('utf8')) as LiveData['restaurants'];
    const page = renderPage(LIVE_PAGE, { restaurants }).then(
      ({ html, state }) => new CachedResponse(Buffer.from(framePage(frame, html, state))),
    );
    const current = { etag: list.etag, page };
    last = current;
    // A failed render is tried again on the next visit.
    page.catch(() => {
      if (last === current) last = null;
    });
    return page;
  };
}
