import { ORDER_MESSAGES } from '@shared/orders/schemas.js';
import { topics, type RealtimeEvent } from '@shared/realtime/events.js';
import type { Queryable } from '../db/client.js';
import { conflict } from '../http/errors.js';
import { updateStatusIfCurrent, type StatusChange } from './repository.js';

/**
 * Moves an order from one status to the next, for any actor (kitchen now, drivers later). The
 * UPDATE only matches while the order is still in `from`, so of two people moving the same
 * order at once exactly one wins; the other gets 409. Run it inside transactionWithEvents with
 * its `raise`: the events go out only once that transaction commits.
 */
export async function moveOrder(db: Queryable, change: StatusChange, raise: (event: RealtimeEvent) => void) {
  const moved = await updateStatusIfCurrent(db, change);
  if (!moved) throw conflict(ORDER_MESSAGES.changedMeanwhile);

  const event = { type: 'order.status', orderId: moved.id, status: moved.status, driverId: moved.driverId } as const;
  const audience = [topics.order(moved.id), topics.restaurant(moved.restaurantId)];
  if (moved.status === 'ready' && moved.driverId === null) audience.push(topics.ordersReady());
  if (moved.driverId) audience.push(topics.driver(moved.driverId));
  for (const topic of audience) raise({ ...event, topic });
  return moved;
}
