import { Star } from 'lucide-react';
import { STAR_VALUES } from '@shared/ratings/schemas.js';
import { cn } from '@/lib/cn.js';

/** Stars out of 5 as a picture, read out as '4 out of 5 stars'. */
export function Stars({ stars, className }: { stars: number; className?: string }) {
  return (
    <span role="img" aria-label={`${stars} out of 5 stars`} className={cn('inline-flex shrink-0 gap-0.5', className)}>
      {STAR_VALUES.map((value) => (
        <Star
          key={value}
          aria-hidden
          className={cn('size-4', value <= stars ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground/50')}
        />
      ))}
    </span>
  );
}
