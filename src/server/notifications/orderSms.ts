import type { NotificationKind } from '@shared/notifications/kinds.js';
import { formatMoney } from '@shared/money.js';
import { shortOrderId } from '@shared/orders/schemas.js';
import type { OrderStatus } from '@shared/orders/status.js';
import { toE164 } from '@shared/phone.js';
import type { OrderFacts } from './orderFacts.js';

/** A move the customer hears of: the order, where it came from and went, and the card refund it owes (minor units). */
export interface OrderNews {
  orderId: string;
  from: OrderStatus;
  status: OrderStatus;
  refunded?: number;
}

type OrderSmsKind = Extract<NotificationKind, 'order-confirmed' | 'order-picked-up' | 'order-delivered' | 'order-cancelled'>;

/**
 * Which message a move is, by SMS: the kitchen accepting the order (confirming a card order, or
 * starting on a cash order, which is placed confirmed), the rider picking it up, and its end.
 */
function smsKindOf({ from, status }: OrderNews, paymentMethod: string | null): OrderSmsKind | undefined {
  if (status === 'confirmed' || (status === 'preparing' && from === 'confirmed' && paymentMethod === 'cash')) {
    return 'order-confirmed';
  }
  if (status === 'picked_up') return 'order-picked-up';
  if (status === 'delivered') return 'order-delivered';
  // The delivery's end without the food: told as a cancellation is, and turned off with it.
  if (status === 'cancelled' || status === 'customer_unavailable') return 'order-cancelled';
  return undefined;
}

const firstName = (fullName: string | null) => fullName?.trim().split(/\s+/)[0] || 'Your rider';
const orderFrom = (news: OrderNews, facts: OrderFacts) => `order #${shortOrderId(news.orderId)} from ${facts.restaurantName}`;

/** The text of each message: short enough for one or two SMS, and never the delivery code. */
const SMS_TEXTS: Record<OrderSmsKind, (news: OrderNews, facts: OrderFacts) => string> = {
  'order-confirmed': (news, facts) =>
    `ChopChop: ${facts.restaurantName} accepted your order #${shortOrderId(news.orderId)} and is cooking it.`,
  'order-picked-up': (news, facts) => {
    const rider = firstName(facts.driverName);
    const phone = facts.driverPhone ? toE164(facts.driverPhone, facts.country) : undefined;
    return `ChopChop: ${rider} picked up your ${orderFrom(news, facts)} and is on the way.${phone ? ` Call ${rider}: tel:${phone}` : ''}`;
  },
  'order-delivered': (news, facts) => `ChopChop: your ${orderFrom(news, facts)} was delivered. Enjoy your meal!`,
  'order-cancelled': (news, facts) => {
    const refund = news.refunded
      ? ` Your card payment of ${formatMoney(news.refunded, facts.currencySymbol)} will be refunded to your card.`
      : '';
    if (news.status === 'customer_unavailable') {
      return `ChopChop: your rider waited at your door with ${orderFrom(news, facts)} but could not reach you, so the delivery was closed.${notAvailablePayment(facts)}`;
    }
    return `ChopChop: your ${orderFrom(news, facts)} was cancelled.${refund}`;
  },
};

/** What a customer who was not there hears of their payment: a card payment is looked at by support. */
const notAvailablePayment = (facts: OrderFacts) =>
  facts.paymentMethod === 'paystack-card' ? ' Our support team will tell you about your card payment.' : '';

/** The SMS a move sends the customer, if any: its kind, their number in E.164 and the text. */
export function orderSmsFor(
  facts: OrderFacts,
  news: OrderNews,
): { kind: NotificationKind; to: string; body: string } | undefined {
  const kind = smsKindOf(news, facts.paymentMethod);
  const to = toE164(facts.deliveryPhone, facts.country);
  if (!kind || !to) return undefined;
  return { kind, to, body: SMS_TEXTS[kind](news, facts) };
}

/** The SMS telling the customer their rider is at the door and waits `minutes` for them, with the rider's number to call back. */
export function doorWaitSmsFor(
  facts: OrderFacts,
  orderId: string,
  minutes: number,
): { kind: NotificationKind; to: string; body: string } | undefined {
  const to = toE164(facts.deliveryPhone, facts.country);
  if (!to) return undefined;
  const rider = firstName(facts.driverName);
  const phone = facts.driverPhone ? toE164(facts.driverPhone, facts.country) : undefined;
  const call = phone ? ` Call ${rider}: tel:${phone}` : '';
  const order = `order #${shortOrderId(orderId)} from ${facts.restaurantName}`;
  return {
    kind: 'order-picked-up',
    to,
    body: `ChopChop: ${rider} is at your door with your ${order} and waits ${minutes} minutes for you.${call}`,
  };
}
