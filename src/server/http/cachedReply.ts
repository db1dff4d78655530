import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiateCoding } from './contentCoding.js';
import type { CachedResponse } from './responseCache.js';

/** The data changes whenever its owner edits it: browsers may keep it but ask again before each use. */
const REVALIDATE_EVERY_TIME = 'no-cache';

/** Whether If-None-Match names this ETag; GET compares weakly (RFC 9110 13.1.2), so a W/ prefix still matches. */
export function ifNoneMatchHits(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends a cached body (JSON unless `type` says otherwise) in the coding the request's Accept-Encoding prefers, compressed once
 * per response rather than per request, with that representation's own ETag; or 304 without a
 * body when the client already holds that representation.
 */
export async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  response: CachedResponse,
  type = JSON_TYPE,
): Promise<FastifyReply> {
  const representation = await response.encodedAs(negotiateCoding(request.headers['accept-encoding']));
  reply.header('etag', representation.etag).header('cache-control', REVALIDATE_EVERY_TIME).header('vary', 'accept-encoding');
  if (ifNoneMatchHits(request.headers['if-none-match'], representation.etag)) return reply.code(304).send();
  // @fastify/compress leaves a reply with a Content-Encoding alone; an uncompressed one it could
  // compress again, since it reads Accept-Encoding its own way (it takes `*` for gzip even when
  // gzip;q=0 is named), sending the identity ETag with a gzip body. Its opt-out keeps it off.
  if (representation.coding) reply.header('content-encoding', representation.coding);
  else request.headers['x-no-compression'] = 'chosen by sendCached';
  return reply.type(type).send(representation.body);
}
