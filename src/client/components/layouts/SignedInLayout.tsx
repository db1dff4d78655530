import type { ReactNode } from 'react';
import { SignOutButton } from './SignOutButton.js';
import { AppHeader } from './AppHeader.js';
import { PageMain } from './PageMain.js';

interface SignedInLayoutProps {
  /** The area's name shown in the header, e.g. 'Driver Dashboard'. */
  title?: string;
  /** Extra header buttons placed before 'Sign Out'. */
  actions?: ReactNode;
  children: ReactNode;
}

/** Header with 'Sign Out' over the page content: the frame of every signed-in area. */
export function SignedInLayout({ title, actions, children }: SignedInLayoutProps) {
  return (
    <>
      <AppHeader title={title}>
        {actions}
        <SignOutButton />
      </AppHeader>
      <PageMain>{children}</PageMain>
    </>
  );
}
