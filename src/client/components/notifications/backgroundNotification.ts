export type NotificationState = NotificationPermission | 'unsupported';

export const notificationState = (): NotificationState => ('Notification' in window ? Notification.permission : 'unsupported');

/**
 * Tells someone whose board or dashboard is in a hidden tab what happened (a new order, an order
 * assigned to them), if they allowed notifications. The tag keeps one notification per order.
 */
export function notifyInBackground(title: string, body: string, tag: string): void {
  if (!document.hidden || notificationState() !== 'granted') return;
  try {
    new Notification(title, { body, tag });
  } catch {
    // Chrome on Android shows notifications only through a service worker; the toast and sound remain.
  }
}
