import { describe, expect, it } from 'vitest';
import { negotiateCoding } from './contentCoding.js';

describe('negotiateCoding', () => {
  it('gives identity to a request without Accept-Encoding, or with an empty one', () => {
    expect(negotiateCoding(undefined)).toBe('identity');
    expect(negotiateCoding('')).toBe('identity');
  });

  it("prefers br, then gzip, among what the client takes equally, as from a browser's header", () => {
    expect(negotiateCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateCoding('gzip, deflate')).toBe('gzip');
    expect(negotiateCoding('x-gzip')).toBe('gzip');
    expect(negotiateCoding('GZIP;Q=0.5, Br;q=0.5')).toBe('br');
    expect(negotiateCoding('*')).toBe('br');
    expect(negotiateCoding('deflate')).toBe('identity');
  });

  it("follows the client's weights, compressed or not", () => {
    expect(negotiateCoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateCoding('identity, gzip;q=0.5')).toBe('identity');
    expect(negotiateCoding('gzip, identity')).toBe('gzip');
  });

  it('never uses a coding refused with q=0, named or through *', () => {
    expect(negotiateCoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateCoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(negotiateCoding('gzip;q=0, *')).toBe('br');
    expect(negotiateCoding('br;q=0, gzip;q=0, *')).toBe('identity');
    expect(negotiateCoding('*;q=0, gzip')).toBe('gzip');
    expect(negotiateCoding('br;q=0.000, gzip;q=')).toBe('identity');
  });

  it('sends identity when the client refuses everything, as RFC 9110 lets a server do', () => {
    expect(negotiateCoding('identity;q=0')).toBe('identity');
    expect(negotiateCoding('*;q=0')).toBe('identity');
  });
});
