import { NOT_AVAILABLE_MESSAGES } from '@shared/orders/notAvailable.js';
import { ORDER_MESSAGES, shortOrderId } from '@shared/orders/schemas.js';
import { STATUS_LABELS, isDecline, isOnTheRoad, needsProof, type OrderStatus } from '@shared/orders/status.js';
import type { OrderMoved } from '@shared/orders/views.js';
import { topics, type RealtimeEvent } from '@shared/realtime/events.js';
import type { Db, Tx } from '../db/client.js';
import { PAYMENT_MESSAGES } from '@shared/payments/schemas.js';
import type { Jobs } from '../jobs/jobs.js';
import { queueOrderNews } from '../notifications/orderNews.js';
import { conflict, forbidden, notFound, unprocessable, type AppError } from '../http/errors.js';
import type { AuthUser } from '../core/identity.js';
import { findOrderParties, judgeOrderMove, type MoveVerdict, type OrderParties } from '../policy.js';
import { transactionWithEvents } from '../realtime/publish.js';
import { refuseOverCashLimit } from './cashLimit.js';
import type { MoveEffects } from './moveEffects.js';
import { updateStatusIfCurrent } from './movesRepository.js';

/**
 * What a move must prove besides who makes it, checked inside the move's transaction before the
 * update; it throws to refuse. Delivering needs the customer's code: the driver's delivery
 * command passes the code check here. A refusal rolls the transaction back, so wrong attempts
 * must be counted in a transaction of their own. Moves the machine marks as needing proof
 * (needsProof) are refused without one.
 */
export type MoveProof = (tx: Tx, order: OrderParties & { id: string }) => Promise<void>;

const label = (status: OrderStatus) => STATUS_LABELS[status].toLowerCase();

/** How each refusal of a move is answered; support's commands (adminClose.ts, reassign.ts) answer the same way. */
export const moveRefusal: Record<Exclude<MoveVerdict, 'allowed'>, (from: OrderStatus, to: OrderStatus) => AppError> = {
  hidden: () => notFound(ORDER_MESSAGES.notFound),
  already: (_from, to) => conflict(`This order is already ${label(to)}`),
  taken: () => conflict(ORDER_MESSAGES.taken),
  impossible: (from, to) => unprocessable(`An order that is ${label(from)} cannot be marked ${label(to)}`),
  forbidden: () => forbidden(),
};

type MovedOrder = NonNullable<Awaited<ReturnType<typeof updateStatusIfCurrent>>>;

/**
 * Everyone who hears of a move: the order, its restaurant, the admins (orders:all), its driver, and
 * the waiting drivers while it concerns them.
 */
function audienceOf(moved: Pick<MovedOrder, 'id' | 'restaurantId' | 'driverId' | 'status'>, from: OrderStatus) {
  const audience = [topics.order(moved.id), topics.restaurant(moved.restaurantId), topics.allOrders()];
  const waiting = moved.status === 'ready' && moved.driverId === null;
  if (waiting || from === 'ready') audience.push(topics.ordersReady());
  if (moved.driverId) audience.push(topics.driver(moved.driverId));
  return audience;
}

/**
 * How a move came about: `assigned` when dispatch or support gave the order to its driver;
 * `refunded`, the card payment (minor units) a cancellation refunds, which the customer is told of.
 */
export interface MoveOrigin {
  assigned?: boolean;
  refunded?: number;
}

/** Tells everyone who hears of a move (audienceOf) where the order is now, once the move's transaction commits. */
export function raiseMove(
  raise: (event: RealtimeEvent) => void,
  moved: MovedOrder,
  from: OrderStatus,
  { assigned = false }: MoveOrigin = {},
): void {
  const event = {
    type: 'order.status',
    orderId: moved.id,
    status: moved.status,
    driverId: moved.driverId,
    ...(assigned && { assigned: true as const }),
  } as const;
  for (const topic of audienceOf(moved, from)) raise({ ...event, topic } satisfies RealtimeEvent);
}

/**
 * Tells everyone of a move made in `tx` (events once it commits) and queues the customer's email
 * and SMS in the same transaction, sent by the job queue once it commits. A driver giving an order
 * back tells the customer nothing: they heard it was ready already.
 */
export async function announceMove(
  tx: Tx,
  jobs: Jobs,
  raise: (event: RealtimeEvent) => void,
  moved: MovedOrder,
  from: OrderStatus,
  origin?: MoveOrigin,
): Promise<void> {
  raiseMove(raise, moved, from, origin);
  if (!isDecline(from, moved.status)) {
    await queueOrderNews(tx, jobs, { orderId: moved.id, from, status: moved.status, refunded: origin?.refunded });
  }
}

/** The reply to whoever made a move: where the order is now. */
export const toOrderMoved = (moved: MovedOrder): OrderMoved => ({
  id: moved.id,
  shortId: shortOrderId(moved.id),
  status: moved.status,
  statusLabel: STATUS_LABELS[moved.status],
  driverId: moved.driverId,
});

/**
 * What a move needs: the database, the job queue that delivers the customer's email once the
 * move commits, and what it asks of dispatch and payments (the app has all three).
 */
export interface MoveDeps {
  db: Db;
  jobs: Jobs;
  moveEffects: MoveEffects;
}

/** The driver an order has after a move: the accepting driver takes it, a declining one gives it back. */
function driverAfter(actor: AuthUser, from: OrderStatus, to: OrderStatus) {
  if (to === 'accepted') return { driverAfter: actor.userId };
  return isDecline(from, to) ? { driverAfter: null } : {};
}

/**
 * Every order move, whoever makes it (kitchen, driver, admin): `actor` moves order `orderId` to
 * `to`. A driver accepting is first held (moveEffects.drivers.holdForOrder: verified, online,
 * room for it by the batching rule, their row locked), and refused a cash order while they hold more cash than
 * its currency's cash limit (cashLimit.ts). The policy judges the move (404 to whoever may not see
 * the order, 409 if it is already there, 422 for a move the machine does not have, 403 for a
 * move this actor may not make); one conditional UPDATE makes it only while the order is as
 * judged, so of two people moving it at once exactly one wins and the other gets 409. A driver
 * accepting takes the order as its driver; a driver declining (accepted back to ready) gives it
 * back, and dispatch never offers it to them again (moveEffects.drivers.recordDecline). The customer's email (notify-order-status) and SMS are queued in the
 * outboxes in the same transaction; it and the events go out once the transaction commits, so the
 * mail server never holds up or undoes a move. Cancelling a paid card order owes its refund in
 * the same transaction, with the job that asks Paystack for it once it commits.
 */
export async function moveOrder(
  deps: MoveDeps,
  actor: AuthUser,
  orderId: string,
  to: OrderStatus,
  proof?: MoveProof,
): Promise<OrderMoved> {
  return (await move(deps, actor, orderId, to, proof)).moved;
}

/** moveOrder, and for a move to ready the id of its stand-in dispatch (MoveEffects.drivers.dispatchLater). */
async function move(
  { db, jobs, moveEffects: { drivers, refunds } }: MoveDeps,
  actor: AuthUser,
  orderId: string,
  to: OrderStatus,
  proof?: MoveProof,
): Promise<{ moved: OrderMoved; dispatchLater?: string }> {
  return transactionWithEvents(db, async (tx, raise) => {
    if (to === 'accepted' && actor.role === 'driver') await drivers.holdForOrder(tx, actor.userId, orderId);
    const order = await findOrderParties(tx, orderId);
    if (!order) throw notFound(ORDER_MESSAGES.notFound);
    const verdict = await judgeOrderMove(tx, actor, order, to);
    if (verdict !== 'allowed') throw moveRefusal[verdict](order.status, to);
    if (to === 'accepted' && actor.role === 'driver') await refuseOverCashLimit(tx, actor.userId, orderId);
    if (needsProof(to)) {
      if (!proof) throw unprocessable(to === 'delivered' ? ORDER_MESSAGES.proofNeeded : NOT_AVAILABLE_MESSAGES.photoNeeded);
      await proof(tx, { ...order, id: orderId });
    }
    if (isDecline(order.status, to) && order.driverId) await drivers.recordDecline(tx, orderId, order.driverId);

    const moved = await updateStatusIfCurrent(tx, {
      orderId,
      from: order.status,
      to,
      driverBefore: order.driverId,
      ...driverAfter(actor, order.status, to),
    });
    if (!moved) throw conflict(to === 'accepted' ? ORDER_MESSAGES.taken : ORDER_MESSAGES.changedMeanwhile);
    if (order.status === 'ready') await drivers.settleOffer(tx, raise, orderId, to === 'accepted' ? actor.userId : undefined);
    if (to === 'accepted' && moved.driverId) await drivers.offerAlongside(tx, moved.driverId, orderId);
    if (order.driverId && isOnTheRoad(order.status) && !isOnTheRoad(to)) await drivers.offerWaiting(tx, order.driverId);
    const cardPayment = to === 'cancelled' ? await refunds.findPaidCardPayment(tx, orderId) : undefined;
    if (cardPayment) await refunds.oweForOrder(tx, orderId, PAYMENT_MESSAGES.orderCancelled, cardPayment);
    await announceMove(tx, jobs, raise, moved, order.status, { refunded: cardPayment?.amount });
    const dispatchLater = to === 'ready' ? await drivers.dispatchLater(tx, orderId, moved.movedAt) : undefined;
    return { moved: toOrderMoved(moved), dispatchLater };
  });
}

/**
 * An order move, then dispatch once it has committed if it left the order ready: the kitchen
 * marking it ready, or its driver declining it (accepted back to ready). The kitchen's reply
 * says which driver it is offered to; a driver giving an order back is not told who gets it next.
 */
export async function moveOrderAndDispatch(
  deps: MoveDeps,
  actor: AuthUser,
  orderId: string,
  to: OrderStatus,
): Promise<OrderMoved> {
  const { moved, dispatchLater } = await move(deps, actor, orderId, to);
  if (!dispatchLater) return moved;
  const { outcome } = await deps.moveEffects.drivers.dispatch(orderId, dispatchLater);
  return actor.role === 'driver' ? moved : { ...moved, dispatch: outcome };
}
