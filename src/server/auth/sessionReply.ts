import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Session } from '@shared/auth/schemas.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { refreshCookie, setRefreshCookie } from './cookies.js';
import { endSession, type IssuedSession } from './sessions.js';

/** Hands the refresh token over in its cookie and the rest in the body. */
export function replyWithSession(reply: FastifyReply, config: Config, session: IssuedSession): Session {
  setRefreshCookie(reply, config, session.refreshToken);
  const { refreshToken: _cookieOnly, ...body } = session;
  return body;
}

/**
 * Signing in (or up, by any route) in a browser ends the session it held before. The route's
 * plugin must have registered @fastify/cookie, which reads that session's cookie.
 */
export async function startNewSession(
  { db, config }: { db: Db; config: Config },
  request: FastifyRequest,
  reply: FastifyReply,
  session: IssuedSession,
): Promise<Session> {
  const previous = refreshCookie(request);
  if (previous) await endSession(db, previous);
  return replyWithSession(reply, config, session);
}
