export type NotificationState = NotificationPermission | 'unsupported';

export const notificationState = (): NotificationState => ('Notification' in window ? Notification.permission : 'unsupported');

/** Tells a kitchen whose board is in a hidden tab that an order came in, if it allowed notifications. */
export function notifyNewOrder(shortId: string): void {
  if (!document.hidden || notificationState() !== 'granted') return;
  try {
    new Notification('New Order!', { body: `Order ${shortId} has just come in.`, tag: `order-${shortId}` });
  } catch {
    // Chrome on Android shows notifications only through a service worker; the toast and sound remain.
  }
}
