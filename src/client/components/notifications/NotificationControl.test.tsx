import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pushKeySchema } from '@shared/notifications/push.js';
import { fakeServer, refuse, reply } from '@/test/fakeServer.js';
import { renderPage, sessionFor } from '@/test/render.js';
import { NotificationControl } from './NotificationControl.js';
import { usePushSubscriptionResent } from './pushDevice.js';

/** The server's VAPID public key: 65 bytes, the first 4 (an uncompressed P-256 point). */
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
const PUBLIC_KEY = btoa(String.fromCharCode(...KEY_BYTES))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1';
const KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };

/** A browser's PushSubscription: the endpoint, the key it was made with, toJSON() as sent to the server. */
function fakeSubscription(manager: FakePushManager, key: Uint8Array) {
  return {
    endpoint: ENDPOINT,
    options: { userVisibleOnly: true, applicationServerKey: key.buffer },
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
    unsubscribe: vi.fn(async () => {
      manager.current = null;
      return true;
    }),
  };
}

class FakePushManager {
  current: ReturnType<typeof fakeSubscription> | null = null;
  subscribe = vi.fn(async (options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
    this.current = fakeSubscription(this, options.applicationServerKey);
    return this.current;
  });
  getSubscription = vi.fn(async () => this.current);
}

/**
 * A browser with notifications at `permission` and, unless `push` is false, the Push API and the
 * app's service worker registered; what the person answers when asked is `answer`.
 */
function browser({ permission = 'default', answer = 'granted', push = true } = {}) {
  const pushManager = new FakePushManager();
  const requestPermission = vi.fn(async () => {
    notification.permission = answer;
    return answer;
  });
  const notification = { permission, requestPermission };
  vi.stubGlobal('Notification', notification);
  if (push) {
    vi.stubGlobal('PushManager', FakePushManager);
    const registration = { pushManager };
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
    });
  }
  return { pushManager, requestPermission };
}

const api = (routes: Parameters<typeof fakeServer>[0] = {}) =>
  fakeServer({
    'GET /api/push/key': () => reply(pushKeySchema, { publicKey: PUBLIC_KEY }),
    'POST /api/push/subscriptions': () => new Response(null, { status: 204 }),
    'DELETE /api/push/subscriptions': () => new Response(null, { status: 204 }),
    ...routes,
  });

describe('the notification button', () => {
  afterEach(() => {
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  });

  it('asks for permission when pressed, then subscribes this device with the server key and sends the subscription', async () => {
    const { pushManager, requestPermission } = browser();
    const server = api();
    const { user } = renderPage(<NotificationControl />, { session: sessionFor('restaurant') });
    expect(requestPermission).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Get notifications' }));

    expect((await screen.findByRole('status')).textContent).toContain('Notifications are on for this device');
    expect(requestPermission).toHaveBeenCalledOnce();
    expect(pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: KEY_BYTES });
    expect(server.sent('POST', '/api/push/subscriptions').map((request) => request.body)).toEqual([
      { endpoint: ENDPOINT, expirationTime: null, keys: KEYS },
    ]);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Turn off notifications' }).disabled).toBe(false);
  });

  it('turns off from the keyboard: the server forgets the device, then the browser unsubscribes', async () => {
    const { pushManager } = browser({ permission: 'granted' });
    pushManager.current = fakeSubscription(pushManager, KEY_BYTES);
    const subscription = pushManager.current;
    const server = api();
    const { user } = renderPage(<NotificationControl />, { session: sessionFor('driver') });

    const off = await screen.findByRole('button', { name: 'Turn off notifications' });
    await user.tab();
    expect(document.activeElement).toBe(off);
    await user.keyboard('{Enter}');

    await screen.findByRole('button', { name: 'Turn on notifications' });
    expect(screen.getByRole('status').textContent).toBe('Notifications are off on this device.');
    expect(server.sent('DELETE', '/api/push/subscriptions').map((request) => request.body)).toEqual([{ endpoint: ENDPOINT }]);
    expect(subscription.unsubscribe).toHaveBeenCalledOnce();
  });

  it('turns on again where permission was given before', async () => {
    const { pushManager } = browser({ permission: 'granted' });
    const server = api();
    const { user } = renderPage(<NotificationControl />, { session: sessionFor('driver') });
    await user.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    await screen.findByRole('button', { name: 'Turn off notifications' });
    expect(pushManager.subscribe).toHaveBeenCalledOnce();
    expect(server.sent('POST', '/api/push/subscriptions')).toHaveLength(1);
  });

  it('says so and leaves the device off when the server refuses the subscription', async () => {
    const { pushManager } = browser();
    api({
      'POST /api/push/subscriptions': () =>
        refuse(400, { code: 'bad_request', message: 'This address is not a push service this site sends to' }),
    });
    const { user } = renderPage(<NotificationControl />, { session: sessionFor('restaurant') });
    await user.click(screen.getByRole('button', { name: 'Get notifications' }));
    await screen.findByText('This address is not a push service this site sends to');
    await screen.findByRole('button', { name: 'Turn on notifications' });
    expect(pushManager.current).toBeNull();
  });

  it('without push in this browser only asks for permission, for notifications while the tab is open', async () => {
    const { requestPermission } = browser({ push: false });
    const server = api();
    const { user } = renderPage(<NotificationControl />, { session: sessionFor('driver') });
    await user.click(screen.getByRole('button', { name: 'Get notifications' }));
    await screen.findByText(/new orders are announced while this tab is hidden/);
    expect(requestPermission).toHaveBeenCalledOnce();
    expect(server.requests).toEqual([]);
  });

  it('says notifications are blocked when the person refuses', async () => {
    browser({ answer: 'denied' });
    api();
    const { user } = renderPage(<NotificationControl />, { session: sessionFor('driver') });
    await user.click(screen.getByRole('button', { name: 'Get notifications' }));
    expect((await screen.findByRole('status')).textContent).toContain('Notifications are blocked for this site');
  });
});

describe('after a sign-in', () => {
  function Probe() {
    usePushSubscriptionResent();
    return null;
  }

  it("gives the server this browser's subscription again where notifications are allowed", async () => {
    const { pushManager } = browser({ permission: 'granted' });
    pushManager.current = fakeSubscription(pushManager, KEY_BYTES);
    const server = api();
    renderPage(<Probe />, { session: sessionFor('driver') });
    await waitFor(() => expect(server.sent('POST', '/api/push/subscriptions')).toHaveLength(1));
    expect(pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('replaces a subscription made with a key the server no longer has', async () => {
    const { pushManager } = browser({ permission: 'granted' });
    const old = fakeSubscription(pushManager, new Uint8Array(65));
    pushManager.current = old;
    const server = api();
    renderPage(<Probe />, { session: sessionFor('driver') });
    await waitFor(() => expect(server.sent('POST', '/api/push/subscriptions')).toHaveLength(1));
    expect(old.unsubscribe).toHaveBeenCalledOnce();
    expect(pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: KEY_BYTES });
  });

  it.each([
    ['signed out', null, true],
    ['signed in without a subscription', sessionFor('driver'), false],
  ])('sends nothing while %s', async (_case, session, subscribed) => {
    const { pushManager } = browser({ permission: 'granted' });
    if (subscribed) pushManager.current = fakeSubscription(pushManager, KEY_BYTES);
    const server = api();
    renderPage(<Probe />, { session });
    // Signed in, the hook looks for a subscription; signed out it must not even look.
    if (session) await waitFor(() => expect(pushManager.getSubscription).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (!session) expect(pushManager.getSubscription).not.toHaveBeenCalled();
    expect(server.sent('POST', '/api/push/subscriptions')).toEqual([]);
  });
});
