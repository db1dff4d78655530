import { useAuth } from '@/lib/authContext.js';
import { SignInLink } from './SignInLink.js';
import { SignOutButton } from './SignOutButton.js';

/** 'Sign Out' for a signed-in user, 'Sign In' otherwise: for headers of public pages. */
export function AccountActions() {
  const { session } = useAuth();
  return session ? <SignOutButton /> : <SignInLink />;
}
