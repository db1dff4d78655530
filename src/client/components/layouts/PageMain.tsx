import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.js';

/**
 * The main content column under the header. On a phone its end leaves room for a toast (they rise
 * from the bottom there, styles.css' scroll-padding-bottom): the last control of a page, such as Invite Manager,
 * scrolls clear of the toast its own tap raised instead of staying under it.
 */
export function PageMain({ className, ...props }: ComponentProps<'main'>) {
  return <main className={cn('mx-auto w-full max-w-6xl px-4 pt-6 pb-28 sm:py-8', className)} {...props} />;
}

/** A screen's heading. */
export function PageTitle({ className, ...props }: ComponentProps<'h1'>) {
  return <h1 className={cn('text-2xl font-bold tracking-tight sm:text-3xl', className)} {...props} />;
}
