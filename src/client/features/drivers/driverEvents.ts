import type { AvailableOrderView } from '@shared/orders/views.js';
import type { Page } from '@shared/paging.js';
import type { RealtimeEvent } from '@shared/realtime/events.js';

type OrderMove = Extract<RealtimeEvent, { type: 'order.status' }>;
type OrderOffer = Extract<RealtimeEvent, { type: 'order.offer' }>;

/** An event of orders:ready saying an order became ready with nobody to deliver it: worth a sound, if this driver is offered it. */
export const isNewReadyOrder = (event: RealtimeEvent): event is OrderMove =>
  event.type === 'order.status' && event.status === 'ready' && !event.driverId;

/**
 * An event of driver:<me> saying dispatch or support gave this driver an order. The server says
 * so on the event: an order the driver took themself, in this tab or another, is no news, and
 * nothing the driver's lists fetched meanwhile can hide an assignment.
 */
export const isAssignedToMe = (event: RealtimeEvent, myId: string): event is OrderMove =>
  event.type === 'order.status' && event.assigned === true && event.driverId === myId;

/** An event of driver:<me> saying dispatch offers this driver an order. */
export const isOfferedToMe = (event: RealtimeEvent, myId: string): event is OrderOffer =>
  event.type === 'order.offer' && event.open && event.driverId === myId;

/** Whether the event takes the order away from this driver: someone took it, or it is offered to another driver. */
function takesAway(event: RealtimeEvent, myId: string): boolean {
  if (event.type === 'order.offer') return event.open && event.driverId !== myId;
  if (event.type === 'order.status') return event.status !== 'ready' || Boolean(event.driverId);
  return false;
}

/**
 * An event of driver:<me> saying support took an order off this driver (decision 031): taken back
 * to wait for a rider (no driver), or given to another one. Every other move of an order on this
 * topic names this driver.
 */
export const isTakenFromMe = (event: RealtimeEvent, myId: string): event is OrderMove =>
  event.type === 'order.status' && event.driverId !== undefined && event.driverId !== myId;

/**
 * Available Orders once an event of orders:ready is known: an order that is no longer ready, has
 * a driver or is offered to another driver leaves the list at once; a new one arrives with the
 * refetch that follows, since the event carries only the status.
 */
export function withoutTakenOrder(
  page: Page<AvailableOrderView> | undefined,
  event: RealtimeEvent,
  myId: string,
): Page<AvailableOrderView> | undefined {
  if (!page || !takesAway(event, myId)) return page;
  const orderId = 'orderId' in event ? event.orderId : undefined;
  return { ...page, items: page.items.filter((order) => order.id !== orderId) };
}
