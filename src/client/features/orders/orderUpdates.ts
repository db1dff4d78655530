import type { OrderView } from '@shared/orders/schemas.js';
import { STATUS_LABELS, type OrderStatus } from '@shared/orders/status.js';

/** The line under the 'Order Updated' toast when an order moves on. */
export const statusUpdateMessage = (order: Pick<OrderView, 'shortId' | 'restaurantName'>, status: OrderStatus): string =>
  `Your order ${order.shortId} from ${order.restaurantName} is now ${STATUS_LABELS[status]}.`;
