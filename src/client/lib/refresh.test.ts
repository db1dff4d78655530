import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@shared/auth/schemas.js';
import { refreshSession } from './refresh.js';
import { sessionStore } from './sessionStore.js';

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

describe('refreshSession', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.set(null);
  });

  it('posts an empty JSON body (the cookie carries the token) and shares the new session', async () => {
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
    const fetch = vi.fn(async () => reply(200, session('never.used.token')));
    vi.stubGlobal('fetch', fetch);
    const stale = session('old.access.token', Date.now() + 5_000);
    sessionStore.set(session('shared.by.another.tab'));

    expect((await refreshSession(stale))?.accessToken).toBe('shared.by.another.tab');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refreshes once for calls made together', async () => {
    const fetch = vi.fn(async () => reply(200, session('new.access.token')));
    vi.stubGlobal('fetch', fetch);
    const stale = session('old.access.token', Date.now() + 5_000);
    sessionStore.set(stale);

    await Promise.all([refreshSession(stale), refreshSession(stale), refreshSession(stale)]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('signs out when the server refuses the session, but keeps it when the network fails', async () => {
    const stale = session('old.access.token', Date.now() + 5_000);
    sessionStore.set(stale);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await expect(refreshSession(stale)).rejects.toMatchObject({ status: 0 });
    expect(sessionStore.get()).toEqual(stale);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(403, { error: { code: 'forbidden', message: 'This account has been disabled.' } })),
    );
    expect(await refreshSession(stale)).toBeNull();
    expect(sessionStore.get()).toBeNull();
  });
});
