import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { COMPRESSION_THRESHOLD_BYTES, compressBody, type ResponseCoding } from './contentCoding.js';

/** A representation of a response: its body as sent and the strong ETag that names it. */
export interface Representation {
  body: Buffer;
  etag: string;
  /** Absent for the uncompressed body. */
  coding?: ResponseCoding;
}

const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** The identity ETag with the coding before its closing quote: each representation has its own strong validator (RFC 9110 8.8.3). */
const codedEtag = (etag: string, coding: ResponseCoding) => `${etag.slice(0, -1)}-${coding}"`;

/**
 * A response body ready to send as it is, with the strong ETag that names it, and its compressed
 * copies: each made the first time a client asks for its coding, then kept with the response.
 */
export class CachedResponse implements Representation {
  readonly etag: string;
  private readonly compressed = new Map<ResponseCoding, Promise<Representation>>();

  constructor(readonly body: Buffer) {
    this.etag = etagOf(body);
  }

  /** The body in `coding`; the body itself when it is too small to be worth compressing. */
  encodedAs(coding: ResponseCoding | 'identity'): Promise<Representation> | Representation {
    if (coding === 'identity' || this.body.length < COMPRESSION_THRESHOLD_BYTES) return this;
    let copy = this.compressed.get(coding);
    if (!copy) {
      copy = compressBody(this.body, coding).then((body) => ({ body, etag: codedEtag(this.etag, coding), coding }));
      // A failed compression is tried again by the next request that asks for it.
      copy.catch(() => this.compressed.delete(coding));
      this.compressed.set(coding, copy);
    }
    return copy;
  }
}

/**
 * Serialized responses kept in memory, the least recently read dropped beyond `maxEntries`.
 * Whoever changes what a response shows invalidates its key (or everything); a response loading
 * when its key is invalidated is answered but not kept, since it may have been read from the
 * database before that change committed. `caughtUp` resolves once every invalidation of a
 * change committed before the call has been applied: each read waits for it, so no read is
 * answered with what a change committed before it replaced.
 */
export class ResponseCache {
  /**
   * Reads missing the same key together share one load. Invalidating a key aborts its load;
   * `ignoreFetchAbort` still answers that load's readers with what it read, but does not keep
   * it, and a read after the invalidation loads afresh.
   */
  private readonly entries: LRUCache<string, CachedResponse, () => Promise<string>>;

  constructor(
    maxEntries: number,
    private readonly caughtUp: () => Promise<void>,
  ) {
    this.entries = new LRUCache({
      max: maxEntries,
      ignoreFetchAbort: true,
      fetchMethod: async (_key, _stale, { context: load }) => new CachedResponse(Buffer.from(await load())),
    });
  }

  async get(key: string, load: () => Promise<string>): Promise<CachedResponse> {
    await this.caughtUp();
    // Never undefined: the fetch method always resolves to a response or rejects.
    return (await this.entries.fetch(key, { context: load }))!;
  }

  invalidate(keys: readonly string[]): void {
    for (const key of keys) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** The responses kept and being loaded. */
  get size(): number {
    return this.entries.size;
  }
}
