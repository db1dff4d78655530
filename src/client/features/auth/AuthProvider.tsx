import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import type { Session, SignInInput } from '@shared/auth/schemas.js';
import type { InvitationSignup } from '@shared/restaurants/invitations.js';
import { AuthContext, type AuthContextValue } from '@/lib/authContext.js';
import { confirmSession, refreshSession, restoreSession } from '@/lib/refresh.js';
import { sessionStore } from '@/lib/sessionStore.js';
import { REFRESH_RETRY_MS, refreshDelay } from '@/lib/sessionTiming.js';
import { forgetPersonalCache } from '@/pwa/caches.js';
import { fetchMe, invitationSignUpRequest, signInRequest, signOutRequest, signUpRequest } from './authApi.js';

/** Keeps the access token fresh: refreshes a minute before expiry and retries later when offline. */
function useScheduledRefresh(session: Session | null) {
  useEffect(() => {
    if (!session) return;
    let timer: ReturnType<typeof setTimeout>;
    const run = () => {
      refreshSession(session).catch(() => {
        timer = setTimeout(run, REFRESH_RETRY_MS);
      });
    };
    timer = setTimeout(run, refreshDelay(session.expiresAt, Date.now()));
    return () => clearTimeout(timer);
  }, [session]);
}

/**
 * One user's cached data must never show to the next one signing in on this device. It is
 * cleared, with what the service worker saved of it, when a user leaves however they leave (a
 * sign-out, a session the server ended); not when one arrives (a restored session, a sign-in), since the
 * cache then holds only what anyone may see, and a page mounted in the same render as the
 * restored session has already started its queries: clearing would cancel them for good.
 */
function useCacheClearedOnUserChange(userId: string | null) {
  const queryClient = useQueryClient();
  const previous = useRef(userId);
  useEffect(() => {
    if (previous.current !== null && previous.current !== userId) {
      queryClient.clear();
      void forgetPersonalCache();
    }
    previous.current = userId;
  }, [queryClient, userId]);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get, () => null);
  const restoreState = useSyncExternalStore(sessionStore.subscribe, sessionStore.restoreState, () => 'settled' as const);

  useEffect(() => {
    void restoreSession();
    return onlineManager.subscribe((online) => {
      if (online) void confirmSession();
    });
  }, []);

  useScheduledRefresh(session);
  useCacheClearedOnUserChange(session?.user.id ?? null);

  /**
   * The server has set the new refresh cookie and ended the session this browser held before.
   * Whoever used this device before may not have signed out: their saved orders go first.
   */
  const adopt = useCallback(async (next: Session) => {
    await forgetPersonalCache();
    sessionStore.set(next);
    return next.user;
  }, []);

  const signIn = useCallback(async (input: SignInInput) => adopt(await signInRequest(input)), [adopt]);
  const signUp = useCallback(async (form: FormData) => adopt(await signUpRequest(form)), [adopt]);
  const signUpInvited = useCallback(async (input: InvitationSignup) => adopt(await invitationSignUpRequest(input)), [adopt]);

  const signOut = useCallback(async () => {
    sessionStore.set(null);
    await signOutRequest().catch(() => undefined);
  }, []);

  const refreshUser = useCallback(async () => {
    sessionStore.updateUser(await fetchMe());
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      session,
      user: session?.user ?? null,
      userRole: session?.user.role ?? null,
      loading: restoreState === 'restoring',
      unconfirmed: restoreState === 'unconfirmed',
      signIn,
      signUp,
      signUpInvited,
      signOut,
      refreshUser,
    }),
    [session, restoreState, signIn, signUp, signUpInvited, signOut, refreshUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
