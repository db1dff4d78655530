import type { Session } from '@shared/auth/schemas.js';

/** Refresh this long before the access token expires, so requests never carry a dead token. */
export const REFRESH_LEAD_MS = 60_000;
/** After a failed refresh (offline, server down) try again this much later. */
export const REFRESH_RETRY_MS = 30_000;
/** Never schedule refreshes closer together than this, whatever the token says. */
const MIN_REFRESH_DELAY_MS = 5_000;
/** A token with less life left than this is refreshed before it is sent. */
const USABLE_MARGIN_MS = 10_000;

/** Milliseconds until the scheduled refresh of a session expiring at expiresAt. */
export function refreshDelay(expiresAt: number, now: number): number {
  return Math.max(MIN_REFRESH_DELAY_MS, expiresAt - REFRESH_LEAD_MS - now);
}

/** Whether the access token still has enough life to be sent as is. */
export function isTokenUsable(session: Pick<Session, 'expiresAt'>, now: number): boolean {
  return session.expiresAt - now > USABLE_MARGIN_MS;
}

/** Lifetime (exp - iat) of a JWT in milliseconds, or null when the token cannot be read. */
export function tokenLifetimeMs(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const { iat, exp } = JSON.parse(json) as { iat?: unknown; exp?: unknown };
    if (typeof iat !== 'number' || typeof exp !== 'number' || exp <= iat) return null;
    return (exp - iat) * 1000;
  } catch {
    return null;
  }
}

/**
 * Restates a just-received session's expiry on this device's clock. The server's expiresAt is on
 * the server's clock; a phone whose clock runs ahead would otherwise see every new token as
 * already expired and refresh in a loop.
 */
export function localizeExpiry(session: Session, receivedAt: number): Session {
  const lifetime = tokenLifetimeMs(session.accessToken);
  return lifetime === null ? session : { ...session, expiresAt: receivedAt + lifetime };
}
