import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLES } from '../../shared/auth/roles.js';
import { VEHICLE_TYPES } from '../../shared/auth/schemas.js';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '../../shared/orders/schemas.js';
import { PAYMENT_DECISIONS } from '../../shared/orders/notAvailable.js';
import { ORDER_STATUSES } from '../../shared/orders/status.js';
import { CHANNELS, ORDER_ALERTS } from '../../shared/notifications/kinds.js';
import { SMS_STATUSES } from '../../shared/notifications/sms.js';
import { BUCKETS } from '../../shared/storage/buckets.js';
import { ALWAYS_OPEN, type OpeningHours } from '../../shared/restaurants/hours.js';
import type { ChosenOption, OptionGroup } from '../../shared/menu/options.js';
import { LEDGER_ACCOUNTS, LEDGER_EVENTS } from '../../shared/ledger/accounts.js';
import { PAYEE_ACCOUNTS, PAYOUT_RECIPIENT_TYPE_NAMES, PAYOUT_STATUSES } from '../../shared/payouts/kinds.js';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const inList = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    /** Access tokens carry it; raising it refuses every token issued before. */
    tokenVersion: integer('token_version').notNull().default(0),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // User Management pages newest first (db/keyset.ts); its search uses trigram indexes (hand-written in the admin_people migration).
  (t) => [index('users_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    avatarUrl: text('avatar_url'),
    createdAt: createdAt(),
  },
  (t) => [
    index('profiles_created_at_idx').on(t.createdAt.desc()),
    // The admin searches (orders by customer name): ILIKE '%text%' through pg_trgm.
    index('profiles_full_name_trgm_idx').using('gin', t.fullName.op('gin_trgm_ops')),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull(),
  },
  (t) => [
    check('user_roles_role_check', inList('role', ROLES)),
    // The admins, locked together when one is demoted or disabled (admin/users), and User Management's role filter.
    index('user_roles_role_idx').on(t.role),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'logged', 'failed'] })
      .notNull()
      .default('queued'),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('email_outbox_status_check', inList('status', ['queued', 'sent', 'logged', 'failed'])),
    index('email_outbox_created_idx').on(t.createdAt.desc()),
  ],
);

/**
 * Every SMS, written in the transaction that causes it with the `sms` job that sends it
 * (notifications/sms): the provider's message id, then its delivery report (delivered, or failed
 * with the provider's reason), are recorded on the row.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: id(),
    /** E.164, as every phone is stored once normalised (shared/phone.ts). */
    toPhone: text('to_phone').notNull(),
    body: text('body').notNull(),
    kind: text('kind').notNull(),
    status: text('status', { enum: SMS_STATUSES }).notNull().default('queued'),
    /** The provider that took it ('log' without one); null while queued. */
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    /** Why it failed: the provider's reason or the error of the last try. */
    reason: text('reason'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('sms_outbox_status_check', inList('status', SMS_STATUSES)),
    index('sms_outbox_created_idx').on(t.createdAt.desc()),
    uniqueIndex('sms_outbox_provider_message_idx')
      .on(t.provider, t.providerMessageId)
      .where(sql`provider_message_id is not null`),
  ],
);

/** The messages (shared/notifications/kinds.ts) a user turned off on one channel: no row, the message is sent. */
export const notificationOptOuts = pgTable(
  'notification_opt_outs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    channel: text('channel', { enum: CHANNELS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.channel] }),
    check('notification_opt_outs_channel_check', inList('channel', CHANNELS)),
  ],
);

/**
 * A device's web push subscription (notifications/push), tied to the session it was made in so
 * that signing out removes it; dropped when the push service answers 404 or 410.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The refresh token family (the access token's sessionId) of the signed-in device. */
    sessionId: uuid('session_id').notNull(),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId), index('push_subscriptions_session_idx').on(t.sessionId)],
);

/** The alerts sent about an order (notifications/orderAlerts.ts): a row per order and alert, so each goes out once. */
export const orderAlerts = pgTable(
  'order_alerts',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    alert: text('alert', { enum: ORDER_ALERTS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.alert] }), check('order_alerts_alert_check', inList('alert', ORDER_ALERTS))],
);

export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    bucket: text('bucket', { enum: BUCKETS }).notNull(),
    fileName: text('file_name').notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** The sub-folder of the bucket, e.g. a restaurant's id for its food pictures; null for none. */
    folder: uuid('folder'),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('uploads_bucket_file_idx').on(t.bucket, t.fileName),
    check('uploads_bucket_check', inList('bucket', BUCKETS)),
    check('uploads_size_check', sql`size > 0 and size <= 5242880`),
  ],
);

export const restaurants = pgTable(
  'restaurants',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description'),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    imageUrl: text('image_url'),
    country: text('country').notNull(),
    currencySymbol: text('currency_symbol').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    isActive: boolean('is_active').notNull().default(true),
    /** The smallest food subtotal (minor units) the restaurant takes an order for; 0 for none. */
    minOrderAmount: integer('min_order_amount').notNull().default(0),
    /**
     * Set up inactive while 'New restaurants wait for approval' was on (restaurants/approval.ts) and not yet
     * activated by an admin; false for one an admin deactivated. Activate clears it.
     */
    awaitingApproval: boolean('awaiting_approval').notNull().default(false),
    /** Every UTC day before this one is summed in restaurant_sales_days (orders/salesDays.ts). */
    salesRolledUntil: date('sales_rolled_until', { mode: 'string' })
      .notNull()
      .default(sql`'-infinity'`),
    /**
     * Raised by triggers (migration 0025_kitchen_version) whenever something a checkout prices an order from or
     * pushes it to changes: the restaurant's country, currency, pin or owner, its currency's delivery
     * pricing, the road factor or delivery share, its people or their devices, and (migration
     * 0026_opening_hours) its time zone, opening hours and pause, and (migration
     * 0029_honest_times_places_ratings) its usual and busy preparation minutes, and (migration
     * 0030_kept_menus) each dish's name, price, availability, choices and what is sold out. A checkout
     * priced from a kept copy of the restaurant writes only while it is unchanged (orders/checkout/kitchenFacts.ts).
     */
    kitchenVersion: integer('kitchen_version').notNull().default(0),
    /** The zone its opening hours are read in (shared/restaurants/hours.ts); set from its country at setup. */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** Ranges per weekday and closed dates; every day all day until the owner sets them. */
    openingHours: jsonb('opening_hours').$type<OpeningHours>().notNull().default(ALWAYS_OPEN),
    /** New orders paused by the owner: until pause_ends_at, or until resumed when that is null. */
    ordersPaused: boolean('orders_paused').notNull().default(false),
    pauseEndsAt: timestamp('pause_ends_at', { withTimezone: true }),
    /** The kitchen's usual minutes from order to ready (issue 23, honest times), and the extra minutes while the owner marks it busy. */
    prepMinutes: integer('prep_minutes').notNull().default(20),
    busyMinutes: integer('busy_minutes').notNull().default(0),
    /** Its visible food ratings, counted and summed when one is written or hidden, so the catalog serves them as read. */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingTotal: integer('rating_total').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('restaurants_owner_idx').on(t.ownerId),
    index('restaurants_active_idx').on(t.isActive, t.createdAt.desc()),
    // The admin searches (Restaurant Management by name or address, orders by restaurant name): ILIKE '%text%' through pg_trgm;
    // discovery: word similarity.
    index('restaurants_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('restaurants_address_trgm_idx').using('gin', t.address.op('gin_trgm_ops')),
    // Restaurant Management pages every restaurant newest first by (created_at, id): see db/keyset.ts.
    index('restaurants_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('restaurants_min_order_check', sql`min_order_amount >= 0`),
    check('restaurants_latitude_check', sql`latitude between -90 and 90`),
    check('restaurants_longitude_check', sql`longitude between -180 and 180`),
    check('restaurants_prep_minutes_check', sql`prep_minutes between 5 and 120`),
    check('restaurants_busy_minutes_check', sql`busy_minutes between 0 and 120`),
    check('restaurants_rating_check', sql`rating_count >= 0 and rating_total between rating_count and 5 * rating_count`),
  ],
);

export const restaurantMembers = pgTable(
  'restaurant_members',
  {
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.userId] }), index('restaurant_members_user_idx').on(t.userId)],
);

/**
 * An owner's invitation of an email to manage the restaurant: no account exists for it until the
 * invitee accepts through the emailed link. Withdrawing deletes the row; an expired one is
 * deleted when next met, so neither leaves anything behind.
 */
export const restaurantInvitations = pgTable(
  'restaurant_invitations',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    /** Lower-cased, as accounts' emails are. */
    email: text('email').notNull(),
    /** SHA-256 of the emailed token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('restaurant_invitations_restaurant_email_idx').on(t.restaurantId, t.email),
    index('restaurant_invitations_invited_by_idx').on(t.invitedBy, t.createdAt.desc()),
  ],
);

export const menuItems = pgTable(
  'menu_items',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    /** Minor units (pesewas, kobo, cents). */
    price: integer('price').notNull(),
    category: text('category'),
    imageUrl: text('image_url'),
    isAvailable: boolean('is_available').notNull().default(true),
    /** The owner's order of the menu: lower first. Categories follow the order of their first item. */
    position: integer('position').notNull().default(0),
    /** Its groups of choices (shared/menu/options.ts), read and written only with the dish (decision 025). */
    optionGroups: jsonb('option_groups').$type<OptionGroup[]>().notNull().default([]),
    /** Sold out for today until the restaurant's next day's opening (shared/restaurants/hours.ts, nextDayOpening). */
    soldOutUntil: timestamp('sold_out_until', { withTimezone: true }),
    /** Choices sold out for today: choice id to the ISO instant each comes back. Apart from option_groups, which the item dialog writes whole. */
    choicesSoldOut: jsonb('choices_sold_out').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('menu_items_restaurant_idx').on(t.restaurantId, t.createdAt.desc()),
    index('menu_items_restaurant_position_idx').on(t.restaurantId, t.position),
    // Discovery finds restaurants by their dishes and categories, typos forgiven: word similarity through pg_trgm.
    index('menu_items_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('menu_items_category_trgm_idx').using('gin', t.category.op('gin_trgm_ops')),
    check('menu_items_price_check', sql`price >= 0`),
  ],
);

export const commissionSettings = pgTable(
  'commission_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** Basis points: 1000 = 10.00 %. */
    commissionBps: integer('commission_bps').notNull().default(1000),
    /** Whether a new owner's restaurant stays inactive until an admin activates it; null: the deployment's default (on in production). */
    restaurantsNeedApproval: boolean('restaurants_need_approval'),
    /** Road distance as a percentage of the straight line between the two pins: 130 = 1.3 times (decision 022). */
    roadFactorPercent: integer('road_factor_percent').notNull().default(130),
    /** The platform's share of each delivery fee in basis points; the rider earns the rest, and the whole tip. */
    deliveryShareBps: integer('delivery_share_bps').notNull().default(2000),
    /** How many orders a rider may carry at once (batching, decision 032). */
    maxCarriedOrders: integer('max_carried_orders').notNull().default(2),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check('commission_settings_single_row', sql`id = 1`),
    check('commission_settings_range', sql`commission_bps between 0 and 10000`),
    check('commission_settings_road_factor_check', sql`road_factor_percent between 100 and 300`),
    check('commission_settings_delivery_share_check', sql`delivery_share_bps between 0 and 10000`),
    check('commission_settings_max_carried_orders_check', sql`max_carried_orders between 1 and 5`),
  ],
);

/**
 * What a delivery costs in one currency (decision 022), set in admin Settings: the base fee up to
 * the included distance, then a rate per started kilometre, up to the longest distance delivered.
 * A currency without a row delivers free, at any distance.
 */
export const deliveryPricing = pgTable(
  'delivery_pricing',
  {
    currencySymbol: text('currency_symbol').primaryKey(),
    baseFee: integer('base_fee').notNull(),
    perKmFee: integer('per_km_fee').notNull(),
    includedMeters: integer('included_meters').notNull(),
    maxMeters: integer('max_meters').notNull(),
    /** The most cash a rider may hold in this currency and still be offered cash orders; null: no limit. */
    cashLimit: integer('cash_limit'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check('delivery_pricing_fees_check', sql`base_fee >= 0 and per_km_fee >= 0 and (cash_limit is null or cash_limit >= 0)`),
    check('delivery_pricing_distance_check', sql`included_meters >= 0 and max_meters > 0 and included_meters <= max_meters`),
  ],
);

/** Every change of the commission rate: who made it and when (admin/commission.ts), written with the change. */
export const commissionChanges = pgTable(
  'commission_changes',
  {
    id: id(),
    oldBps: integer('old_bps').notNull(),
    newBps: integer('new_bps').notNull(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('commission_changes_changed_at_idx').on(t.changedAt.desc()),
    check('commission_changes_range', sql`old_bps between 0 and 10000 and new_bps between 0 and 10000`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'restrict' }),
    driverId: uuid('driver_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    /** The food: every line at its price. Commission is taken from it; the customer pays it with the delivery fee and the tip. */
    totalAmount: integer('total_amount').notNull(),
    commissionAmount: integer('commission_amount').notNull(),
    restaurantPayout: integer('restaurant_payout').notNull(),
    commissionBps: integer('commission_bps').notNull(),
    /** What the delivery costs the customer (decision 022); the platform keeps deliveryShare of it, the rider the rest. */
    deliveryFee: integer('delivery_fee').notNull().default(0),
    deliveryShare: integer('delivery_share').notNull().default(0),
    /** The customer's tip, all the rider's. */
    tipAmount: integer('tip_amount').notNull().default(0),
    /** The road distance the fee was priced for; null when a pin was missing. */
    deliveryMeters: integer('delivery_meters'),
    currencySymbol: text('currency_symbol').notNull(),
    deliveryAddress: text('delivery_address').notNull(),
    deliveryPhone: text('delivery_phone').notNull(),
    deliveryLatitude: doublePrecision('delivery_latitude'),
    deliveryLongitude: doublePrecision('delivery_longitude'),
    restaurantLatitude: doublePrecision('restaurant_latitude'),
    restaurantLongitude: doublePrecision('restaurant_longitude'),
    deliveryCode: text('delivery_code').notNull(),
    deliveryCodeLocked: boolean('delivery_code_locked').notNull().default(false),
    notes: text('notes'),
    /** What helps the rider find the place ('opposite the Total filling station, blue gate'), and its GhanaPost GPS code ('GA-183-8164'). */
    deliveryLandmark: text('delivery_landmark'),
    deliveryGpsCode: text('delivery_gps_code'),
    /** The kitchen's preparation minutes (busy minutes included) when the order was placed; null for orders from before honest times. */
    prepMinutes: integer('prep_minutes'),
    /** When the kitchen marked it ready and when the rider picked it up: the expected arrival is worked out from them. */
    readyAt: timestamp('ready_at', { withTimezone: true }),
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }),
    /** Why an admin brought the order to an end (closed as delivered or cancelled by hand); null otherwise. */
    closedReason: text('closed_reason'),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the rider started waiting at the door and when they may close it as not available (orders/notAvailable.ts, decision 030). */
    waitStartedAt: timestamp('wait_started_at', { withTimezone: true }),
    waitEndsAt: timestamp('wait_ends_at', { withTimezone: true }),
    /** The photo of the door the rider took closing it as not available: a door-photos upload's URL. */
    doorPhotoUrl: text('door_photo_url'),
    /** What an admin did with a not-available card order's payment, once; null until then, and for cash. */
    paymentDecision: text('payment_decision', { enum: PAYMENT_DECISIONS }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_status_check', inList('status', ORDER_STATUSES)),
    check(
      'orders_amounts_check',
      sql`total_amount >= 0 and commission_amount >= 0 and restaurant_payout >= 0 and commission_amount + restaurant_payout = total_amount`,
    ),
    check('orders_commission_bps_check', sql`commission_bps between 0 and 10000`),
    check(
      'orders_delivery_money_check',
      sql`delivery_fee >= 0 and tip_amount >= 0 and delivery_share between 0 and delivery_fee and total_amount::bigint + delivery_fee + tip_amount <= 2147483647`,
    ),
    check('orders_delivery_code_check', sql`delivery_code ~ '^[0-9]{6}$'`),
    check('orders_payment_decision_check', inList('payment_decision', PAYMENT_DECISIONS)),
    check('orders_delivery_latitude_check', sql`delivery_latitude between -90 and 90`),
    check('orders_delivery_longitude_check', sql`delivery_longitude between -180 and 180`),
    // Every order list pages newest first by (created_at, id): see db/keyset.ts.
    index('orders_customer_idx').on(t.customerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_restaurant_idx').on(t.restaurantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_driver_idx').on(t.driverId, t.status),
    index('orders_ready_unassigned_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status = 'ready' and driver_id is null`),
    index('orders_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Order Management's status filter, alone or with restaurants found by name: one status, newest first, however rare.
    index('orders_status_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_restaurant_status_idx').on(t.restaurantId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * A restaurant's orders of one UTC day, summed once the day is over (orders/salesDays.ts): sales,
 * commission and payout of the orders not cancelled, and how many orders are counted, pending
 * (neither delivered nor cancelled) and completed (delivered).
 */
export const restaurantSalesDays = pgTable(
  'restaurant_sales_days',
  {
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    sales: bigint('sales', { mode: 'number' }).notNull(),
    commission: bigint('commission', { mode: 'number' }).notNull(),
    payout: bigint('payout', { mode: 'number' }).notNull(),
    orders: integer('orders').notNull(),
    pendingCount: integer('pending_count').notNull(),
    completedCount: integer('completed_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.day] })],
);

/**
 * The platform's orders of one UTC day in one currency, summed once the day is over
 * (orders/platformDays.ts), so the admin overview reads one row per day and currency instead of
 * every order: orders counted (not cancelled) and cancelled, and the sales and commission of the
 * orders not cancelled. Money is never summed across currencies.
 */
export const platformSalesDays = pgTable(
  'platform_sales_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    currencySymbol: text('currency_symbol').notNull(),
    orders: integer('orders').notNull(),
    cancelled: integer('cancelled').notNull(),
    sales: bigint('sales', { mode: 'number' }).notNull(),
    commission: bigint('commission', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.currencySymbol] })],
);

/** One row: every UTC day before rolled_until is summed in platform_sales_days. */
export const platformSalesRollup = pgTable(
  'platform_sales_rollup',
  {
    id: integer('id').primaryKey().default(1),
    rolledUntil: date('rolled_until', { mode: 'string' })
      .notNull()
      .default(sql`'-infinity'`),
  },
  () => [check('platform_sales_rollup_single_row', sql`id = 1`)],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    menuItemId: uuid('menu_item_id').references(() => menuItems.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    /** Unit price in minor units at the time of the order, its choices included. */
    price: integer('price').notNull(),
    /** The choices picked, with their group's name, their own and their price change then. */
    choices: jsonb('choices').$type<ChosenOption[]>().notNull().default([]),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity_check', sql`quantity > 0`),
    check('order_items_price_check', sql`price >= 0`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull(),
    transactionReference: text('transaction_reference').unique(),
    /** How Paystack says the customer paid (card, mobile_money, bank, ussd, ...); null for cash. */
    channel: text('channel'),
    createdAt: createdAt(),
  },
  () => [
    check('payments_method_check', inList('payment_method', PAYMENT_METHODS)),
    check('payments_status_check', inList('payment_status', PAYMENT_STATUSES)),
    check('payments_amount_check', sql`amount >= 0`),
  ],
);

/**
 * `review`: paid, but not as the intent asked (amount or currency); no order, support looks at it.
 * `refunded`: paid, but the order could no longer be made (or the payment came after expiry); its
 * refund is in `refunds`.
 */
export const CHECKOUT_INTENT_STATUSES = ['pending', 'completed', 'failed', 'expired', 'review', 'refunded'] as const;
export type IntentStatus = (typeof CHECKOUT_INTENT_STATUSES)[number];

export const checkoutIntents = pgTable(
  'checkout_intents',
  {
    id: id(),
    reference: text('reference').notNull().unique(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    /** The priced cart and delivery details, exactly as the order will be written. */
    payload: jsonb('payload').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: CHECKOUT_INTENT_STATUSES }).notNull().default('pending'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Why the intent waits for review or was refunded: what Paystack reported or what is gone, no personal data. */
    reviewReason: text('review_reason'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the sweep last asked Paystack about this pending intent. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [
    check('checkout_intents_status_check', inList('status', CHECKOUT_INTENT_STATUSES)),
    check('checkout_intents_amount_check', sql`amount > 0`),
    index('checkout_intents_customer_idx').on(t.customerId, t.createdAt.desc()),
    // The sweep (verify what waits too long, expire what was abandoned) reads only pending intents.
    index('checkout_intents_pending_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
  ],
);

/**
 * Card payments owed back to the customer, written in the transaction that decides it (a paid
 * order cancelled, a paid intent that could not become an order) and sent to Paystack's refund
 * API after it commits; the payment sweep retries any not yet confirmed. One refund per
 * Paystack reference, so nothing is refunded twice.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    reference: text('reference').notNull().unique(),
    amount: integer('amount').notNull(),
    /** Set for the refund of a cancelled order, whose payment is marked refunded once Paystack accepts it. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Why the money goes back, as the customer is told; no personal data. */
    reason: text('reason').notNull(),
    createdAt: createdAt(),
    /** When a sender last claimed it to ask Paystack (one sender at a time). */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    /** When Paystack accepted the refund. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    check('refunds_amount_check', sql`amount > 0`),
    index('refunds_owed_idx')
      .on(t.createdAt)
      .where(sql`refunded_at is null`),
  ],
);

export const drivers = pgTable(
  'drivers',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    vehicleType: text('vehicle_type', { enum: VEHICLE_TYPES }).notNull(),
    vehicleYear: integer('vehicle_year').notNull(),
    vehicleModel: text('vehicle_model').notNull(),
    plateNumber: text('plate_number').notNull(),
    driversLicenseUrl: text('drivers_license_url').notNull(),
    nationalIdUrl: text('national_id_url').notNull(),
    vehicleImageUrl: text('vehicle_image_url').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    lastLocationUpdate: timestamp('last_location_update', { withTimezone: true }),
    isAvailable: boolean('is_available').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    /** Offers in a row the driver let run out (dispatch/offers.ts): the third makes them unavailable. */
    missedOffers: integer('missed_offers').notNull().default(0),
    /** When missed offers last made the driver unavailable; cleared once they are available again. */
    pausedForMissesAt: timestamp('paused_for_misses_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('drivers_vehicle_type_check', inList('vehicle_type', VEHICLE_TYPES)),
    check('drivers_vehicle_year_check', sql`vehicle_year between 1990 and 2100`),
    check('drivers_latitude_check', sql`latitude between -90 and 90`),
    check('drivers_longitude_check', sql`longitude between -180 and 180`),
    index('drivers_available_idx').on(t.isAvailable, t.isVerified),
    // The admin's verification list pages drivers waiting for verification first, then the newest (admin/verificationList.ts).
    index('drivers_verification_list_idx').on(t.isVerified, t.createdAt.desc().nullsFirst(), t.userId.desc().nullsFirst()),
    // Driver Management pages newest first (db/keyset.ts); name and plate search use trigram indexes (admin_people migration).
    index('drivers_created_idx').on(t.createdAt.desc().nullsFirst(), t.userId.desc().nullsFirst()),
    // Dispatch's nearest-driver search (earthdistance over cube, decision 008): only drivers who could be given an order.
    index('drivers_dispatch_position_idx')
      .using('gist', sql`ll_to_earth(${t.latitude}, ${t.longitude})`)
      .where(sql`is_available and is_verified and latitude is not null and longitude is not null`),
  ],
);

/** Drivers who declined an order: dispatch never offers it to them again (they may still accept it themselves). */
export const dispatchDeclines = pgTable(
  'dispatch_declines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.driverId] })],
);

export const OFFER_ANSWERS = ['accepted', 'declined', 'missed', 'withdrawn'] as const;

/**
 * Every offer of a ready order to a driver (dispatch/offers.ts, decision 029): open until it is
 * answered, accepted or declined by the driver, missed when it ran out, or withdrawn when the
 * order went another way (the driver took another order, support assigned it). At most one open
 * offer per order and one per driver, which these partial unique indexes hold even if the locks
 * that keep dispatch from trying were ever bypassed.
 */
export const dispatchOffers = pgTable(
  'dispatch_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answer: text('answer', { enum: OFFER_ANSWERS }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    check('dispatch_offers_answer_check', inList('answer', OFFER_ANSWERS)),
    uniqueIndex('dispatch_offers_open_order_idx')
      .on(t.orderId)
      .where(sql`answer is null`),
    uniqueIndex('dispatch_offers_open_driver_idx')
      .on(t.driverId)
      .where(sql`answer is null`),
  ],
);

export const ID_CHECK_STATUSES = ['running', 'finished', 'error'] as const;

/**
 * Every automated ID check of a driver (src/server/verification): who ran it and when, and what
 * it found. A row is 'running' while the check runs, at most one per driver (a second check of
 * the same driver is refused meanwhile), then 'finished' with the verdict or 'error' with why
 * no verdict came (a time limit, a failed worker).
 */
export const driverIdChecks = pgTable(
  'driver_id_checks',
  {
    id: id(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => drivers.userId, { onDelete: 'cascade' }),
    runBy: uuid('run_by').references(() => users.id, { onDelete: 'set null' }),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: ID_CHECK_STATUSES }).notNull().default('running'),
    /** Set once finished. */
    verified: boolean('verified'),
    /** 0 to 100. */
    confidence: doublePrecision('confidence'),
    /** The verdict's reason, or what went wrong. */
    reason: text('reason'),
    extractedName: text('extracted_name'),
    /** 0 to 1: the name read from the card against the profile's. */
    nameSimilarity: doublePrecision('name_similarity'),
    /** Between the card's face and the profile picture's; null unless both had one. */
    faceDistance: doublePrecision('face_distance'),
    durationMs: integer('duration_ms'),
  },
  (t) => [
    index('driver_id_checks_driver_idx').on(t.driverId, t.runAt.desc()),
    uniqueIndex('driver_id_checks_running_idx')
      .on(t.driverId)
      .where(sql`status = 'running'`),
    check('driver_id_checks_status_check', inList('status', ID_CHECK_STATUSES)),
    check('driver_id_checks_verdict_check', sql`(status = 'finished') = (verified is not null)`),
    check('driver_id_checks_confidence_check', sql`confidence between 0 and 100`),
  ],
);

export const deliveryCodeAttempts = pgTable(
  'delivery_code_attempts',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    driverId: uuid('driver_id').references(() => users.id, { onDelete: 'set null' }),
    succeeded: boolean('succeeded').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('delivery_code_attempts_order_idx').on(t.orderId)],
);

/**
 * The order heat map over all time (admin/heatmap*.ts, decision 010): how many counted orders
 * (shared/admin/heatmap.ts, HEATMAP_STATUSES) were delivered to each cell of 1/10,000 degree,
 * kept by a trigger on orders in the orders' own transactions (the heatmap migration, 0010_heatmap), so the map of
 * all time reads the busiest cells off an index instead of grouping every order. The periods (7, 30, 90 days) are grouped live from the orders
 * through the covering partial index orders_heatmap_idx, which that migration also creates.
 */
export const heatmapPlaces = pgTable(
  'heatmap_places',
  {
    /** round(delivery_latitude * 10000), as shared cellOf() computes it. */
    latCell: integer('lat_cell').notNull(),
    lngCell: integer('lng_cell').notNull(),
    orders: integer('orders').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.latCell, t.lngCell] }),
    index('heatmap_places_busiest_idx').on(t.orders.desc(), t.latCell, t.lngCell),
    // A cell whose count reaches 0 is deleted in the same transaction (the trigger), so readers never see one.
    check('heatmap_places_orders_check', sql`orders >= 0`),
  ],
);

/**
 * The ledger (decision 022): every money event is one transaction of entries that sum to zero per
 * currency, written in the same database transaction as the event. Neither table is ever updated
 * or deleted from (a trigger refuses it); a correction is a new transaction. An order event
 * happens once: (kind, order_id) is unique.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: id(),
    kind: text('kind', { enum: LEDGER_EVENTS }).notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    payoutId: uuid('payout_id').references(() => payouts.id, { onDelete: 'restrict' }),
    /** Free text for an event without an order: a cash hand-in's reference, a payout's transfer. */
    memo: text('memo'),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_transactions_kind_check', inList('kind', LEDGER_EVENTS)),
    uniqueIndex('ledger_transactions_order_event_idx')
      .on(t.orderId, t.kind)
      .where(sql`order_id is not null`),
    uniqueIndex('ledger_transactions_payout_event_idx')
      .on(t.payoutId, t.kind)
      .where(sql`payout_id is not null`),
  ],
);

/** One side of a ledger transaction: a signed amount (debit positive) on one account of one owner, in one currency. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    /** The restaurant or rider the account belongs to; null for the platform's own accounts. */
    ownerId: uuid('owner_id'),
    currencySymbol: text('currency_symbol').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_entries_account_check', inList('account', LEDGER_ACCOUNTS)),
    check('ledger_entries_amount_check', sql`amount <> 0`),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    // Statements and balances: one owner's account in one currency, in time order.
    index('ledger_entries_account_idx').on(t.account, t.ownerId, t.currencySymbol, t.createdAt, t.id),
  ],
);

/**
 * Where a restaurant or a rider is paid (decision 022): one Paystack transfer recipient each,
 * resolved and named by Paystack before it is saved. Replacing it makes a new recipient.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: id(),
    payee: text('payee', { enum: PAYEE_ACCOUNTS }).notNull(),
    /** The restaurant's id, or the rider's user id. */
    payeeId: uuid('payee_id').notNull(),
    recipientType: text('recipient_type', { enum: PAYOUT_RECIPIENT_TYPE_NAMES }).notNull(),
    /** Paystack's bank or mobile-money provider code. */
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    /** The holder's name as Paystack resolved it. */
    accountName: text('account_name').notNull(),
    currency: text('currency').notNull(),
    recipientCode: text('recipient_code').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payout_accounts_payee_check', inList('payee', PAYEE_ACCOUNTS)),
    check('payout_accounts_type_check', inList('recipient_type', PAYOUT_RECIPIENT_TYPE_NAMES)),
    uniqueIndex('payout_accounts_payee_idx').on(t.payee, t.payeeId),
  ],
);

/**
 * One transfer of what a restaurant or rider is owed (decision 022). Its `reference` is ours, made
 * with the row and sent as the transfer's reference, so Paystack makes one transfer of it however
 * often it is asked; the ledger posts payout_sent with the row, and payout_failed or
 * payout_reversed once, when Paystack says so.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    reference: text('reference').notNull().unique(),
    payee: text('payee', { enum: PAYEE_ACCOUNTS }).notNull(),
    payeeId: uuid('payee_id').notNull(),
    payoutAccountId: uuid('payout_account_id')
      .notNull()
      .references(() => payoutAccounts.id, { onDelete: 'restrict' }),
    currencySymbol: text('currency_symbol').notNull(),
    amount: integer('amount').notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('queued'),
    transferCode: text('transfer_code'),
    /** Paystack's reason for a failed or reversed transfer. */
    failureReason: text('failure_reason'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payouts_payee_check', inList('payee', PAYEE_ACCOUNTS)),
    check('payouts_status_check', inList('status', PAYOUT_STATUSES)),
    check('payouts_amount_check', sql`amount > 0`),
    index('payouts_payee_idx').on(t.payee, t.payeeId, t.createdAt.desc()),
    // The admin's list, newest first, of every payout or of one status (db/keyset.ts).
    index('payouts_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('payouts_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The check of open payouts, the longest unchanged first.
    index('payouts_open_updated_idx')
      .on(t.updatedAt, t.id)
      .where(sql`status in ('queued', 'pending', 'otp')`),
    // One payout under way per payee and currency: a second click, retry or replay finds it.
    uniqueIndex('payouts_one_open_idx')
      .on(t.payee, t.payeeId, t.currencySymbol)
      .where(sql`status in ('queued', 'pending', 'otp')`),
  ],
);

/** Cash a rider handed in (decision 022): how much, the receipt's reference, who received it and which admin recorded it. */
export const cashHandIns = pgTable(
  'cash_hand_ins',
  {
    id: id(),
    riderId: uuid('rider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    currencySymbol: text('currency_symbol').notNull(),
    amount: integer('amount').notNull(),
    reference: text('reference').notNull(),
    receivedBy: text('received_by').notNull(),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    ledgerTransactionId: uuid('ledger_transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('cash_hand_ins_amount_check', sql`amount > 0`),
    index('cash_hand_ins_rider_idx').on(t.riderId, t.createdAt.desc()),
  ],
);

/**
 * A customer's saved delivery places (issue 23): a label of their own ('Home', 'Office'), the
 * address and map pin, a landmark that helps the rider, and optionally a GhanaPost GPS code.
 */
export const savedPlaces = pgTable(
  'saved_places',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    address: text('address').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    landmark: text('landmark'),
    gpsCode: text('gps_code'),
    createdAt: createdAt(),
    /** Last chosen at a checkout: the list offers the most recently used first. */
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_places_user_label_idx').on(t.userId, sql`lower(${t.label})`),
    index('saved_places_user_used_idx').on(t.userId, t.usedAt.desc()),
    check('saved_places_latitude_check', sql`latitude between -90 and 90`),
    check('saved_places_longitude_check', sql`longitude between -180 and 180`),
  ],
);

/**
 * A customer's rating of a delivered order (issue 23): the food from 1 to 5 with an optional
 * comment, the rider thumbs up or down; one per order. The owner may reply once; an admin may hide
 * an abusive one, which then counts no more in the restaurant's average (restaurants.rating_count
 * and rating_total, kept by the order_ratings_tally trigger).
 */
export const orderRatings = pgTable(
  'order_ratings',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    driverId: uuid('driver_id').references(() => users.id, { onDelete: 'set null' }),
    foodStars: integer('food_stars').notNull(),
    comment: text('comment'),
    /** The rider: true thumbs up, false thumbs down, null when not rated (or no rider). */
    riderThumbsUp: boolean('rider_thumbs_up'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    hidden: boolean('hidden').notNull().default(false),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('order_ratings_food_stars_check', sql`food_stars between 1 and 5`),
    // The owner's reviews page lists newest first by (created_at, order_id): see db/keyset.ts.
    index('order_ratings_restaurant_idx').on(t.restaurantId, t.createdAt.desc().nullsFirst(), t.orderId.desc().nullsFirst()),
    index('order_ratings_driver_idx').on(t.driverId),
  ],
);
