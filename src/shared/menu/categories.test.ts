import { describe, expect, it } from 'vitest';
import { UNCATEGORIZED, groupByCategory } from './categories.js';

describe('groupByCategory', () => {
  it('keeps categories in the order they first appear, items in their order', () => {
    const items = [
      { name: 'Jollof', category: 'Main Course' },
      { name: 'Spring rolls', category: 'Appetizer' },
      { name: 'Waakye', category: 'Main Course' },
    ];
    expect(groupByCategory(items)).toEqual([
      { category: 'Main Course', items: [items[0], items[2]] },
      { category: 'Appetizer', items: [items[1]] },
    ]);
  });

  it('puts items without a category last, under Other, together with a category named Other', () => {
    const items = [
      { name: 'Water', category: null },
      { name: 'Soup', category: '  ' },
      { name: 'Mystery', category: 'Other' },
      { name: 'Cake', category: 'Dessert' },
    ];
    expect(groupByCategory(items)).toEqual([
      { category: 'Dessert', items: [items[3]] },
      { category: UNCATEGORIZED, items: [items[0], items[1], items[2]] },
    ]);
  });

  it('returns no sections for no items', () => {
    expect(groupByCategory([])).toEqual([]);
  });
});
