import { describe, expect, it } from 'vitest';
import { ifNoneMatchHits } from './cachedReply.js';

describe('ifNoneMatchHits', () => {
  const etag = '"abc"';

  it('matches the same tag, alone, in a list, weak or as *', () => {
    expect(ifNoneMatchHits('"abc"', etag)).toBe(true);
    expect(ifNoneMatchHits('"x", "abc"', etag)).toBe(true);
    expect(ifNoneMatchHits('W/"abc"', etag)).toBe(true);
    expect(ifNoneMatchHits('*', etag)).toBe(true);
  });

  it('does not match another tag, an unquoted one or none', () => {
    expect(ifNoneMatchHits('"abd"', etag)).toBe(false);
    expect(ifNoneMatchHits('abc', etag)).toBe(false);
    expect(ifNoneMatchHits(undefined, etag)).toBe(false);
    expect(ifNoneMatchHits('', etag)).toBe(false);
  });
});
