import { describe, expect, it } from 'vitest';
import { moveCategory, moveItem, usedCategories } from './menuOrder.js';

const menu = [
  { id: 'jollof', category: 'Main Course' },
  { id: 'rolls', category: 'Appetizer' },
  { id: 'waakye', category: 'Main Course' },
  { id: 'water', category: null },
  { id: 'cake', category: 'Dessert' },
];

describe('menu order', () => {
  it('moves an item within its category and lays the menu out category by category', () => {
    expect(moveItem(menu, 'waakye', -1)).toEqual(['waakye', 'jollof', 'rolls', 'cake', 'water']);
    expect(moveItem(menu, 'jollof', 1)).toEqual(['waakye', 'jollof', 'rolls', 'cake', 'water']);
  });

  it('does not move an item past the ends of its category', () => {
    expect(moveItem(menu, 'jollof', -1)).toBeNull();
    expect(moveItem(menu, 'rolls', 1)).toBeNull();
    expect(moveItem(menu, 'unknown', 1)).toBeNull();
  });

  it('moves a whole category up or down, but not past the ends', () => {
    expect(moveCategory(menu, 'Dessert', -1)).toEqual(['jollof', 'waakye', 'cake', 'rolls', 'water']);
    expect(moveCategory(menu, 'Main Course', 1)).toEqual(['rolls', 'jollof', 'waakye', 'cake', 'water']);
    expect(moveCategory(menu, 'Main Course', -1)).toBeNull();
    expect(moveCategory(menu, 'Other', -1)).toBeNull();
    expect(moveCategory(menu, 'Dessert', 1)).toBeNull();
  });

  it('suggests each category used once, trimmed, in menu order', () => {
    expect(usedCategories([...menu, { category: ' Dessert ' }, { category: '  ' }])).toEqual([
      'Main Course',
      'Appetizer',
      'Dessert',
    ]);
  });
});
