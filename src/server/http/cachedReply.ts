import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedResponse } from './responseCache.js';

/** The data changes whenever its owner edits it: browsers may keep it but ask again before each use. */
const REVALIDATE_EVERY_TIME = 'no-cache';

/** Whether If-None-Match names this ETag; GET compares weakly (RFC 9110 13.1.2), so a W/ prefix still matches. */
export function ifNoneMatchHits(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Sends a cached JSON body with its ETag, or 304 without a body when the client already holds it. */
export function sendCached(request: FastifyRequest, reply: FastifyReply, response: CachedResponse): FastifyReply {
  reply.header('etag', response.etag).header('cache-control', REVALIDATE_EVERY_TIME);
  if (ifNoneMatchHits(request.headers['if-none-match'], response.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(response.body);
}
