import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { periodStart, SALES_PERIODS, type SalesPeriod } from '@shared/orders/sales.js';
import type { OrderStatus } from '@shared/orders/status.js';
import { orders, restaurantMembers } from '../db/schema.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { openRestaurant, placeOrder } from './testOrders.js';
import { salesTruth } from './testSales.js';

const DAY_MS = 86_400_000;

describe('sales of a restaurant: summary, chart and transactions per period', () => {
  const t = useTestApp();

  const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user?.authHeader });

  /**
   * Orders of known amounts, statuses and ages (days before now), at the kitchen and one at a
   * rival kitchen that must never count.
   */
  const PLAN: { total: number; status: OrderStatus; daysAgo: number }[] = [
    { total: 1000, status: 'delivered', daysAgo: 0 },
    { total: 2500, status: 'confirmed', daysAgo: 0 },
    { total: 4000, status: 'cancelled', daysAgo: 0 },
    { total: 1234, status: 'preparing', daysAgo: 3 },
    { total: 5000, status: 'delivered', daysAgo: 5 },
    { total: 700, status: 'cancelled', daysAgo: 12 },
    { total: 9999, status: 'delivered', daysAgo: 20 },
    { total: 300, status: 'ready', daysAgo: 45 },
    { total: 8000, status: 'delivered', daysAgo: 400 },
  ];

  async function scene() {
    const kitchen = await openRestaurant(t);
    const rival = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const manager = await createUser(t, { role: 'manager' });
    await t.app.db.insert(restaurantMembers).values({ restaurantId: kitchen.restaurant.id, userId: manager.userId });
    const placed = [];
    for (const plan of PLAN) {
      const order = await placeOrder(t, customer, kitchen);
      const commission = Math.floor(plan.total / 10);
      await t.app.db
        .update(orders)
        .set({
          status: plan.status,
          totalAmount: plan.total,
          commissionAmount: commission,
          restaurantPayout: plan.total - commission,
          // An hour after midnight UTC on the planned day, or now for today (never in the future).
          createdAt: sql`least(now(), date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - ${plan.daysAgo} * interval '1 day' + interval '1 hour')`,
        })
        .where(eq(orders.id, order.id));
      placed.push(order.id);
    }
    await placeOrder(t, customer, rival);
    return { kitchen, rival, customer, manager, placed };
  }

  it('sums the stored amounts exactly as SQL does, for every period, leaving cancelled orders out of sales', async () => {
    const { kitchen, manager } = await scene();
    for (const period of SALES_PERIODS) {
      const res = await get(`/api/restaurants/${kitchen.restaurant.id}/sales?period=${period}`, manager);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(), period).toMatchObject(await salesTruth(t.app.db, kitchen.restaurant.id, period));
    }
  });

  it('answers the figures we planned: today, 7 days, 30 days and all time', async () => {
    const { kitchen } = await scene();
    const summary = async (period: SalesPeriod) =>
      (await get(`/api/restaurants/${kitchen.restaurant.id}/sales?period=${period}`, kitchen.owner)).json();

    const today = await summary('today');
    expect(today).toMatchObject({
      restaurantId: kitchen.restaurant.id,
      restaurantName: kitchen.restaurant.name,
      currencySymbol: kitchen.restaurant.currencySymbol,
      period: 'today',
      totalSales: 3500,
      commission: 100 + 250,
      payout: 900 + 2250,
      pendingCount: 1,
      completedCount: 1,
    });
    expect(today.from).toBe(periodStart('today', new Date())!.toISOString());
    expect((await summary('7d')).totalSales).toBe(3500 + 1234 + 5000);
    expect((await summary('30d')).totalSales).toBe(3500 + 1234 + 5000 + 9999);
    const all = await summary('all');
    expect(all).toMatchObject({
      from: null,
      totalSales: 3500 + 1234 + 5000 + 9999 + 300 + 8000,
      pendingCount: 3,
      completedCount: 4,
    });
  });

  it('draws one chart point per UTC day with sales, oldest first, and none for a day of cancelled orders only', async () => {
    const { kitchen } = await scene();
    const res = await get(`/api/restaurants/${kitchen.restaurant.id}/sales?period=30d`, kitchen.owner);
    const day = (daysAgo: number) =>
      new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - daysAgo * DAY_MS).toISOString().slice(0, 10);
    expect(res.json().days).toEqual([
      { day: day(20), sales: 9999, orders: 1 },
      { day: day(5), sales: 5000, orders: 1 },
      { day: day(3), sales: 1234, orders: 1 },
      { day: day(0), sales: 3500, orders: 2 },
    ]);
  });

  it('answers zeros and no days for a restaurant without orders', async () => {
    const kitchen = await openRestaurant(t);
    const res = await get(`/api/restaurants/${kitchen.restaurant.id}/sales`, kitchen.owner);
    expect(res.json()).toMatchObject({
      period: 'all',
      totalSales: 0,
      commission: 0,
      payout: 0,
      pendingCount: 0,
      completedCount: 0,
      days: [],
    });
  });

  it('lists transactions of the period only: Recent all statuses, Completed delivered only', async () => {
    const { kitchen, manager, placed } = await scene();
    const ids = async (query: string) =>
      (await get(`/api/restaurants/${kitchen.restaurant.id}/transactions?${query}`, manager))
        .json()
        .items.map((o: { id: string }) => o.id);
    const at = (...indexes: number[]) => indexes.map((i) => placed[i]);

    expect(new Set(await ids('tab=recent&period=today'))).toEqual(new Set(at(0, 1, 2)));
    expect(new Set(await ids('tab=recent&period=7d'))).toEqual(new Set(at(0, 1, 2, 3, 4)));
    expect(await ids('tab=completed&period=7d')).toEqual(at(0, 4));
    expect(await ids('tab=completed&period=30d')).toEqual(at(0, 4, 6));
    expect(await ids('tab=completed')).toEqual(at(0, 4, 6, 8));
    expect(await ids('tab=recent&period=all&limit=50')).toHaveLength(PLAN.length);
  });

  it('refuses a period it does not know with 400', async () => {
    const kitchen = await openRestaurant(t);
    for (const url of ['sales?period=year', 'transactions?period=yesterday']) {
      const res = await get(`/api/restaurants/${kitchen.restaurant.id}/${url}`, kitchen.owner);
      expect(res.statusCode, url).toBe(400);
    }
  });

  it("shows a manager only the restaurants they belong to, and refuses them another restaurant's sales", async () => {
    const { kitchen, rival, manager } = await scene();
    const second = await openRestaurant(t);
    await t.app.db.insert(restaurantMembers).values({ restaurantId: second.restaurant.id, userId: manager.userId });

    const managed = await get('/api/restaurants/managed', manager);
    expect(managed.statusCode).toBe(200);
    expect(
      managed
        .json()
        .map((r: { id: string }) => r.id)
        .sort(),
    ).toEqual([kitchen.restaurant.id, second.restaurant.id].sort());
    expect((await get(`/api/restaurants/${second.restaurant.id}/sales`, manager)).statusCode).toBe(200);
    for (const path of ['sales', 'transactions']) {
      expect((await get(`/api/restaurants/${rival.restaurant.id}/${path}`, manager)).statusCode, path).toBe(404);
      expect((await get(`/api/restaurants/${kitchen.restaurant.id}/${path}`, rival.owner)).statusCode, path).toBe(404);
    }
  });

  it('gives an owner their own restaurant only, and refuses customers, drivers and anonymous callers', async () => {
    const { kitchen, customer } = await scene();
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    expect((await get('/api/restaurants/managed', kitchen.owner)).json()).toEqual([
      { id: kitchen.restaurant.id, name: kitchen.restaurant.name, currencySymbol: kitchen.restaurant.currencySymbol },
    ]);
    for (const url of ['/api/restaurants/managed', `/api/restaurants/${kitchen.restaurant.id}/sales`]) {
      expect((await get(url, customer)).statusCode, url).toBe(403);
      expect((await get(url, driver)).statusCode, url).toBe(403);
      expect((await get(url)).statusCode, url).toBe(401);
    }
    const admin = await createUser(t, { role: 'admin' });
    expect((await get(`/api/restaurants/${kitchen.restaurant.id}/sales`, admin)).statusCode).toBe(200);
  });

  it("counts each order for its own restaurant only: the rival's summary holds its one order", async () => {
    const { rival } = await scene();
    const res = await get(`/api/restaurants/${rival.restaurant.id}/sales`, rival.owner);
    expect(res.json()).toMatchObject({ totalSales: 2500, pendingCount: 1, completedCount: 0 });
    expect(res.json().days).toHaveLength(1);
  });
});
