import { createHash } from 'node:crypto';

/** A response body ready to send as it is, with the strong ETag that names it. */
export interface CachedResponse {
  body: Buffer;
  etag: string;
}

export const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

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
    const generation = this.generation;
    const body = Buffer.from(await load());
    const response = { body, etag: etagOf(body) };
    if (generation === this.generation) this.keep(key, response);
    return response;
  }

  invalidate(keys: readonly string[]): void {
    this.generation++;
    for (const key of keys) this.entries.delete(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private keep(key: string, response: CachedResponse): void {
    this.entries.set(key, response);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
