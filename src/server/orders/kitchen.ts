import { ORDER_MESSAGES, type OrderView } from '@shared/orders/schemas.js';
import { STATUS_LABELS, canTransition, isTransition, type OrderStatus } from '@shared/orders/status.js';
import type { Db } from '../db/client.js';
import { conflict, forbidden, notFound, unprocessable } from '../http/errors.js';
import type { AuthUser } from '../core/identity.js';
import { findOrderParties, managesRestaurant } from '../policy.js';
import { transactionWithEvents } from '../realtime/publish.js';
import { getCheckedOrder } from './service.js';
import { moveOrder } from './transitions.js';

/**
 * A restaurant (or an admin) moves one of its orders along the kitchen's part of the status
 * machine: confirm or cancel, start preparing, mark ready.
 */
export async function moveOrderByKitchen(db: Db, user: AuthUser, orderId: string, to: OrderStatus): Promise<OrderView> {
  return transactionWithEvents(db, async (tx, raise) => {
    const order = await findOrderParties(tx, orderId);
    if (!order || !(await managesRestaurant(tx, user, order.restaurantId))) throw notFound(ORDER_MESSAGES.notFound);

    const from = order.status as OrderStatus;
    if (from === to) throw conflict(`This order is already ${STATUS_LABELS[to].toLowerCase()}`);
    if (!isTransition(from, to)) {
      throw unprocessable(
        `An order that is ${STATUS_LABELS[from].toLowerCase()} cannot be marked ${STATUS_LABELS[to].toLowerCase()}`,
      );
    }
    if (!user.role || !canTransition(from, to, user.role)) throw forbidden();

    await moveOrder(tx, { orderId, from, to }, raise);
    return getCheckedOrder(tx, user, orderId);
  });
}
