import { Star } from 'lucide-react';
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import type { Ref } from 'react';
import { STAR_VALUES, starsLabel } from '@shared/ratings/schemas.js';
import { cn } from '@/lib/cn.js';

interface StarsFieldProps {
  /** What the stars are for, read out with the group, e.g. 'The food'. */
  label: string;
  value: number | undefined;
  onChange: (stars: number) => void;
  errorId?: string;
  invalid?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * Five stars to tap: a radio group, so the arrow keys move between '1 star' and '5 stars' and a
 * screen reader says which is chosen. Every star up to the chosen one is filled.
 */
export function StarsField({ label, value, onChange, errorId, invalid, ref }: StarsFieldProps) {
  return (
    <RadioGroupPrimitive.Root
      aria-label={label}
      aria-describedby={errorId}
      aria-invalid={invalid || undefined}
      value={value === undefined ? '' : String(value)}
      onValueChange={(next) => onChange(Number(next))}
      orientation="horizontal"
      loop={false}
      className="flex gap-1"
    >
      {STAR_VALUES.map((stars) => (
        <RadioGroupPrimitive.Item
          key={stars}
          ref={stars === 1 ? ref : undefined}
          value={String(stars)}
          aria-label={starsLabel(stars)}
          className="grid size-11 place-items-center rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <Star
            aria-hidden
            className={cn(
              'size-8',
              value !== undefined && stars <= value ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground',
            )}
          />
        </RadioGroupPrimitive.Item>
      ))}
    </RadioGroupPrimitive.Root>
  );
}
