import { onlineManager } from '@tanstack/react-query';
import { sessionSchema, type Session } from '@shared/auth/schemas.js';
import { ApiError } from './apiError.js';
import { request } from './request.js';
import { sessionStore } from './sessionStore.js';
import { isTokenUsable, localizeExpiry } from './sessionTiming.js';
import { notifyError } from './toast.js';

const LOCK_NAME = 'chopchop-refresh';

/** Runs fn while holding a lock shared by every tab of this origin (when the browser has Web Locks). */
async function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator) return await navigator.locks.request(LOCK_NAME, fn);
  return await fn();
}

/** A refusal means the session is over (or the account disabled); anything else may pass. */
const sessionIsOver = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 400 || error.status === 401 || error.status === 403);

async function rotate(stale: Session | null): Promise<Session | null> {
  const current = sessionStore.get();
  if (current && current.accessToken !== stale?.accessToken && isTokenUsable(current, Date.now())) return current;
  try {
    // The refresh token goes by itself, in its HttpOnly cookie; the JSON body is the CSRF guard.
    const fresh = await request('/api/auth/refresh', { method: 'POST', body: {}, schema: sessionSchema });
    const session = localizeExpiry(fresh, Date.now());
    sessionStore.set(session);
    return session;
  } catch (error) {
    if (!sessionIsOver(error)) throw error;
    // Only the session this refresh meant to replace ends: a sign-in meanwhile stays.
    if (sessionStore.get()?.accessToken === stale?.accessToken) {
      sessionStore.set(null);
      // A signed-in tab whose account was disabled meanwhile says why it signs out (403, 'This account has been disabled').
      if (stale && error.status === 403) notifyError(error.message);
    }
    return sessionStore.get();
  }
}

let inFlight: Promise<Session | null> | null = null;

/**
 * A fresh session to replace `stale` (null: whatever session the cookie holds), or null when
 * the user is signed out. Every tab sends the same cookie and each refresh rotates it, so only
 * one tab refreshes at a time: under the lock it first adopts a session another tab has just
 * refreshed and shared. Network failures throw and leave the session as it was.
 */
export function refreshSession(stale: Session | null): Promise<Session | null> {
  inFlight ??= withRefreshLock(() => rotate(stale)).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

let restored: Promise<void> | null = null;

/**
 * Once per page load: when this browser may hold a session, asks the server for it (the
 * access token lives in memory only, so a reload starts without one). A refusal signs the tab
 * out; any other failure (offline, the server down) leaves the session unconfirmed, not signed
 * out, until confirmSession() gets an answer.
 */
export function restoreSession(): Promise<void> {
  restored ??= sessionStore.restoreState() === 'restoring' ? askForSession() : Promise.resolve();
  return restored;
}

/** A session comes back, or a refusal signs the tab out: either way refreshSession() settles the store. */
async function askForSession(): Promise<void> {
  try {
    await refreshSession(null);
  } catch {
    sessionStore.leaveUnconfirmed();
  }
}

/**
 * Asks again for a session the server could not confirm, unless the connection is known to be
 * down: when it returns, and before any API call (which would otherwise go out without a token
 * while the session is on its way). Fails quietly: the session stays unconfirmed.
 */
export async function confirmSession(): Promise<void> {
  if (sessionStore.restoreState() !== 'unconfirmed' || !onlineManager.isOnline()) return;
  await refreshSession(null).catch(() => undefined);
}
