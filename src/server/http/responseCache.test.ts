import zlib from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES } from './contentCoding.js';
import { CachedResponse, ResponseCache } from './responseCache.js';

const nothingToWaitFor = () => Promise.resolve();

const later = () => {
  let resolve!: (body: string) => void;
  const promise = new Promise<string>((done) => (resolve = done));
  return { promise, resolve };
};

describe('ResponseCache', () => {
  it('loads a key once, then answers it from memory with the same strong ETag', async () => {
    const cache = new ResponseCache(10, nothingToWaitFor);
    let loads = 0;
    const load = async () => `{"n":${++loads}}`;
    const first = await cache.get('a', load);
    const second = await cache.get('a', load);
    expect(loads).toBe(1);
    expect(second).toBe(first);
    expect(first.body.toString()).toBe('{"n":1}');
    expect(first.etag).toMatch(/^"[\w-]+"$/);
  });

  it('never holds more than its bound, dropping the least recently read', async () => {
    const cache = new ResponseCache(2, nothingToWaitFor);
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    await cache.get('a', async () => 'a again');
    for (let i = 0; i < 50; i++) await cache.get(`search ${i}`, async () => `${i}`);
    expect(cache.size).toBe(2);

    const small = new ResponseCache(2, nothingToWaitFor);
    await small.get('a', async () => 'a');
    await small.get('b', async () => 'b');
    await small.get('a', async () => 'a again');
    await small.get('c', async () => 'c');
    expect((await small.get('a', async () => 'reloaded')).body.toString()).toBe('a');
    expect((await small.get('b', async () => 'reloaded')).body.toString()).toBe('reloaded');
  });

  it('loads again after its key is invalidated, and after everything is cleared', async () => {
    const cache = new ResponseCache(10, nothingToWaitFor);
    await cache.get('a', async () => 'old');
    cache.invalidate(['a']);
    expect((await cache.get('a', async () => 'new')).body.toString()).toBe('new');
    cache.clear();
    expect((await cache.get('a', async () => 'newer')).body.toString()).toBe('newer');
  });

  it('answers but does not keep a load that was under way when a change was announced', async () => {
    const cache = new ResponseCache(10, nothingToWaitFor);
    const slow = later();
    let loading!: () => void;
    const loadStarted = new Promise<void>((resolve) => (loading = resolve));
    const stale = cache.get('a', () => {
      loading();
      return slow.promise;
    });
    await loadStarted;
    cache.invalidate(['a']);
    slow.resolve('read before the change');
    expect((await stale).body.toString()).toBe('read before the change');
    expect((await cache.get('a', async () => 'after the change')).body.toString()).toBe('after the change');
  });

  it('loads once for reads that miss the same key together, but afresh for a read after a change', async () => {
    const cache = new ResponseCache(10, nothingToWaitFor);
    const slow = later();
    let loads = 0;
    const load = () => {
      loads++;
      return slow.promise;
    };
    const together = Array.from({ length: 20 }, () => cache.get('a', load));
    await vi.waitFor(() => expect(loads).toBe(1));
    cache.invalidate(['a']);
    const afterChange = cache.get('a', async () => 'after the change');
    slow.resolve('read before the change');
    const answers = await Promise.all(together);
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]!.body.toString()).toBe('read before the change');
    expect((await afterChange).body.toString()).toBe('after the change');
    expect(loads).toBe(1);
  });

  it('answers but does not keep a load that was under way when everything was cleared', async () => {
    const cache = new ResponseCache(10, nothingToWaitFor);
    const slow = later();
    const stale = cache.get('a', () => slow.promise);
    await vi.waitFor(() => expect(cache.size).toBe(1));
    cache.clear();
    slow.resolve('read before the change');
    expect((await stale).body.toString()).toBe('read before the change');
    expect((await cache.get('a', async () => 'after the change')).body.toString()).toBe('after the change');
  });

  it('passes on the error of a load that fails after its key was invalidated, and keeps nothing', async () => {
    const cache = new ResponseCache(10, nothingToWaitFor);
    let fail!: (error: Error) => void;
    const failing = cache.get('a', () => new Promise<string>((_resolve, reject) => (fail = reject)));
    await vi.waitFor(() => expect(fail).toBeDefined());
    cache.invalidate(['a']);
    fail(new Error('database down'));
    await expect(failing).rejects.toThrow('database down');
    expect(cache.size).toBe(0);
  });

  it('keeps a load under way when another key is invalidated', async () => {
    const cache = new ResponseCache(10, nothingToWaitFor);
    const slow = later();
    const loading = cache.get('a', () => slow.promise);
    await vi.waitFor(() => expect(cache.size).toBe(1));
    cache.invalidate(['b']);
    slow.resolve('a');
    await loading;
    expect((await cache.get('a', async () => 'reloaded')).body.toString()).toBe('a');
  });

  it('keeps nothing for a load that fails', async () => {
    const cache = new ResponseCache(10, nothingToWaitFor);
    await expect(cache.get('a', () => Promise.reject(new Error('not found')))).rejects.toThrow('not found');
    expect(cache.size).toBe(0);
  });
});

describe('CachedResponse', () => {
  afterEach(() => vi.restoreAllMocks());

  const json = JSON.stringify(Array.from({ length: 40 }, (_, i) => ({ name: `Dish ${i}`, description: 'Slow-cooked' })));
  const decoded = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync };

  it('decodes to the same body in every coding, each with its own strong ETag', async () => {
    const response = new CachedResponse(Buffer.from(json));
    const etags = new Set([response.etag]);
    for (const coding of ['br', 'gzip'] as const) {
      const copy = await response.encodedAs(coding);
      expect(copy.coding).toBe(coding);
      expect(copy.body.length).toBeLessThan(response.body.length);
      expect(decoded[coding](copy.body).toString()).toBe(json);
      expect(copy.etag).toMatch(/^"[\w-]+"$/);
      etags.add(copy.etag);
    }
    expect(etags.size).toBe(3);
    expect(response.encodedAs('identity')).toBe(response);
  });

  it('compresses once per coding, however many requests ask, at once or later', async () => {
    const brotli = vi.spyOn(zlib, 'brotliCompress');
    const response = new CachedResponse(Buffer.from(json));
    const atOnce = await Promise.all([response.encodedAs('br'), response.encodedAs('br')]);
    const later = await response.encodedAs('br');
    expect(brotli).toHaveBeenCalledTimes(1);
    expect(atOnce[1]).toBe(atOnce[0]);
    expect(later).toBe(atOnce[0]);
  });

  it('leaves a body under the compression threshold uncompressed, whatever the client takes', async () => {
    const small = new CachedResponse(Buffer.from('x'.repeat(COMPRESSION_THRESHOLD_BYTES - 1)));
    expect(await small.encodedAs('br')).toBe(small);
    expect(await small.encodedAs('gzip')).toBe(small);
    const large = new CachedResponse(Buffer.from('x'.repeat(COMPRESSION_THRESHOLD_BYTES)));
    expect((await large.encodedAs('gzip')).coding).toBe('gzip');
  });

  it('tries a failed compression again on the next request', async () => {
    vi.spyOn(zlib, 'gzip').mockImplementationOnce(((_body: Buffer, done: (error: Error) => void) =>
      done(new Error('out of memory'))) as typeof zlib.gzip);
    const response = new CachedResponse(Buffer.from(json));
    await expect(response.encodedAs('gzip')).rejects.toThrow('out of memory');
    expect(zlib.gunzipSync((await response.encodedAs('gzip')).body).toString()).toBe(json);
  });

  it('drops its compressed copies with the entry when its key is invalidated', async () => {
    const cache = new ResponseCache(10, () => Promise.resolve());
    const old = await (await cache.get('a', async () => json)).encodedAs('br');
    cache.invalidate(['a']);
    const changed = json.replace('Dish 0', 'Renamed');
    const fresh = await (await cache.get('a', async () => changed)).encodedAs('br');
    expect(fresh.etag).not.toBe(old.etag);
    expect(zlib.brotliDecompressSync(fresh.body).toString()).toBe(changed);
  });
});
