import { describe, expect, it } from 'vitest';
import { countOf, plural } from './plural.js';

describe('plural and countOf', () => {
  it('use the noun for exactly one and the plural otherwise', () => {
    expect(countOf(1, 'item')).toBe('1 item');
    expect(countOf(3, 'item')).toBe('3 items');
    expect(countOf(0, 'item')).toBe('0 items');
    expect(plural(1, 'location')).toBe('location');
    expect(plural(2, 'location')).toBe('locations');
  });

  it('take an irregular plural when given one', () => {
    expect(countOf(2, 'person', 'people')).toBe('2 people');
    expect(countOf(1, 'person', 'people')).toBe('1 person');
  });
});
