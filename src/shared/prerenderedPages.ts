/**
 * The pages whose HTML the client build renders ahead (src/client/prerender) so that they show
 * before any script runs, and the file under the built client's folder the server sends for each.
 */
export const PRERENDERED_PATHS = ['/', '/customer'] as const;

export type PrerenderedPath = (typeof PRERENDERED_PATHS)[number];

export function prerenderedFile(path: PrerenderedPath): string {
  return `prerendered/${path === '/' ? 'index' : path.slice(1)}.html`;
}
