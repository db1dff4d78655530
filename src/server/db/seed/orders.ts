import { randomUUID } from 'node:crypto';
import { deliveryShareOf, quoteDelivery, roadMeters, type DeliveryPricing } from '@shared/delivery/fees.js';
import { splitTotal } from '@shared/money.js';
import type { OrderStatus } from '@shared/orders/status.js';
import { newDeliveryCode } from '../../orders/deliveryCode.js';
import type { orderItems, orders, payments } from '../schema.js';
import { between, intBetween, pickOne, shuffled, type Random } from './random.js';

/** Places the demo customer has food delivered to; the count is how many past orders went there. */
const DELIVERY_SPOTS = [
  { address: 'Flat 4B, Ring Road East, Osu', latitude: 5.5597, longitude: -0.1794, orders: 8 },
  { address: 'Kofi Annan Street, Airport Residential Area', latitude: 5.6047, longitude: -0.1768, orders: 6 },
  { address: 'Zion Street, Labone', latitude: 5.5655, longitude: -0.1716, orders: 4 },
  { address: 'Lagos Avenue, East Legon', latitude: 5.6362, longitude: -0.1612, orders: 4 },
  { address: 'American House, East Legon', latitude: 5.6418, longitude: -0.1527, orders: 3 },
  { address: 'Community 18 Junction, Spintex Road', latitude: 5.6339, longitude: -0.1097, orders: 3 },
  { address: 'Cantonments Road, Cantonments', latitude: 5.5775, longitude: -0.1706, orders: 3 },
  { address: 'Achimota Mall, Achimota', latitude: 5.6205, longitude: -0.2264, orders: 2 },
  { address: 'Police Station Road, Tesano', latitude: 5.6006, longitude: -0.2237, orders: 2 },
  { address: 'Dzorwulu Junction, Dzorwulu', latitude: 5.6105, longitude: -0.2011, orders: 2 },
  { address: 'Kwame Nkrumah Avenue, Adabraka', latitude: 5.5601, longitude: -0.2085, orders: 2 },
  { address: 'Accra Mall, Tetteh Quarshie', latitude: 5.6216, longitude: -0.1737, orders: 1 },
] as const;

/**
 * Orders still in motion, newest first, so every dashboard has something to show: the first
 * restaurant's kitchen has work, ready orders wait for a driver, the demo driver is on the road
 * with one delivery (a driver carries one at a time) they can complete with the demo customer's code.
 */
const IN_PROGRESS: { status: OrderStatus; restaurant: number; minutesAgo: number; withDriver: boolean }[] = [
  { status: 'confirmed', restaurant: 0, minutesAgo: 4, withDriver: false },
  { status: 'preparing', restaurant: 0, minutesAgo: 17, withDriver: false },
  { status: 'ready', restaurant: 0, minutesAgo: 29, withDriver: false },
  { status: 'ready', restaurant: 2, minutesAgo: 35, withDriver: false },
  { status: 'ready', restaurant: 3, minutesAgo: 42, withDriver: false },
  { status: 'picked_up', restaurant: 4, minutesAgo: 55, withDriver: true },
];

const NOTES = [
  'Please call when you arrive.',
  'Extra shito, please.',
  'The gate is blue.',
  'No onions, thank you.',
  'Leave it with the security man.',
];

export interface SeededRestaurant {
  id: string;
  latitude: number;
  longitude: number;
  currencySymbol: string;
  menu: { id: string; name: string; price: number; category: string; isAvailable: boolean }[];
}

/** What a delivery cost when the demo's orders were placed: the settings the seed found (decision 022). */
interface DemoDeliveryTerms {
  /** The delivery pricing of the restaurants' currency; none: deliveries were free. */
  pricing: DeliveryPricing | undefined;
  roadFactorPercent: number;
  shareBps: number;
}

export interface PastOrderInput {
  random: Random;
  now: Date;
  customer: { id: string; phone: string };
  driverId: string;
  restaurants: readonly SeededRestaurant[];
  commissionBps: number;
  delivery: DemoDeliveryTerms;
}

export interface PastOrders {
  orders: (typeof orders.$inferInsert)[];
  items: (typeof orderItems.$inferInsert)[];
  payments: (typeof payments.$inferInsert)[];
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The tips of the demo's orders in turn (GH₵): most customers tip nothing, some 2 or 5 cedis. */
const TIPS = [0, 200, 0, 0, 500, 0, 200];

type Spot = (typeof DELIVERY_SPOTS)[number];

const reaches = (restaurant: SeededRestaurant, spot: Spot, terms: DemoDeliveryTerms) =>
  quoteDelivery(terms.pricing, roadMeters(restaurant, spot, terms.roadFactorPercent)).deliverable;

/**
 * Checkout refuses an address beyond a restaurant's distance, so each order's spot is one its
 * planned restaurant reaches: a spot too far changes places with the first later one in reach (the
 * orders still in the kitchen keep their restaurants). An order left with no such spot comes from
 * the restaurant nearest to it.
 */
function placeOrders(
  planned: readonly SeededRestaurant[],
  spots: Spot[],
  all: readonly SeededRestaurant[],
  terms: DemoDeliveryTerms,
) {
  return planned.map((restaurant, i) => {
    const later = spots.findIndex((spot, j) => j >= i && reaches(restaurant, spot, terms));
    if (later >= 0) [spots[i], spots[later]] = [spots[later]!, spots[i]!];
    const spot = spots[i]!;
    if (later >= 0) return { restaurant, spot };
    const meters = (candidate: SeededRestaurant) => roadMeters(candidate, spot, terms.roadFactorPercent);
    return { restaurant: all.reduce((nearest, candidate) => (meters(candidate) < meters(nearest) ? candidate : nearest)), spot };
  });
}

/** The fee a customer was charged to `spot` and the platform's share of it, priced as checkout prices it. */
function deliveryOf(restaurant: SeededRestaurant, spot: Spot, terms: DemoDeliveryTerms) {
  const meters = roadMeters(restaurant, spot, terms.roadFactorPercent);
  const quote = quoteDelivery(terms.pricing, meters);
  // Only pricing an operator set shorter than the demo's could leave a spot out of reach: free then.
  const fee = quote.deliverable ? quote.fee : 0;
  return { deliveryFee: fee, deliveryShare: deliveryShareOf(fee, terms.shareBps), deliveryMeters: meters };
}

/** A lunch or dinner time on a day in the last 30 (Accra keeps UTC all year). */
function pastMealTime(random: Random, now: Date): Date {
  const day = new Date(now.getTime() - intBetween(random, 1, 30) * DAY);
  day.setUTCHours(pickOne(random, [12, 13, 18, 19, 20]), intBetween(random, 0, 59), 0, 0);
  return day;
}

/** One to three different dishes, a main first, mostly one of each. */
function pickLines(random: Random, menu: SeededRestaurant['menu']) {
  const available = menu.filter((item) => item.isAvailable);
  const mains = available.filter((item) => item.category === 'Main Course' || item.category === 'Appetizer');
  const chosen = new Set([pickOne(random, mains.length > 0 ? mains : available)]);
  const extra = intBetween(random, 0, 2);
  for (let i = 0; i < extra; i++) chosen.add(pickOne(random, available));
  return [...chosen].map((item) => ({ item, quantity: random() < 0.7 ? 1 : random() < 0.85 ? 2 : 3 }));
}

/** About 40 past orders of the demo customer, priced and split like real ones, delivery fee and tip included. */
export function pastOrders({
  random,
  now,
  customer,
  driverId,
  restaurants,
  commissionBps,
  delivery,
}: PastOrderInput): PastOrders {
  const spots = shuffled(
    random,
    DELIVERY_SPOTS.flatMap((spot) => Array.from({ length: spot.orders }, () => spot)),
  );
  const deliveredCount = spots.length - IN_PROGRESS.length;
  const plans = [
    ...IN_PROGRESS.map((plan) => ({ ...plan, createdAt: new Date(now.getTime() - plan.minutesAgo * MINUTE) })),
    ...Array.from({ length: deliveredCount }, () => ({
      status: 'delivered' as const,
      restaurant: intBetween(random, 0, restaurants.length - 1),
      createdAt: pastMealTime(random, now),
      withDriver: true,
    })),
  ];

  const placed = placeOrders(
    plans.map((plan) => restaurants[plan.restaurant]!),
    spots,
    restaurants,
    delivery,
  );
  const result: PastOrders = { orders: [], items: [], payments: [] };
  plans.forEach((plan, i) => {
    const { restaurant, spot } = placed[i]!;
    const lines = pickLines(random, restaurant.menu);
    const total = lines.reduce((sum, { item, quantity }) => sum + item.price * quantity, 0);
    const id = randomUUID();
    const delivered = plan.status === 'delivered';
    const fee = deliveryOf(restaurant, spot, delivery);
    const tipAmount = TIPS[i % TIPS.length]!;
    result.orders.push({
      id,
      customerId: customer.id,
      restaurantId: restaurant.id,
      driverId: plan.withDriver ? driverId : null,
      status: plan.status,
      ...splitTotal(total, commissionBps),
      commissionBps,
      ...fee,
      tipAmount,
      currencySymbol: restaurant.currencySymbol,
      deliveryAddress: `${spot.address}, Accra`,
      deliveryPhone: customer.phone,
      deliveryLatitude: spot.latitude,
      deliveryLongitude: spot.longitude,
      restaurantLatitude: restaurant.latitude,
      restaurantLongitude: restaurant.longitude,
      deliveryCode: newDeliveryCode(),
      notes: random() < 0.3 ? pickOne(random, NOTES) : null,
      createdAt: plan.createdAt,
      updatedAt: new Date(plan.createdAt.getTime() + (delivered ? between(random, 35, 70) : 2) * MINUTE),
    });
    for (const { item, quantity } of lines) {
      result.items.push({ orderId: id, menuItemId: item.id, name: item.name, quantity, price: item.price });
    }
    result.payments.push({
      orderId: id,
      amount: total + fee.deliveryFee + tipAmount,
      paymentMethod: 'cash',
      paymentStatus: delivered ? 'completed' : 'pending',
      createdAt: plan.createdAt,
    });
  });
  return result;
}
