import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@shared/auth/schemas.js';
import { SESSION_HINT_KEY } from './sessionHint.js';
import { createSessionStore, type HintStorage } from './sessionStore.js';

const session = (accessToken: string): Session => ({
  accessToken,
  expiresAt: 1_700_000_000_000,
  user: {
    id: '6f1c2f7e-8d7b-4c1e-9a53-2b0d8f1e4a11',
    email: 'kofi@example.com',
    role: 'driver',
    profile: { fullName: 'Kofi Boateng', phone: '+233240000000', avatarUrl: '/uploads/a.webp' },
    createdAt: '2026-01-01T00:00:00.000Z',
  },
});

function memoryStorage(): HintStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe('session store', () => {
  const channels: BroadcastChannel[] = [];
  afterEach(() => {
    for (const channel of channels.splice(0)) channel.close();
  });

  /** Tabs of one browser: one storage, one channel name, a store each. */
  function browser() {
    const storage = memoryStorage();
    const name = `session-test-${randomUUID()}`;
    const openTab = () =>
      createSessionStore({
        storage,
        openChannel: () => {
          const channel = new BroadcastChannel(name);
          channels.push(channel);
          return channel;
        },
      });
    const tab = () => {
      const store = openTab();
      store.subscribe(() => undefined);
      return store;
    };
    return { storage, tab, name };
  }

  it('starts restoring only when the hint says this browser may hold a session', () => {
    const { storage, tab } = browser();
    expect(tab().restoreState()).toBe('settled');
    storage.setItem(SESSION_HINT_KEY, '1');
    const reloaded = tab();
    expect(reloaded.restoreState()).toBe('restoring');
    expect(reloaded.get()).toBeNull();
  });

  it('keeps a session the server could not confirm possible, hint included, until one arrives', () => {
    const { storage, tab } = browser();
    storage.setItem(SESSION_HINT_KEY, '1');
    const offline = tab();
    const listener = vi.fn();
    offline.subscribe(listener);

    offline.leaveUnconfirmed();

    expect(offline.restoreState()).toBe('unconfirmed');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(storage.items.get(SESSION_HINT_KEY)).toBe('1');
    offline.set(session('restored.access.token'));
    expect(offline.restoreState()).toBe('settled');
    offline.leaveUnconfirmed();
    expect(offline.restoreState()).toBe('settled');
  });

  it('signs out an unconfirmed tab when another tab signs out', async () => {
    const { storage, tab } = browser();
    const other = tab();
    other.set(session('a.b.c'));
    const offline = tab();
    offline.leaveUnconfirmed();
    expect(offline.restoreState()).toBe('unconfirmed');

    other.set(null);

    await vi.waitFor(() => expect(offline.restoreState()).toBe('settled'));
    expect(offline.get()).toBeNull();
    expect(storage.items.has(SESSION_HINT_KEY)).toBe(false);
  });

  it('removes the tokens earlier versions kept in storage', () => {
    const { storage, tab } = browser();
    storage.setItem('chopchop.session', JSON.stringify({ accessToken: 'a.b.c', refreshToken: 'old-refresh-token' }));
    tab();
    expect(storage.items.has('chopchop.session')).toBe(false);
  });

  it('keeps the access token in memory: storage holds only the hint', () => {
    const { storage, tab } = browser();
    const store = tab();
    store.set(session('secret.access.token'));
    expect(store.get()?.accessToken).toBe('secret.access.token');
    expect([...storage.items]).toEqual([[SESSION_HINT_KEY, '1']]);
  });

  it('shares a sign-in or a refresh with every other tab', async () => {
    const { tab } = browser();
    const first = tab();
    const second = tab();
    const listener = vi.fn();
    second.subscribe(listener);

    first.set(session('fresh.token.one'));
    await vi.waitFor(() => expect(second.get()?.accessToken).toBe('fresh.token.one'));
    expect(listener).toHaveBeenCalled();

    second.set(session('fresh.token.two'));
    await vi.waitFor(() => expect(first.get()?.accessToken).toBe('fresh.token.two'));
  });

  it('signs out every tab when one signs out, and forgets the hint', async () => {
    const { storage, tab } = browser();
    const first = tab();
    const second = tab();
    first.set(session('a.b.c'));
    await vi.waitFor(() => expect(second.get()).not.toBeNull());

    second.set(null);

    await vi.waitFor(() => expect(first.get()).toBeNull());
    expect(storage.items.has(SESSION_HINT_KEY)).toBe(false);
  });

  it('ends a restore in progress when another tab shares its session', async () => {
    const { storage, tab } = browser();
    storage.setItem(SESSION_HINT_KEY, '1');
    const restoring = tab();
    const active = tab();

    active.set(session('shared.token.x'));

    await vi.waitFor(() => expect(restoring.get()?.accessToken).toBe('shared.token.x'));
    expect(restoring.restoreState()).toBe('settled');
  });

  it('does not sign other tabs out when a tab that had no session finds none', async () => {
    const { tab } = browser();
    const signedIn = tab();
    const fresh = tab();
    signedIn.set(session('a.b.c'));
    await vi.waitFor(() => expect(fresh.get()).not.toBeNull());
    const newTab = tab();

    newTab.set(null);

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(signedIn.get()?.accessToken).toBe('a.b.c');
  });

  it('shares a profile change and ignores messages it does not understand', async () => {
    const { tab, name } = browser();
    const first = tab();
    const second = tab();
    first.set(session('a.b.c'));
    await vi.waitFor(() => expect(second.get()).not.toBeNull());

    const stranger = new BroadcastChannel(name);
    channels.push(stranger);
    stranger.postMessage({ type: 'session', session: { accessToken: 'forged' } });
    stranger.postMessage('signed-out');
    first.updateUser({ ...session('a.b.c').user, profile: { fullName: 'Kofi B.', phone: '+233240000000', avatarUrl: null } });

    await vi.waitFor(() => expect(second.get()?.user.profile.fullName).toBe('Kofi B.'));
    expect(second.get()?.accessToken).toBe('a.b.c');
  });
});
