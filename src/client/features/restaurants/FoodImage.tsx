import { UtensilsCrossed } from 'lucide-react';
import { cn } from '@/lib/cn.js';

interface FoodImageProps {
  src: string | null;
  /** Empty when the picture only decorates text that names the dish or restaurant. */
  alt: string;
  className?: string;
  /** The first pictures on screen load at once; the rest as they scroll into view. */
  eager?: boolean;
}

/** A restaurant or dish picture, or a plain tile with a utensils icon when there is none. */
export function FoodImage({ src, alt, className, eager = false }: FoodImageProps) {
  if (!src) {
    return (
      <div className={cn('grid place-items-center bg-accent text-primary/60', className)}>
        <UtensilsCrossed aria-hidden className="size-8" />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={cn('bg-muted object-cover', className)}
    />
  );
}
