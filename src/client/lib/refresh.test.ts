import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Session } from '@shared/auth/schemas.js';
import { SESSION_HINT_KEY } from './sessionHint.js';

const user = {
  id: '6f1c2f7e-8d7b-4c1e-9a53-2b0d8f1e4a11',
  email: 'ama@example.com',
  role: 'customer' as const,
  profile: { fullName: 'Ama Mensah', phone: '+233200000000', avatarUrl: null },
  createdAt: '2026-01-01T00:00:00.000Z',
};
const session = (accessToken: string, expiresAt = Date.now() + 15 * 60_000): Session => ({ accessToken, expiresAt, user });

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const offline = () => Promise.reject(new TypeError('Failed to fetch'));
const refused = () => reply(401, { error: { code: 'unauthorized', message: 'Your session has expired.' } });
const ordersPath = '/api/orders/mine?tab=active';
const savedOrders = { items: [{ id: 'order-1' }], nextCursor: null };

/**
 * A tab just loaded, with modules of its own: no session, refresh in flight or connectivity
 * probe of another test reaches it. `hint` says the browser may hold a session.
 */
async function loadTab({ hint }: { hint: boolean }) {
  vi.resetModules();
  const storage = new Map(hint ? [[SESSION_HINT_KEY, '1']] : []);
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  });
  vi.stubGlobal('BroadcastChannel', undefined);
  const [refresh, store, api] = await Promise.all([import('./refresh.js'), import('./sessionStore.js'), import('./api.js')]);
  const getOrders = () => api.api(ordersPath, { schema: z.object({ items: z.array(z.object({ id: z.string() })) }) });
  return { ...refresh, sessionStore: store.sessionStore, storage, getOrders };
}

// Each test starts online, and the connectivity probe a failed request starts (an interval) ends with it.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  onlineManager.setOnline(true);
});

afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

describe('restoring the session when a tab loads', () => {
  let refreshReply: () => Response | Promise<Response>;
  const fetch = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(async (url) =>
    url === '/api/auth/refresh' ? refreshReply() : reply(200, savedOrders),
  );
  /** Where each call went and the token it carried. */
  const calls = () =>
    fetch.mock.calls.map(([url, init]) => ({ url, authorization: (init.headers as Record<string, string>).authorization }));

  /** A tab just loaded in a browser whose hint says it may hold a session. */
  const reloadedTab = () => loadTab({ hint: true });

  beforeEach(() => {
    fetch.mockClear();
    vi.stubGlobal('fetch', fetch);
  });

  it('offline, neither signs in nor out: the hint stays and requests go out without a token for the saved copy', async () => {
    onlineManager.setOnline(false);
    refreshReply = offline;
    const tab = await reloadedTab();
    expect(tab.sessionStore.restoreState()).toBe('restoring');

    await tab.restoreSession();

    expect(tab.sessionStore.restoreState()).toBe('unconfirmed');
    expect(tab.sessionStore.get()).toBeNull();
    expect(tab.storage.get(SESSION_HINT_KEY)).toBe('1');
    expect((await tab.getOrders()).items).toEqual(savedOrders.items);
    expect(calls()).toEqual([
      { url: '/api/auth/refresh', authorization: undefined },
      { url: ordersPath, authorization: undefined },
    ]);
  });

  it('asks again once the connection is back, and continues signed in', async () => {
    onlineManager.setOnline(false);
    refreshReply = offline;
    const tab = await reloadedTab();
    await tab.restoreSession();
    await tab.confirmSession();
    expect(fetch).toHaveBeenCalledTimes(1);

    refreshReply = async () => reply(200, session('restored.access.token'));
    onlineManager.setOnline(true);
    await tab.confirmSession();

    expect(tab.sessionStore.restoreState()).toBe('settled');
    expect(tab.sessionStore.get()?.accessToken).toBe('restored.access.token');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('back online, an API call waits for the session instead of going out without a token', async () => {
    onlineManager.setOnline(false);
    refreshReply = offline;
    const tab = await reloadedTab();
    await tab.restoreSession();
    refreshReply = async () => reply(200, session('restored.access.token'));
    onlineManager.setOnline(true);

    await tab.getOrders();

    expect(calls().slice(1)).toEqual([
      { url: '/api/auth/refresh', authorization: undefined },
      { url: ordersPath, authorization: 'Bearer restored.access.token' },
    ]);
  });

  it('signs out, hint and all, when the server refuses the session on load or once back online', async () => {
    refreshReply = refused;
    const online = await reloadedTab();
    await online.restoreSession();
    expect(online.sessionStore.restoreState()).toBe('settled');
    expect(online.sessionStore.get()).toBeNull();
    expect(online.storage.has(SESSION_HINT_KEY)).toBe(false);

    onlineManager.setOnline(false);
    refreshReply = offline;
    const reconnecting = await reloadedTab();
    await reconnecting.restoreSession();
    refreshReply = refused;
    onlineManager.setOnline(true);
    await reconnecting.confirmSession();
    expect(reconnecting.sessionStore.restoreState()).toBe('settled');
    expect(reconnecting.storage.has(SESSION_HINT_KEY)).toBe(false);
  });
});

describe('refreshSession', () => {
  /** A signed-in tab with no hint of its own to restore. */
  const signedInTab = () => loadTab({ hint: false });

  it('posts an empty JSON body (the cookie carries the token) and shares the new session', async () => {
    const { refreshSession, sessionStore } = await signedInTab();
    const fetch = vi.fn(async () => reply(200, session('new.access.token')));
    vi.stubGlobal('fetch', fetch);
    const stale = session('old.access.token', Date.now() + 5_000);
    sessionStore.set(stale);

    const fresh = await refreshSession(stale);

    expect(fresh?.accessToken).toBe('new.access.token');
    expect(sessionStore.get()?.accessToken).toBe('new.access.token');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/refresh',
      expect.objectContaining({
        method: 'POST',
        body: '{}',
        headers: expect.objectContaining({ 'content-type': 'application/json' }),
      }),
    );
  });

  it('adopts a session another tab refreshed meanwhile instead of spending the cookie again', async () => {
    const { refreshSession, sessionStore } = await signedInTab();
    const fetch = vi.fn(async () => reply(200, session('never.used.token')));
    vi.stubGlobal('fetch', fetch);
    const stale = session('old.access.token', Date.now() + 5_000);
    sessionStore.set(session('shared.by.another.tab'));

    expect((await refreshSession(stale))?.accessToken).toBe('shared.by.another.tab');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refreshes once for calls made together', async () => {
    const { refreshSession, sessionStore } = await signedInTab();
    const fetch = vi.fn(async () => reply(200, session('new.access.token')));
    vi.stubGlobal('fetch', fetch);
    const stale = session('old.access.token', Date.now() + 5_000);
    sessionStore.set(stale);

    await Promise.all([refreshSession(stale), refreshSession(stale), refreshSession(stale)]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('signs out when the server refuses the session, but keeps it when the network fails', async () => {
    const { refreshSession, sessionStore } = await signedInTab();
    const stale = session('old.access.token', Date.now() + 5_000);
    sessionStore.set(stale);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await expect(refreshSession(stale)).rejects.toMatchObject({ status: 0 });
    expect(sessionStore.get()).toEqual(stale);
    // The failed request took the tab offline until a probe reaches the server; afterEach ends the probe.
    expect(onlineManager.isOnline()).toBe(false);
    expect(vi.getTimerCount()).toBe(1);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(403, { error: { code: 'forbidden', message: 'This account has been disabled.' } })),
    );
    expect(await refreshSession(stale)).toBeNull();
    expect(sessionStore.get()).toBeNull();
  });
});
