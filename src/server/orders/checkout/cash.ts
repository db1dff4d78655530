import { CHECKOUT_MESSAGES, MAX_ORDER_TOTAL, type OrderView, type PlaceOrder } from '@shared/orders/schemas.js';
import { topics } from '@shared/realtime/events.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { statementsIn } from '../../db/statements.js';
import { badRequest, conflict } from '../../http/errors.js';
import type { AuthUser } from '../../core/identity.js';
import type { Jobs } from '../../jobs/jobs.js';
import { raiseCommitted } from '../../realtime/publish.js';
import { newDeliveryCode } from '../deliveryCode.js';
import { findListedOrderRow, type OrderRow } from '../listsRepository.js';
import { queueNewOrderPush } from '../pushes.js';
import { findOrderLines, type OrderLineRow } from '../viewsRepository.js';
import { linesByOrder, toOrderView } from '../views.js';
import { deliveryTerms, pinOf } from './delivery.js';
import { keptKitchens } from './keptKitchens.js';
import { priceFromKeptMenu, type KeptMenu } from './keptMenu.js';
import { checkDeliveryPhone, checkTakingOrders, findKeptKitchen, type CheckoutKitchen } from './kitchen.js';
import { refusal } from './refusal.js';
import type { CartLine } from './pricing.js';
import { writeOrder, type OrderRequest, type PlacedOrder } from './writeOrder.js';

/**
 * The id of a checkout, which the order it places takes: `orderId` in the body or the
 * Idempotency-Key header. One of them is required (without it a retried checkout would place a
 * second order); both at once must agree.
 */
export function checkoutId(bodyId: string | undefined, headerId: string | undefined): string {
  if (bodyId && headerId && bodyId !== headerId) throw badRequest(CHECKOUT_MESSAGES.checkoutIdMismatch);
  const id = bodyId ?? headerId;
  if (!id) throw badRequest(CHECKOUT_MESSAGES.checkoutIdMissing, { orderId: CHECKOUT_MESSAGES.checkoutIdMissing });
  return id;
}

/** A cart line to compare: its dish, how many, and its choices as 'Group/Choice'. */
interface KeyLine {
  menuItemId: string | null;
  quantity: number;
  choices: string[];
}

const cartKey = (lines: KeyLine[]) =>
  lines
    .map((line) => `${line.menuItemId}x${line.quantity}[${[...line.choices].sort().join('|')}]`)
    .sort()
    .join(',');

const placedLines = (lines: OrderLineRow[]): KeyLine[] =>
  lines.map(({ menuItemId, quantity, choices }) => ({
    menuItemId,
    quantity,
    choices: choices.map((choice) => `${choice.group}/${choice.name}`),
  }));

/**
 * The request's lines, each choice id named as the order keeps it by its dish's groups on `menu`
 * (a choice the dish no longer has keeps its id, and so matches nothing placed).
 */
const requestedLines = (menu: KeptMenu | undefined, lines: CartLine[]): KeyLine[] =>
  lines.map(({ menuItemId, quantity, choiceIds }) => {
    const groups = menu?.get(menuItemId)?.optionGroups ?? [];
    const named = new Map(groups.flatMap((group) => group.choices.map((choice) => [choice.id, `${group.name}/${choice.name}`])));
    return { menuItemId, quantity, choices: choiceIds.map((id) => named.get(id) ?? id) };
  });

/** Whether an order already placed is this very checkout: same restaurant, lines and choices, delivery, notes and payment. */
function isSameCheckout(order: OrderRow, lines: OrderLineRow[], request: OrderRequest, menu: KeptMenu | undefined): boolean {
  return (
    order.restaurantId === request.restaurantId &&
    cartKey(placedLines(lines)) === cartKey(requestedLines(menu, request.lines)) &&
    order.deliveryAddress === request.deliveryAddress &&
    order.deliveryPhone === request.deliveryPhone &&
    order.deliveryLatitude === request.deliveryLatitude &&
    order.deliveryLongitude === request.deliveryLongitude &&
    order.notes === request.notes &&
    order.deliveryLandmark === request.deliveryLandmark &&
    order.deliveryGpsCode === request.deliveryGpsCode &&
    order.tipAmount === request.tipAmount &&
    order.paymentMethod === request.payment.method
  );
}

/**
 * A checkout that wrote nothing: the same checkout sent again gets the order it placed the first
 * time; the same id with another cart, or someone else's id, is a conflict; anything else is
 * refused with the reason.
 */
async function replayOrRefuse(
  database: Database,
  averageSpeedKmh: number,
  customer: AuthUser,
  request: OrderRequest,
  input: PlaceOrder,
): Promise<OrderView> {
  const { db } = database;
  const existing = await findListedOrderRow(db, request.id);
  if (!existing) throw await refusal(db, input, request.delivery.fee);
  if (existing.customerId !== customer.userId) throw conflict(CHECKOUT_MESSAGES.orderIdTaken);
  const lines = await findOrderLines(db, [existing.id]);
  const menu = (await keptKitchens(database).fetch(request.restaurantId))?.menu;
  if (!isSameCheckout(existing, lines, request, menu)) throw conflict(CHECKOUT_MESSAGES.checkoutIdReused);
  return toOrderView(existing, linesByOrder(lines).get(existing.id) ?? [], customer, averageSpeedKmh);
}

/**
 * Writes the order; when the kitchen has devices for push messages, in a transaction with the
 * `push` jobs that tell them (decision 020). Without any it stays the one prepared statement on
 * the pool, which a transaction would have to plan anew each time.
 */
async function writeWithPush(
  database: Database,
  jobs: Jobs,
  order: OrderRequest,
  kitchen: CheckoutKitchen | undefined,
): Promise<PlacedOrder | undefined> {
  const recipients = kitchen?.pushRecipients ?? [];
  if (recipients.length === 0) return writeOrder(database.statements, order);
  return database.db.transaction(async (tx) => {
    const placed = await writeOrder(statementsIn(tx), order);
    if (placed) await queueNewOrderPush(tx, jobs, recipients, { id: order.id, ...placed });
    return placed;
  });
}

/** The order a cash checkout writes, priced from `kitchen`; throws the refusal when the restaurant is not taking orders, or the phone or the delivery is refused. */
function cashOrder(kitchen: CheckoutKitchen | undefined, customer: AuthUser, input: PlaceOrder, orderId: string): OrderRequest {
  checkTakingOrders(kitchen);
  checkDeliveryPhone(kitchen, input.deliveryPhone);
  return {
    id: orderId,
    customerId: customer.userId,
    restaurantId: input.restaurantId,
    status: 'confirmed',
    deliveryAddress: input.deliveryAddress,
    deliveryPhone: input.deliveryPhone,
    deliveryLatitude: input.deliveryLatitude ?? null,
    deliveryLongitude: input.deliveryLongitude ?? null,
    deliveryCode: newDeliveryCode(),
    notes: input.notes || null,
    deliveryLandmark: input.deliveryLandmark ?? null,
    deliveryGpsCode: input.deliveryGpsCode ?? null,
    lines: input.items,
    payment: { method: 'cash', status: 'pending' },
    delivery: deliveryTerms(kitchen, pinOf(input.deliveryLatitude, input.deliveryLongitude), input.deliveryFee),
    tipAmount: input.tipAmount,
    maxTotal: MAX_ORDER_TOTAL,
  };
}

/**
 * The order written from the kitchen this instance kept (keptKitchens.ts, which reads it first if
 * it has not kept it yet), priced from its kept menu (keptMenu.ts), with pushes to the devices the
 * copy knows; undefined when that cannot be done (an unknown restaurant, the kitchen or its menu
 * changed since, or anything refused), and the checkout reads the kitchen afresh.
 */
async function writeFromKeptKitchen(
  { database, jobs }: { database: Database; jobs: Jobs },
  customer: AuthUser,
  input: PlaceOrder,
  orderId: string,
): Promise<{ order: OrderRequest; placed: PlacedOrder } | undefined> {
  const kitchen = await keptKitchens(database).fetch(input.restaurantId);
  const lines = kitchen && priceFromKeptMenu(kitchen.menu, input.items);
  if (!kitchen || !lines) return undefined;
  let order: OrderRequest;
  try {
    order = { ...cashOrder(kitchen, customer, input, orderId), kept: { facts: kitchen.facts, lines } };
  } catch {
    // Refused on what may be old facts: the fresh read decides.
    return undefined;
  }
  const placed = await writeWithPush(database, jobs, order, kitchen);
  return placed && { order, placed };
}

/**
 * Places a cash-on-delivery order: the database prices every line from the menu as it is now
 * (whatever the browser believed a price to be does not matter), snapshots commission and payout,
 * and writes order, lines and a pending cash payment of the whole charge (food, delivery fee,
 * tip), all or nothing; then the kitchen hears of it. One look at the restaurant first
 * (checkout/kitchen.ts) checks the delivery phone against its country, prices the delivery
 * (checkout/delivery.ts) and finds who gets a push message; a restaurant looked at before is
 * written from what was seen, while that still holds: one round trip when nobody there has a
 * device. Only a refused cart, a changed kitchen or a repeated checkout costs a further look. Cash
 * orders need no payment first, so they start confirmed.
 */
export async function placeCashOrder(
  { database, jobs, config }: { database: Database; jobs: Jobs; config: Pick<Config, 'DELIVERY_AVERAGE_SPEED_KMH'> },
  customer: AuthUser,
  input: PlaceOrder,
  orderId: string,
): Promise<OrderView> {
  let written = await writeFromKeptKitchen({ database, jobs }, customer, input, orderId);
  if (!written) {
    // Read here, not through the kept kitchens' fetch: a fetch already under way may have begun
    // before the change that refused the kept write, and this write checks no version.
    const kitchen = await findKeptKitchen(database.statements, input.restaurantId);
    if (kitchen) keptKitchens(database).set(input.restaurantId, kitchen);
    const order = cashOrder(kitchen, customer, input, orderId);
    const placed = await writeWithPush(database, jobs, order, kitchen);
    if (!placed) return replayOrRefuse(database, config.DELIVERY_AVERAGE_SPEED_KMH, customer, order, input);
    written = { order, placed };
  }
  const { order, placed } = written;
  void raiseCommitted(database.db, [
    { topic: topics.restaurant(order.restaurantId), type: 'order.created', orderId: order.id, status: order.status },
    { topic: topics.allOrders(), type: 'order.created', orderId: order.id, status: order.status },
  ]);

  return toOrderView(
    {
      ...order,
      ...placed,
      driverId: null,
      closedReason: null,
      deliveryFee: order.delivery.fee,
      deliveryMeters: order.delivery.meters,
      readyAt: null,
      pickedUpAt: null,
      waitStartedAt: null,
      waitEndsAt: null,
      doorPhotoUrl: null,
      paymentDecision: null,
      paymentMethod: order.payment.method,
      paymentStatus: order.payment.status,
    },
    placed.lines,
    customer,
    config.DELIVERY_AVERAGE_SPEED_KMH,
  );
}
