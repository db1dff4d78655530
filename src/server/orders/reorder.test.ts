import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EXTRAS, PROTEIN } from '@shared/menu/testChoices.js';
import type { Reorder } from '@shared/orders/reorder.js';
import { ORDER_MESSAGES, type OrderView } from '@shared/orders/schemas.js';
import type { DeliveryView, KitchenOrderView } from '@shared/orders/views.js';
import { menuItems, restaurants } from '../db/schema.js';
import { insertMenuItem } from '../restaurants/testFixtures.js';
import { createUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { forceStatus, openRestaurant, sendCashCart, TEST_DELIVERY_PIN } from './testOrders.js';

const [CHICKEN, FISH] = PROTEIN.choices.map((choice) => choice.id);
const EGG = EXTRAS.choices[1]!.id;
const tomorrow = () => new Date(Date.now() + 24 * 3600_000).toISOString();

describe('order again', () => {
  const t = useTestApp({ RATE_LIMIT_DISABLED: 'true' });

  const reorderOf = (user: { authHeader: Record<string, string> }, orderId: string) =>
    t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/reorder`, headers: user.authHeader });

  /** A customer's delivered order of Waakye, Kelewele and three Jollof lines with choices. */
  async function pastOrder() {
    const kitchen = await openRestaurant(t);
    const restaurantId = kitchen.restaurant.id;
    const jollof = await insertMenuItem(t.app.db, {
      restaurantId,
      name: 'Jollof Rice',
      price: 4500,
      optionGroups: [PROTEIN, EXTRAS],
    });
    const kelewele = await insertMenuItem(t.app.db, { restaurantId, name: 'Kelewele', price: 1500 });
    const customer = await createUser(t, { role: 'customer' });
    const res = await sendCashCart(t.app, customer, restaurantId, [
      { menuItemId: kitchen.dish.id, quantity: 3 },
      { menuItemId: kelewele.id, quantity: 1 },
      { menuItemId: jollof.id, quantity: 2, choiceIds: [CHICKEN, EGG] },
      { menuItemId: jollof.id, quantity: 1, choiceIds: [FISH] },
      { menuItemId: jollof.id, quantity: 1, choiceIds: [CHICKEN] },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<OrderView>();
    await forceStatus(t, order.id, 'delivered');
    return { kitchen, jollof, kelewele, customer, order };
  }

  it("rebuilds the order against today's menu, naming a removed dish and choices no longer to be had", async () => {
    const { kitchen, jollof, kelewele, customer, order } = await pastOrder();
    await t.app.db.delete(menuItems).where(eq(menuItems.id, kelewele.id));
    await t.app.db.update(menuItems).set({ price: 3000 }).where(eq(menuItems.id, kitchen.dish.id));
    const eggGone = {
      ...EXTRAS,
      choices: EXTRAS.choices.map((choice) => (choice.id === EGG ? { ...choice, isAvailable: false } : choice)),
    };
    await t.app.db
      .update(menuItems)
      .set({ optionGroups: [PROTEIN, eggGone], choicesSoldOut: { [FISH!]: tomorrow() } })
      .where(eq(menuItems.id, jollof.id));

    const res = await reorderOf(customer, order.id.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    const reorder = res.json<Reorder>();
    expect(reorder.restaurantActive).toBe(true);
    expect(reorder.restaurant.id).toBe(kitchen.restaurant.id);
    // Chicken with Egg lost its Egg and became the same line as Chicken alone; Fish sold out leaves Protein unanswered.
    expect(reorder.lines).toEqual([
      {
        menuItemId: jollof.id,
        name: 'Jollof Rice',
        quantity: 3,
        price: 4500,
        choiceIds: [CHICKEN],
        choices: [{ group: 'Protein', name: 'Chicken', priceDelta: 0 }],
      },
      { menuItemId: kitchen.dish.id, name: 'Waakye', quantity: 3, price: 3000, choiceIds: [], choices: [] },
    ]);
    expect([...reorder.missing].sort()).toEqual(['Egg (Jollof Rice)', 'Jollof Rice (Fish)', 'Kelewele']);

    // What it answers is a cart checkout takes.
    const again = await sendCashCart(
      t.app,
      customer,
      kitchen.restaurant.id,
      reorder.lines.map(({ menuItemId, quantity, choiceIds }) => ({ menuItemId, quantity, choiceIds })),
    );
    expect(again.statusCode, again.body).toBe(201);
  });

  it('names a dish that is unavailable or sold out today', async () => {
    const { kitchen, jollof, customer, order } = await pastOrder();
    await t.app.db.update(menuItems).set({ isAvailable: false }).where(eq(menuItems.id, jollof.id));
    await t.app.db
      .update(menuItems)
      .set({ soldOutUntil: new Date(tomorrow()) })
      .where(eq(menuItems.id, kitchen.dish.id));
    const reorder = (await reorderOf(customer, order.id)).json<Reorder>();
    expect(reorder.lines.map((line) => line.name)).toEqual(['Kelewele']);
    expect([...reorder.missing].sort()).toEqual([
      'Jollof Rice (Chicken)',
      'Jollof Rice (Chicken, Egg)',
      'Jollof Rice (Fish)',
      'Waakye',
    ]);
  });

  it('says when the restaurant is no longer active, with nothing to put in the cart', async () => {
    const { kitchen, customer, order } = await pastOrder();
    await t.app.db.update(restaurants).set({ isActive: false }).where(eq(restaurants.id, kitchen.restaurant.id));
    const reorder = (await reorderOf(customer, order.id)).json<Reorder>();
    expect(reorder).toMatchObject({ restaurantActive: false, lines: [], missing: [] });
  });

  it("answers 404 for another customer's order or none, and 403 to those who do not order", async () => {
    const { kitchen, order } = await pastOrder();
    const other = await createUser(t, { role: 'customer' });
    for (const res of [await reorderOf(other, order.id), await reorderOf(other, randomUUID())]) {
      expect(res.statusCode).toBe(404);
      expect(res.json<{ error: { message: string } }>().error.message).toBe(ORDER_MESSAGES.notFound);
    }
    expect((await reorderOf(kitchen.owner, order.id)).statusCode).toBe(403);
  });
});

describe("the delivery's landmark and GhanaPost GPS code", () => {
  const t = useTestApp({ RATE_LIMIT_DISABLED: 'true' });

  it('reach the rider, the kitchen and the customer as written at checkout', async () => {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const rider = await createUser(t, { role: 'driver', verifiedDriver: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.authHeader,
      payload: {
        orderId: randomUUID(),
        restaurantId: kitchen.restaurant.id,
        items: [{ menuItemId: kitchen.dish.id, quantity: 1 }],
        deliveryAddress: '12 Oxford Street, Osu',
        deliveryPhone: '+233 24 555 0102',
        deliveryLandmark: 'Opposite the Total filling station, blue gate',
        deliveryGpsCode: 'ga 183 8164',
        ...TEST_DELIVERY_PIN,
        paymentMethod: 'cash',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<OrderView>();
    const given = { deliveryLandmark: 'Opposite the Total filling station, blue gate', deliveryGpsCode: 'GA-183-8164' };
    expect(order).toMatchObject(given);

    await forceStatus(t, order.id, 'accepted', rider.userId);
    const deliveries = await t.app.inject({ method: 'GET', url: '/api/orders/deliveries', headers: rider.authHeader });
    const delivery = deliveries.json<{ items: DeliveryView[] }>().items.find((item) => item.id === order.id);
    expect(delivery).toMatchObject(given);

    const board = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: kitchen.owner.authHeader });
    expect(board.json<KitchenOrderView>().deliveryLandmark).toBe(given.deliveryLandmark);
  });

  it('refuses a GPS code that is not one, before any order is written', async () => {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.authHeader,
      payload: {
        orderId: randomUUID(),
        restaurantId: kitchen.restaurant.id,
        items: [{ menuItemId: kitchen.dish.id, quantity: 1 }],
        deliveryAddress: '12 Oxford Street, Osu',
        deliveryPhone: '+233 24 555 0102',
        deliveryGpsCode: 'near the castle',
        paymentMethod: 'cash',
      },
    });
    expect(res.statusCode).toBe(400);
  });
});
