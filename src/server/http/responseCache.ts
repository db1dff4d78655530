import { createHash } from 'node:crypto';
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
 * Whoever changes what a response shows invalidates its key (or everything); a response loaded
 * while any invalidation happened is answered but not kept, since it may have been read from
 * the database before that change committed. `caughtUp` resolves once every invalidation of a
 * change committed before the call has been applied: each read waits for it, so no read is
 * answered with what a change committed before it replaced.
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private readonly loading = new Map<string, Promise<CachedResponse>>();
  private generation = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly caughtUp: () => Promise<void>,
  ) {}

  async get(key: string, load: () => Promise<string>): Promise<CachedResponse> {
    await this.caughtUp();
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    return this.loading.get(key) ?? this.startLoading(key, load);
  }

  invalidate(keys: readonly string[]): void {
    this.generation++;
    for (const key of keys) {
      this.entries.delete(key);
      this.loading.delete(key);
    }
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** One load per key at a time: reads missing the same entry together share it. A change meanwhile drops it from `loading`, so later reads load afresh. */
  private startLoading(key: string, load: () => Promise<string>): Promise<CachedResponse> {
    const generation = this.generation;
    const loading = load()
      .then((body) => {
        const response = new CachedResponse(Buffer.from(body));
        if (generation === this.generation) this.keep(key, response);
        return response;
      })
      .finally(() => {
        if (this.loading.get(key) === loading) this.loading.delete(key);
      });
    this.loading.set(key, loading);
    return loading;
  }

  private keep(key: string, response: CachedResponse): void {
    this.entries.set(key, response);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
