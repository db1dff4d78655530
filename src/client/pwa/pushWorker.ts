import type { PushMessage } from '@shared/notifications/push.js';

/**
 * The service worker's push messages (decision 020). The build turns this file alone into
 * push-worker.js (scripts/pushWorkerPlugin.ts), which the generated worker loads with
 * importScripts (vite.pwa.ts): it runs in the worker's scope, so it imports nothing but types.
 * A message shows as a notification; tapping it brings the app forward on the message's page.
 */

interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown } | null;
}
interface NotificationClickEvent extends ExtendableEvent {
  notification: Notification;
}
interface WindowClient {
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  location: Location;
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const ICON = '/icons/icon-192.png';

/** The message as the server sends it (notifications/push/send.ts), with safe stand-ins for anything missing. */
function readMessage(event: PushEvent): PushMessage {
  let data: Partial<Record<keyof PushMessage, unknown>> = {};
  try {
    data = event.data?.json() ?? {};
  } catch {
    // Not JSON: shown with the stand-ins below.
  }
  const text = (value: unknown, otherwise: string) => (typeof value === 'string' && value ? value : otherwise);
  const title = text(data.title, 'ChopChop');
  // Only a path of this app: a message never opens another site.
  const url = typeof data.url === 'string' && /^\/(?!\/)/.test(data.url) ? data.url : '/';
  return { title, body: text(data.body, ''), url, tag: text(data.tag, title) };
}

worker.addEventListener('push', (event) => {
  const { title, body, url, tag } = readMessage(event);
  event.waitUntil(worker.registration.showNotification(title, { body, tag, icon: ICON, badge: ICON, data: { url } }));
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url = '/' } = (event.notification.data ?? {}) as { url?: string };
  const target = new URL(url, worker.location.origin).href;
  event.waitUntil(
    (async () => {
      const [open] = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
      if (open) {
        const focused = await open.focus();
        // A window the worker does not control cannot be sent elsewhere: a new one opens instead.
        if (await focused.navigate(target).catch(() => null)) return;
      }
      await worker.clients.openWindow(target);
    })(),
  );
});
