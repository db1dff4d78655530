import type { ReactNode } from 'react';
import { Brand } from './Brand.js';

interface AppHeaderProps {
  /** The area's name next to the logo, e.g. 'Driver Dashboard'; hidden on the narrowest screens. */
  title?: string;
  /** Buttons and links on the right (Sign In, My Orders, Sign Out...). */
  children?: ReactNode;
}

/** The sticky bar at the top of every screen. */
export function AppHeader({ title, children }: AppHeaderProps) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4">
        <Brand />
        {title && (
          <span className="hidden min-w-0 truncate border-l pl-3 text-sm font-medium text-muted-foreground sm:block">
            {title}
          </span>
        )}
        {children && <div className="ml-auto flex shrink-0 items-center gap-2">{children}</div>}
      </div>
    </header>
  );
}
