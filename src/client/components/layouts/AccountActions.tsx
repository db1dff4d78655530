import { useAuth } from '@/lib/authContext.js';
import { NotificationSettingsLink } from './NotificationSettingsLink.js';
import { SignInLink } from './SignInLink.js';
import { SignOutButton } from './SignOutButton.js';

/** 'Notifications' (from tablets up) and 'Sign Out' for a signed-in user, 'Sign In' otherwise: for headers of public pages. */
export function AccountActions() {
  const { session } = useAuth();
  if (!session) return <SignInLink />;
  return (
    <>
      {/* Not on phones: beside the cart and My Orders it would push the header past 360 px. Every signed-in page's header has it. */}
      <NotificationSettingsLink className="max-sm:hidden" />
      <SignOutButton />
    </>
  );
}
