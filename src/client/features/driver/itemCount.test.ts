import { describe, expect, it } from 'vitest';
import { formatItemCount } from './itemCount.js';

describe('formatItemCount', () => {
  it('says item for one and items for any other number', () => {
    expect(formatItemCount(1)).toBe('1 item');
    expect(formatItemCount(3)).toBe('3 items');
    expect(formatItemCount(0)).toBe('0 items');
  });
});
