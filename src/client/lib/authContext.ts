import { createContext, useContext } from 'react';
import type { Role } from '@shared/auth/roles.js';
import type { Me, Session, SignInInput } from '@shared/auth/schemas.js';
import type { InvitationSignup } from '@shared/restaurants/invitations.js';

export interface AuthContextValue {
  session: Session | null;
  user: Me | null;
  userRole: Role | null;
  /** True while a session this browser may hold is being restored from the server (after a reload). */
  loading: boolean;
  /**
   * True while a session this browser may hold could not be restored, though not refused (the
   * tab is offline): it is neither signed in nor signed out until the server answers.
   */
  unconfirmed: boolean;
  /** Signs in and returns the user; throws ApiError with the server's message. */
  signIn: (input: SignInInput) => Promise<Me>;
  /** Creates the account from the sign-up form's multipart body and signs in. */
  signUp: (form: FormData) => Promise<Me>;
  /** Creates the manager account of an emailed invitation, accepts it and signs in. */
  signUpInvited: (input: InvitationSignup) => Promise<Me>;
  /** Ends the session here, in every other tab, and on the server. */
  signOut: () => Promise<void>;
  /** Re-reads the signed-in user (after a profile change). */
  refreshUser: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within AuthProvider');
  return value;
}
