import { UtensilsCrossed } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn.js';

export const PRODUCT_NAME = 'ChopChop';

/** The product's logo and name, linking home. */
export function Brand({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={cn(
        'flex min-h-11 shrink-0 items-center gap-2 rounded-md font-bold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
    >
      <span className="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground">
        <UtensilsCrossed aria-hidden className="size-4" />
      </span>
      <span className="text-lg">{PRODUCT_NAME}</span>
    </Link>
  );
}
