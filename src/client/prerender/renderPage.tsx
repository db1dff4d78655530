import { dehydrate, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import type { LiveData, PrerenderedPath, RenderedPage } from '@shared/prerenderedPages.js';
import { App } from '@/app/App.js';
import { routes } from '@/app/router.js';
import { routerReady } from '@/app/routerReady.js';
import { RESTAURANT_LIST_URL, restaurantsQuery } from '@/lib/restaurantsApi.js';

interface PageNeeds {
  /** The page's lazy route modules (paths under src/client), fetched with the entry rather than after it. */
  code: string[];
  /** What the page fetches first, requested by its HTML in parallel with the scripts. */
  data: string[];
  /** The page's own script in place of the app's (a path under src/client), for a page that is whole as HTML. */
  entry?: string;
}

export const PAGE_NEEDS: Record<PrerenderedPath, PageNeeds> = {
  '/': { code: [], data: [], entry: 'landing.ts' },
  '/customer': { code: ['features/restaurants/DiscoveryPage.tsx'], data: [RESTAURANT_LIST_URL] },
};

/**
 * A page as a signed-out visitor with an empty cart first sees it: at build time without data
 * (what loads shows as loading), or on the server with `live` data in its queries, whose state
 * comes back with the HTML. The browser hydrates it (main.tsx) and then shows what the session
 * or the cart change.
 */
export async function renderPage(path: PrerenderedPath, live?: LiveData): Promise<RenderedPage> {
  const queryClient = new QueryClient();
  if (live) queryClient.setQueryData(restaurantsQuery('').queryKey, live.restaurants);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await routerReady(router);
  const { errors } = router.state;
  if (errors) throw new Error(`${path} cannot be prerendered`, { cause: Object.values(errors)[0] as unknown });
  const { prelude } = await prerender(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
  router.dispose();
  const html = await new Response(prelude).text();
  return live ? { html, state: dehydrate(queryClient) } : { html };
}
