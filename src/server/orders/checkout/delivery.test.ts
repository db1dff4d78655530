import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DELIVERY_MESSAGES } from '@shared/delivery/fees.js';
import { EARTH_RADIUS_M } from '@shared/drivers/schemas.js';
import { CHECKOUT_MESSAGES } from '@shared/orders/schemas.js';
import { commissionSettings, deliveryPricing, orders, payments, restaurants } from '../../db/schema.js';
import { insertMenuItem, insertRestaurant } from '../../restaurants/testFixtures.js';
import { createUser, type TestUser } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';

const KITCHEN = { latitude: 5.556, longitude: -0.1826 };
/** The pin `meters` due north of the kitchen, on the sphere the fee is measured on. */
const northBy = (meters: number) => ({
  deliveryLatitude: KITCHEN.latitude + (meters / EARTH_RADIUS_M) * (180 / Math.PI),
  deliveryLongitude: KITCHEN.longitude,
});

describe('the delivery fee and the tip at checkout', () => {
  const t = useTestApp();

  /** A kitchen in Accra whose deliveries cost GH₵8.00 up to 3 km, then GH₵1.50 a started km, up to 15 km; the road as the crow flies. */
  async function kitchen({ minOrderAmount = 0 } = {}) {
    await t.app.db.update(commissionSettings).set({ roadFactorPercent: 100, deliveryShareBps: 2000 });
    await t.app.db
      .insert(deliveryPricing)
      .values({ currencySymbol: 'GH₵', baseFee: 800, perKmFee: 150, includedMeters: 3000, maxMeters: 15_000 });
    const owner = await createUser(t, { role: 'restaurant' });
    const restaurant = await insertRestaurant(t.app.db, { ownerId: owner.userId, ...KITCHEN, minOrderAmount });
    const dish = await insertMenuItem(t.app.db, { restaurantId: restaurant.id, name: 'Waakye', price: 2500 });
    const customer = await createUser(t, { role: 'customer' });
    return { restaurant, dish, customer };
  }

  const checkout = (user: TestUser, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/orders', headers: user.authHeader, payload });

  const cart = (restaurantId: string, menuItemId: string, extra: object = {}) => ({
    orderId: randomUUID(),
    restaurantId,
    items: [{ menuItemId, quantity: 2 }],
    deliveryAddress: '4 Ring Road, Accra',
    deliveryPhone: '+233 24 555 0101',
    paymentMethod: 'cash',
    ...extra,
  });

  const storedMoney = async (id: string) => {
    const [row] = await t.app.db
      .select({
        food: orders.totalAmount,
        fee: orders.deliveryFee,
        share: orders.deliveryShare,
        tip: orders.tipAmount,
        meters: orders.deliveryMeters,
        paid: payments.amount,
      })
      .from(orders)
      .innerJoin(payments, eq(payments.orderId, orders.id))
      .where(eq(orders.id, id));
    return row;
  };

  it.each([
    ['at the kitchen (0 km)', 0, 800],
    ['at the included distance', 2999.5, 800],
    ['just beyond the included distance', 3000.5, 950],
    ['at the longest distance delivered', 14_999.5, 800 + 12 * 150],
  ])('charges the fee %s and stores it with the platform share and the distance', async (_case, meters, fee) => {
    const { restaurant, dish, customer } = await kitchen();
    const res = await checkout(customer, cart(restaurant.id, dish.id, northBy(meters)));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ subtotalAmount: 5000, deliveryFee: fee, tipAmount: 0, totalAmount: 5000 + fee });
    expect(await storedMoney(res.json<{ id: string }>().id)).toEqual({
      food: 5000,
      fee,
      share: Math.floor((fee * 2000 + 5000) / 10_000),
      tip: 0,
      meters: Math.ceil(meters),
      paid: 5000 + fee,
    });
  });

  it('refuses a delivery just beyond the longest distance, saying how far it is', async () => {
    const { restaurant, dish, customer } = await kitchen();
    const res = await checkout(customer, cart(restaurant.id, dish.id, northBy(15_000.5)));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(DELIVERY_MESSAGES.tooFar(15_001, 15_000));
    expect(await t.app.db.select().from(orders)).toEqual([]);
  });

  it('refuses a checkout without a delivery pin where fees go by distance, so the longest distance cannot be dodged', async () => {
    const { restaurant, dish, customer } = await kitchen();
    const unpinned = await checkout(customer, cart(restaurant.id, dish.id));
    expect(unpinned.statusCode).toBe(422);
    expect(unpinned.json().error.message).toBe(DELIVERY_MESSAGES.needsPin);
    expect(await t.app.db.select().from(orders)).toEqual([]);
  });

  it('charges the base fee for a restaurant without a pin, and nothing in a currency without pricing', async () => {
    const { restaurant, dish, customer } = await kitchen();
    await t.app.db.update(restaurants).set({ latitude: null, longitude: null }).where(eq(restaurants.id, restaurant.id));
    const unpinned = await checkout(customer, cart(restaurant.id, dish.id, northBy(40_000)));
    expect(unpinned.json()).toMatchObject({ deliveryFee: 800, totalAmount: 5800 });

    await t.app.db.delete(deliveryPricing);
    const free = await checkout(customer, cart(restaurant.id, dish.id));
    expect(free.statusCode).toBe(201);
    expect(free.json()).toMatchObject({ deliveryFee: 0, totalAmount: 5000 });
  });

  it('refuses a fee the server did not quote (tampered, or the pricing changed) and accepts the quoted one', async () => {
    const { restaurant, dish, customer } = await kitchen();
    const tampered = await checkout(customer, cart(restaurant.id, dish.id, { ...northBy(0), deliveryFee: 1 }));
    expect(tampered.statusCode).toBe(409);
    expect(tampered.json().error.message).toBe(DELIVERY_MESSAGES.feeChanged(800, 'GH₵'));
    const negative = await checkout(customer, cart(restaurant.id, dish.id, { ...northBy(0), deliveryFee: -800 }));
    expect(negative.statusCode).toBe(400);
    expect(await t.app.db.select().from(orders)).toEqual([]);

    const shown = await checkout(customer, cart(restaurant.id, dish.id, { ...northBy(0), deliveryFee: 800 }));
    expect(shown.statusCode).toBe(201);
  });

  it('adds the tip to what the customer pays, all of it for the rider', async () => {
    const { restaurant, dish, customer } = await kitchen();
    const res = await checkout(customer, cart(restaurant.id, dish.id, { ...northBy(0), tipAmount: 500 }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ subtotalAmount: 5000, deliveryFee: 800, tipAmount: 500, totalAmount: 6300 });
    expect(await storedMoney(res.json<{ id: string }>().id)).toMatchObject({ tip: 500, share: 160, paid: 6300 });
  });

  it.each([
    ['negative', -1, 400, CHECKOUT_MESSAGES.tip],
    ['a fraction', 12.5, 400, CHECKOUT_MESSAGES.tip],
    ['text', '500', 400, CHECKOUT_MESSAGES.tip],
    ['more than the food', 5001, 422, CHECKOUT_MESSAGES.tipOverSubtotal],
  ])('refuses a tip that is %s', async (_case, tipAmount, status, message) => {
    const { restaurant, dish, customer } = await kitchen();
    const res = await checkout(customer, cart(restaurant.id, dish.id, { ...northBy(0), tipAmount }));
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message).toContain(message);
    expect(await t.app.db.select().from(orders)).toEqual([]);
  });

  it('refuses an order under the minimum, saying by how much, and takes one at it', async () => {
    const { restaurant, dish, customer } = await kitchen({ minOrderAmount: 6000 });
    const under = await checkout(customer, cart(restaurant.id, dish.id, northBy(0)));
    expect(under.statusCode).toBe(422);
    expect(under.json().error.message).toBe(DELIVERY_MESSAGES.belowMinimum(6000, 1000, 'GH₵'));

    await t.app.db.update(restaurants).set({ minOrderAmount: 5000 }).where(eq(restaurants.id, restaurant.id));
    expect((await checkout(customer, cart(restaurant.id, dish.id, northBy(0)))).statusCode).toBe(201);
  });

  it('prices each checkout from the pricing and pin of the moment, though the last checkout saw others', async () => {
    const { restaurant, dish, customer } = await kitchen();
    expect((await checkout(customer, cart(restaurant.id, dish.id, { ...northBy(0), deliveryFee: 800 }))).statusCode).toBe(201);

    await t.app.db.update(deliveryPricing).set({ baseFee: 1000 });
    const repriced = await checkout(customer, cart(restaurant.id, dish.id, { ...northBy(0), deliveryFee: 800 }));
    expect(repriced.statusCode).toBe(409);
    expect(repriced.json().error.message).toBe(DELIVERY_MESSAGES.feeChanged(1000, 'GH₵'));
    expect((await checkout(customer, cart(restaurant.id, dish.id, northBy(0)))).json()).toMatchObject({ deliveryFee: 1000 });

    // The kitchen moves 5 km south (just under, as the road is rounded up to the metre): the same door is now 5 km away.
    const south = KITCHEN.latitude - (4999.5 / EARTH_RADIUS_M) * (180 / Math.PI);
    await t.app.db.update(restaurants).set({ latitude: south }).where(eq(restaurants.id, restaurant.id));
    const moved = await checkout(customer, cart(restaurant.id, dish.id, northBy(0)));
    expect(moved.json()).toMatchObject({ deliveryFee: 1000 + 2 * 150 });
    expect((await storedMoney(moved.json<{ id: string }>().id))?.meters).toBe(5000);

    await t.app.db.update(commissionSettings).set({ deliveryShareBps: 5000 });
    const shared = await checkout(customer, cart(restaurant.id, dish.id, northBy(0)));
    expect(await storedMoney(shared.json<{ id: string }>().id)).toMatchObject({ fee: 1300, share: 650 });
  });

  it('sent twice, places one order with one fee and tip', async () => {
    const { restaurant, dish, customer } = await kitchen();
    const body = cart(restaurant.id, dish.id, { ...northBy(3500), tipAmount: 200 });
    const [a, b] = await Promise.all([checkout(customer, body), checkout(customer, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toMatchObject({ deliveryFee: 950, tipAmount: 200, totalAmount: 6150 });
    expect(b.json()).toMatchObject({ id: a.json<{ id: string }>().id, totalAmount: 6150 });
    expect(await t.app.db.select({ id: orders.id }).from(orders)).toHaveLength(1);
  });
});

describe('GET /api/delivery/quote', () => {
  const t = useTestApp();

  async function kitchen() {
    await t.app.db.update(commissionSettings).set({ roadFactorPercent: 130 });
    await t.app.db
      .insert(deliveryPricing)
      .values({ currencySymbol: 'GH₵', baseFee: 800, perKmFee: 150, includedMeters: 3000, maxMeters: 15_000 });
    const owner = await createUser(t, { role: 'restaurant' });
    return insertRestaurant(t.app.db, { ownerId: owner.userId, ...KITCHEN, minOrderAmount: 2000 });
  }

  const quote = (query: Record<string, string | number | undefined>) =>
    t.app.inject({
      method: 'GET',
      url: '/api/delivery/quote',
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });

  it('quotes what checkout charges, by road (the straight line times the road factor), to anyone', async () => {
    const restaurant = await kitchen();
    const pin = northBy(3000);
    const res = await quote({ restaurantId: restaurant.id, latitude: pin.deliveryLatitude, longitude: pin.deliveryLongitude });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      currencySymbol: 'GH₵',
      deliverable: true,
      deliveryFee: 800 + 150,
      message: null,
      minOrderAmount: 2000,
    });
    expect(Math.abs(res.json<{ meters: number }>().meters - 3900)).toBeLessThanOrEqual(1);
  });

  it('says when a pin is too far, and asks for the pin before it is known', async () => {
    const restaurant = await kitchen();
    const far = northBy(12_000);
    const res = await quote({ restaurantId: restaurant.id, latitude: far.deliveryLatitude, longitude: far.deliveryLongitude });
    expect(res.json()).toMatchObject({ deliverable: false, deliveryFee: 0, pinRequired: true });
    expect(res.json<{ message: string }>().message).toMatch(
      /^Too far to deliver: this address is 15\.6 km away by road and this restaurant delivers up to 15\.0 km\.$/,
    );
    expect((await quote({ restaurantId: restaurant.id })).json()).toEqual({
      currencySymbol: 'GH₵',
      deliverable: false,
      deliveryFee: 0,
      meters: null,
      message: DELIVERY_MESSAGES.needsPin,
      pinRequired: true,
      minOrderAmount: 2000,
    });
  });

  it('answers 404 for an unknown restaurant and 400 for a bad query', async () => {
    await kitchen();
    expect((await quote({ restaurantId: randomUUID() })).statusCode).toBe(404);
    for (const bad of [
      { restaurantId: 'nope' },
      { restaurantId: randomUUID(), latitude: 91, longitude: 0 },
      { restaurantId: randomUUID(), latitude: 5 },
      { restaurantId: randomUUID(), latitude: 'five\u0000', longitude: 0 },
    ]) {
      const res = await quote(bad);
      expect(res.statusCode).toBe(400);
    }
  });
});
