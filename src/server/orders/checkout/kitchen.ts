import { LRUCache } from 'lru-cache';
import type { DeliveryPricing, Pin } from '@shared/delivery/fees.js';
import { CHECKOUT_MESSAGES } from '@shared/orders/schemas.js';
import { toE164 } from '@shared/phone.js';
import { notTakingOrdersMessage, openingState, type OpeningHours, type RestaurantClock } from '@shared/restaurants/hours.js';
import { isoUtcText } from '../../db/isoTime.js';
import { statement, type StatementRunner } from '../../db/statements.js';
import { badRequest, unprocessable } from '../../http/errors.js';
import { KITCHEN_FACTS_SQL, KITCHEN_PRICING_JOIN } from './kitchenFacts.js';
import { keptMenuOf, type KeptDish, type KeptMenu } from './keptMenu.js';

/** One of a restaurant's people a new order is pushed to: its owner, or a manager. */
export interface KitchenRecipient {
  userId: string;
  owner: boolean;
}

/**
 * What a checkout must know of the restaurant before it writes: its country, where it is, what a
 * delivery from it costs (decision 022), and who hears of the order on a device.
 */
export interface CheckoutKitchen {
  country: string;
  currencySymbol: string;
  pin: Pin | null;
  minOrderAmount: number;
  /** The pricing of the restaurant's currency; undefined: deliveries are free. */
  pricing: DeliveryPricing | undefined;
  roadFactorPercent: number;
  deliveryShareBps: number;
  pushRecipients: KitchenRecipient[];
  /** Its time zone, opening hours and pause: whether it takes an order now (checkTakingOrders). */
  clock: RestaurantClock;
  /** The version of what the order is priced from and pushed to (kitchenFacts.ts). */
  facts: number;
}

/** A kitchen as a checkout keeps it (keptKitchens.ts): with the menu it prices the next orders from (keptMenu.ts). */
export interface KeptKitchen extends CheckoutKitchen {
  menu: KeptMenu;
}

interface KitchenRow {
  country: string;
  currency_symbol: string;
  latitude: number | null;
  longitude: number | null;
  min_order_amount: number;
  base_fee: number | null;
  per_km_fee: number | null;
  included_meters: number | null;
  max_meters: number | null;
  road_factor_percent: number;
  delivery_share_bps: number;
  time_zone: string;
  opening_hours: OpeningHours;
  orders_paused: boolean;
  pause_ends_at: string | null;
  facts: number;
  user_id: string | null;
  owner: boolean | null;
}

/**
 * The restaurant's country, pin, minimum order, hours, time zone and pause, and delivery pricing
 * with the platform's settings, and its owner and managers with a device for push (decision 020), each once, in one round trip:
 * asked before every checkout and quote, so a named statement (decision 015). No row for an
 * unknown restaurant; one row with no user when nobody has a device.
 */
const kitchenText = ({ withMenu }: { withMenu: boolean }) =>
  `select r.country, r.currency_symbol, r.latitude, r.longitude, r.min_order_amount, r.time_zone, r.opening_hours,
       r.orders_paused, ${isoUtcText('r.pause_ends_at')} as pause_ends_at,
       dp.base_fee, dp.per_km_fee, dp.included_meters, dp.max_meters,
       c.road_factor_percent, c.delivery_share_bps, ${KITCHEN_FACTS_SQL} as facts, staff.user_id, staff.owner
       ${withMenu ? ', menu.dishes' : ''}
     from restaurants r
     join commission_settings c on c.id = 1
     ${KITCHEN_PRICING_JOIN}
     ${withMenu ? MENU_JOIN : ''}
     left join lateral (
       select s.user_id, true as owner from push_subscriptions s where s.user_id = r.owner_id
       union
       select s.user_id, false from restaurant_members m join push_subscriptions s on s.user_id = m.user_id
        where m.restaurant_id = r.id
     ) staff on true
    where r.id = $1`;

/** The restaurant's dishes as a kept menu prices them (keptMenu.ts), read in the same snapshot as its version. */
const MENU_JOIN = `cross join lateral (
       select coalesce(jsonb_agg(jsonb_build_object('id', d.id, 'name', d.name, 'price', d.price,
         'isAvailable', d.is_available, 'soldOutUntil', ${isoUtcText('d.sold_out_until')},
         'optionGroups', d.option_groups, 'choicesSoldOut', d.choices_sold_out)), '[]'::jsonb) as dishes
       from menu_items d where d.restaurant_id = r.id
     ) menu`;

const checkoutKitchen = statement<[restaurantId: string], KitchenRow>('checkout_kitchen', kitchenText({ withMenu: false }));
const keptKitchen = statement<[restaurantId: string], KitchenRow & { dishes: KeptDish[] }>(
  'checkout_kept_kitchen',
  kitchenText({ withMenu: true }),
);

function pricingOf(row: KitchenRow): DeliveryPricing | undefined {
  const { base_fee: baseFee, per_km_fee: perKmFee, included_meters: includedMeters, max_meters: maxMeters } = row;
  if (baseFee === null || perKmFee === null || includedMeters === null || maxMeters === null) return undefined;
  return { currencySymbol: row.currency_symbol, baseFee, perKmFee, includedMeters, maxMeters };
}

export async function findCheckoutKitchen(
  statements: StatementRunner,
  restaurantId: string,
): Promise<CheckoutKitchen | undefined> {
  return kitchenOf(await statements.run(checkoutKitchen, [restaurantId]));
}

/** The kitchen with its menu, as a checkout keeps it (keptKitchens.ts): one read, so the menu is the one its version stands for. */
export async function findKeptKitchen(statements: StatementRunner, restaurantId: string): Promise<KeptKitchen | undefined> {
  const rows = await statements.run(keptKitchen, [restaurantId]);
  const kitchen = kitchenOf(rows);
  return kitchen && { ...kitchen, menu: keptMenuOf(rows[0]!.dishes) };
}

function kitchenOf(rows: KitchenRow[]): CheckoutKitchen | undefined {
  const [first] = rows;
  if (!first) return undefined;
  return {
    country: first.country,
    currencySymbol: first.currency_symbol,
    pin: first.latitude !== null && first.longitude !== null ? { latitude: first.latitude, longitude: first.longitude } : null,
    minOrderAmount: first.min_order_amount,
    pricing: pricingOf(first),
    roadFactorPercent: first.road_factor_percent,
    deliveryShareBps: first.delivery_share_bps,
    clock: {
      timeZone: first.time_zone,
      openingHours: first.opening_hours,
      pause: first.orders_paused ? { until: first.pause_ends_at } : null,
    },
    pushRecipients: rows.flatMap((row) => (row.user_id ? [{ userId: row.user_id, owner: row.owner === true }] : [])),
    facts: first.facts,
  };
}

/**
 * Refuses an order while the restaurant is closed or has paused new orders, saying until when in
 * its own time (shared/restaurants/hours.ts). An unknown restaurant is left to the checkout's own refusal.
 */
export function checkTakingOrders(kitchen: CheckoutKitchen | undefined): void {
  const state = kitchen && openingState(kitchen.clock);
  if (state && !state.taking) throw unprocessable(notTakingOrdersMessage(state));
}

/**
 * Refuses a delivery phone the restaurant's country cannot read as a number (shared/phone.ts), so
 * that every order's customer can be sent its SMS. An unknown restaurant is left to the checkout's
 * own refusal.
 */
export function checkDeliveryPhone(kitchen: CheckoutKitchen | undefined, phone: string): void {
  if (kitchen && !phoneFitsCountry(phone, kitchen.country)) {
    const message = CHECKOUT_MESSAGES.phoneNotInCountry(kitchen.country);
    throw badRequest(message, { deliveryPhone: message });
  }
}

/**
 * Whether `phone` reads as a number of `country`, remembered for the last numbers asked about:
 * reading one takes about 6 µs of CPU (libphonenumber-js), a checkout's costliest check, and a
 * customer orders with the same number again and again. Kept in memory only, never logged.
 */
const phoneChecks = new LRUCache<string, boolean, { phone: string; country: string }>({
  max: 10_000,
  memoMethod: (_key, _stale, { context }) => toE164(context.phone, context.country) !== undefined,
});
const phoneFitsCountry = (phone: string, country: string): boolean =>
  phoneChecks.memo(`${country}\n${phone}`, { context: { phone, country } });
