import type { ReactNode } from 'react';
import { SignOutButton } from './SignOutButton.js';
import { AppHeader } from './AppHeader.js';
import { NotificationSettingsLink } from './NotificationSettingsLink.js';
import { PageMain } from './PageMain.js';

interface SignedInLayoutProps {
  /** The area's name shown in the header, e.g. 'Driver Dashboard'. */
  title?: string;
  /** Extra header buttons placed before 'Notifications' and 'Sign Out'. */
  actions?: ReactNode;
  children: ReactNode;
}

/** Header with 'Notifications' and 'Sign Out' over the page content: the frame of every signed-in area. */
export function SignedInLayout({ title, actions, children }: SignedInLayoutProps) {
  return (
    <>
      <AppHeader title={title}>
        {actions}
        <NotificationSettingsLink />
        <SignOutButton />
      </AppHeader>
      <PageMain>{children}</PageMain>
    </>
  );
}
