/** Heading for items the restaurant gave no category. */
export const UNCATEGORIZED = 'Other';

export interface MenuSection<T> {
  category: string;
  items: T[];
}

/** Groups items by category in the order categories first appear; 'Other' (and items without a category) comes last. */
export function groupByCategory<T extends { category: string | null }>(items: readonly T[]): MenuSection<T>[] {
  const sections = new Map<string, T[]>();
  for (const item of items) {
    const category = item.category?.trim() || UNCATEGORIZED;
    const section = sections.get(category);
    if (section) section.push(item);
    else sections.set(category, [item]);
  }
  const other = sections.get(UNCATEGORIZED);
  sections.delete(UNCATEGORIZED);
  if (other) sections.set(UNCATEGORIZED, other);
  return [...sections].map(([category, sectionItems]) => ({ category, items: sectionItems }));
}
