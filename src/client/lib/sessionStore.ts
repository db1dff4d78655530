import { sessionSchema, type Me, type Session } from '@shared/auth/schemas.js';

const STORAGE_KEY = 'chopchop.session';

/** The stored session, or null when there is none or it is unreadable (old format, edited by hand). */
export function parseStoredSession(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const parsed = sessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function readStorage(): Session | null {
  try {
    return parseStoredSession(localStorage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}

function writeStorage(session: Session | null) {
  try {
    if (session) localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage can be full or blocked (private mode): the session still lives for this tab.
  }
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: Session | null | undefined;

function notify() {
  for (const listener of listeners) listener();
}

/** Another tab signed in, refreshed or signed out: adopt what it stored. */
function onStorage(event: StorageEvent) {
  if (event.key !== STORAGE_KEY && event.key !== null) return;
  current = readStorage();
  notify();
}

/**
 * The signed-in session, kept in localStorage so it survives reloads and is shared by every tab.
 * A write in one tab reaches the others through the storage event.
 */
export const sessionStore = {
  get(): Session | null {
    if (current === undefined) current = readStorage();
    return current;
  },

  /** Re-reads localStorage, which another tab may have changed a moment ago. */
  reload(): Session | null {
    current = readStorage();
    return current;
  },

  set(session: Session | null) {
    current = session;
    writeStorage(session);
    notify();
  },

  /** Replaces the signed-in user's details (after a profile change) without touching the tokens. */
  updateUser(user: Me) {
    const session = sessionStore.get();
    if (session && session.user.id === user.id) sessionStore.set({ ...session, user });
  },

  subscribe(listener: Listener): () => void {
    if (listeners.size === 0) window.addEventListener('storage', onStorage);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener('storage', onStorage);
    };
  },
};
