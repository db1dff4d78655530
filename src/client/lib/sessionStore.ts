import { z } from 'zod';
import { sessionSchema, type Me, type Session } from '@shared/auth/schemas.js';
import { browserStorage, mayHoldSession, SESSION_HINT_KEY } from './sessionHint.js';

const SESSION_CHANNEL = 'chopchop-session';
/** Where earlier versions kept the whole session, tokens included; removed on sight. */
const LEGACY_SESSION_KEY = 'chopchop.session';

/** What one tab tells the others: a fresh session (sign-in, refresh, profile change) or a sign-out. */
const tabMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('session'), session: sessionSchema }),
  z.object({ type: z.literal('signed-out') }),
]);
type TabMessage = z.infer<typeof tabMessageSchema>;

export type HintStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
export type TabChannel = Pick<BroadcastChannel, 'postMessage' | 'addEventListener'>;

export interface SessionStoreOptions {
  /** Where the hint is kept (localStorage); null when the browser blocks it. */
  storage: HintStorage | null;
  /** Opens the channel the tabs of this origin share; null when the browser has none. */
  openChannel: () => TabChannel | null;
}

type Listener = () => void;

/**
 * Where a tab stands with the session the hint speaks of. 'restoring': it is asking the server.
 * 'unconfirmed': asking failed without a refusal (offline, the server down), so the session may
 * well exist and the tab waits for the connection instead of acting signed out. 'settled': get()
 * says it all.
 */
export type RestoreState = 'restoring' | 'unconfirmed' | 'settled';

/**
 * The signed-in session of this tab, in memory only: the access token never touches storage.
 * Tabs share it through a BroadcastChannel, so a sign-in, a refresh or a sign-out in one tab
 * reaches every other. A tab that may have a session (the hint says so) starts by asking the
 * server for it; see RestoreState.
 */
export function createSessionStore({ storage, openChannel }: SessionStoreOptions) {
  const listeners = new Set<Listener>();
  forgetLegacySession();
  let current: Session | null = null;
  let restoreState: RestoreState = mayHoldSession(storage) ? 'restoring' : 'settled';
  let channel: TabChannel | null | undefined;

  function forgetLegacySession() {
    try {
      storage?.removeItem(LEGACY_SESSION_KEY);
    } catch {
      // Blocked storage holds nothing to remove.
    }
  }

  function writeHint(signedIn: boolean) {
    try {
      if (signedIn) storage?.setItem(SESSION_HINT_KEY, '1');
      else storage?.removeItem(SESSION_HINT_KEY);
    } catch {
      // Blocked storage (private mode) only costs the restore on the next load.
    }
  }

  function notify() {
    for (const listener of listeners) listener();
  }

  function adopt(session: Session | null) {
    current = session;
    restoreState = 'settled';
    notify();
  }

  function receive(data: unknown) {
    const parsed = tabMessageSchema.safeParse(data);
    if (!parsed.success) return;
    adopt(parsed.data.type === 'session' ? parsed.data.session : null);
  }

  function tabChannel(): TabChannel | null {
    if (channel === undefined) {
      channel = openChannel();
      channel?.addEventListener('message', (event) => receive(event.data));
    }
    return channel;
  }

  function tellOtherTabs(message: TabMessage) {
    tabChannel()?.postMessage(message);
  }

  const store = {
    // Arrow functions: React's useSyncExternalStore calls get, restoreState and subscribe detached.
    get: (): Session | null => current,

    restoreState: (): RestoreState => restoreState,

    /**
     * This tab's session changed (sign-in, refresh, sign-out): every tab adopts it. A tab that
     * had no session has none to end elsewhere, so its null stays here.
     */
    set(session: Session | null) {
      const hadSession = current !== null;
      writeHint(session !== null);
      adopt(session);
      if (session) tellOtherTabs({ type: 'session', session });
      else if (hadSession) tellOtherTabs({ type: 'signed-out' });
    },

    /**
     * The restore failed without a refusal: the session stays possible, and the hint with it,
     * until the server answers. A session adopted meanwhile (another tab's) stays.
     */
    leaveUnconfirmed() {
      if (restoreState !== 'restoring') return;
      restoreState = 'unconfirmed';
      notify();
    },

    /** Replaces the signed-in user's details (after a profile change) without touching the token. */
    updateUser(user: Me) {
      if (current && current.user.id === user.id) store.set({ ...current, user });
    },

    subscribe: (listener: Listener): (() => void) => {
      tabChannel();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}

export const sessionStore = createSessionStore({
  storage: browserStorage(),
  openChannel: () => (typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL)),
});
