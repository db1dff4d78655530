import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import type { PrerenderedPath } from '@shared/prerenderedPages.js';
import { App } from '@/app/App.js';
import { routes } from '@/app/router.js';
import { routerReady } from '@/app/routerReady.js';
import { RESTAURANT_LIST_URL } from '@/features/restaurants/restaurantsApi.js';

interface PageNeeds {
  /** The page's lazy route modules (paths under src/client), fetched with the entry rather than after it. */
  code: string[];
  /** What the page fetches first, requested by its HTML in parallel with the scripts. */
  data: string[];
}

const NEEDS: Record<PrerenderedPath, PageNeeds> = {
  '/': { code: ['features/landing/LandingPage.tsx'], data: [] },
  '/customer': { code: ['features/customer/DiscoveryPage.tsx'], data: [RESTAURANT_LIST_URL] },
};

/**
 * A page as a signed-out visitor with an empty cart first sees it, rendered at build time: the
 * browser hydrates it (main.tsx) and then shows what the session or the cart change.
 */
export async function renderPage(path: PrerenderedPath): Promise<PageNeeds & { html: string }> {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await routerReady(router);
  const { errors } = router.state;
  if (errors) throw new Error(`${path} cannot be prerendered`, { cause: Object.values(errors)[0] as unknown });
  const { prelude } = await prerender(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  router.dispose();
  return { ...NEEDS[path], html: await new Response(prelude).text() };
}
