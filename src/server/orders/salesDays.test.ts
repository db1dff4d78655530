import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SALES_PERIODS, type SalesPeriod } from '@shared/orders/sales.js';
import type { OrderStatus } from '@shared/orders/status.js';
import { orders, restaurantSalesDays, restaurants } from '../db/schema.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { moveOrder } from './moves.js';
import { updateStatusIfCurrent } from './movesRepository.js';
import { rollUpSalesDays } from './salesDays.js';
import { openRestaurant } from './testOrders.js';
import { salesTruth } from './testSales.js';

const STATUSES: OrderStatus[] = ['pending', 'confirmed', 'preparing', 'ready', 'accepted', 'picked_up', 'delivered', 'cancelled'];

describe('sales days rolled up: summaries stay exact while reading one row per finished day', () => {
  const t = useTestApp();

  const summary = async (restaurantId: string, period: SalesPeriod, user: TestUser) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/restaurants/${restaurantId}/sales?period=${period}`,
      headers: user.authHeader,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  /** Every period's summary equals the plain aggregate over the orders, and its chart adds up to its sales. */
  async function expectExactSummaries(restaurantId: string, owner: TestUser) {
    for (const period of SALES_PERIODS) {
      const answer = await summary(restaurantId, period, owner);
      expect(answer, period).toMatchObject(await salesTruth(t.app.db, restaurantId, period));
      const charted = answer.days.reduce((sum: number, day: { sales: number }) => sum + day.sales, 0);
      expect(charted, period).toBe(answer.totalSales);
    }
  }

  /** The restaurant's rolled-up rows, and what a plain aggregate of its orders says each of those days holds. */
  async function rolledDaysAndTruth(restaurantId: string) {
    const rolled = await t.app.db
      .select({
        day: restaurantSalesDays.day,
        sales: restaurantSalesDays.sales,
        commission: restaurantSalesDays.commission,
        payout: restaurantSalesDays.payout,
        orders: restaurantSalesDays.orders,
        pendingCount: restaurantSalesDays.pendingCount,
        completedCount: restaurantSalesDays.completedCount,
      })
      .from(restaurantSalesDays)
      .where(eq(restaurantSalesDays.restaurantId, restaurantId))
      .orderBy(asc(restaurantSalesDays.day));
    const [mark] = await t.app.db
      .select({ rolledUntil: sql<string>`${restaurants.salesRolledUntil}::text` })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    const day = sql<string>`(${orders.createdAt} at time zone 'UTC')::date::text`;
    const kept = sql`${orders.status} <> 'cancelled'`;
    const truth = await t.app.db
      .select({
        day,
        sales: sql<number>`(coalesce(sum(${orders.totalAmount}) filter (where ${kept}), 0))::float8`,
        commission: sql<number>`(coalesce(sum(${orders.commissionAmount}) filter (where ${kept}), 0))::float8`,
        payout: sql<number>`(coalesce(sum(${orders.restaurantPayout}) filter (where ${kept}), 0))::float8`,
        orders: sql<number>`(count(*) filter (where ${kept}))::int`,
        pendingCount: sql<number>`(count(*) filter (where ${orders.status} not in ('delivered', 'cancelled')))::int`,
        completedCount: sql<number>`(count(*) filter (where ${orders.status} = 'delivered'))::int`,
      })
      .from(orders)
      .where(sql`${orders.restaurantId} = ${restaurantId} and ${day} < ${mark!.rolledUntil}`)
      .groupBy(day)
      .orderBy(asc(day));
    return { rolled, truth, rolledUntil: mark!.rolledUntil };
  }

  /** `count` orders over the last `days` UTC days (today included), of every status and amount, at all hours up to midnight's edges. */
  async function placeOrdersOverDays(restaurantId: string, customerId: string, count: number, days: number) {
    await t.app.db.execute(sql`
      insert into orders (customer_id, restaurant_id, status, total_amount, commission_amount, restaurant_payout,
        commission_bps, currency_symbol, delivery_address, delivery_phone, delivery_code, created_at)
      select ${customerId}, ${restaurantId}, (${sql.param(STATUSES)}::text[])[1 + n % ${STATUSES.length}],
        700 + n * 37 % 4000, (700 + n * 37 % 4000) / 10, (700 + n * 37 % 4000) - (700 + n * 37 % 4000) / 10,
        1000, 'GH₵', '7 Spintex Road, Accra', '+233 24 555 0102', '123456',
        least(now(), date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
          - (n % ${days}) * interval '1 day' + (array[0, 1, 43200, 86399])[1 + n / ${days} % 4] * interval '1 second')
      from generate_series(1, ${count}) as n`);
  }

  /** An order of a known status, placed `daysAgo` UTC days ago at one in the morning (or now, for today). */
  async function placeOrderDaysAgo(
    restaurantId: string,
    customerId: string,
    daysAgo: number,
    status: OrderStatus,
    driverId: string | null = null,
  ) {
    const [row] = await t.app.db
      .insert(orders)
      .values({
        customerId,
        restaurantId,
        driverId,
        status,
        totalAmount: 4321,
        commissionAmount: 432,
        restaurantPayout: 3889,
        commissionBps: 1000,
        currencySymbol: 'GH₵',
        deliveryAddress: '7 Spintex Road, Accra',
        deliveryPhone: '+233 24 555 0102',
        deliveryCode: '123456',
        createdAt: sql`least(now(), date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - ${daysAgo} * interval '1 day' + interval '1 hour')`,
      })
      .returning({ id: orders.id });
    return row!.id;
  }

  it('rolls every day before yesterday up on the first summary, and every period still matches the orders', async () => {
    const { owner, restaurant } = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    await placeOrdersOverDays(restaurant.id, customer.userId, 600, 45);

    await expectExactSummaries(restaurant.id, owner);
    const { rolled, truth, rolledUntil } = await rolledDaysAndTruth(restaurant.id);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(rolledUntil).toBe(yesterday);
    expect(rolled).toHaveLength(43);
    expect(rolled).toEqual(truth);

    await expectExactSummaries(restaurant.id, owner);
  });

  it('keeps rolled-up days exact when the kitchen cancels, a driver delivers or accepts an order placed days ago', async () => {
    const { owner, restaurant } = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    await placeOrdersOverDays(restaurant.id, customer.userId, 200, 10);
    const toCancel = await placeOrderDaysAgo(restaurant.id, customer.userId, 3, 'confirmed');
    const toDeliver = await placeOrderDaysAgo(restaurant.id, customer.userId, 3, 'picked_up', driver.userId);
    const toAccept = await placeOrderDaysAgo(restaurant.id, customer.userId, 5, 'ready');
    const yesterdays = await placeOrderDaysAgo(restaurant.id, customer.userId, 1, 'pending');
    await summary(restaurant.id, 'all', owner);

    const move = (user: TestUser, orderId: string, status: OrderStatus) =>
      t.app.inject({ method: 'PATCH', url: `/api/orders/${orderId}/status`, headers: user.authHeader, payload: { status } });
    expect((await move(owner, toCancel, 'cancelled')).statusCode).toBe(200);
    expect((await move(owner, yesterdays, 'cancelled')).statusCode).toBe(200);
    await moveOrder(t.app, { userId: driver.userId, role: 'driver' }, toDeliver, 'delivered', async () => undefined);
    // After the delivery: a driver on a delivery takes no other order.
    expect((await move(driver, toAccept, 'accepted')).statusCode).toBe(200);

    const { rolled, truth } = await rolledDaysAndTruth(restaurant.id);
    expect(rolled).toEqual(truth);
    await expectExactSummaries(restaurant.id, owner);
  });

  it('counts support closing an order placed days ago as delivered as a delivery, and as cancelled as a cancellation', async () => {
    const { owner, restaurant } = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const admin = await createUser(t, { role: 'admin' });
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    await placeOrdersOverDays(restaurant.id, customer.userId, 50, 6);
    const toDeliver = await placeOrderDaysAgo(restaurant.id, customer.userId, 3, 'picked_up', driver.userId);
    const toCancel = await placeOrderDaysAgo(restaurant.id, customer.userId, 4, 'accepted', driver.userId);
    await summary(restaurant.id, 'all', owner);

    const close = (orderId: string, outcome: OrderStatus) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/close`,
        headers: admin.authHeader,
        payload: { outcome, reason: 'Closed by support for the test' },
      });
    expect((await close(toDeliver, 'delivered')).statusCode).toBe(200);
    expect((await close(toCancel, 'cancelled')).statusCode).toBe(200);

    const { rolled, truth } = await rolledDaysAndTruth(restaurant.id);
    expect(rolled).toEqual(truth);
    await expectExactSummaries(restaurant.id, owner);
  });

  /**
   * A fill and a move of an order of a day it rolls up, truly at once: the embedded database has
   * one connection and runs transactions one after another, so only PostgreSQL can interleave them.
   */
  describe.runIf(process.env.TEST_DATABASE_URL)('a fill racing a move of an old order (PostgreSQL)', () => {
    const waitingOnLocks = async () => {
      const result = await t.app.db.execute(
        sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return (result as { rows: { waiting: number }[] }).rows[0]?.waiting;
    };

    async function oldConfirmedOrder() {
      const { owner, restaurant } = await openRestaurant(t);
      const customer = await createUser(t, { role: 'customer' });
      await placeOrdersOverDays(restaurant.id, customer.userId, 100, 8);
      const orderId = await placeOrderDaysAgo(restaurant.id, customer.userId, 4, 'confirmed');
      const cancel = { orderId, from: 'confirmed' as const, to: 'cancelled' as const, driverBefore: null };
      return { owner, restaurant, cancel };
    }

    it('counts a move that took the restaurant row first: the fill waits and sums it', async () => {
      const { owner, restaurant, cancel } = await oldConfirmedOrder();
      let commitMove = () => {};
      const moveHeld = new Promise<void>((resolve) => (commitMove = resolve));
      let moved = () => {};
      const moveMade = new Promise<void>((resolve) => (moved = resolve));
      const movement = t.app.db.transaction(async (tx) => {
        expect(await updateStatusIfCurrent(tx, cancel)).toBeDefined();
        moved();
        await moveHeld;
      });
      await moveMade;
      const fill = rollUpSalesDays(t.app.db, restaurant.id);
      await expect.poll(waitingOnLocks).toBe(1);
      commitMove();
      await Promise.all([movement, fill]);

      const { rolled, truth } = await rolledDaysAndTruth(restaurant.id);
      expect(rolled).toEqual(truth);
      await expectExactSummaries(restaurant.id, owner);
    });

    it('corrects the rolled-up day for a move that waited on a fill: it sees the new watermark once the fill commits', async () => {
      const { owner, restaurant, cancel } = await oldConfirmedOrder();
      // An owner's settings edit holds the row, so the fill queues first and the move after it.
      let endEdit = () => {};
      const editHeld = new Promise<void>((resolve) => (endEdit = resolve));
      let edited = () => {};
      const editStarted = new Promise<void>((resolve) => (edited = resolve));
      const edit = t.app.db.transaction(async (tx) => {
        await tx.update(restaurants).set({ name: 'Renamed Kitchen' }).where(eq(restaurants.id, restaurant.id));
        edited();
        await editHeld;
      });
      await editStarted;
      const fill = rollUpSalesDays(t.app.db, restaurant.id);
      await expect.poll(waitingOnLocks).toBe(1);
      const movement = t.app.db.transaction(async (tx) => {
        expect(await updateStatusIfCurrent(tx, cancel)).toBeDefined();
      });
      await expect.poll(waitingOnLocks).toBe(2);
      endEdit();
      await Promise.all([edit, fill, movement]);

      const { rolled, truth } = await rolledDaysAndTruth(restaurant.id);
      expect(rolled.length).toBeGreaterThan(0);
      expect(rolled).toEqual(truth);
      await expectExactSummaries(restaurant.id, owner);
    });
  });
});
