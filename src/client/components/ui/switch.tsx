import { Switch as SwitchPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.js';

/** A 44 × 44 px control (a thumb's target) around the usual 44 × 24 px track. */
export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        'group peer inline-flex size-11 shrink-0 items-center justify-center outline-none disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <span
        className={cn(
          'inline-flex h-6 w-11 items-center rounded-full border-2 border-transparent shadow-xs transition-all',
          'group-focus-visible:ring-[3px] group-focus-visible:ring-ring/50',
          'group-data-[state=checked]:bg-primary group-data-[state=unchecked]:bg-input',
        )}
      >
        <SwitchPrimitive.Thumb className="pointer-events-none block size-5 rounded-full bg-background shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
      </span>
    </SwitchPrimitive.Root>
  );
}
