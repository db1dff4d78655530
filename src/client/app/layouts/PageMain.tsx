import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.js';

/** The main content column under the header. */
export function PageMain({ className, ...props }: ComponentProps<'main'>) {
  return <main className={cn('mx-auto w-full max-w-6xl px-4 py-6 sm:py-8', className)} {...props} />;
}

/** A screen's heading. */
export function PageTitle({ className, ...props }: ComponentProps<'h1'>) {
  return <h1 className={cn('text-2xl font-bold tracking-tight sm:text-3xl', className)} {...props} />;
}
