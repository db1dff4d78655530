import { useEffect, useState } from 'react';
import { activeSection } from './activeSection.js';

/**
 * Which of the elements with these ids the reader is at, followed as they scroll: a section counts
 * while it shows in the top 40% of the window under the first `topOffsetPx` (the sticky bars).
 */
export function useActiveSection(ids: readonly string[], topOffsetPx: number): [string | null, (id: string) => void] {
  const [active, setActive] = useState<string | null>(ids[0] ?? null);
  const key = ids.join('\n');

  useEffect(() => {
    const order = key.split('\n');
    const showing = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) showing.add(entry.target.id);
          else showing.delete(entry.target.id);
        }
        setActive((current) => activeSection(order, showing, current));
      },
      { rootMargin: `-${topOffsetPx}px 0px -60% 0px` },
    );
    for (const id of order) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [key, topOffsetPx]);

  return [active, setActive];
}
