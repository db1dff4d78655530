import type { Tx } from '../db/client.js';
import { postedId } from './post.js';
import {
  insertOrderDelivered,
  insertOrderPaid,
  insertOrderRefunded,
  insertPaymentKept,
  type PostedAt,
} from './postingsRepository.js';

/**
 * An order's money events on the ledger (decision 022), each posted in the transaction that makes
 * the event happen, in one statement that reads the order (and its payment) and writes the
 * entries, and at most once per order: a second call posts nothing and answers undefined.
 * Amounts come from the order's snapshot: the customer pays total_amount (the food) + delivery_fee
 * + tip_amount; the restaurant earns restaurant_payout, the platform commission_amount and
 * delivery_share, the rider delivery_fee - delivery_share + tip_amount.
 */

/**
 * A card order written after Paystack took its money (payments' service calls it in the
 * transaction that writes the order): debit paystack, credit customer_funds, the whole charge.
 * Posts nothing for a cash order.
 */
export async function postOrderPaid(tx: Tx, orderId: string): Promise<string | undefined> {
  return postedId('order_paid', await insertOrderPaid(tx, orderId));
}

/**
 * An order moved to delivered (orders/movesRepository.ts): debit customer_funds with the charge
 * for a card order, or rider_cash of its rider for a cash one; credit restaurant (owner: the
 * restaurant) its payout, commission the commission, rider (owner: the rider) their part of the
 * fee and the tip, and delivery_share the platform's part of the fee. Support closing an order as
 * delivered when it has no rider: the rider's part goes to delivery_share and cash to
 * cash_received. A card order paid before the ledger existed is debited to paystack directly.
 * `at`: when it was delivered, for history written afterwards (the demo seed); now otherwise.
 */
export async function postOrderDelivered(tx: Tx, orderId: string, at?: PostedAt): Promise<string | undefined> {
  return postedId('order_delivered', await insertOrderDelivered(tx, orderId, at));
}

/**
 * A paid card order cancelled with its payment refunded (orders/movesRepository.ts), or closed as
 * customer not available and refunded by an admin's decision (orders/notAvailable.ts): debit
 * customer_funds, credit paystack, the amount order_paid posted. Posts nothing for a cash order or
 * one whose payment was never posted.
 */
export async function postOrderRefunded(tx: Tx, orderId: string): Promise<string | undefined> {
  return postedId('order_refunded', await insertOrderRefunded(tx, orderId));
}

/**
 * A paid card order support cancelled keeping the payment (orders/adminClose.ts, refund 'none'):
 * the restaurant and the platform are credited as for a delivery without a rider. A paid card
 * order closed as customer not available whose payment an admin kept (orders/notAvailable.ts):
 * split as a delivery, its rider paid for the trip.
 */
export async function postPaymentKept(tx: Tx, orderId: string): Promise<string | undefined> {
  return postedId('payment_kept', await insertPaymentKept(tx, orderId));
}
