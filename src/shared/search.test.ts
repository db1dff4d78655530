import { describe, expect, it } from 'vitest';
import { matchesSearch } from './search.js';

describe('matchesSearch', () => {
  it('matches any field, ignoring case and surrounding spaces', () => {
    expect(matchesSearch('  osu ', 'Papaye', '12 Oxford Street, Osu, Accra')).toBe(true);
    expect(matchesSearch('PAPAYE', 'Papaye Fast Food', null)).toBe(true);
    expect(matchesSearch('kumasi', 'Papaye', 'Osu, Accra')).toBe(false);
  });

  it('matches everything for an empty query', () => {
    expect(matchesSearch('', 'anything')).toBe(true);
    expect(matchesSearch('   ')).toBe(true);
  });

  it('never matches on missing fields', () => {
    expect(matchesSearch('a', null, undefined)).toBe(false);
  });
});
