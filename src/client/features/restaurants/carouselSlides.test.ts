import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAROUSEL_SLIDES, SLIDE_INTERVAL_MS, slideAt, slideSources } from './carouselSlides.js';

const publicDir = path.resolve(import.meta.dirname, '../../public');

describe('carousel slides', () => {
  it('has nine slides, each a local file with alt text and a caption, advancing every 4 seconds', () => {
    expect(CAROUSEL_SLIDES).toHaveLength(9);
    expect(SLIDE_INTERVAL_MS).toBe(4000);
    for (const slide of CAROUSEL_SLIDES) {
      expect(slide.src).toMatch(/^\/carousel\/\d\.webp$/);
      expect(existsSync(path.join(publicDir, slide.src))).toBe(true);
      expect(slide.alt.length).toBeGreaterThan(10);
      expect(slide.title).not.toBe('');
    }
  });
});

describe('slideSources', () => {
  it('offers every slide at phone width and full width, both files that exist', () => {
    for (const slide of CAROUSEL_SLIDES) {
      const candidates = slideSources(slide.src).srcSet.split(', ');
      expect(candidates.map((candidate) => candidate.split(' ')[1])).toEqual(['720w', '1200w']);
      for (const candidate of candidates) {
        expect(existsSync(path.join(publicDir, candidate.split(' ')[0]!))).toBe(true);
      }
    }
  });
});

describe('slideAt', () => {
  it('moves forward and back, wrapping from the last slide to the first and back', () => {
    expect(slideAt(0, 1, 9)).toBe(1);
    expect(slideAt(8, 1, 9)).toBe(0);
    expect(slideAt(0, -1, 9)).toBe(8);
    expect(slideAt(4, -1, 9)).toBe(3);
  });
});
