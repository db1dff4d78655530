import { describe, expect, it } from 'vitest';
import { API_CACHES } from '@/pwa/caches.js';
import { imageSrcSet } from './imageSrcSet.js';

const FOOD = '/api/files/food-images/3b0f8c1e-2a4d-4c6e-8f10-123456789abc/9d8e7f6a-5b4c-4d3e-9f2a-abcdef012345.webp';

describe('imageSrcSet', () => {
  it('offers a food picture at 360 and 720 pixels and as stored', () => {
    expect(imageSrcSet(FOOD)).toBe(`${FOOD}?w=360 360w, ${FOOD}?w=720 720w, ${FOOD} 1600w`);
  });

  it('names only addresses the service worker keeps as images', () => {
    const urls = imageSrcSet(FOOD)!
      .split(', ')
      .map((candidate) => candidate.split(' ')[0]!);
    for (const url of urls) expect(url).toMatch(API_CACHES.images.pattern);
  });

  it.each([
    ['an outside address', 'https://example.com/jollof.jpg'],
    ['a profile picture', '/api/files/profile-pictures/9d8e7f6a-5b4c-4d3e-9f2a-abcdef012345.webp'],
    ['a driver document', '/api/files/national-ids/9d8e7f6a-5b4c-4d3e-9f2a-abcdef012345.webp'],
    ['an address with a query already', `${FOOD}?w=360`],
  ])('offers no widths for %s', (_what, url) => {
    expect(imageSrcSet(url)).toBeUndefined();
  });
});
