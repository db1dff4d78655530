import type { z } from 'zod';
import { MESSAGES } from '@shared/auth/schemas.js';
import { ApiError } from './apiError.js';
import { confirmSession, refreshSession, restoreSession } from './refresh.js';
import { request, type RequestOptions } from './request.js';
import { sessionStore } from './sessionStore.js';
import { isTokenUsable } from './sessionTiming.js';

export interface ApiOptions<S extends z.ZodType> extends RequestOptions<S> {
  /** Send the signed-in user's access token (default). Off for sign-in, sign-up and password reset. */
  auth?: boolean;
}

/**
 * The session to send: the one restored on load once that is done (or confirmed once the
 * connection is back), refreshed first when its access token is about to expire, or when
 * `renew` says the server refused it. None while the session stays unconfirmed offline: the
 * request goes out without a token and the service worker answers from what it saved.
 */
async function currentSession(renew = false) {
  await restoreSession();
  await confirmSession();
  const session = sessionStore.get();
  if (!session || (!renew && isTokenUsable(session, Date.now()))) return session;
  try {
    return await refreshSession(session);
  } catch {
    return session;
  }
}

/**
 * A valid access token for connections made outside api() (the realtime socket), or null when
 * signed out. `renew` gets a new one although the current one has not expired (the server
 * outdated it).
 */
export async function freshAccessToken(renew = false): Promise<string | null> {
  return (await currentSession(renew))?.accessToken ?? null;
}

/**
 * Calls the API: sends JSON or FormData, attaches the bearer token, parses the reply with the
 * given schema, and on a 401 refreshes the session once and retries. Every failure is an ApiError
 * carrying the server's message.
 */
export async function api<S extends z.ZodType>(path: string, options: ApiOptions<S>): Promise<z.output<S>> {
  const { auth = true, ...requestOptions } = options;
  const session = auth ? await currentSession() : null;
  try {
    return await request(path, requestOptions, session?.accessToken);
  } catch (error) {
    if (!session || !(error instanceof ApiError) || error.status !== 401) throw error;
    const fresh = await refreshSession(session);
    if (!fresh) throw new ApiError(401, 'unauthorized', MESSAGES.sessionExpired);
    return request(path, requestOptions, fresh.accessToken);
  }
}
