import { describe, expect, it } from 'vitest';
import { activeSection } from './activeSection.js';

describe('activeSection', () => {
  const ids = ['mains', 'sides', 'drinks'];

  it('is the first section showing, in page order, whatever order they came into view in', () => {
    expect(activeSection(ids, new Set(['drinks', 'sides']), 'mains')).toBe('sides');
  });

  it('stays where it was while no section shows', () => {
    expect(activeSection(ids, new Set(), 'sides')).toBe('sides');
    expect(activeSection(ids, new Set(), null)).toBeNull();
  });
});
