import { formatMoney } from '@shared/money.js';
import { shortOrderId } from '@shared/orders/schemas.js';
import { countOf } from '@shared/plural.js';
import type { Queryable } from '../db/client.js';
import type { Jobs } from '../jobs/jobs.js';
import { queuePush } from '../notifications/push/queue.js';
import { usersWithSubscriptions } from '../notifications/push/repository.js';
import type { KitchenRecipient } from './checkout/kitchen.js';

/**
 * The push messages orders send (notifications/push): a new order to its kitchen, an order given
 * to a driver. Each names the order by its short id and says nothing of the customer.
 */

/** Where each of a restaurant's people follows its orders: the owner on the board, managers on the sales page. */
const KITCHEN_PAGES = { owner: '/restaurant/dashboard', manager: '/restaurant/manager' } as const;
const DRIVER_PAGE = '/driver';

export interface NewOrder {
  id: string;
  lines: readonly { quantity: number }[];
  totalAmount: number;
  currencySymbol: string;
}

/** "New order #ab12cd34", "3 items · GH₵45.00", to the restaurant's people with a device, in the transaction that puts it on the board. */
export async function queueNewOrderPush(
  db: Queryable,
  jobs: Jobs,
  recipients: readonly KitchenRecipient[],
  order: NewOrder,
): Promise<void> {
  const items = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  const notice = {
    title: `New order #${shortOrderId(order.id)}`,
    body: `${countOf(items, 'item')} · ${formatMoney(order.totalAmount, order.currencySymbol)}`,
  };
  const owners = recipients.filter((recipient) => recipient.owner).map((recipient) => recipient.userId);
  const managers = recipients.filter((recipient) => !recipient.owner).map((recipient) => recipient.userId);
  await queuePush(db, jobs, owners, { ...notice, url: KITCHEN_PAGES.owner });
  await queuePush(db, jobs, managers, { ...notice, url: KITCHEN_PAGES.manager });
}

/** An order given to a driver, by dispatch or support, in the transaction that gives it. */
export async function queueAssignmentPush(db: Queryable, jobs: Jobs, order: { id: string; driverId: string }): Promise<void> {
  await queuePush(db, jobs, await usersWithSubscriptions(db, [order.driverId]), {
    title: `New delivery #${shortOrderId(order.id)}`,
    body: 'This order is yours to deliver: it is on your dashboard.',
    url: DRIVER_PAGE,
  });
}
