import { UtensilsCrossed } from 'lucide-react';
import { cn } from '@/lib/cn.js';
import { imageSrcSet } from './imageSrcSet.js';

interface FoodImageProps {
  src: string | null;
  /** Empty when the picture only decorates text that names the dish or restaurant. */
  alt: string;
  /** How wide the picture shows (the `sizes` of an <img>), so a phone fetches a width that fits its screen. */
  sizes: string;
  className?: string;
  /** The first pictures on screen load at once; the rest as they scroll into view. */
  eager?: boolean;
}

/** A restaurant or dish picture, or a plain tile with a utensils icon when there is none. */
export function FoodImage({ src, alt, sizes, className, eager = false }: FoodImageProps) {
  if (!src) {
    return (
      <div className={cn('grid place-items-center bg-accent text-primary/60', className)}>
        <UtensilsCrossed aria-hidden className="size-8" />
      </div>
    );
  }
  const srcSet = imageSrcSet(src);
  return (
    <img
      srcSet={srcSet}
      sizes={srcSet && sizes}
      src={src}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={cn('bg-muted object-cover', className)}
    />
  );
}
