import { z } from 'zod';
import { doorWaitSchema } from './notAvailable.js';
import { optionalText, PHONE_MESSAGES, phoneField, requiredText, uuidSchema } from '../fields.js';
import { ORDER_STATUSES } from './status.js';
import { cartLineKey, chosenOptionSchema, MAX_GROUP_CHOICES, MAX_OPTION_GROUPS, OPTION_MESSAGES } from '../menu/options.js';
import { orderDriverSchema } from '../drivers/schemas.js';
import { gpsCodeField, landmarkField } from '../places/fields.js';
import { orderRatingStateSchema } from '../ratings/schemas.js';

export const MAX_ITEM_QUANTITY = 99;
export const MAX_CART_LINES = 50;
/** Orders are stored in 32-bit integer minor units. */
export const MAX_ORDER_TOTAL = 2_147_483_647;

export const CHECKOUT_MESSAGES = {
  missingInformationTitle: 'Missing information',
  missingDelivery: 'Please provide delivery address and phone number',
  invalidPhone: PHONE_MESSAGES.invalid,
  phoneNotInCountry: PHONE_MESSAGES.notInCountry,
  emptyCart: 'Your cart is empty',
  tooManyLines: `A cart can hold at most ${MAX_CART_LINES} different items`,
  quantity: `Quantity must be a whole number from 1 to ${MAX_ITEM_QUANTITY}`,
  duplicateItem: 'Each dish with the same choices may appear only once in the cart',
  invalidItem: 'That is not a valid menu item',
  invalidRestaurant: 'That is not a valid restaurant id',
  locationPair: 'The delivery location needs both latitude and longitude',
  cashOnly: 'Only cash on delivery is available',
  notOnMenu: "Some items in your cart are not on this restaurant's menu",
  unavailable: (names: string) => `No longer available: ${names}. Please remove them from your cart.`,
  tooLarge: 'This order is too large. Please split it into smaller orders.',
  menuChanged: 'The menu changed while you were checking out. Please review your cart and try again.',
  orderIdTaken: 'That order id is already in use. Please reload the checkout and try again.',
  checkoutIdMissing:
    'Every checkout needs an id, so that sending it twice places one order: send orderId in the body or an Idempotency-Key header (a uuid)',
  checkoutIdMismatch: 'orderId and the Idempotency-Key header name two different checkouts; send one id',
  invalidIdempotencyKey: 'The Idempotency-Key header must be a uuid',
  checkoutIdReused: 'This checkout id was already used for a different order. Please reload the checkout and try again.',
  tip: 'A tip is a whole amount of at least 0',
  tipOverSubtotal: 'A tip can be at most the price of the food',
  fee: 'The delivery fee is a whole amount of at least 0',
  placed: 'Order placed!',
  failed: 'Failed to place order',
} as const;

export const ORDER_MESSAGES = {
  notFound: 'Order not found',
  invalidId: 'That is not a valid order id',
  updated: 'Order Updated',
  updateFailed: 'Failed to update order status',
  changedMeanwhile: 'This order was changed by someone else. Refresh to see its current status.',
  taken: 'Another driver has already accepted this order',
  proofNeeded: "Completing a delivery needs the customer's delivery code",
} as const;

/** A card payment is `refunded` once Paystack accepted its refund; cash stays `pending` until delivery. */
export const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'refunded'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES).nullable();

/** How an order can be paid: the one list the database, the API and the checkout page use. */
export const PAYMENT_METHODS = ['paystack-card', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
const paymentMethodSchema = z.enum(PAYMENT_METHODS);

/** Payment methods that place an order straight away. Card orders go through a checkout intent. */
const DIRECT_PAYMENT_METHODS = ['cash'] as const satisfies readonly PaymentMethod[];

const requiredDeliveryText = (max: number) => requiredText(max, CHECKOUT_MESSAGES.missingDelivery);

const cartLineSchema = z.object({
  menuItemId: uuidSchema(CHECKOUT_MESSAGES.invalidItem),
  quantity: z
    .number({ message: CHECKOUT_MESSAGES.quantity })
    .int(CHECKOUT_MESSAGES.quantity)
    .min(1, CHECKOUT_MESSAGES.quantity)
    .max(MAX_ITEM_QUANTITY, CHECKOUT_MESSAGES.quantity),
  /** The dish's choices picked, by id; the server checks them against its groups and prices them. */
  choiceIds: z
    .array(uuidSchema(OPTION_MESSAGES.notOffered('this dish')))
    .max(MAX_OPTION_GROUPS * MAX_GROUP_CHOICES, OPTION_MESSAGES.tooManyPicked)
    .refine((ids) => new Set(ids).size === ids.length, OPTION_MESSAGES.duplicateChoice)
    .default([]),
});
export type CartLine = z.infer<typeof cartLineSchema>;

const coordinate = (limit: number) => z.number().min(-limit).max(limit).nullable().optional();

/** What every checkout sends, cash or card: the cart and where it goes. Prices are never taken from it. */
export const checkoutDetailsShape = {
  restaurantId: uuidSchema(CHECKOUT_MESSAGES.invalidRestaurant),
  items: z
    .array(cartLineSchema, { message: CHECKOUT_MESSAGES.emptyCart })
    .min(1, CHECKOUT_MESSAGES.emptyCart)
    .max(MAX_CART_LINES, CHECKOUT_MESSAGES.tooManyLines)
    .refine((lines) => new Set(lines.map((l) => cartLineKey(l.menuItemId, l.choiceIds))).size === lines.length, {
      message: CHECKOUT_MESSAGES.duplicateItem,
    }),
  deliveryAddress: requiredDeliveryText(300),
  deliveryPhone: phoneField(CHECKOUT_MESSAGES.missingDelivery, CHECKOUT_MESSAGES.invalidPhone),
  deliveryLatitude: coordinate(90),
  deliveryLongitude: coordinate(180),
  notes: optionalText(500, 'Notes can be at most 500 characters').nullable().optional(),
  /** What helps the rider find the place, and its GhanaPost GPS code: both optional, both shown to the rider. */
  deliveryLandmark: landmarkField.nullable().optional(),
  deliveryGpsCode: gpsCodeField.nullable().optional(),
  /** The customer's tip for the rider, minor units (decision 022); none unless given. */
  tipAmount: z
    .number({ message: CHECKOUT_MESSAGES.tip })
    .int(CHECKOUT_MESSAGES.tip)
    .min(0, CHECKOUT_MESSAGES.tip)
    .max(MAX_ORDER_TOTAL, CHECKOUT_MESSAGES.tip)
    .default(0),
  /**
   * The delivery fee the customer was shown. The server prices the delivery itself; when this is
   * sent and differs (the pricing changed, or it was tampered with), checkout is refused.
   */
  deliveryFee: z.number({ message: CHECKOUT_MESSAGES.fee }).int(CHECKOUT_MESSAGES.fee).min(0, CHECKOUT_MESSAGES.fee).optional(),
};

/** A delivery location is both coordinates or neither. */
export const locationPair: [
  (o: { deliveryLatitude?: number | null; deliveryLongitude?: number | null }) => boolean,
  { message: string; path: string[] },
] = [
  (o) => (o.deliveryLatitude == null) === (o.deliveryLongitude == null),
  { message: CHECKOUT_MESSAGES.locationPair, path: ['deliveryLatitude'] },
];

/**
 * A cash checkout. Unknown keys (a price the browser sent, say) are stripped: the server prices
 * every line from the menu.
 */
export const placeOrderSchema = z
  .object({
    /**
     * The id the new order takes, made by the browser once per checkout so that sending the same
     * checkout again (a double tap, a retry after a lost reply) places one order, not two. A
     * client may send it as the Idempotency-Key header instead; one of the two is required.
     */
    orderId: uuidSchema(ORDER_MESSAGES.invalidId).optional(),
    ...checkoutDetailsShape,
    paymentMethod: z.enum(DIRECT_PAYMENT_METHODS, { message: CHECKOUT_MESSAGES.cashOnly }),
  })
  .refine(...locationPair);
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;
export type PlaceOrder = z.output<typeof placeOrderSchema>;

/** The headers of a checkout: its id may come as Idempotency-Key instead of orderId. Other headers pass through. */
export const checkoutHeadersSchema = z.looseObject({
  'idempotency-key': uuidSchema(CHECKOUT_MESSAGES.invalidIdempotencyKey).optional(),
});

export const orderIdParamsSchema = z.object({ id: uuidSchema(ORDER_MESSAGES.invalidId) });

export const updateOrderStatusSchema = z.object({ status: z.enum(ORDER_STATUSES) });

export const orderLineSchema = z.object({
  menuItemId: z.uuid().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  /** Unit price in minor units when the order was placed, its choices included. */
  price: z.number().int(),
  /** The choices picked, with their names and price changes then. */
  choices: z.array(chosenOptionSchema),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/**
 * An order as its customer sees it (My Orders, the checkout's reply, GET /api/orders/:id).
 * deliveryCode is filled only for the order's customer, and only while the code is needed
 * (isCodeVisible). Every other audience has its own view (views.ts).
 */
export const orderViewSchema = z.object({
  id: z.uuid(),
  shortId: z.string(),
  restaurantId: z.uuid(),
  restaurantName: z.string(),
  status: z.enum(ORDER_STATUSES),
  statusLabel: z.string(),
  items: z.array(orderLineSchema),
  /** The food: every line at its price. */
  subtotalAmount: z.number().int(),
  deliveryFee: z.number().int(),
  tipAmount: z.number().int(),
  /** What the customer pays: subtotal, delivery fee and tip. */
  totalAmount: z.number().int(),
  currencySymbol: z.string(),
  paymentMethod: paymentMethodSchema.nullable(),
  paymentStatus: paymentStatusSchema,
  deliveryAddress: z.string(),
  deliveryPhone: z.string(),
  deliveryLatitude: z.number().nullable(),
  deliveryLongitude: z.number().nullable(),
  /** What helps the rider find the place, and its GhanaPost GPS code, as given at checkout. */
  deliveryLandmark: z.string().nullable(),
  deliveryGpsCode: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.iso.datetime(),
  deliveryCode: z.string().nullable(),
  /** The driver and their last position, while the order is accepted or picked up. */
  driver: orderDriverSchema.nullable(),
  /** Why support cancelled the order by hand (shown as 'Cancelled by support: …'); null otherwise. */
  cancelReason: z.string().nullable(),
  /**
   * When it should reach the customer, worked out again at each move (shared/orders/arrival.ts,
   * decision 026); null once delivered or cancelled, or when its preparation time or distance is
   * unknown. Absent from a reply, null.
   */
  expectedArrival: z.iso.datetime().nullable().default(null),
  /** The rider waiting at the door while the order is out for delivery (decision 030); absent from a reply, null. */
  doorWait: doorWaitSchema.nullable().default(null),
  /** The photo of the door of an order closed as customer not available, through a signed link; otherwise null. */
  doorPhotoUrl: z.string().nullable().default(null),
  /**
   * A delivered order's rating (decision 027): the one its customer gave, until when they may
   * give it, whether a rider brought it. Absent before delivery and from the checkout's reply.
   */
  rating: orderRatingStateSchema.optional(),
});
export type OrderView = z.infer<typeof orderViewSchema>;

/** Orders are shown to people by the first 8 characters of their id, short enough to read out. */
export const shortOrderId = (id: string) => id.slice(0, 8);

/**
 * How an order was paid, in words: cash, or the channel Paystack reported for a card checkout
 * (its popup offers every channel the merchant enabled, mobile money included).
 */
const PAYSTACK_CHANNEL_LABELS: Record<string, string> = {
  card: 'Card',
  mobile_money: 'Mobile money',
  bank: 'Bank',
  bank_transfer: 'Bank transfer',
  ussd: 'USSD',
  qr: 'QR code',
  apple_pay: 'Apple Pay',
};

export function paidByLabel(method: PaymentMethod, channel: string | null): string {
  if (method === 'cash') return 'Cash';
  return channel && Object.hasOwn(PAYSTACK_CHANNEL_LABELS, channel) ? PAYSTACK_CHANNEL_LABELS[channel]! : 'Card or mobile money';
}
