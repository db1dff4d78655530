import { sessionSchema, type Session } from '@shared/auth/schemas.js';
import { ApiError } from './apiError.js';
import { request } from './request.js';
import { sessionStore } from './sessionStore.js';
import { isTokenUsable, localizeExpiry } from './sessionTiming.js';

const LOCK_NAME = 'chopchop-refresh';

/** Runs fn while holding a lock shared by every tab of this origin (when the browser has Web Locks). */
async function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) return await navigator.locks.request(LOCK_NAME, fn);
  return await fn();
}

/** Refresh tokens are single-use: a refusal means the session is over, anything else may pass. */
const sessionIsOver = (error: unknown) =>
  error instanceof ApiError && (error.status === 400 || error.status === 401 || error.status === 403);

async function rotate(stale: Session): Promise<Session | null> {
  const stored = sessionStore.reload();
  if (!stored) return null;
  if (stored.refreshToken !== stale.refreshToken && isTokenUsable(stored, Date.now())) return stored;
  try {
    const fresh = await request('/api/auth/refresh', {
      method: 'POST',
      body: { refreshToken: stored.refreshToken },
      schema: sessionSchema,
    });
    const session = localizeExpiry(fresh, Date.now());
    sessionStore.set(session);
    return session;
  } catch (error) {
    if (sessionIsOver(error)) {
      sessionStore.set(null);
      return null;
    }
    throw error;
  }
}

let inFlight: Promise<Session | null> | null = null;

/**
 * A fresh session to replace `stale`, or null when the user is signed out. The refresh token
 * rotates on every use and reusing a spent one revokes the whole session, so only one tab
 * refreshes at a time: under the lock it first re-reads storage and adopts a session another
 * tab has just refreshed. Network failures throw and leave the session as it was.
 */
export function refreshSession(stale: Session): Promise<Session | null> {
  inFlight ??= withRefreshLock(() => rotate(stale)).finally(() => {
    inFlight = null;
  });
  return inFlight;
}
