import { describe, expect, it } from 'vitest';
import { ResponseCache } from './responseCache.js';

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

  it('keeps nothing for a load that fails', async () => {
    const cache = new ResponseCache(10, nothingToWaitFor);
    await expect(cache.get('a', () => Promise.reject(new Error('not found')))).rejects.toThrow('not found');
    expect(cache.size).toBe(0);
  });
});
