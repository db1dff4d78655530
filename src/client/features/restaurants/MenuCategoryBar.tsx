import { useEffect, useRef, type MouseEvent } from 'react';
import { cn } from '@/lib/cn.js';
import { usePrefersReducedMotion } from './usePrefersReducedMotion.js';

interface CategoryLink {
  /** The id of the category's section; its heading is the section's first h2. */
  id: string;
  category: string;
}

interface MenuCategoryBarProps {
  categories: readonly CategoryLink[];
  active: string | null;
  onPick: (id: string) => void;
}

/**
 * The menu's categories in a bar that stays under the header: the category being read is
 * highlighted (and scrolled into the bar), a tap scrolls to a category and moves focus to its heading.
 */
export function MenuCategoryBar({ categories, active, onPick }: MenuCategoryBarProps) {
  const list = useRef<HTMLUListElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const behavior = reducedMotion ? 'auto' : 'smooth';

  useEffect(() => {
    const bar = list.current;
    const chip = bar?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!bar || !chip) return;
    bar.scrollTo({ left: chip.offsetLeft - (bar.clientWidth - chip.offsetWidth) / 2, behavior });
  }, [active, behavior]);

  function pick(event: MouseEvent, id: string) {
    const section = document.getElementById(id);
    if (!section) return;
    event.preventDefault();
    section.scrollIntoView({ behavior, block: 'start' });
    section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
    onPick(id);
  }

  return (
    <nav
      aria-label="Menu categories"
      className="sticky top-[calc(3.5rem+1px)] z-30 -mx-4 min-w-0 border-b bg-background/95 px-4 py-2 backdrop-blur supports-[backdrop-filter]:bg-background/80"
    >
      <ul ref={list} className="relative flex gap-2 overflow-x-auto">
        {categories.map((category) => {
          const current = category.id === active;
          return (
            <li key={category.id} className="shrink-0">
              <a
                href={`#${category.id}`}
                aria-current={current ? 'true' : undefined}
                onClick={(event) => pick(event, category.id)}
                className={cn(
                  'flex min-h-11 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  current ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-accent',
                )}
              >
                {category.category}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
