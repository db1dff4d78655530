import { onlineManager } from '@tanstack/react-query';
import { reportUnreachable, serverAnswers } from '@/lib/connectivity.js';

const RELOADED_AT_KEY = 'chopchop.reloadedForNewVersion';
/** A second reload this soon after the first would not help: the deployment itself is broken. */
export const RELOAD_GUARD_MS = 30_000;

/** A page's code could not be fetched because the server cannot be reached. */
export class PageOfflineError extends Error {
  override readonly name = 'PageOfflineError';
}

export const mayReloadAgain = (lastReloadAt: number | null, now: number) =>
  lastReloadAt === null || now - lastReloadAt > RELOAD_GUARD_MS;

/** Reloads the tab unless it already did so just now for the same reason; says whether it did. */
function reloadOnce(): boolean {
  try {
    const last = sessionStorage.getItem(RELOADED_AT_KEY);
    const now = Date.now();
    if (!mayReloadAgain(last === null ? null : Number(last), now)) return false;
    sessionStorage.setItem(RELOADED_AT_KEY, String(now));
  } catch {
    // Without storage a reload could loop for ever.
    return false;
  }
  window.location.reload();
  return true;
}

/**
 * Fetches a page's code. When that fails with the server out of reach, the page is offline
 * (PageOfflineError); when the server answers, the file is gone because a new version was
 * deployed since this tab loaded, and reloading once brings the new version.
 */
export async function loadPageModule<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!onlineManager.isOnline() || !(await serverAnswers())) {
      reportUnreachable();
      throw new PageOfflineError("This page's code could not be fetched offline", { cause: error });
    }
    // The reload replaces this page: the route waits for it instead of showing an error.
    if (reloadOnce()) return new Promise<never>(() => undefined);
    throw error;
  }
}
