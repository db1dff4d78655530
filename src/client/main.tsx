// First, before any schema is built.
import './lib/zodWithoutEval.js';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/App.js';
import { routes } from './app/router.js';
import { routerReady } from './app/routerReady.js';
import { PAGE_STATE_ID } from '@shared/pageFrame.js';
import { queryClient } from './lib/queryClient.js';
import { keepUpToDate } from './pwa/serviceWorker.js';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A page the server rendered with live data brings its queries' state: the first render shows that data, as its HTML does.
const pageState = document.getElementById(PAGE_STATE_ID)?.textContent;
if (pageState) hydrate(queryClient, JSON.parse(pageState) as DehydratedState);

const router = createBrowserRouter(routes);
keepUpToDate(router);
const app = (
  <StrictMode>
    <App router={router} />
  </StrictMode>
);

// A page prerendered at build time is hydrated once its route's code is here, so that the first
// render is the one its HTML came from. As a transition, React hydrates it in slices between
// which the phone answers a tap, rather than in one long task.
if (root.hasChildNodes()) void routerReady(router).then(() => startTransition(() => void hydrateRoot(root, app)));
else createRoot(root).render(app);
