import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.js';

interface PhoneLinkProps extends Omit<ComponentProps<'a'>, 'href'> {
  /** The number as people write it ('+233 30 123 4567'); the link dials its digits. */
  phone: string;
}

/**
 * A number to call with a tap. The link is 44 px high, a thumb's target, while its text keeps its
 * line: the negative margin takes back what the height adds to a 20 px line.
 */
export function PhoneLink({ phone, className, children, ...props }: PhoneLinkProps) {
  return (
    <a
      href={`tel:${phone.replace(/[^\d+]/g, '')}`}
      className={cn('-my-3 inline-flex min-h-11 w-fit items-center gap-1.5 underline-offset-4 hover:underline', className)}
      {...props}
    >
      {children ?? phone}
    </a>
  );
}
