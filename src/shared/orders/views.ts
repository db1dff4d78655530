import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../paging.js';
import { searchText } from '../search.js';
import { ORDER_STATUSES, isActive, type OrderStatus } from './status.js';
import { doorWaitSchema, PAYMENT_DECISIONS } from './notAvailable.js';
import { orderLineSchema, orderViewSchema, paymentStatusSchema } from './schemas.js';
import { salesPeriodSchema } from './sales.js';
import { dispatchOutcomeSchema } from '../drivers/schemas.js';

/**
 * How each audience sees orders in its lists: each view carries only what that audience needs.
 * The delivery code is in none of them: only the customer's own view (orderViewSchema) has it.
 */

const orderHeader = {
  id: z.uuid(),
  shortId: z.string(),
  status: z.enum(ORDER_STATUSES),
  statusLabel: z.string(),
  /** The food for the kitchen and the restaurant's sales; what the customer pays (food, delivery fee, tip) for drivers and admins. */
  totalAmount: z.number().int(),
  currencySymbol: z.string(),
  paymentMethod: orderViewSchema.shape.paymentMethod,
  paymentStatus: paymentStatusSchema,
  createdAt: z.iso.datetime(),
};

/** My Orders: the customer's own orders, code included while it is needed. */
export const customerOrderPageSchema = pageSchema(orderViewSchema);

/**
 * The kitchen's board: what to cook, for whom, what they asked for, and where it goes (the
 * kitchen may call the customer about the order); never the code, which proves the hand-over.
 */
const kitchenOrderViewSchema = z.object({
  ...orderHeader,
  customerName: z.string(),
  items: z.array(orderLineSchema),
  deliveryAddress: z.string(),
  deliveryLandmark: z.string().nullable(),
  deliveryPhone: z.string(),
  notes: z.string().nullable(),
  hasDriver: z.boolean(),
});
export type KitchenOrderView = z.infer<typeof kitchenOrderViewSchema>;
export const kitchenOrderPageSchema = pageSchema(kitchenOrderViewSchema);

/** Sales and transactions: the money of each order and what was sold, choices included; nothing about where it went. */
const salesOrderViewSchema = z.object({
  ...orderHeader,
  items: z.array(orderLineSchema),
  customerName: z.string(),
  commissionAmount: z.number().int(),
  restaurantPayout: z.number().int(),
});
export type SalesOrderView = z.infer<typeof salesOrderViewSchema>;
export const salesOrderPageSchema = pageSchema(salesOrderViewSchema);

const place = {
  restaurantName: z.string(),
  restaurantAddress: z.string(),
  restaurantLatitude: z.number().nullable(),
  restaurantLongitude: z.number().nullable(),
  deliveryAddress: z.string(),
  deliveryLatitude: z.number().nullable(),
  deliveryLongitude: z.number().nullable(),
};

/** What a driver sees of an order's money: totalAmount is what the customer pays, which they collect for a cash order. */
const carried = {
  /** The delivery fee less the platform's share, plus the whole tip (decision 022). */
  riderEarning: z.number().int(),
};

/**
 * A ready order waiting for a driver: where from, where to, how far the restaurant is from the
 * driver's last position (null before the first one), how many items and what it pays; whose it
 * is only once accepted. The list is nearest restaurant first.
 */
const availableOrderViewSchema = z.object({
  ...orderHeader,
  ...place,
  ...carried,
  distanceMeters: z.number().nullable(),
  itemCount: z.number().int(),
  /** This driver gave it back once: no longer offered to them by dispatch nor rung for, though they may still take it. */
  declined: z.boolean(),
  /** Offered to this driver (dispatch's offer): the seconds they have left to accept it, when the list was read; null otherwise. */
  offerSecondsLeft: z.number().int().nullable(),
});
export type AvailableOrderView = z.infer<typeof availableOrderViewSchema>;
export const availableOrderPageSchema = pageSchema(availableOrderViewSchema);

/** One of the driver's own deliveries: who to hand it to and how to reach them, but never the code. */
const deliveryViewSchema = z.object({
  ...orderHeader,
  ...place,
  ...carried,
  customerName: z.string(),
  deliveryPhone: z.string(),
  /** What helps find the place ('opposite the Total filling station, blue gate') and its GhanaPost GPS code. */
  deliveryLandmark: z.string().nullable(),
  deliveryGpsCode: z.string().nullable(),
  notes: z.string().nullable(),
  itemCount: z.number().int(),
  /** Locked after too many wrong codes: only an admin can unlock it. */
  codeLocked: z.boolean(),
  /** The wait at the door this driver started, by the server's clock; null before (decision 030). */
  doorWait: doorWaitSchema.nullable(),
});
export type DeliveryView = z.infer<typeof deliveryViewSchema>;
export const deliveryPageSchema = pageSchema(deliveryViewSchema);

/** Order Management (the admin area's Orders tab): everything but the code, whether it is locked, and the driver's name. */
const adminOrderViewSchema = z.object({
  ...orderHeader,
  items: z.array(orderLineSchema),
  restaurantId: z.uuid(),
  restaurantName: z.string(),
  customerName: z.string(),
  commissionAmount: z.number().int(),
  restaurantPayout: z.number().int(),
  deliveryFee: z.number().int(),
  tipAmount: z.number().int(),
  deliveryAddress: z.string(),
  deliveryLandmark: z.string().nullable(),
  deliveryGpsCode: z.string().nullable(),
  deliveryPhone: z.string(),
  notes: z.string().nullable(),
  driverId: z.uuid().nullable(),
  /** The driver who has or had the order; null without one. */
  driverName: z.string().nullable(),
  /** Locked after too many wrong codes: only an admin can unlock it (POST /api/admin/orders/:id/unlock-code). */
  codeLocked: z.boolean(),
  /** Why support closed the order by hand, and the admin who did (null once their account is gone); null otherwise. */
  closedReason: z.string().nullable(),
  closedByName: z.string().nullable(),
  /** Closed as customer not available (decision 030): the photo of the door through a signed link, and what was decided of a card payment. */
  doorPhotoUrl: z.string().nullable(),
  paymentDecision: z.enum(PAYMENT_DECISIONS).nullable(),
});
export type AdminOrderView = z.infer<typeof adminOrderViewSchema>;
export const adminOrderPageSchema = pageSchema(adminOrderViewSchema);

/**
 * One order (GET /api/orders/:id) in the view of whoever asks, marked with that audience: its
 * customer, its kitchen, its sales (managers), its own driver, a driver it waits for, an admin.
 */
export const orderDetailSchema = z.discriminatedUnion('audience', [
  orderViewSchema.extend({ audience: z.literal('customer') }),
  kitchenOrderViewSchema.extend({ audience: z.literal('kitchen') }),
  salesOrderViewSchema.extend({ audience: z.literal('sales') }),
  deliveryViewSchema.extend({ audience: z.literal('driver') }),
  availableOrderViewSchema.extend({ audience: z.literal('waitingDriver') }),
  adminOrderViewSchema.extend({ audience: z.literal('admin') }),
]);
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const KITCHEN_TABS = ['active', 'completed'] as const;
export type KitchenTab = (typeof KITCHEN_TABS)[number];
export const SALES_TABS = ['recent', 'completed'] as const;
/** My Orders: those still on their way (active) and those finished, delivered, cancelled or not available (past); all without a tab. */
const MY_ORDER_TABS = ['active', 'past'] as const;
export type MyOrderTab = (typeof MY_ORDER_TABS)[number];

const ACTIVE_STATUSES = ORDER_STATUSES.filter(isActive);
const FINISHED_STATUSES = ORDER_STATUSES.filter((status) => !isActive(status));

/**
 * The board's Active Orders are those not finished (isActive); Completed, the
 * rest. The server lists each tab with these statuses, and the board moves a card by them.
 */
export const KITCHEN_TAB_STATUSES: Record<KitchenTab, readonly OrderStatus[]> = {
  active: ACTIVE_STATUSES,
  completed: FINISHED_STATUSES,
};

/** The board's tab an order in `status` is listed under. */
export const kitchenTabOf = (status: OrderStatus): KitchenTab =>
  KITCHEN_TAB_STATUSES.active.includes(status) ? 'active' : 'completed';

/** My Orders' tabs, by the same split as the board's. */
export const MY_ORDER_TAB_STATUSES: Record<MyOrderTab, readonly OrderStatus[]> = {
  active: ACTIVE_STATUSES,
  past: FINISHED_STATUSES,
};

export const myOrdersQuerySchema = pageQuerySchema.extend({
  tab: z.enum(MY_ORDER_TABS, { message: `The tab is one of ${MY_ORDER_TABS.join(', ')}` }).optional(),
});
export const kitchenOrdersQuerySchema = pageQuerySchema.extend({
  tab: z.enum(KITCHEN_TABS, { message: `The tab is one of ${KITCHEN_TABS.join(', ')}` }).default('active'),
});
/** Sales transactions: a tab, and the period of shared/orders/sales.ts (all time unless asked). */
export const salesQuerySchema = pageQuerySchema.extend({
  tab: z.enum(SALES_TABS, { message: `The tab is one of ${SALES_TABS.join(', ')}` }).default('recent'),
  period: salesPeriodSchema.default('all'),
});
export type MyOrdersQuery = z.output<typeof myOrdersQuerySchema>;
export type KitchenOrdersQuery = z.output<typeof kitchenOrdersQuerySchema>;
export type SalesQuery = z.output<typeof salesQuerySchema>;

export const ADMIN_SEARCH_MIN = 3;
export const ADMIN_ORDER_MESSAGES = {
  loadFailed: 'Failed to load orders',
  empty: 'No orders found',
  searchTooShort: `Type at least ${ADMIN_SEARCH_MIN} characters to search`,
  unlocked: 'Delivery code unlocked',
  unlockFailed: 'Failed to unlock delivery code',
} as const;

/**
 * Order Management's search: a status, and text of 3 characters or more found in the
 * restaurant's name or the customer's name (any letter case) or at the start of the order id
 * (the 8-character short id, say, in either case, with or without a leading #). Fewer than 3
 * characters would match nearly everything and no index could serve them, so they are refused;
 * an empty q is no search at all.
 */
export const adminOrdersQuerySchema = pageQuerySchema.extend({
  status: z.enum(ORDER_STATUSES, { message: `The status is one of ${ORDER_STATUSES.join(', ')}` }).optional(),
  q: searchText()
    .refine((text) => text.length === 0 || text.length >= ADMIN_SEARCH_MIN, ADMIN_ORDER_MESSAGES.searchTooShort)
    .optional(),
});
export type AdminOrdersQuery = z.output<typeof adminOrdersQuerySchema>;

/** The result of any order move: where the order is now, for whoever moved it. */
export const orderMovedSchema = z.object({
  id: z.uuid(),
  shortId: z.string(),
  status: z.enum(ORDER_STATUSES),
  statusLabel: z.string(),
  driverId: z.uuid().nullable(),
  /** Only when the kitchen marked the order ready: whether dispatch gave it to a driver. */
  dispatch: dispatchOutcomeSchema.optional(),
});
export type OrderMoved = z.infer<typeof orderMovedSchema>;
