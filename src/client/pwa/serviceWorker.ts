import type { DataRouter } from 'react-router';

/** How often an open tab asks whether a new version was deployed, besides each time it is shown again. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

async function register(): Promise<void> {
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const checkForUpdate = () => void registration.update().catch(() => undefined);
  setInterval(checkForUpdate, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkForUpdate();
  });
}

const workerSupported = () => import.meta.env.PROD && 'serviceWorker' in navigator;

/**
 * Installs the service worker once the page has loaded (production builds only); it then asks
 * for a new deployment hourly and whenever the tab is shown again.
 */
export function installServiceWorker(): void {
  if (!workerSupported()) return;
  const start = () => void register().catch((error: unknown) => console.warn('The service worker could not be installed', error));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/**
 * Installs the service worker and keeps the tab on the deployed
 * version. A new deployment's worker takes over at once; this tab keeps running the code it
 * loaded until the next change of page, which then loads in full from the new version, so
 * nothing being typed is lost and no page of the old version asks for files that are gone.
 */
export function keepUpToDate(router: Pick<DataRouter, 'state' | 'subscribe' | 'createHref'>): void {
  if (!workerSupported()) return;

  let controlled = navigator.serviceWorker.controller !== null;
  let outdated = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first worker taking control of a fresh tab is not an update.
    outdated = controlled;
    controlled = true;
  });
  let shownKey = router.state.location.key;
  router.subscribe((state) => {
    const next = state.navigation.location ?? state.location;
    if (outdated && next.key !== shownKey) window.location.assign(router.createHref(next));
    shownKey = state.location.key;
  });
  installServiceWorker();
}
