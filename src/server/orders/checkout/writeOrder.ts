import type { OrderStatus } from '@shared/orders/status.js';
import { statement, type StatementRunner } from '../../db/statements.js';
import type { DeliveryTerms } from './delivery.js';
import { choiceLists, pricedCart, pricedLine, type AgreedPrices, type CartLine, type PricedLine } from './pricing.js';

export interface OrderRequest {
  id: string;
  customerId: string;
  restaurantId: string;
  status: OrderStatus;
  deliveryAddress: string;
  deliveryPhone: string;
  deliveryLatitude: number | null;
  deliveryLongitude: number | null;
  deliveryCode: string;
  notes: string | null;
  deliveryLandmark: string | null;
  deliveryGpsCode: string | null;
  lines: CartLine[];
  /** Cash is paid on delivery; a card order is written once Paystack has taken the money. */
  payment:
    | { method: 'cash'; status: 'pending' }
    | { method: 'paystack-card'; status: 'completed'; reference: string; channel: string | null };
  /** The delivery as priced for this order (delivery.ts), and the customer's tip. */
  delivery: DeliveryTerms;
  tipAmount: number;
  /** The largest amount the customer may pay for the order: food, delivery fee and tip. */
  maxTotal: number;
  /** Prices agreed earlier (a paid card intent), kept instead of the menu's; the menu's when absent. */
  agreed?: AgreedPrices;
  /**
   * Priced from a kept copy of the kitchen and its menu (keptMenu.ts): these lines, written only
   * while the kitchen's version still holds (kitchenFacts.ts).
   */
  kept?: { facts: number; lines: PricedLine[] };
}

export interface PlacedOrder {
  createdAt: Date;
  restaurantName: string;
  currencySymbol: string;
  /** The food subtotal. */
  totalAmount: number;
  /** The kitchen's preparation minutes, busy minutes included, written on the order. */
  prepMinutes: number;
  lines: PricedLine[];
}

type WriteOrderParams = [
  id: string,
  customerId: string,
  restaurantId: string,
  status: OrderStatus,
  deliveryAddress: string,
  deliveryPhone: string,
  deliveryLatitude: number | null,
  deliveryLongitude: number | null,
  deliveryCode: string,
  notes: string | null,
  menuItemIds: string[],
  quantities: number[],
  maxSubtotal: number,
  paymentMethod: string,
  paymentStatus: string,
  transactionReference: string | null,
  tip: number,
  deliveryFee: number,
  deliveryShare: number,
  deliveryMeters: number | null,
  channel: string | null,
  choiceIds: string[],
  deliveryLandmark: string | null,
  deliveryGpsCode: string | null,
];

/** The order as written. */
interface WrittenOrderRow {
  total_amount: number;
  currency_symbol: string;
  restaurant_name: string;
  prep_minutes: number;
  created_at_ms: number;
}

/** The order as written, once per line as priced, in cart order. */
interface WrittenLineRow extends WrittenOrderRow {
  menu_item_id: string;
  name: string;
  quantity: number;
  price: number;
  choices: PricedLine['choices'];
}

/**
 * Prices the cart (pricedCart) and writes order, lines and payment in one statement, which
 * PostgreSQL applies whole or not at all. Prices are read (or, from a kept menu, proved current by
 * the kitchen's version) and written in the same statement, so nothing can change in between. It
 * writes nothing unless the restaurant is active, every line is
 * an available item of its menu, the total is within the limit and the minimum order, the tip
 * no more than the food, and no order has this id yet (a checkout sent twice places one order).
 * Prices come from the menu, from `$25` when agreed, or from `$26` when a kept menu priced them and
 * the kitchen's version is still `$25`. The payment is the whole charge: food, delivery fee and tip.
 */
const writeOrderText = ({ agreed, kept }: Pick<Parameters<typeof pricedCart>[0], 'agreed' | 'kept'> = {}) => `
  with ${pricedCart({ restaurantId: '$3', menuItemIds: '$11', quantities: '$12', choiceIds: '$22', maxTotal: '$13', tip: '$17', agreed, kept })}, new_order as (
    insert into orders (
      id, customer_id, restaurant_id, status, total_amount, commission_amount, restaurant_payout,
      commission_bps, currency_symbol, delivery_address, delivery_phone, delivery_latitude,
      delivery_longitude, restaurant_latitude, restaurant_longitude, delivery_code, notes,
      tip_amount, delivery_fee, delivery_share, delivery_meters, delivery_landmark, delivery_gps_code, prep_minutes
    ) select $1, $2, $3, $4, total, commission, total - commission, commission_bps, currency_symbol,
      $5, $6, $7, $8, latitude, longitude, $9, $10, $17, $18, $19, $20, $23, $24, prep_minutes
    from split
    on conflict (id) do nothing
    returning id, created_at, total_amount, total_amount + delivery_fee + tip_amount as charge
  ), new_lines as (
    insert into order_items (order_id, menu_item_id, name, quantity, price, choices)
    select new_order.id, priced.menu_item_id, priced.name, priced.quantity, priced.price, priced.choices from new_order, priced
  ), new_payment as (
    insert into payments (order_id, amount, payment_method, payment_status, transaction_reference, channel)
    select id, charge, $14, $15, $16, $21 from new_order
  )
  ${kept ? WRITTEN_ORDER : WRITTEN_LINES}`;

const WRITTEN_ORDER_COLUMNS = `new_order.total_amount, split.currency_symbol, split.restaurant_name, split.prep_minutes,
    (extract(epoch from new_order.created_at) * 1000)::float8 as created_at_ms`;
/** The order once: lines priced from a kept menu are known already. */
const WRITTEN_ORDER = `select ${WRITTEN_ORDER_COLUMNS} from new_order, split`;
const WRITTEN_LINES = `select priced.menu_item_id, priced.name, priced.quantity, priced.price, priced.choices, ${WRITTEN_ORDER_COLUMNS}
  from new_order, split, priced
  order by priced.position`;

/** The prices alone: a card intent's payload also holds the customer's address, phone and notes, which the statement does not read. */
const agreedPricesOnly = ({
  currencySymbol,
  commissionBps,
  restaurantLatitude,
  restaurantLongitude,
  lines,
}: AgreedPrices): AgreedPrices => ({
  currencySymbol,
  commissionBps,
  restaurantLatitude,
  restaurantLongitude,
  lines,
});

const atMenuPrices = statement<WriteOrderParams, WrittenLineRow>('checkout_write_order', writeOrderText());
const atAgreedPrices = statement<[...WriteOrderParams, agreed: string], WrittenLineRow>(
  'checkout_write_agreed_order',
  writeOrderText({ agreed: '$25' }),
);
const fromKeptKitchen = statement<[...WriteOrderParams, facts: number, lines: string], WrittenOrderRow>(
  'checkout_write_order_kept_kitchen',
  writeOrderText({ kept: { facts: '$25', lines: '$26' } }),
);

/** The lines as the statement reads kept prices (pricing.ts): name, price and choices by cart position. */
const keptLines = (lines: readonly PricedLine[]): string =>
  JSON.stringify(lines.map(({ menuItemId, name, price, choices }) => ({ menuItemId, name, price, choices })));

/**
 * Writes every order, cash or card, in one round trip: on the pool for a cash checkout
 * (database.statements), in the transaction that claimed its intent for a card one
 * (statementsIn(tx)). Undefined when nothing was written (inactive or unknown restaurant, an item
 * not on its menu or unavailable, a total over the limit, or an order with this id already
 * placed, or a kept kitchen's facts no longer hold); checks.ts says which.
 */
export async function writeOrder(statements: StatementRunner, order: OrderRequest): Promise<PlacedOrder | undefined> {
  const { payment } = order;
  const params: WriteOrderParams = [
    order.id,
    order.customerId,
    order.restaurantId,
    order.status,
    order.deliveryAddress,
    order.deliveryPhone,
    order.deliveryLatitude,
    order.deliveryLongitude,
    order.deliveryCode,
    order.notes,
    order.lines.map((line) => line.menuItemId),
    order.lines.map((line) => line.quantity),
    order.maxTotal - order.delivery.fee - order.tipAmount,
    payment.method,
    payment.status,
    payment.method === 'paystack-card' ? payment.reference : null,
    order.tipAmount,
    order.delivery.fee,
    order.delivery.share,
    order.delivery.meters,
    payment.method === 'paystack-card' ? payment.channel : null,
    choiceLists(order.lines),
    order.deliveryLandmark,
    order.deliveryGpsCode,
  ];
  if (order.kept) {
    const [written] = await statements.run(fromKeptKitchen, [...params, order.kept.facts, keptLines(order.kept.lines)]);
    return written && placedOrder(written, order.kept.lines);
  }
  const rows = order.agreed
    ? await statements.run(atAgreedPrices, [...params, JSON.stringify(agreedPricesOnly(order.agreed))])
    : await statements.run(atMenuPrices, params);
  const [first] = rows;
  return (
    first &&
    placedOrder(
      first,
      rows.map((row, index) => pricedLine(row, order.lines[index]!)),
    )
  );
}

const placedOrder = (written: WrittenOrderRow, lines: PricedLine[]): PlacedOrder => ({
  createdAt: new Date(written.created_at_ms),
  restaurantName: written.restaurant_name,
  currencySymbol: written.currency_symbol,
  totalAmount: written.total_amount,
  prepMinutes: written.prep_minutes,
  lines,
});
