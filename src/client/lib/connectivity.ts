import { onlineManager } from '@tanstack/react-query';

/** How often a dead connection is tried again while the browser still claims to be online. */
const PROBE_INTERVAL_MS = 5_000;
const PROBE_URL = '/api/health';

/** Whether the server answers at all, whatever the status; never from the service worker's cache. */
export async function serverAnswers(): Promise<boolean> {
  try {
    await fetch(PROBE_URL, { cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

let probe: ReturnType<typeof setInterval> | undefined;

function stopProbing() {
  clearInterval(probe);
  probe = undefined;
}

/**
 * Whether the server can be reached, as TanStack Query sees it: the browser's own view
 * (navigator.onLine and its online/offline events), corrected by reportUnreachable(). Outside
 * a browser (unit tests) there is nothing to listen to.
 */
export function listenToConnectivity(setOnline: (online: boolean) => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const sync = () => {
    stopProbing();
    setOnline(navigator.onLine);
  };
  sync();
  window.addEventListener('online', sync);
  window.addEventListener('offline', sync);
  return () => {
    stopProbing();
    window.removeEventListener('online', sync);
    window.removeEventListener('offline', sync);
  };
}

/**
 * An API call could not reach the server although the browser says it is online (a network
 * with no way out, the server down): offline until a probe gets any answer from the server.
 * Other API answers do not count: the service worker may have given them from its cache.
 */
export function reportUnreachable(): void {
  if (probe !== undefined || !onlineManager.isOnline()) return;
  onlineManager.setOnline(false);
  probe = setInterval(() => {
    void serverAnswers().then((answers) => {
      if (!answers || probe === undefined) return;
      stopProbing();
      onlineManager.setOnline(true);
    });
  }, PROBE_INTERVAL_MS);
}
