import { TriangleAlert, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.js';
import { Button } from './button.js';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  /** A button or link that gets the person going again. */
  action?: ReactNode;
  /** 'alert' for failures, so screen readers announce them. */
  role?: 'status' | 'alert';
  /** The title as the page's heading, when the state stands in for the whole page. */
  heading?: 'h1';
  className?: string;
}

/** The centred message that stands in for a list with nothing in it, or one that failed to load. */
export function EmptyState({ icon: Icon, title, children, action, role = 'status', heading, className }: EmptyStateProps) {
  const Title = heading ?? 'p';
  return (
    <div
      role={role}
      className={cn('grid justify-items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center', className)}
    >
      <span className="grid size-12 place-items-center rounded-full bg-accent text-primary">
        <Icon aria-hidden className="size-6" />
      </span>
      <Title className="text-lg font-semibold">{title}</Title>
      {children && <div className="max-w-md text-sm text-muted-foreground">{children}</div>}
      {action}
    </div>
  );
}

interface LoadFailedProps {
  title: string;
  retrying: boolean;
  onRetry: () => void;
}

/** What stands in for data that failed to load: announced to screen readers, with a way to try again. */
export function LoadFailed({ title, retrying, onRetry }: LoadFailedProps) {
  return (
    <EmptyState
      role="alert"
      icon={TriangleAlert}
      title={title}
      action={
        <Button variant="outline" busy={retrying} onClick={onRetry}>
          Try again
        </Button>
      }
    >
      Check your connection and try again.
    </EmptyState>
  );
}
