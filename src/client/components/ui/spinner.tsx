import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.js';

interface SpinnerProps extends ComponentProps<'svg'> {
  /** Announced to screen readers; omit when the spinner sits inside a labelled control. */
  label?: string;
}

export function Spinner({ label, className, ...props }: SpinnerProps) {
  return (
    <LoaderCircle
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cn('size-4 animate-spin', className)}
      {...props}
    />
  );
}

/** Centred spinner for a whole page or panel that is still loading. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label={label} className="size-8 text-primary" />
    </div>
  );
}
