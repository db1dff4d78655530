import { ORDER_MESSAGES } from '@shared/orders/schemas.js';
import { AT_THE_DOOR_METRES, NOT_AVAILABLE_MESSAGES, type DoorWait, type PaymentDecision } from '@shared/orders/notAvailable.js';
import type { OrderMoved } from '@shared/orders/views.js';
import { PAYMENT_MESSAGES } from '@shared/payments/schemas.js';
import { topics } from '@shared/realtime/events.js';
import type { Queryable } from '../db/client.js';
import { conflict, forbidden, notFound, unprocessable } from '../http/errors.js';
import type { AuthUser } from '../core/identity.js';
import { postOrderRefunded, postPaymentKept } from '../ledger/orderPostings.js';
import { queueDoorWaitNews } from '../notifications/orderNews.js';
import { decidesPayments, findOrderParties, judgeOrderMove } from '../policy.js';
import { transactionWithEvents } from '../realtime/publish.js';
import type { StorageService } from '../storage/service.js';
import { moveOrder, moveRefusal, type MoveDeps } from './moves.js';
import {
  decidePaymentIfOpen,
  findDistanceToPin,
  findPaymentDecision,
  findWaitLeft,
  setDoorPhoto,
  startWaitIfNone,
} from './notAvailableRepository.js';

/**
 * When the customer does not answer (decision 030): the order's own driver, out for delivery,
 * waits at the door; once the wait is over they close the delivery as customer_unavailable with
 * a photo of the door; an admin then decides, once, whether a card payment is refunded or kept.
 */

const TO = 'customer_unavailable';

/**
 * Judges the driver's step as the move it leads to (only the order's own driver, only out for
 * delivery): 404 to whoever may not see the order, 403 to who sees it but may not, 409 once it
 * is closed so, 422 in any other status.
 */
async function judgeNotAvailable(db: Queryable, driver: AuthUser, orderId: string) {
  const order = await findOrderParties(db, orderId);
  if (!order) throw notFound(ORDER_MESSAGES.notFound);
  const verdict = await judgeOrderMove(db, driver, order, TO);
  if (verdict === 'impossible') throw unprocessable(NOT_AVAILABLE_MESSAGES.onlyOutForDelivery);
  if (verdict !== 'allowed') throw moveRefusal[verdict](order.status, TO);
  return order;
}

/** Refuses a driver who is not at the delivery pin: their last position more than AT_THE_DOOR_METRES from it, or none. */
async function refuseAwayFromPin(db: Queryable, orderId: string, driverId: string) {
  const distance = await findDistanceToPin(db, orderId, driverId);
  if (!distance?.pinned) return;
  if (distance.metres === null) throw unprocessable(NOT_AVAILABLE_MESSAGES.noPosition);
  if (distance.metres > AT_THE_DOOR_METRES) throw unprocessable(NOT_AVAILABLE_MESSAGES.awayFromPin(distance.metres));
}

/**
 * The driver starts waiting at the door (POST /api/orders/:id/wait) for `minutes`
 * (CUSTOMER_WAIT_MINUTES), at the delivery pin when the order has one. One conditional UPDATE:
 * a wait is started once, and a second start answers 409 (the wait already running keeps its
 * end). The customer, the driver's other screens and the admins hear of it live, and the
 * customer by SMS, queued in the same transaction.
 */
export async function startDoorWait(
  { db, jobs }: Pick<MoveDeps, 'db' | 'jobs'>,
  driver: AuthUser,
  orderId: string,
  minutes: number,
): Promise<DoorWait> {
  return transactionWithEvents(db, async (tx, raise) => {
    await judgeNotAvailable(tx, driver, orderId);
    await refuseAwayFromPin(tx, orderId, driver.userId);
    const wait = await startWaitIfNone(tx, orderId, driver.userId, minutes);
    if (!wait) {
      const left = await findWaitLeft(tx, orderId);
      throw conflict(left?.started ? NOT_AVAILABLE_MESSAGES.alreadyWaiting : ORDER_MESSAGES.changedMeanwhile);
    }
    const waitEndsAt = wait.endsAt.toISOString();
    for (const topic of [topics.order(orderId), topics.driver(driver.userId), topics.allOrders()]) {
      raise({ topic, type: 'order.waiting', orderId, waitEndsAt });
    }
    await queueDoorWaitNews(tx, jobs, orderId, minutes);
    return { startedAt: wait.startedAt.toISOString(), endsAt: waitEndsAt };
  });
}

/**
 * The driver closes the delivery as 'Customer not available' (POST /api/orders/:id/not-available)
 * with a photo of the door: judged first, so nobody else's photo is decoded; the photo checked
 * and re-encoded as every upload is (storage/images.ts); then the move (moveOrder: only the
 * order's own driver, only from picked up, one conditional UPDATE) with the ended wait as its
 * proof, by the database's clock (422 with the time left before), and the photo stored with the
 * order in the move's transaction. The kitchen, the customer (live, by email and SMS) and the
 * admins hear of it as of any move. Nothing is posted on the ledger: no money changed hands yet
 * (a card payment waits for decidePayment). A photo kept for a move that failed is removed.
 */
export async function closeNotAvailable(
  deps: MoveDeps & { storage: StorageService },
  driver: AuthUser,
  orderId: string,
  photo: Buffer,
): Promise<OrderMoved> {
  await judgeNotAvailable(deps.db, driver, orderId);
  const image = await deps.storage.prepare('door-photos', photo);
  try {
    return await moveOrder(deps, driver, orderId, TO, async (tx, order) => {
      const wait = await findWaitLeft(tx, order.id);
      if (!wait?.started) throw unprocessable(NOT_AVAILABLE_MESSAGES.notWaiting);
      if (wait.secondsLeft > 0) throw unprocessable(NOT_AVAILABLE_MESSAGES.waitNotOver(wait.secondsLeft));
      const stored = await deps.storage.save(tx, image, driver.userId);
      await setDoorPhoto(tx, order.id, stored.url);
    });
  } catch (error) {
    await deps.storage.discard([image]);
    throw error;
  }
}

/**
 * An admin decides what becomes of a not-available order's card payment (POST
 * /api/admin/orders/:id/payment-decision): refunded in full (owed with the job that asks Paystack
 * for it, and posted back on the ledger, as a cancellation's refund) or kept (posted as
 * payment_kept, the rider paid for the trip). Once: a conditional UPDATE, so a second decision,
 * or two at once, answers 409. Only a completed card payment of such an order waits for one (422).
 */
export async function decidePayment(
  { db, moveEffects: { refunds } }: Pick<MoveDeps, 'db' | 'moveEffects'>,
  admin: AuthUser,
  orderId: string,
  decision: PaymentDecision,
): Promise<{ paymentDecision: PaymentDecision }> {
  if (!decidesPayments(admin)) throw forbidden();
  return transactionWithEvents(db, async (tx, raise) => {
    const order = await findOrderParties(tx, orderId);
    if (!order) throw notFound(ORDER_MESSAGES.notFound);
    if (await findPaymentDecision(tx, orderId)) throw conflict(NOT_AVAILABLE_MESSAGES.decidedAlready);
    const payment = order.status === TO ? await refunds.findPaidCardPayment(tx, orderId) : undefined;
    if (!payment) throw unprocessable(NOT_AVAILABLE_MESSAGES.noPaymentDecision);
    const decided = await decidePaymentIfOpen(tx, orderId, decision);
    if (!decided) throw conflict(NOT_AVAILABLE_MESSAGES.decidedAlready);
    if (decision === 'refunded') {
      await refunds.oweForOrder(tx, orderId, PAYMENT_MESSAGES.customerNotAvailable, payment);
      await postOrderRefunded(tx, orderId);
    } else {
      await postPaymentKept(tx, orderId);
    }
    raise({ topic: topics.allOrders(), type: 'order.status', orderId, status: TO, driverId: decided.driverId });
    return { paymentDecision: decision };
  });
}
