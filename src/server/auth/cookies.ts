import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@shared/auth/schemas.js';
import type { Config } from '../config.js';
import { servedOverHttps } from '../core/mode.js';
import { AppError } from '../http/errors.js';
import { REFRESH_TOKEN_TTL_DAYS } from './tokens.js';

export const REFRESH_COOKIE = 'chopchop_refresh';

/**
 * The refresh token lives only here: out of reach of page scripts (HttpOnly), never sent by
 * another site (SameSite=Strict), only to the auth routes (Path), only over HTTPS whenever the
 * site or the request is on HTTPS (Secure). See docs/decisions/007-sessions-and-token-storage.md.
 */
function cookieOptions(config: Config, request: FastifyRequest) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    path: '/api/auth',
    secure: servedOverHttps(config, request),
  };
}

export function setRefreshCookie(reply: FastifyReply, config: Config, refreshToken: string) {
  reply.setCookie(REFRESH_COOKIE, refreshToken, {
    ...cookieOptions(config, reply.request),
    maxAge: REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60,
  });
}

export function clearRefreshCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(config, reply.request));
}

export const refreshCookie = (request: FastifyRequest): string | undefined => request.cookies[REFRESH_COOKIE] || undefined;

/**
 * The cookie goes with any request to /api/auth, so refresh and sign-out also demand a JSON
 * body: a form on another site cannot send one without a CORS preflight, which this API never
 * answers. A second guard behind SameSite=Strict.
 */
export async function requireJson(request: FastifyRequest) {
  if (!/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
    throw new AppError(415, 'unsupported_media_type', MESSAGES.jsonRequired);
  }
}
