import type { AvailableOrderView } from '@shared/orders/views.js';
import type { Page } from '@shared/paging.js';
import type { RealtimeEvent } from '@shared/realtime/events.js';

type OrderMove = Extract<RealtimeEvent, { type: 'order.status' }>;

/** An event of orders:ready saying an order became ready with nobody to deliver it: worth a sound. */
export const isNewReadyOrder = (event: RealtimeEvent): event is OrderMove =>
  event.type === 'order.status' && event.status === 'ready' && !event.driverId;

/**
 * An event of driver:<me> saying dispatch gave this driver an order: accepted, with this driver,
 * and not one the driver already has (in My Deliveries) or has just accepted themself.
 */
export const isAssignedToMe = (event: RealtimeEvent, myId: string, known: ReadonlySet<string>): event is OrderMove =>
  event.type === 'order.status' && event.status === 'accepted' && event.driverId === myId && !known.has(event.orderId);

/**
 * Available Orders once an event of orders:ready is known: an order that is no longer ready or has
 * a driver leaves the list at once (someone else took it); a new one arrives with the refetch
 * that follows, since the event carries only the status.
 */
export function withoutTakenOrder(
  page: Page<AvailableOrderView> | undefined,
  event: RealtimeEvent,
): Page<AvailableOrderView> | undefined {
  if (!page || event.type !== 'order.status') return page;
  if (event.status === 'ready' && !event.driverId) return page;
  return { ...page, items: page.items.filter((order) => order.id !== event.orderId) };
}
