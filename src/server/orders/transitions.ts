import { ORDER_MESSAGES } from '@shared/orders/schemas.js';
import { topics } from '@shared/realtime/events.js';
import type { Queryable } from '../db/client.js';
import { conflict } from '../http/errors.js';
import { publish } from '../realtime/publish.js';
import { updateStatusIfCurrent, type StatusChange } from './repository.js';

/**
 * Moves an order from one status to the next, for any actor (kitchen now, drivers later). The
 * UPDATE only matches while the order is still in `from`, so of two people moving the same
 * order at once exactly one wins; the other gets 409. Run it inside the caller's transaction:
 * the events go out only if that commits.
 */
export async function moveOrder(db: Queryable, change: StatusChange) {
  const moved = await updateStatusIfCurrent(db, change);
  if (!moved) throw conflict(ORDER_MESSAGES.changedMeanwhile);

  const event = { type: 'order.status', orderId: moved.id, status: moved.status, driverId: moved.driverId } as const;
  const audience = [topics.order(moved.id), topics.restaurant(moved.restaurantId)];
  if (moved.status === 'ready' && moved.driverId === null) audience.push(topics.ordersReady());
  if (moved.driverId) audience.push(topics.driver(moved.driverId));
  for (const topic of audience) await publish(db, { ...event, topic });
  return moved;
}
