import { eq } from 'drizzle-orm';
import { shortOrderId } from '@shared/orders/schemas.js';
import type { OrderStatus } from '@shared/orders/status.js';
import type { Queryable } from '../db/client.js';
import { orders, profiles, restaurants, users } from '../db/schema.js';
import type { EmailMessage } from './mailer.js';
import { queueEmail } from './outbox.js';

/** The moves the customer hears of by email; the others (pending, preparing, accepted) send none. */
const NEWS: Partial<Record<OrderStatus, { headline: string; next: string }>> = {
  confirmed: { headline: 'is confirmed', next: 'The kitchen has it and will start cooking soon.' },
  ready: { headline: 'is ready', next: 'A driver will pick it up soon.' },
  picked_up: {
    headline: 'is on its way',
    next: 'Keep your delivery code at hand: the driver asks for it when they hand the order over.',
  },
  delivered: { headline: 'has been delivered', next: 'Enjoy your meal, and thank you for ordering with ChopChop.' },
  cancelled: { headline: 'has been cancelled', next: 'If you did not expect this, please contact the restaurant.' },
};

interface Recipient {
  email: string;
  fullName: string | null;
  restaurantName: string;
}

function orderStatusEmail(recipient: Recipient, orderId: string, status: OrderStatus): EmailMessage | null {
  const news = NEWS[status];
  if (!news) return null;
  const order = `Your order #${shortOrderId(orderId)} from ${recipient.restaurantName}`;
  return {
    to: recipient.email,
    subject: `${order} ${news.headline}`,
    text: [
      `Hello ${recipient.fullName || 'there'},`,
      '',
      `${order} ${news.headline}.`,
      news.next,
      '',
      'You can follow it in My Orders on ChopChop.',
    ].join('\n'),
  };
}

async function findRecipient(db: Queryable, orderId: string): Promise<Recipient | undefined> {
  const [row] = await db
    .select({ email: users.email, fullName: profiles.fullName, restaurantName: restaurants.name })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    .leftJoin(profiles, eq(profiles.id, orders.customerId))
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
}

export interface QueuedEmail {
  outboxId: string;
  message: EmailMessage;
}

/**
 * Queues the email telling the customer their order is now `status`, in the caller's transaction
 * (the move's), so it exists exactly when the move does; null for a status nobody is told of.
 */
export async function queueOrderEmail(tx: Queryable, orderId: string, status: OrderStatus): Promise<QueuedEmail | null> {
  if (!NEWS[status]) return null;
  const recipient = await findRecipient(tx, orderId);
  const message = recipient ? orderStatusEmail(recipient, orderId, status) : null;
  if (!message) return null;
  return { outboxId: await queueEmail(tx, message), message };
}
