import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  commissionSettings,
  deliveryPricing,
  menuItems,
  pushSubscriptions,
  restaurantMembers,
  restaurants,
} from '../../db/schema.js';
import { insertMenuItem, insertRestaurant } from '../../restaurants/testFixtures.js';
import { createUser } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';

describe("a restaurant's kitchen version, which a checkout from a kept copy must find unchanged", () => {
  const t = useTestApp();

  async function scene() {
    const owner = await createUser(t, { role: 'restaurant' });
    const restaurant = await insertRestaurant(t.app.db, { ownerId: owner.userId, latitude: 5.556, longitude: -0.1826 });
    const other = await insertRestaurant(t.app.db, {
      ownerId: (await createUser(t, { role: 'restaurant' })).userId,
      country: 'Nigeria',
      currencySymbol: '₦',
    });
    const version = async (id = restaurant.id) => {
      const [row] = await t.app.db.select({ v: restaurants.kitchenVersion }).from(restaurants).where(eq(restaurants.id, id));
      return row?.v;
    };
    return { owner, restaurant, other, version };
  }

  const device = (userId: string) => ({
    userId,
    sessionId: randomUUID(),
    endpoint: `https://push.example/${randomUUID()}`,
    p256dh: 'key',
    auth: 'auth',
  });

  it("changes with the restaurant's pin, country, currency or owner, and not with its name, menu state or sales", async () => {
    const { restaurant, version } = await scene();
    const moves = [{ latitude: 5.6 }, { country: 'Nigeria' }, { currencySymbol: '₦' }];
    let expected = await version();
    for (const change of moves) {
      await t.app.db.update(restaurants).set(change).where(eq(restaurants.id, restaurant.id));
      expect(await version()).toBe(++expected!);
    }
    const newOwner = await createUser(t, { role: 'restaurant' });
    await t.app.db.update(restaurants).set({ ownerId: newOwner.userId }).where(eq(restaurants.id, restaurant.id));
    expect(await version()).toBe(++expected!);

    await t.app.db
      .update(restaurants)
      .set({ name: 'Renamed', isActive: false, minOrderAmount: 500, salesRolledUntil: '2026-01-01' })
      .where(eq(restaurants.id, restaurant.id));
    expect(await version()).toBe(expected);
  });

  it('changes with what its dishes are priced from (name, price, availability, choices, sold out), added or removed, and not with their place or looks', async () => {
    const { restaurant, other, version } = await scene();
    let expected = await version();
    const otherBefore = await version(other.id);
    const dish = await insertMenuItem(t.app.db, { restaurantId: restaurant.id, name: 'Waakye', price: 2500 });
    expect(await version()).toBe(++expected!);
    const soon = new Date(Date.now() + 3_600_000);
    const priced = [
      { name: 'Waakye Special' },
      { price: 2600 },
      { isAvailable: false },
      { optionGroups: [{ id: randomUUID(), name: 'Extras', minChoices: 0, maxChoices: 1, choices: [] }] },
      { soldOutUntil: soon },
      { choicesSoldOut: { [randomUUID()]: soon.toISOString() } },
    ];
    for (const change of priced) {
      await t.app.db.update(menuItems).set(change).where(eq(menuItems.id, dish.id));
      expect(await version()).toBe(++expected!);
    }
    await t.app.db
      .update(menuItems)
      .set({ position: 7, description: 'Rice and beans', category: 'Sides', imageUrl: '/uploads/waakye.webp' })
      .where(eq(menuItems.id, dish.id));
    expect(await version()).toBe(expected);
    await t.app.db.delete(menuItems).where(eq(menuItems.id, dish.id));
    expect(await version()).toBe(++expected!);
    expect(await version(other.id)).toBe(otherBefore);
  });

  it("changes with its currency's delivery pricing, and not with another currency's", async () => {
    const { other, version } = await scene();
    const [before, otherBefore] = [await version(), await version(other.id)];
    await t.app.db
      .insert(deliveryPricing)
      .values({ currencySymbol: 'GH₵', baseFee: 800, perKmFee: 150, includedMeters: 3000, maxMeters: 15_000 });
    await t.app.db.update(deliveryPricing).set({ baseFee: 900 }).where(eq(deliveryPricing.currencySymbol, 'GH₵'));
    await t.app.db.delete(deliveryPricing).where(eq(deliveryPricing.currencySymbol, 'GH₵'));
    expect(await version()).toBe(before! + 3);
    expect(await version(other.id)).toBe(otherBefore);
  });

  it('changes everywhere when the pricing, the managers, the devices or the dishes are emptied at once (TRUNCATE)', async () => {
    const { other, version } = await scene();
    const [before, otherBefore] = [await version(), await version(other.id)];
    for (const table of ['delivery_pricing', 'restaurant_members', 'push_subscriptions', 'menu_items']) {
      await t.app.db.execute(sql`truncate ${sql.identifier(table)} cascade`);
    }
    expect(await version()).toBe(before! + 4);
    expect(await version(other.id)).toBe(otherBefore! + 4);
  });

  it('changes everywhere with the road factor or the delivery share, and not with the commission rate', async () => {
    const { other, version } = await scene();
    const [before, otherBefore] = [await version(), await version(other.id)];
    await t.app.db.update(commissionSettings).set({ roadFactorPercent: 140 });
    await t.app.db.update(commissionSettings).set({ deliveryShareBps: 2500 });
    await t.app.db.update(commissionSettings).set({ commissionBps: 1200 });
    expect(await version()).toBe(before! + 2);
    expect(await version(other.id)).toBe(otherBefore! + 2);
  });

  it("changes with its managers and with its owner's and managers' devices, and not with a customer's device", async () => {
    const { owner, restaurant, version } = await scene();
    const manager = await createUser(t, { role: 'manager' });
    let expected = await version();

    await t.app.db.insert(restaurantMembers).values({ restaurantId: restaurant.id, userId: manager.userId });
    expect(await version()).toBe(++expected!);
    const [managerDevice] = await t.app.db.insert(pushSubscriptions).values(device(manager.userId)).returning();
    expect(await version()).toBe(++expected!);
    await t.app.db.insert(pushSubscriptions).values(device(owner.userId));
    expect(await version()).toBe(++expected!);
    await t.app.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, managerDevice!.id));
    expect(await version()).toBe(++expected!);
    await t.app.db.delete(restaurantMembers).where(eq(restaurantMembers.userId, manager.userId));
    expect(await version()).toBe(++expected!);

    const customer = await createUser(t, { role: 'customer' });
    await t.app.db.insert(pushSubscriptions).values(device(customer.userId));
    expect(await version()).toBe(expected);
  });
});
