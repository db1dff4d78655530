import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * One fact on a card, inside a <dl>: an icon for the eye, its name for screen readers, and the
 * value. Used where a column of labelled facts would crowd a phone screen.
 */
export function Detail({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2">
      <dt>
        <Icon aria-hidden className="mt-0.5 size-4 text-primary" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 break-words text-foreground">{children}</dd>
    </div>
  );
}
