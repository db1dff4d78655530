import { CircleIcon } from 'lucide-react';
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn.js';
import { Label } from './label.js';

export function RadioGroup({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return <RadioGroupPrimitive.Root className={cn('grid gap-3', className)} {...props} />;
}

export function RadioGroupItem({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      className={cn(
        'aspect-square size-4 shrink-0 rounded-full border border-input text-primary shadow-xs transition-[color,box-shadow] outline-none',
        'focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50',
        'data-[state=checked]:border-primary aria-invalid:border-destructive',
        className,
      )}
      {...props}
    >
      <RadioGroupPrimitive.Indicator className="flex items-center justify-center">
        <CircleIcon aria-hidden className="size-2 fill-primary" />
      </RadioGroupPrimitive.Indicator>
    </RadioGroupPrimitive.Item>
  );
}

/**
 * One choice of a RadioGroup as a bordered card: the radio, an optional icon, a bold title and a
 * line of detail, the whole card a label to tap, outlined when chosen.
 */
export function RadioCard({
  id,
  value,
  title,
  detail,
  icon,
  className,
}: {
  id: string;
  value: string;
  title: ReactNode;
  detail: ReactNode;
  icon?: ReactNode;
  className?: string;
}) {
  return (
    <Label
      htmlFor={id}
      className={cn(
        'flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border p-3 leading-normal has-data-[state=checked]:border-primary has-data-[state=checked]:bg-accent/50',
        className,
      )}
    >
      <RadioGroupItem value={value} id={id} className="mt-0.5" />
      {icon}
      <span className="grid min-w-0 gap-0.5">
        <span className="font-semibold break-words">{title}</span>
        <span className="font-normal text-muted-foreground">{detail}</span>
      </span>
    </Label>
  );
}
