import type { RestaurantListItem } from './restaurants/schemas.js';

/**
 * The pages whose HTML the client build renders ahead (src/client/prerender) so that they show
 * before any script runs, and the file under the built client's folder the server sends for each.
 */
export const PRERENDERED_PATHS = ['/', '/customer'] as const;

export type PrerenderedPath = (typeof PRERENDERED_PATHS)[number];

export function prerenderedFile(path: PrerenderedPath): string {
  return `prerendered/${path === '/' ? 'index' : path.slice(1)}.html`;
}

/**
 * Where the client build leaves, in a folder beside the built client's (never served), the
 * renderer the server renders LIVE_PAGE with and that page's frame (shared/pageFrame.ts).
 */
export const RENDERER = { folder: 'render', file: 'renderPage.js', frame: 'frame.json' } as const;

/** A page the server renders on every visit with what the database holds now, so that its first screen needs no script. */
export const LIVE_PAGE = '/customer' satisfies PrerenderedPath;

/** What the server renders LIVE_PAGE with. */
export interface LiveData {
  restaurants: RestaurantListItem[];
}

/** The renderer's answer: the page inside #root and, rendered with live data, its queries' state. */
export interface RenderedPage {
  html: string;
  state?: unknown;
}
