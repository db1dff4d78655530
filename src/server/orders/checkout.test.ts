import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES, MAX_CART_LINES } from '@shared/orders/schemas.js';
import type { RealtimeEvent } from '@shared/realtime/events.js';
import { commissionSettings, orderItems, orders, payments } from '../db/schema.js';
import { insertMenuItem, insertRestaurant } from '../restaurants/testFixtures.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { listenForEvents } from '../test/raisedEvents.js';

describe('placing a cash order', () => {
  const t = useTestApp();

  async function openKitchen(options: { isActive?: boolean } = {}) {
    const owner = await createUser(t, { role: 'restaurant' });
    const restaurant = await insertRestaurant(t.app.db, { ownerId: owner.userId, ...options });
    const jollof = await insertMenuItem(t.app.db, { restaurantId: restaurant.id, name: 'Jollof Rice', price: 4550 });
    const kelewele = await insertMenuItem(t.app.db, {
      restaurantId: restaurant.id,
      name: 'Kelewele',
      price: 1999,
      category: 'Sides',
    });
    return { owner, restaurant, jollof, kelewele };
  }

  const checkout = (user: TestUser | undefined, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/orders', headers: user?.authHeader, payload });

  const cart = (restaurantId: string, items: object[], extra: object = {}) => ({
    orderId: randomUUID(),
    restaurantId,
    items,
    deliveryAddress: '4 Ring Road, Accra',
    deliveryPhone: '+233 24 555 0101',
    paymentMethod: 'cash',
    ...extra,
  });

  async function rowCounts() {
    const [o] = await t.app.db.select({ n: count() }).from(orders);
    const [i] = await t.app.db.select({ n: count() }).from(orderItems);
    const [p] = await t.app.db.select({ n: count() }).from(payments);
    return { orders: o?.n, orderItems: i?.n, payments: p?.n };
  }
  const NOTHING = { orders: 0, orderItems: 0, payments: 0 };

  const setCommission = (bps: number) => t.app.db.update(commissionSettings).set({ commissionBps: bps });

  it('prices the order from the menu, snapshots the money and writes order, lines and a pending cash payment', async () => {
    const { restaurant, jollof, kelewele } = await openKitchen();
    const customer = await createUser(t, { role: 'customer' });

    const res = await checkout(
      customer,
      cart(
        restaurant.id,
        [
          { menuItemId: jollof.id, quantity: 2 },
          { menuItemId: kelewele.id, quantity: 1 },
        ],
        { deliveryLatitude: 5.6037, deliveryLongitude: -0.187, notes: 'Gate is blue' },
      ),
    );

    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      restaurantId: restaurant.id,
      restaurantName: restaurant.name,
      status: 'confirmed',
      statusLabel: 'Confirmed',
      totalAmount: 2 * 4550 + 1999,
      currencySymbol: 'GH₵',
      paymentMethod: 'cash',
      deliveryAddress: '4 Ring Road, Accra',
      deliveryPhone: '+233 24 555 0101',
      deliveryLatitude: 5.6037,
      deliveryLongitude: -0.187,
      notes: 'Gate is blue',
    });
    expect(body.shortId).toBe(body.id.slice(0, 8));
    expect(body.deliveryCode).toMatch(/^[0-9]{6}$/);
    expect(Date.now() - Date.parse(body.createdAt)).toBeLessThan(60_000);
    expect(body.items).toEqual([
      { menuItemId: jollof.id, name: 'Jollof Rice', quantity: 2, price: 4550, choices: [] },
      { menuItemId: kelewele.id, name: 'Kelewele', quantity: 1, price: 1999, choices: [] },
    ]);

    const [stored] = await t.app.db.select().from(orders).where(eq(orders.id, body.id));
    expect(stored).toMatchObject({
      customerId: customer.userId,
      restaurantId: restaurant.id,
      driverId: null,
      status: 'confirmed',
      totalAmount: 11099,
      commissionBps: 1000,
      commissionAmount: 1110,
      restaurantPayout: 9989,
      currencySymbol: 'GH₵',
      restaurantLatitude: restaurant.latitude,
      restaurantLongitude: restaurant.longitude,
      deliveryLatitude: 5.6037,
      deliveryLongitude: -0.187,
      deliveryCode: body.deliveryCode,
      notes: 'Gate is blue',
    });
    const lines = await t.app.db.select().from(orderItems).where(eq(orderItems.orderId, body.id));
    expect(lines.map((l) => [l.menuItemId, l.name, l.quantity, l.price]).sort()).toEqual(
      [
        [jollof.id, 'Jollof Rice', 2, 4550],
        [kelewele.id, 'Kelewele', 1, 1999],
      ].sort(),
    );
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.orderId, body.id));
    expect(payment).toMatchObject({ amount: 11099, paymentMethod: 'cash', paymentStatus: 'pending' });
  });

  it('ignores prices and totals sent by the browser', async () => {
    const { restaurant, jollof } = await openKitchen();
    const customer = await createUser(t, { role: 'customer' });

    const res = await checkout(
      customer,
      cart(restaurant.id, [{ menuItemId: jollof.id, quantity: 3, price: 1, name: 'Cheap' }], {
        totalAmount: 3,
        commissionAmount: 0,
        status: 'delivered',
      }),
    );

    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ totalAmount: 3 * 4550, status: 'confirmed' });
    expect(res.json().items).toEqual([{ menuItemId: jollof.id, name: 'Jollof Rice', quantity: 3, price: 4550, choices: [] }]);
    const [stored] = await t.app.db.select().from(orders);
    expect(stored).toMatchObject({ totalAmount: 13650, commissionAmount: 1365, status: 'confirmed' });
  });

  it('refuses an unavailable item by name and writes nothing', async () => {
    const { restaurant, jollof } = await openKitchen();
    const soldOut = await insertMenuItem(t.app.db, { restaurantId: restaurant.id, name: 'Banku', isAvailable: false });
    const customer = await createUser(t, { role: 'customer' });

    const res = await checkout(
      customer,
      cart(restaurant.id, [
        { menuItemId: jollof.id, quantity: 1 },
        { menuItemId: soldOut.id, quantity: 1 },
      ]),
    );

    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(CHECKOUT_MESSAGES.unavailable('Banku'));
    expect(await rowCounts()).toEqual(NOTHING);
  });

  it("refuses another restaurant's item and unknown items, and writes nothing", async () => {
    const mine = await openKitchen();
    const theirs = await openKitchen();
    const customer = await createUser(t, { role: 'customer' });

    for (const menuItemId of [theirs.jollof.id, '3b241101-e2bb-4255-8caf-4136c566a962']) {
      const res = await checkout(
        customer,
        cart(mine.restaurant.id, [
          { menuItemId: mine.jollof.id, quantity: 1 },
          { menuItemId, quantity: 1 },
        ]),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toBe(CHECKOUT_MESSAGES.notOnMenu);
    }
    expect(await rowCounts()).toEqual(NOTHING);
  });

  it('refuses orders from an inactive or unknown restaurant and writes nothing', async () => {
    const { restaurant, jollof } = await openKitchen({ isActive: false });
    const customer = await createUser(t, { role: 'customer' });

    const inactive = await checkout(customer, cart(restaurant.id, [{ menuItemId: jollof.id, quantity: 1 }]));
    const unknown = await checkout(
      customer,
      cart('3b241101-e2bb-4255-8caf-4136c566a962', [{ menuItemId: jollof.id, quantity: 1 }]),
    );

    for (const res of [inactive, unknown]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Restaurant not found');
    }
    expect(await rowCounts()).toEqual(NOTHING);
  });

  it('refuses an empty cart and impossible quantities with a clear message, writing nothing', async () => {
    const { restaurant, jollof } = await openKitchen();
    const customer = await createUser(t, { role: 'customer' });

    const empty = await checkout(customer, cart(restaurant.id, []));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.items).toBe(CHECKOUT_MESSAGES.emptyCart);

    for (const quantity of [0, -1, 1000, 1.5]) {
      const res = await checkout(customer, cart(restaurant.id, [{ menuItemId: jollof.id, quantity }]));
      expect(res.statusCode, `quantity ${quantity}`).toBe(400);
      expect(res.json().error.fields['items.0.quantity']).toBe(CHECKOUT_MESSAGES.quantity);
    }
    expect(await rowCounts()).toEqual(NOTHING);
  });

  it('refuses a cart listing an item twice or holding too many lines, writing nothing', async () => {
    const { restaurant, jollof } = await openKitchen();
    const customer = await createUser(t, { role: 'customer' });

    const twice = await checkout(
      customer,
      cart(restaurant.id, [
        { menuItemId: jollof.id, quantity: 1 },
        { menuItemId: jollof.id, quantity: 2 },
      ]),
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields.items).toBe(CHECKOUT_MESSAGES.duplicateItem);

    const many = Array.from({ length: MAX_CART_LINES + 1 }, () => ({ menuItemId: randomUUID(), quantity: 1 }));
    const tooMany = await checkout(customer, cart(restaurant.id, many));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields.items).toBe(CHECKOUT_MESSAGES.tooManyLines);
    expect(await rowCounts()).toEqual(NOTHING);
  });

  it('refuses an invalid phone number, one that is no number in the restaurant’s country, and half a delivery location, writing nothing', async () => {
    const { restaurant, jollof } = await openKitchen();
    const customer = await createUser(t, { role: 'customer' });
    const line = [{ menuItemId: jollof.id, quantity: 1 }];

    const phone = await checkout(customer, cart(restaurant.id, line, { deliveryPhone: 'call me' }));
    expect(phone.statusCode).toBe(400);
    expect(phone.json().error.fields.deliveryPhone).toBe(CHECKOUT_MESSAGES.invalidPhone);

    // Well formed, but no number in Ghana, so no SMS could reach the customer.
    const notInGhana = await checkout(customer, cart(restaurant.id, line, { deliveryPhone: '024 555 01' }));
    expect(notInGhana.statusCode).toBe(400);
    expect(notInGhana.json().error.fields.deliveryPhone).toBe(CHECKOUT_MESSAGES.phoneNotInCountry('Ghana'));

    const half = await checkout(customer, cart(restaurant.id, line, { deliveryLatitude: 5.6 }));
    expect(half.statusCode).toBe(400);
    expect(half.json().error.fields.deliveryLatitude).toBe(CHECKOUT_MESSAGES.locationPair);
    expect(await rowCounts()).toEqual(NOTHING);
  });

  it('reads a remembered phone number by each restaurant’s country: a Ghanaian number ordered with in Accra is refused in Lagos, every time', async () => {
    const ghana = await openKitchen();
    const owner = await createUser(t, { role: 'restaurant' });
    const nigeria = await insertRestaurant(t.app.db, { ownerId: owner.userId, country: 'Nigeria', currencySymbol: '₦' });
    const suya = await insertMenuItem(t.app.db, { restaurantId: nigeria.id, name: 'Suya', price: 2500 });
    const customer = await createUser(t, { role: 'customer' });
    const ghanaian = { deliveryPhone: '024 412 3456' };

    const inAccra = () => checkout(customer, cart(ghana.restaurant.id, [{ menuItemId: ghana.jollof.id, quantity: 1 }], ghanaian));
    const inLagos = () => checkout(customer, cart(nigeria.id, [{ menuItemId: suya.id, quantity: 1 }], ghanaian));
    for (const placed of [await inAccra(), await inAccra()]) expect(placed.statusCode).toBe(201);
    for (const refused of [await inLagos(), await inLagos()]) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields.deliveryPhone).toBe(CHECKOUT_MESSAGES.phoneNotInCountry('Nigeria'));
    }
    expect((await inAccra()).statusCode).toBe(201);
  });

  it('asks for the delivery address and phone number when they are missing', async () => {
    const { restaurant, jollof } = await openKitchen();
    const customer = await createUser(t, { role: 'customer' });

    const res = await checkout(
      customer,
      cart(restaurant.id, [{ menuItemId: jollof.id, quantity: 1 }], { deliveryAddress: ' ', deliveryPhone: '' }),
    );

    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      deliveryAddress: CHECKOUT_MESSAGES.missingDelivery,
      deliveryPhone: CHECKOUT_MESSAGES.missingDelivery,
    });
    expect(await rowCounts()).toEqual(NOTHING);
  });

  it('refuses card payment until card checkout exists', async () => {
    const { restaurant, jollof } = await openKitchen();
    const customer = await createUser(t, { role: 'customer' });
    const res = await checkout(
      customer,
      cart(restaurant.id, [{ menuItemId: jollof.id, quantity: 1 }], { paymentMethod: 'paystack-card' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.paymentMethod).toBe(CHECKOUT_MESSAGES.cashOnly);
    expect(await rowCounts()).toEqual(NOTHING);
  });

  it('refuses a total too large to store instead of failing on the database', async () => {
    const { restaurant } = await openKitchen();
    const gold = await insertMenuItem(t.app.db, { restaurantId: restaurant.id, name: 'Gold leaf', price: 2_000_000_000 });
    const customer = await createUser(t, { role: 'customer' });

    const res = await checkout(customer, cart(restaurant.id, [{ menuItemId: gold.id, quantity: 2 }]));

    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(CHECKOUT_MESSAGES.tooLarge);
    expect(await rowCounts()).toEqual(NOTHING);
  });

  it('snapshots the commission rate in force, so later changes leave placed orders alone', async () => {
    const { restaurant, jollof } = await openKitchen();
    const customer = await createUser(t, { role: 'customer' });
    const order = () => checkout(customer, cart(restaurant.id, [{ menuItemId: jollof.id, quantity: 1 }]));

    await setCommission(1250);
    const first = (await order()).json();
    await setCommission(500);
    const second = (await order()).json();

    const rows = await t.app.db.select().from(orders);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(first.id)).toMatchObject({ commissionBps: 1250, commissionAmount: 569, restaurantPayout: 3981 });
    expect(byId.get(second.id)).toMatchObject({ commissionBps: 500, commissionAmount: 228, restaurantPayout: 4322 });
  });

  it('stores 100 simultaneous checkouts, each with its own correct total', async () => {
    const { restaurant, jollof, kelewele } = await openKitchen();
    const customers = await Promise.all(Array.from({ length: 4 }, () => createUser(t, { role: 'customer' })));

    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        checkout(
          customers[n % customers.length],
          cart(
            restaurant.id,
            [
              { menuItemId: jollof.id, quantity: (n % 5) + 1 },
              { menuItemId: kelewele.id, quantity: (n % 3) + 1 },
            ],
            { notes: `order ${n}` },
          ),
        ),
      ),
    );

    expect(responses.map((res) => res.statusCode)).toEqual(Array(100).fill(201));
    const rows = await t.app.db.select().from(orders);
    expect(rows).toHaveLength(100);
    for (const row of rows) {
      const n = Number(row.notes?.replace('order ', ''));
      const total = ((n % 5) + 1) * 4550 + ((n % 3) + 1) * 1999;
      expect(row).toMatchObject({ totalAmount: total, customerId: customers[n % customers.length]?.userId });
      expect(row.commissionAmount + row.restaurantPayout).toBe(total);
    }
    expect(new Set(rows.map((row) => row.notes)).size).toBe(100);
    expect(await rowCounts()).toEqual({ orders: 100, orderItems: 200, payments: 100 });
  });

  it('places one order when the same checkout arrives twice, in turn or at once, and answers each with it', async () => {
    const { restaurant, jollof } = await openKitchen();
    const customer = await createUser(t, { role: 'customer' });
    const orderId = randomUUID();
    const order = cart(restaurant.id, [{ menuItemId: jollof.id, quantity: 2 }], { orderId });

    const first = await checkout(customer, order);
    const again = await checkout(customer, order);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({ id: orderId, totalAmount: 2 * 4550 });

    const racedId = randomUUID();
    const raced = await Promise.all(
      Array.from({ length: 5 }, () =>
        checkout(customer, cart(restaurant.id, [{ menuItemId: jollof.id, quantity: 1 }], { orderId: racedId })),
      ),
    );
    expect(raced.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(raced.map((res) => res.json().id))).toEqual(new Set([racedId]));
    expect(await rowCounts()).toEqual({ orders: 2, orderItems: 2, payments: 2 });
  });

  it("refuses another customer's order id without showing that order, and a malformed one", async () => {
    const { restaurant, jollof } = await openKitchen();
    const [owner, other] = [await createUser(t, { role: 'customer' }), await createUser(t, { role: 'customer' })];
    const orderId = randomUUID();
    const order = cart(restaurant.id, [{ menuItemId: jollof.id, quantity: 1 }], { orderId });
    expect((await checkout(owner, order)).statusCode).toBe(201);

    const taken = await checkout(other, order);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(CHECKOUT_MESSAGES.orderIdTaken);
    expect(taken.body).not.toContain(jollof.name);

    const malformed = await checkout(other, { ...order, orderId: 'not-a-uuid' });
    expect(malformed.statusCode).toBe(400);
    expect(await rowCounts()).toEqual({ orders: 1, orderItems: 1, payments: 1 });
  });

  it("tells the restaurant's live feed about the new order once it is committed", async () => {
    const { restaurant, jollof } = await openKitchen();
    const customer = await createUser(t, { role: 'customer' });
    const events: RealtimeEvent[] = [];
    const stop = await listenForEvents(t.database, (event) => {
      if (event.topic === `restaurant:${restaurant.id}`) events.push(event);
    });

    try {
      const res = await checkout(customer, cart(restaurant.id, [{ menuItemId: jollof.id, quantity: 1 }]));
      await expect.poll(() => events.length).toBeGreaterThan(0);
      expect(events).toEqual([
        { topic: `restaurant:${restaurant.id}`, type: 'order.created', orderId: res.json().id, status: 'confirmed' },
      ]);

      await checkout(customer, cart(restaurant.id, [{ menuItemId: '3b241101-e2bb-4255-8caf-4136c566a962', quantity: 1 }]));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(events).toHaveLength(1);
    } finally {
      await stop();
    }
  });

  it('lets only signed-in customers order: anonymous 401, other roles 403, nothing written', async () => {
    const { owner, restaurant, jollof } = await openKitchen();
    const order = cart(restaurant.id, [{ menuItemId: jollof.id, quantity: 1 }]);

    const anonymous = await checkout(undefined, order);
    expect(anonymous.statusCode).toBe(401);
    expect((await checkout(undefined, {})).statusCode).toBe(401);

    const others = [
      owner,
      await createUser(t, { role: 'manager' }),
      await createUser(t, { role: 'driver', verifiedDriver: true }),
      await createUser(t, { role: 'admin' }),
    ];
    for (const user of others) {
      const res = await checkout(user, order);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
    expect(await rowCounts()).toEqual(NOTHING);
  });
  it('requires a checkout id: 400 without orderId or Idempotency-Key, 400 when the two differ; the header alone works', async () => {
    const { restaurant, jollof } = await openKitchen();
    const customer = await createUser(t, { role: 'customer' });
    const { orderId: _unused, ...withoutId } = cart(restaurant.id, [{ menuItemId: jollof.id, quantity: 1 }]);
    const send = (payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/api/orders', headers: { ...customer.authHeader, ...headers }, payload });

    const missing = await send(withoutId);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(CHECKOUT_MESSAGES.checkoutIdMissing);

    const differ = await send({ ...withoutId, orderId: randomUUID() }, { 'idempotency-key': randomUUID() });
    expect(differ.statusCode).toBe(400);
    expect(differ.json().error.message).toBe(CHECKOUT_MESSAGES.checkoutIdMismatch);
    expect((await send(withoutId, { 'idempotency-key': 'not-a-uuid' })).statusCode).toBe(400);
    expect(await rowCounts()).toEqual(NOTHING);

    const key = randomUUID();
    const byHeader = await send(withoutId, { 'idempotency-key': key });
    expect(byHeader.statusCode).toBe(201);
    expect(byHeader.json().id).toBe(key);
    const both = await send({ ...withoutId, orderId: key.toUpperCase() }, { 'idempotency-key': key });
    expect(both.statusCode).toBe(201);
    expect(both.json()).toEqual(byHeader.json());
    expect(await rowCounts()).toEqual({ orders: 1, orderItems: 1, payments: 1 });
  });

  it('answers the same checkout id with a different cart 409, never with the first order', async () => {
    const { restaurant, jollof, kelewele } = await openKitchen();
    const other = await openKitchen();
    const customer = await createUser(t, { role: 'customer' });
    const orderId = randomUUID();
    const first = cart(restaurant.id, [{ menuItemId: jollof.id, quantity: 2 }], {
      orderId,
      notes: 'Blue gate',
      deliveryLatitude: 5.6037,
      deliveryLongitude: -0.187,
    });
    expect((await checkout(customer, first)).statusCode).toBe(201);

    const changes = {
      quantity: { items: [{ menuItemId: jollof.id, quantity: 3 }] },
      item: { items: [{ menuItemId: kelewele.id, quantity: 2 }] },
      extraLine: {
        items: [
          { menuItemId: jollof.id, quantity: 2 },
          { menuItemId: kelewele.id, quantity: 1 },
        ],
      },
      restaurant: { restaurantId: other.restaurant.id, items: [{ menuItemId: other.jollof.id, quantity: 2 }] },
      address: { deliveryAddress: '9 Other Street, Accra' },
      phone: { deliveryPhone: '+233 24 555 0199' },
      location: { deliveryLatitude: 5.7, deliveryLongitude: -0.187 },
      noLocation: { deliveryLatitude: null, deliveryLongitude: null },
      notes: { notes: 'Red gate' },
    };
    for (const [name, change] of Object.entries(changes)) {
      const res = await checkout(customer, { ...first, ...change });
      expect(res.statusCode, name).toBe(409);
      expect(res.json().error.message, name).toBe(CHECKOUT_MESSAGES.checkoutIdReused);
    }

    const same = await checkout(customer, { ...first, notes: '  Blue gate ' });
    expect(same.statusCode).toBe(201);
    expect(same.json()).toMatchObject({ id: orderId, totalAmount: 2 * 4550, notes: 'Blue gate' });
    expect(await rowCounts()).toEqual({ orders: 1, orderItems: 1, payments: 1 });
  });

  it('places one order for two identical checkouts sent at the same moment', async () => {
    const { restaurant, jollof } = await openKitchen();
    const customer = await createUser(t, { role: 'customer' });
    const order = cart(restaurant.id, [{ menuItemId: jollof.id, quantity: 1 }]);

    const [a, b] = await Promise.all([checkout(customer, order), checkout(customer, order)]);

    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
    expect(await rowCounts()).toEqual({ orders: 1, orderItems: 1, payments: 1 });
  });

  /** The id with its letters in the case the bits of n say: 2^(letters) different spellings of one uuid. */
  const spelling = (id: string, n: number) => {
    let letter = 0;
    return Array.from(id, (c) => c)
      .map((c) => (/[a-f]/.test(c) && (n >> letter++) % 2 === 1 ? c.toUpperCase() : c))
      .join('');
  };
  const LETTERED_ID = 'abcdefab-cdef-4abc-8def-abcdefabcdef';

  it('counts one menu item written in 50 letter cases as one item: refused as duplicates, never 4,950 units', async () => {
    const { restaurant } = await openKitchen();
    const dish = await insertMenuItem(t.app.db, { id: LETTERED_ID, restaurantId: restaurant.id, name: 'Fufu', price: 100 });
    const customer = await createUser(t, { role: 'customer' });
    const lines = Array.from({ length: 50 }, (_, n) => ({ menuItemId: spelling(dish.id, n), quantity: 99 }));
    expect(new Set(lines.map((line) => line.menuItemId)).size).toBe(50);

    const res = await checkout(customer, cart(restaurant.id, lines));

    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(CHECKOUT_MESSAGES.duplicateItem);
    expect(await rowCounts()).toEqual(NOTHING);
  });

  it('announces an order placed with an upper-case restaurant id on the lower-case restaurant topic', async () => {
    const owner = await createUser(t, { role: 'restaurant' });
    const restaurant = await insertRestaurant(t.app.db, { id: LETTERED_ID, ownerId: owner.userId });
    const dish = await insertMenuItem(t.app.db, { restaurantId: restaurant.id, name: 'Banku', price: 1500 });
    const customer = await createUser(t, { role: 'customer' });
    const topics: string[] = [];
    const stop = await listenForEvents(t.database, (event) => topics.push(event.topic));

    try {
      const res = await checkout(
        customer,
        cart(LETTERED_ID.toUpperCase(), [{ menuItemId: dish.id.toUpperCase(), quantity: 1 }], {
          orderId: randomUUID().toUpperCase(),
        }),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ restaurantId: LETTERED_ID, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      await expect.poll(() => topics).toEqual([`restaurant:${LETTERED_ID}`, 'orders:all']);
    } finally {
      await stop();
    }
  });
});
