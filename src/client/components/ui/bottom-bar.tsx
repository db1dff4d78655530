import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.js';

/**
 * A bar pinned to the bottom of the screen, clear of the phone's home indicator, for the one
 * action a screen leads to (the menu's cart, the checkout's Place Order). The page leaves room
 * for it at its end, and toasts rise above it.
 */
export function BottomBar({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div
      data-bottom-bar
      className={cn(
        'fixed inset-x-0 bottom-0 z-30 border-t bg-background/95 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgb(0_0_0/0.06)] backdrop-blur',
        className,
      )}
    >
      {children}
    </div>
  );
}
