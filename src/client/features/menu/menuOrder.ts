import { UNCATEGORIZED, groupByCategory, type MenuSection } from '@shared/menu/categories.js';

export type Direction = -1 | 1;

function swapped<T>(list: readonly T[], index: number, direction: Direction): T[] | null {
  const target = index + direction;
  if (index < 0 || target < 0 || target >= list.length) return null;
  const copy = [...list];
  [copy[index], copy[target]] = [copy[target]!, copy[index]!];
  return copy;
}

const flatten = <T extends { id: string }>(sections: readonly MenuSection<T>[]) =>
  sections.flatMap((section) => section.items.map((item) => item.id));

/**
 * The menu's item ids after moving one item up or down within its category, as the owner sees
 * it (grouped by category); null when it is already first or last there.
 */
export function moveItem<T extends { id: string; category: string | null }>(
  items: readonly T[],
  itemId: string,
  direction: Direction,
): string[] | null {
  const sections = groupByCategory(items);
  const section = sections.find((candidate) => candidate.items.some((item) => item.id === itemId));
  if (!section) return null;
  const moved = swapped(
    section.items,
    section.items.findIndex((item) => item.id === itemId),
    direction,
  );
  if (!moved) return null;
  return flatten(sections.map((candidate) => (candidate === section ? { ...candidate, items: moved } : candidate)));
}

/**
 * The menu's item ids after moving a whole category up or down; null when it cannot move that
 * way. Items without a category ('Other') always come last, so that section neither moves nor is passed.
 */
export function moveCategory<T extends { id: string; category: string | null }>(
  items: readonly T[],
  category: string,
  direction: Direction,
): string[] | null {
  const sections = groupByCategory(items);
  const movable = sections.filter((section) => section.category !== UNCATEGORIZED);
  const moved = swapped(
    movable,
    movable.findIndex((section) => section.category === category),
    direction,
  );
  return moved ? flatten([...moved, ...sections.filter((section) => section.category === UNCATEGORIZED)]) : null;
}

/** The categories already used, for the Category field's suggestions, in menu order. */
export function usedCategories(items: readonly { category: string | null }[]): string[] {
  return [...new Set(items.flatMap((item) => (item.category?.trim() ? [item.category.trim()] : [])))];
}
