import { describe, expect, it } from 'vitest';
import { formatDistanceAway } from './distance.js';

describe('formatDistanceAway', () => {
  it('gives whole metres under a kilometre', () => {
    expect(formatDistanceAway(0)).toBe('0 m away');
    expect(formatDistanceAway(349.6)).toBe('350 m away');
  });

  it('gives kilometres with one decimal from a kilometre on', () => {
    expect(formatDistanceAway(999.6)).toBe('1.0 km away');
    expect(formatDistanceAway(1_234)).toBe('1.2 km away');
    expect(formatDistanceAway(12_960)).toBe('13.0 km away');
  });
});
