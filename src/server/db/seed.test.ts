import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deliveryShareOf, quoteDelivery, roadMeters } from '@shared/delivery/fees.js';
import { commissionFor } from '@shared/money.js';
import { parseFileUrl } from '@shared/storage/urls.js';
import { verifyPassword } from '../auth/password.js';
import { balanceOf } from '../ledger/balances.js';
import { expectLedgerBalanced } from '../ledger/testLedger.js';
import { useTestApp } from '../test/app.js';
import {
  cashHandIns,
  drivers,
  ledgerTransactions,
  menuItems,
  orderItems,
  orders,
  payments,
  profiles,
  restaurantMembers,
  restaurants,
  uploads,
  userRoles,
  users,
} from './schema.js';
import { seedDemo } from './seed.js';
import { DEMO_DELIVERY_PRICING } from './seed/delivery.js';
import { DEMO_RESTAURANTS } from './seed/restaurants.js';

describe('demo seed', () => {
  const t = useTestApp();

  const rowCounts = async () => {
    const tables = { users, restaurants, menuItems, orders, orderItems, payments, uploads };
    const entries = await Promise.all(
      Object.entries(tables).map(
        async ([name, table]) => [name, (await t.app.db.select({ n: count() }).from(table))[0]!.n] as const,
      ),
    );
    return Object.fromEntries(entries);
  };

  it('creates one account per role, each able to sign in with the printed password', async () => {
    const result = await seedDemo(t.app);

    expect(result.created).toBe(true);
    expect(result.accounts.map((a) => a.role)).toEqual(['customer', 'restaurant', 'manager', 'driver', 'admin']);
    for (const account of result.accounts) {
      const [row] = await t.app.db
        .select({ hash: users.passwordHash, role: userRoles.role, avatarUrl: profiles.avatarUrl })
        .from(users)
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .innerJoin(profiles, eq(profiles.id, users.id))
        .where(eq(users.email, account.email));
      expect(row?.role).toBe(account.role);
      expect(row?.avatarUrl).toMatch(/^\/api\/files\/profile-pictures\//);
      expect(await verifyPassword(row!.hash, account.password)).toBe(true);
    }
  });

  it('opens active restaurants in Accra with illustrated menus, a manager and a verified driver', async () => {
    const { accounts } = await seedDemo(t.app);
    const emailOf = (role: string) => accounts.find((a) => a.role === role)!.email;

    const all = await t.app.db.select().from(restaurants);
    expect(all.length).toBeGreaterThanOrEqual(4);
    for (const restaurant of all) {
      expect(restaurant).toMatchObject({ isActive: true, country: 'Ghana', currencySymbol: 'GH₵' });
      expect(restaurant.phone).toMatch(/^\+233/);
      expect(restaurant.latitude).toBeGreaterThan(5.5);
      expect(restaurant.latitude).toBeLessThan(5.7);
      const menu = await t.app.db.select().from(menuItems).where(eq(menuItems.restaurantId, restaurant.id));
      expect(menu.length).toBeGreaterThanOrEqual(6);
      expect(menu.length).toBeLessThanOrEqual(10);
      expect(new Set(menu.map((item) => item.category)).size).toBeGreaterThanOrEqual(3);
      for (const item of menu) {
        expect(Number.isInteger(item.price) && item.price > 0).toBe(true);
        expect(item.imageUrl).toMatch(/^\/api\/files\/food-images\//);
      }
    }

    const photo = parseFileUrl(all[0]!.imageUrl!)!;
    const stored = await t.app.storage.find(t.app.db, 'food-images', photo.fileName);
    expect(stored?.contentType).toBe('image/webp');
    expect((await t.app.storage.read('food-images', photo.fileName)).subarray(8, 12).toString()).toBe('WEBP');

    const [membership] = await t.app.db
      .select({ owner: restaurants.ownerId, manager: restaurantMembers.userId })
      .from(restaurantMembers)
      .innerJoin(restaurants, eq(restaurants.id, restaurantMembers.restaurantId));
    const [owner] = await t.app.db.select().from(users).where(eq(users.id, membership!.owner));
    const [manager] = await t.app.db.select().from(users).where(eq(users.id, membership!.manager));
    expect(owner?.email).toBe(emailOf('restaurant'));
    expect(manager?.email).toBe(emailOf('manager'));

    const [driver] = await t.app.db
      .select()
      .from(drivers)
      .innerJoin(users, eq(users.id, drivers.userId))
      .where(eq(users.email, emailOf('driver')));
    expect(driver?.drivers).toMatchObject({ isVerified: true, isAvailable: true, vehicleType: 'bike' });
    expect(driver?.drivers.nationalIdUrl).toMatch(/^\/api\/files\/national-ids\//);
    expect(driver?.drivers.latitude).toBeCloseTo(5.56, 1);
  });

  it('lists each demo menu in the order it is written, so categories come as the restaurant set them', async () => {
    await seedDemo(t.app);
    for (const demo of DEMO_RESTAURANTS) {
      const [restaurant] = await t.app.db.select().from(restaurants).where(eq(restaurants.name, demo.name));
      const res = await t.app.inject({ method: 'GET', url: `/api/restaurants/${restaurant!.id}/menu` });
      const available = demo.menu.filter((item) => item.isAvailable ?? true).map((item) => item.name);
      expect(res.json().map((item: { name: string }) => item.name)).toEqual(available);
    }
  });

  it('records past orders whose lines, commission, payout and payment add up', async () => {
    await seedDemo(t.app);

    const all = await t.app.db.select().from(orders);
    expect(all.length).toBeGreaterThanOrEqual(35);
    const lines = await t.app.db.select().from(orderItems);
    const paid = new Map((await t.app.db.select().from(payments)).map((p) => [p.orderId, p]));
    const oldest = Date.now() - 31 * 24 * 60 * 60 * 1000;
    for (const order of all) {
      const total = lines.filter((l) => l.orderId === order.id).reduce((sum, l) => sum + l.price * l.quantity, 0);
      expect(order.totalAmount).toBe(total);
      expect(order.commissionBps).toBe(1000);
      expect(order.commissionAmount).toBe(commissionFor(total, 1000));
      expect(order.commissionAmount + order.restaurantPayout).toBe(order.totalAmount);
      expect(paid.get(order.id)).toMatchObject({
        amount: total + order.deliveryFee + order.tipAmount,
        paymentMethod: 'cash',
      });
      expect(order.deliveryCode).toMatch(/^\d{6}$/);
      expect(order.deliveryLatitude).not.toBeNull();
      expect(order.deliveryLongitude).not.toBeNull();
      expect(order.createdAt.getTime()).toBeGreaterThan(oldest);
    }
    const delivered = all.filter((o) => o.status === 'delivered');
    expect(delivered.length).toBeGreaterThan(all.length / 2);
    // Each delivery charged as checkout charges it, and some tipped.
    const [cedi] = DEMO_DELIVERY_PRICING;
    for (const order of all) {
      const meters = roadMeters(
        { latitude: order.restaurantLatitude!, longitude: order.restaurantLongitude! },
        { latitude: order.deliveryLatitude!, longitude: order.deliveryLongitude! },
        130,
      );
      expect(quoteDelivery(cedi, meters)).toEqual({ deliverable: true, fee: order.deliveryFee, meters });
      expect(order.deliveryMeters).toBe(meters);
      expect(order.deliveryShare).toBe(deliveryShareOf(order.deliveryFee, 2000));
    }
    expect(all.every((order) => order.deliveryFee > 0)).toBe(true);
    // Still so while every address is within its restaurant's reach: the demo owner's board has an order in each column.
    const [first] = await t.app.db.select().from(restaurants).where(eq(restaurants.name, DEMO_RESTAURANTS[0]!.name));
    const board = all.filter((order) => order.restaurantId === first!.id).map((order) => order.status);
    expect(board).toEqual(expect.arrayContaining(['confirmed', 'preparing', 'ready']));
    expect(delivered.filter((order) => order.tipAmount > 0).length).toBeGreaterThan(3);
    expect(all.some((o) => o.status === 'ready' && o.driverId === null)).toBe(true);
    const mapped = all.filter((o) => ['delivered', 'picked_up', 'ready'].includes(o.status));
    const spots = new Set(mapped.map((o) => `${o.deliveryLatitude!.toFixed(4)},${o.deliveryLongitude!.toFixed(4)}`));
    expect(spots.size).toBeGreaterThanOrEqual(8);
    expect(spots.size).toBeLessThan(mapped.length);
  });

  it("puts each past delivery on the ledger when it was delivered, and the rider's cash of each past day handed in that night", async () => {
    const now = Date.now();
    await seedDemo(t.app);

    const delivered = (await t.app.db.select().from(orders)).filter((order) => order.status === 'delivered');
    const posted = await t.app.db
      .select({ orderId: ledgerTransactions.orderId, at: ledgerTransactions.createdAt })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.kind, 'order_delivered'));
    expect(new Map(posted.map((row) => [row.orderId, row.at.getTime()]))).toEqual(
      new Map(delivered.map((order) => [order.id, order.updatedAt.getTime()])),
    );
    await expectLedgerBalanced(t.app.db);
    for (const restaurantId of new Set(delivered.map((order) => order.restaurantId))) {
      const payouts = delivered.filter((order) => order.restaurantId === restaurantId).map((order) => order.restaurantPayout);
      expect(-(await balanceOf(t.app.db, 'restaurant', restaurantId, 'GH₵'))).toBe(payouts.reduce((a, b) => a + b, 0));
    }

    const riderId = delivered[0]!.driverId!;
    const today = new Date(now).toISOString().slice(0, 10);
    const dayOf = (at: Date) => at.toISOString().slice(0, 10);
    const takenToday = delivered
      .filter((order) => dayOf(order.updatedAt) >= today)
      .map((order) => order.totalAmount + order.deliveryFee + order.tipAmount);
    expect(await balanceOf(t.app.db, 'rider_cash', riderId, 'GH₵')).toBe(takenToday.reduce((a, b) => a + b, 0));
    // The rider earned their part of every fee and every tip.
    const earned = delivered.map((order) => order.deliveryFee - order.deliveryShare + order.tipAmount);
    expect(-(await balanceOf(t.app.db, 'rider', riderId, 'GH₵'))).toBe(earned.reduce((a, b) => a + b, 0));
    const handIns = await t.app.db.select().from(cashHandIns);
    const days = new Set(delivered.map((order) => dayOf(order.updatedAt)).filter((day) => day < today));
    expect(new Set(handIns.map((handIn) => handIn.reference))).toEqual(new Set([...days].map((day) => `DEMO-${day}`)));
    for (const handIn of handIns) {
      const lastThatDay = Math.max(
        ...delivered.filter((order) => `DEMO-${dayOf(order.updatedAt)}` === handIn.reference).map((o) => o.updatedAt.getTime()),
      );
      expect(handIn.createdAt.getTime()).toBeGreaterThan(lastThatDay);
      expect(handIn.createdAt.getTime()).toBeLessThan(now);
    }
  });

  it('prices deliveries in the demo currencies, and gives a restaurant with a pin a minimum order', async () => {
    await seedDemo(t.app);

    const pricing = await t.app.inject({ method: 'GET', url: '/api/delivery/pricing' });
    expect(pricing.statusCode).toBe(200);
    expect(pricing.json().currencies).toHaveLength(DEMO_DELIVERY_PRICING.length);
    expect(pricing.json().currencies).toEqual(expect.arrayContaining(DEMO_DELIVERY_PRICING));
    const all = await t.app.db.select().from(restaurants);
    expect(all.every((restaurant) => restaurant.latitude !== null && restaurant.longitude !== null)).toBe(true);
    const withMinimum = all.filter((restaurant) => restaurant.minOrderAmount > 0);
    expect(withMinimum.map((restaurant) => [restaurant.name, restaurant.minOrderAmount])).toEqual([['Labone Chop Bar', 5000]]);
    const page = await t.app.inject({ method: 'GET', url: `/api/restaurants/${withMinimum[0]!.id}` });
    expect(page.json()).toMatchObject({ minOrderAmount: 5000 });
  });

  it('snapshots the commission rate in force when it seeds', async () => {
    await t.app.db.execute(sql`UPDATE commission_settings SET commission_bps = 1250`);
    await seedDemo(t.app);

    const all = await t.app.db.select().from(orders);
    expect(all.every((o) => o.commissionBps === 1250 && o.commissionAmount === commissionFor(o.totalAmount, 1250))).toBe(true);
  });

  it('seeds only an empty database and still returns the demo accounts', async () => {
    const first = await seedDemo(t.app);
    const before = await rowCounts();

    const second = await seedDemo(t.app);

    expect(second.created).toBe(false);
    expect(second.accounts).toEqual(first.accounts);
    expect(await rowCounts()).toEqual(before);
  });
});
