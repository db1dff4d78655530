import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { commissionFor } from '@shared/money.js';
import { commissionSettings, menuItems, orderItems, orders, payments, restaurants } from '../../db/schema.js';
import { insertMenuItem, insertRestaurant } from '../../restaurants/testFixtures.js';
import { createUser } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { NO_DELIVERY } from './delivery.js';
import { writeOrder as placeOrderAtMenuPrices, type OrderRequest } from './writeOrder.js';

describe('placing an order at the menu prices in one statement', () => {
  const t = useTestApp();

  async function kitchen(price = 3000) {
    const owner = await createUser(t, { role: 'restaurant' });
    const customer = await createUser(t, { role: 'customer' });
    const restaurant = await insertRestaurant(t.app.db, { ownerId: owner.userId });
    const item = await insertMenuItem(t.app.db, { restaurantId: restaurant.id, name: 'Waakye', price });
    const order = (lines: OrderRequest['lines'], maxTotal = 2_147_483_647): OrderRequest => ({
      id: crypto.randomUUID(),
      customerId: customer.userId,
      restaurantId: restaurant.id,
      status: 'confirmed',
      deliveryAddress: '4 Ring Road, Accra',
      deliveryPhone: '+233 24 555 0101',
      deliveryLatitude: null,
      deliveryLongitude: null,
      deliveryCode: '123456',
      notes: null,
      deliveryLandmark: null,
      deliveryGpsCode: null,
      lines,
      payment: { method: 'cash', status: 'pending' },
      delivery: NO_DELIVERY,
      tipAmount: 0,
      maxTotal,
    });
    return { restaurant, item, order };
  }

  async function written() {
    const [o] = await t.app.db.select({ n: count() }).from(orders);
    const [i] = await t.app.db.select({ n: count() }).from(orderItems);
    const [p] = await t.app.db.select({ n: count() }).from(payments);
    return [o?.n, i?.n, p?.n];
  }

  it('writes order, lines and payment at the menu price and returns them', async () => {
    const { restaurant, item, order } = await kitchen();
    const placed = await placeOrderAtMenuPrices(
      t.database.statements,
      order([{ menuItemId: item.id, quantity: 2, choiceIds: [] }]),
    );
    expect(placed).toMatchObject({
      restaurantName: restaurant.name,
      currencySymbol: 'GH₵',
      totalAmount: 6000,
      lines: [{ menuItemId: item.id, name: 'Waakye', quantity: 2, price: 3000, choiceIds: [], choices: [] }],
    });
    expect(placed?.createdAt).toBeInstanceOf(Date);
    expect(await written()).toEqual([1, 1, 1]);
    const [payment] = await t.app.db.select().from(payments);
    expect(payment).toMatchObject({ amount: 6000, paymentMethod: 'cash', paymentStatus: 'pending' });
  });

  it('computes the same commission and payout as commissionFor, rounding half up', async () => {
    const cases = [
      { price: 1005, bps: 1000 },
      { price: 1005, bps: 500 },
      { price: 1, bps: 5000 },
      { price: 3, bps: 1667 },
      { price: 999_999, bps: 1234 },
      { price: 4550, bps: 0 },
      { price: 4550, bps: 10_000 },
    ];
    for (const { price, bps } of cases) {
      const { item, order } = await kitchen(price);
      await t.app.db.update(commissionSettings).set({ commissionBps: bps });
      const request = order([{ menuItemId: item.id, quantity: 1, choiceIds: [] }]);
      await placeOrderAtMenuPrices(t.database.statements, request);
      const [row] = await t.app.db.select().from(orders).where(eq(orders.id, request.id));
      expect(row, `price ${price} at ${bps} bps`).toMatchObject({
        totalAmount: price,
        commissionBps: bps,
        commissionAmount: commissionFor(price, bps),
        restaurantPayout: price - commissionFor(price, bps),
      });
    }
  });

  it('keeps the lines in the order the customer listed them', async () => {
    const { restaurant, item, order } = await kitchen();
    const second = await insertMenuItem(t.app.db, { restaurantId: restaurant.id, name: 'Banku', price: 1500 });
    const placed = await placeOrderAtMenuPrices(
      t.database.statements,
      order([
        { menuItemId: second.id, quantity: 1, choiceIds: [] },
        { menuItemId: item.id, quantity: 3, choiceIds: [] },
      ]),
    );
    expect(placed?.lines.map((line) => line.name)).toEqual(['Banku', 'Waakye']);
    expect(placed?.totalAmount).toBe(1500 + 3 * 3000);
  });

  it('writes nothing for an unavailable item, a closed restaurant, a foreign item or a total over the limit', async () => {
    const { restaurant, item, order } = await kitchen();
    const attempt = (request: OrderRequest) => placeOrderAtMenuPrices(t.database.statements, request);

    await t.app.db.update(menuItems).set({ isAvailable: false }).where(eq(menuItems.id, item.id));
    expect(await attempt(order([{ menuItemId: item.id, quantity: 1, choiceIds: [] }]))).toBeUndefined();
    await t.app.db.update(menuItems).set({ isAvailable: true }).where(eq(menuItems.id, item.id));

    await t.app.db.update(restaurants).set({ isActive: false }).where(eq(restaurants.id, restaurant.id));
    expect(await attempt(order([{ menuItemId: item.id, quantity: 1, choiceIds: [] }]))).toBeUndefined();
    await t.app.db.update(restaurants).set({ isActive: true }).where(eq(restaurants.id, restaurant.id));

    const other = await kitchen();
    expect(
      await attempt(
        order([
          { menuItemId: item.id, quantity: 1, choiceIds: [] },
          { menuItemId: other.item.id, quantity: 1, choiceIds: [] },
        ]),
      ),
    ).toBeUndefined();

    expect(await attempt(order([{ menuItemId: item.id, quantity: 2, choiceIds: [] }], 5999))).toBeUndefined();
    expect(await written()).toEqual([0, 0, 0]);
  });
});
