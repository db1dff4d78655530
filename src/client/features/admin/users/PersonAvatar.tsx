import { cn } from '@/lib/cn.js';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('') || '?';

/** A person's profile picture, or their initials in a circle when they have none. Decorative: their name is always beside it. */
export function PersonAvatar({ name, url, className }: { name: string; url: string | null; className?: string }) {
  const shape = cn('size-12 shrink-0 rounded-full', className);
  if (url) return <img src={url} alt="" loading="lazy" className={cn(shape, 'border object-cover')} />;
  return (
    <span aria-hidden className={cn(shape, 'grid place-items-center bg-muted text-sm font-semibold text-muted-foreground')}>
      {initialsOf(name)}
    </span>
  );
}
