import { describe, expect, it } from 'vitest';
import { timeSince } from './timeSince.js';

const placed = '2026-03-02T12:00:00.000Z';
const after = (ms: number) => Date.parse(placed) + ms;
const MIN = 60_000;

describe('timeSince', () => {
  it("says 'just now' for the first minute, and for a clock slightly behind the server's", () => {
    expect(timeSince(placed, after(59_999))).toBe('just now');
    expect(timeSince(placed, after(-5_000))).toBe('just now');
  });

  it('counts whole minutes within the hour', () => {
    expect(timeSince(placed, after(MIN))).toBe('1 min ago');
    expect(timeSince(placed, after(59 * MIN + 59_000))).toBe('59 min ago');
  });

  it('counts hours and minutes within the day, leaving out zero minutes', () => {
    expect(timeSince(placed, after(60 * MIN))).toBe('1 h ago');
    expect(timeSince(placed, after(65 * MIN))).toBe('1 h 5 min ago');
    expect(timeSince(placed, after(23 * 60 * MIN + 59 * MIN))).toBe('23 h 59 min ago');
  });

  it('counts days after that', () => {
    expect(timeSince(placed, after(24 * 60 * MIN))).toBe('1 day ago');
    expect(timeSince(placed, after(3 * 24 * 60 * MIN + 5 * MIN))).toBe('3 days ago');
  });
});
