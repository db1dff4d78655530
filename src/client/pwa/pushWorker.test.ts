import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

type Listener = (event: unknown) => void;

/** The service worker's scope as the push handlers see it: a registration that shows notifications, and the app's windows. */
function workerScope() {
  const listeners = new Map<string, Listener>();
  const shown: { title: string; options: NotificationOptions }[] = [];
  const windows: { navigatedTo: string[]; controlled: boolean }[] = [];
  const opened: string[] = [];
  const client = (window: (typeof windows)[number]) => ({
    focus: async () => client(window),
    navigate: async (url: string) => {
      if (!window.controlled) throw new TypeError('not controlled');
      window.navigatedTo.push(url);
      return client(window);
    },
  });
  const scope = {
    location: { origin: 'https://food.example.com' },
    registration: {
      showNotification: async (title: string, options: NotificationOptions) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () => windows.map(client),
      openWindow: async (url: string) => {
        opened.push(url);
        return null;
      },
    },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  /** Dispatches an event and waits for the work it handed to waitUntil. */
  const dispatch = async (type: string, event: object) => {
    const work: Promise<unknown>[] = [];
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => work.push(promise) });
    await Promise.all(work);
  };
  return { scope, shown, windows, opened, dispatch };
}

const pushOf = (data: unknown) => ({ data: { json: () => data } });
const clickOn = (data: unknown) => ({ notification: { data, close: () => undefined } });

describe('the service worker’s push messages', () => {
  const worker = workerScope();
  beforeAll(async () => {
    vi.stubGlobal('self', worker.scope);
    await import('./pushWorker.js');
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  it('shows a message as a notification with its page, and one tag per order so a repeat replaces it', async () => {
    await worker.dispatch(
      'push',
      pushOf({ title: 'New order #ab12cd34', body: '2 items · GH₵45.00', url: '/restaurant/dashboard', tag: 'order-ab12cd34' }),
    );
    expect(worker.shown.at(-1)).toEqual({
      title: 'New order #ab12cd34',
      options: expect.objectContaining({
        body: '2 items · GH₵45.00',
        tag: 'order-ab12cd34',
        data: { url: '/restaurant/dashboard' },
      }),
    });
  });

  it('never keeps another site’s address as the page to open, and shows a message that is not JSON', async () => {
    await worker.dispatch('push', pushOf({ title: 'New delivery', url: '//evil.example/phish' }));
    expect(worker.shown.at(-1)!.options.data).toEqual({ url: '/' });
    await worker.dispatch('push', {
      data: {
        json: () => {
          throw new SyntaxError('not JSON');
        },
      },
    });
    expect(worker.shown.at(-1)!.title).toBe('ChopChop');
  });

  it('opens the message’s page on a tap: in the app’s open window, or a new one when there is none or it cannot be moved', async () => {
    await worker.dispatch('notificationclick', clickOn({ url: '/driver' }));
    expect(worker.opened).toEqual(['https://food.example.com/driver']);

    worker.windows.push({ navigatedTo: [], controlled: true });
    await worker.dispatch('notificationclick', clickOn({ url: '/restaurant/dashboard' }));
    expect(worker.windows[0]!.navigatedTo).toEqual(['https://food.example.com/restaurant/dashboard']);
    expect(worker.opened).toHaveLength(1);

    worker.windows[0]!.controlled = false;
    await worker.dispatch('notificationclick', clickOn({ url: '/driver' }));
    expect(worker.opened).toEqual(['https://food.example.com/driver', 'https://food.example.com/driver']);
  });
});
