import type { Queryable } from '../db/client.js';
import type { Jobs } from '../jobs/jobs.js';
import { findTurnedOff } from './optOutsRepository.js';
import { orderEmailFor } from './orderEmails.js';
import { findOrderedLines, findOrderFacts } from './orderFacts.js';
import { doorWaitSmsFor, orderSmsFor, type OrderNews } from './orderSms.js';
import { queueEmail } from './outbox.js';
import { queueSms } from './sms/outbox.js';

export type { OrderNews };

/** The moves the customer may hear of at all: any other costs no query. */
const NEWS_STATUSES: ReadonlySet<string> = new Set([
  'confirmed',
  'preparing',
  'ready',
  'picked_up',
  'delivered',
  'cancelled',
  'customer_unavailable',
]);

/**
 * Queues what the customer hears of a move, by email and by SMS, each unless they turned it off,
 * in the move's transaction: the jobs send them once it commits, so neither a mail server nor an
 * SMS provider ever holds up or undoes a move. Two reads: the order's facts, and the customer's
 * choices for the kinds this move is; a confirmation reads the order's lines too.
 */
export async function queueOrderNews(tx: Queryable, jobs: Jobs, news: OrderNews): Promise<void> {
  if (!NEWS_STATUSES.has(news.status)) return;
  const facts = await findOrderFacts(tx, news.orderId);
  if (!facts) return;
  const lines = news.status === 'confirmed' ? await findOrderedLines(tx, news.orderId) : [];
  const email = orderEmailFor(facts, news.orderId, news.status, lines);
  const sms = orderSmsFor(facts, news);
  const kinds = [email?.kind, sms?.kind].filter((kind) => kind !== undefined);
  if (kinds.length === 0) return;
  const off = await findTurnedOff(tx, facts.customerId, kinds);
  if (email && !off.has(`${email.kind}/email`)) await queueEmail(tx, jobs, email.message);
  if (sms && !off.has(`${sms.kind}/sms`)) await queueSms(tx, jobs, sms);
}

/**
 * Queues the SMS telling the customer their rider is at the door and waits `minutes` for them, in
 * the transaction that starts the wait; it is part of the delivery's news (the kind
 * order-picked-up), so it goes unless they turned that off.
 */
export async function queueDoorWaitNews(tx: Queryable, jobs: Jobs, orderId: string, minutes: number): Promise<void> {
  const facts = await findOrderFacts(tx, orderId);
  const sms = facts && doorWaitSmsFor(facts, orderId, minutes);
  if (!facts || !sms) return;
  const off = await findTurnedOff(tx, facts.customerId, [sms.kind]);
  if (!off.has(`${sms.kind}/sms`)) await queueSms(tx, jobs, sms);
}
