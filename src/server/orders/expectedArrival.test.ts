import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RIDER_PICKUP_MINUTES } from '@shared/restaurants/estimate.js';
import { orders, restaurants } from '../db/schema.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { forceStatus, moveAs, openRestaurant, placeOrder, storedOrder } from './testOrders.js';

/** The riders' average speed these tests set, so that a ride's minutes are easy to check. */
const SPEED_KMH = 30;
const MINUTE_MS = 60_000;

describe("the customer's expected arrival", () => {
  const t = useTestApp({ DELIVERY_AVERAGE_SPEED_KMH: String(SPEED_KMH) });

  const myOrder = async (customer: TestUser, orderId: string) => {
    const listed = (await t.app.inject({ method: 'GET', url: '/api/orders/mine', headers: customer.authHeader })).json();
    const single = (await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: customer.authHeader })).json();
    const order = listed.items.find((item: { id: string }) => item.id === orderId);
    expect(single.expectedArrival).toBe(order.expectedArrival);
    return order.expectedArrival as string | null;
  };

  /** An order placed at a kitchen of 30 minutes that is 10 minutes busy, with the ride's minutes at SPEED_KMH. */
  async function placedOrder() {
    const kitchen = await openRestaurant(t);
    await t.app.db.update(restaurants).set({ prepMinutes: 30, busyMinutes: 10 }).where(eq(restaurants.id, kitchen.restaurant.id));
    const customer = await createUser(t, { role: 'customer' });
    const placed = await placeOrder(t, customer, kitchen);
    const stored = (await storedOrder(t, placed.id))!;
    expect(stored.prepMinutes).toBe(40);
    expect(stored.deliveryMeters).toBeGreaterThan(1000);
    const rideMs = (stored.deliveryMeters! / 1000 / SPEED_KMH) * 60 * MINUTE_MS;
    return { kitchen, customer, placed, stored, rideMs };
  }

  const at = (ms: number) => new Date(ms).toISOString();

  it('is timed from when it was placed, then from when it was ready, then from when the rider picked it up', async () => {
    const { kitchen, customer, placed, stored, rideMs } = await placedOrder();
    const fromPlaced = at(stored.createdAt.getTime() + (40 + RIDER_PICKUP_MINUTES) * MINUTE_MS + rideMs);
    expect(placed.expectedArrival).toBe(fromPlaced);
    expect(await myOrder(customer, placed.id)).toBe(fromPlaced);

    expect((await moveAs(t, kitchen.owner, placed.id, 'preparing')).statusCode).toBe(200);
    expect(await myOrder(customer, placed.id)).toBe(fromPlaced);

    expect((await moveAs(t, kitchen.owner, placed.id, 'ready')).statusCode).toBe(200);
    const { readyAt } = (await storedOrder(t, placed.id))!;
    const fromReady = at(readyAt!.getTime() + RIDER_PICKUP_MINUTES * MINUTE_MS + rideMs);
    expect(await myOrder(customer, placed.id)).toBe(fromReady);

    const rider = await createUser(t, { role: 'driver', verifiedDriver: true });
    expect((await moveAs(t, rider, placed.id, 'accepted')).statusCode).toBe(200);
    expect(await myOrder(customer, placed.id)).toBe(fromReady);

    expect((await moveAs(t, rider, placed.id, 'picked_up')).statusCode).toBe(200);
    const { pickedUpAt } = (await storedOrder(t, placed.id))!;
    expect(await myOrder(customer, placed.id)).toBe(at(pickedUpAt!.getTime() + rideMs));
  });

  it.each(['delivered', 'cancelled'] as const)('is gone once the order is %s', async (status) => {
    const { customer, placed } = await placedOrder();
    await forceStatus(t, placed.id, status);
    expect(await myOrder(customer, placed.id)).toBeNull();
  });

  it('is unknown for an order placed before kitchens kept their preparation time', async () => {
    const { customer, placed } = await placedOrder();
    await t.app.db.update(orders).set({ prepMinutes: null }).where(eq(orders.id, placed.id));
    expect(await myOrder(customer, placed.id)).toBeNull();
  });
});
