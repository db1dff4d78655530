import { Slot } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import { cn } from '@/lib/cn.js';
import { Label } from './label.js';

/** Inline error text; announced politely so screen-reader users hear it without moving focus. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return (
    <p id={id} aria-live="polite" className={cn('text-sm text-destructive', !message && 'sr-only')}>
      {message}
    </p>
  );
}

interface FormFieldProps {
  /** Id of the control; the label and the error text are bound to it. */
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  /** A single form control (Input, Textarea, SelectTrigger...): it receives id and aria attributes. */
  children: ReactElement;
}

/** A visible label bound to one control, with optional hint and error text wired to aria-describedby. */
export function FormField({ id, label, error, hint, className, children }: FormFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Slot.Root id={id} aria-invalid={error ? true : undefined} aria-describedby={hint ? `${hintId} ${errorId}` : errorId}>
        {children}
      </Slot.Root>
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
