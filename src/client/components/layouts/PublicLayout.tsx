import type { ReactNode } from 'react';
import { AccountActions } from './AccountActions.js';
import { AppHeader } from './AppHeader.js';
import { PageMain } from './PageMain.js';

interface PublicLayoutProps {
  /** Extra header buttons placed before 'Sign In' / 'Sign Out'. */
  actions?: ReactNode;
  children: ReactNode;
}

/** Header with 'Sign In' (or 'Sign Out' when signed in) over the page content: the frame of public pages. */
export function PublicLayout({ actions, children }: PublicLayoutProps) {
  return (
    <>
      <AppHeader>
        {actions}
        <AccountActions />
      </AppHeader>
      <PageMain>{children}</PageMain>
    </>
  );
}
