import type { NotificationKind } from '@shared/notifications/kinds.js';
import { lineName } from '@shared/menu/options.js';
import { formatMoney } from '@shared/money.js';
import { shortOrderId, type OrderLine } from '@shared/orders/schemas.js';
import type { OrderStatus } from '@shared/orders/status.js';
import type { EmailMessage } from './mailer.js';
import type { OrderFacts } from './orderFacts.js';

/** The moves the customer hears of by email, each a kind they can turn off; the others (pending, preparing, accepted) send none. */
const NEWS: Partial<Record<OrderStatus, { kind: NotificationKind; headline: string; next: string }>> = {
  confirmed: { kind: 'order-confirmed', headline: 'is confirmed', next: 'The kitchen has it and will start cooking soon.' },
  ready: { kind: 'order-ready', headline: 'is ready', next: 'A driver will pick it up soon.' },
  picked_up: {
    kind: 'order-picked-up',
    headline: 'is on its way',
    next: 'Keep your delivery code at hand: the driver asks for it when they hand the order over.',
  },
  delivered: {
    kind: 'order-delivered',
    headline: 'has been delivered',
    next: 'Enjoy your meal, and thank you for ordering with ChopChop.',
  },
  cancelled: {
    kind: 'order-cancelled',
    headline: 'has been cancelled',
    next: 'If you did not expect this, please contact the restaurant.',
  },
  customer_unavailable: {
    kind: 'order-cancelled',
    headline: 'could not be delivered',
    next: 'Your rider waited at your door but could not reach you, so the delivery was closed. A photo of the door is on your order in My Orders; if you paid by card, our support team will tell you about your payment.',
  },
};

/** What was ordered, a line each: '2 × Jollof (Fish, Egg)  GH₵94.00'. */
function orderedLines(lines: readonly OrderLine[], currencySymbol: string): string[] {
  if (lines.length === 0) return [];
  return [
    '',
    'What you ordered:',
    ...lines.map((line) => `${line.quantity} × ${lineName(line)}  ${formatMoney(line.price * line.quantity, currencySymbol)}`),
  ];
}

/**
 * The email telling the customer their order is now `status`, with its kind; undefined for a
 * status nobody is emailed about. `lines`, when given, are listed with their choices (the
 * confirmation carries them).
 */
export function orderEmailFor(
  facts: Pick<OrderFacts, 'email' | 'fullName' | 'restaurantName' | 'currencySymbol'>,
  orderId: string,
  status: OrderStatus,
  lines: readonly OrderLine[] = [],
): { kind: NotificationKind; message: EmailMessage } | undefined {
  const news = NEWS[status];
  if (!news) return undefined;
  const order = `Your order #${shortOrderId(orderId)} from ${facts.restaurantName}`;
  return {
    kind: news.kind,
    message: {
      to: facts.email,
      subject: `${order} ${news.headline}`,
      text: [
        `Hello ${facts.fullName || 'there'},`,
        '',
        `${order} ${news.headline}.`,
        news.next,
        ...orderedLines(lines, facts.currencySymbol),
        '',
        'You can follow it in My Orders on ChopChop.',
      ].join('\n'),
    },
  };
}
