import { asc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOverview } from '@shared/admin/overview.js';
import type { OrderStatus } from '@shared/orders/status.js';
import { orders, platformSalesDays, platformSalesRollup } from '../db/schema.js';
import { openRestaurant } from '../orders/testOrders.js';
import { insertRestaurant } from '../restaurants/testFixtures.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { chartStart, getAdminOverview } from './overview.js';
import { rowsOf } from '../db/rows.js';

const STATUSES: OrderStatus[] = ['pending', 'confirmed', 'preparing', 'ready', 'accepted', 'picked_up', 'delivered', 'cancelled'];

describe('GET /api/admin/overview', () => {
  const t = useTestApp();

  const overview = async (user: TestUser) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/overview', headers: user.authHeader });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdminOverview>();
  };

  /** `count` orders of the restaurant over the last `days` UTC days, of every status, at all hours up to midnight's edges. */
  async function placeOrdersOverDays(restaurantId: string, customerId: string, currency: string, count: number, days: number) {
    await t.app.db.execute(sql`
      insert into orders (customer_id, restaurant_id, status, total_amount, commission_amount, restaurant_payout,
        commission_bps, currency_symbol, delivery_address, delivery_phone, delivery_code, created_at)
      select ${customerId}, ${restaurantId}, (${sql.param(STATUSES)}::text[])[1 + n % ${STATUSES.length}],
        700 + n * 37 % 4000, (700 + n * 37 % 4000) / 10, (700 + n * 37 % 4000) - (700 + n * 37 % 4000) / 10,
        1000, ${currency}, '7 Spintex Road, Accra', '+233 24 555 0102', '123456',
        least(now(), date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
          - (n % ${days}) * interval '1 day' + (array[0, 1, 43200, 86399])[1 + n / ${days} % 4] * interval '1 second')
      from generate_series(1, ${count}) as n`);
  }

  /** What the overview must answer about orders and money, in the plainest SQL over every order. */
  async function truth(from: Date) {
    const kept = sql`status <> 'cancelled'`;
    const currencies = rowsOf<{ currencySymbol: string; orders: number; revenue: number; commission: number }>(
      await t.app.db.execute(sql`
        select currency_symbol as "currencySymbol", (count(*) filter (where ${kept}))::float8 as orders,
          coalesce(sum(total_amount) filter (where ${kept}), 0)::float8 as revenue,
          coalesce(sum(commission_amount) filter (where ${kept}), 0)::float8 as commission
        from orders group by 1 order by 2 desc, 1`),
    );
    const days = rowsOf<{ day: string; currencySymbol: string; orders: number; revenue: number }>(
      await t.app.db.execute(sql`
        select (created_at at time zone 'UTC')::date::text as day, currency_symbol as "currencySymbol",
          count(*)::float8 as orders, sum(total_amount)::float8 as revenue
        from orders where ${kept} and created_at >= ${from.toISOString()}::timestamptz
        group by 1, 2 order by 1, 2`),
    );
    const [totals] = rowsOf<{ orders: number; cancelled: number }>(
      await t.app.db.execute(
        sql`select count(*)::float8 as orders, (count(*) filter (where status = 'cancelled'))::float8 as cancelled from orders`,
      ),
    );
    return { orders: totals!.orders, cancelledOrders: totals!.cancelled, currencies, days };
  }

  async function platformDaysAndTruth() {
    const [mark] = await t.app.db
      .select({ rolledUntil: sql<string>`${platformSalesRollup.rolledUntil}::text` })
      .from(platformSalesRollup);
    const rolled = await t.app.db
      .select()
      .from(platformSalesDays)
      .orderBy(asc(platformSalesDays.day), asc(platformSalesDays.currencySymbol));
    const kept = sql`status <> 'cancelled'`;
    const day = sql`(created_at at time zone 'UTC')::date`;
    const expected = rowsOf<typeof platformSalesDays.$inferSelect>(
      await t.app.db.execute(sql`
        select ${day}::text as day, currency_symbol as "currencySymbol", (count(*) filter (where ${kept}))::int as orders,
          (count(*) filter (where status = 'cancelled'))::int as cancelled,
          coalesce(sum(total_amount) filter (where ${kept}), 0)::float8 as sales,
          coalesce(sum(commission_amount) filter (where ${kept}), 0)::float8 as commission
        from orders where ${day} < ${mark!.rolledUntil}::date group by 1, 2 order by 1, 2`),
    );
    return { rolledUntil: mark!.rolledUntil, rolled, expected };
  }

  it('counts people and places exactly, sums money per currency only, charts 30 days and counts the orders in progress', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const { restaurant } = await openRestaurant(t);
    const lagosOwner = await createUser(t, { role: 'restaurant' });
    const lagos = await insertRestaurant(t.app.db, { ownerId: lagosOwner.userId, currencySymbol: '₦', country: 'Nigeria' });
    const customer = await createUser(t, { role: 'customer' });
    await createUser(t, { role: 'driver' });
    await createUser(t, { role: 'driver', verifiedDriver: true });
    await createUser(t, { role: 'manager' });
    await placeOrdersOverDays(restaurant.id, customer.userId, 'GH₵', 300, 45);
    await placeOrdersOverDays(lagos.id, customer.userId, '₦', 120, 20);

    const answer = await overview(admin);
    // admin, owner, second owner, customer, two drivers, manager
    expect(answer.users).toEqual({ count: 7, approximate: false });
    expect(answer.restaurants).toEqual({ count: 2, approximate: false });
    expect(answer.drivers).toEqual({ count: 2, approximate: false });
    const from = chartStart(new Date());
    expect(answer.from).toBe(from.toISOString());
    expect(answer).toMatchObject(await truth(from));
    expect(answer.currencies.map((c) => c.currencySymbol)).toEqual(['GH₵', '₦']);
    expect(answer.orders).toBe(420);
    expect(new Set(answer.days.map((day) => day.day)).size).toBeLessThanOrEqual(30);

    const inProgress = rowsOf<{ status: string; count: number }>(
      await t.app.db.execute(sql`select status, count(*)::int as count from orders group by status`),
    );
    expect(answer.waiting.map((entry) => entry.status)).toEqual([
      'pending',
      'confirmed',
      'preparing',
      'ready',
      'accepted',
      'picked_up',
    ]);
    for (const entry of answer.waiting)
      expect(entry.count, entry.status).toBe(inProgress.find((row) => row.status === entry.status)?.count);
  });

  it('rolls finished days up on the first overview and stays exact, through cancellations of old orders too', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const { owner, restaurant } = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    await placeOrdersOverDays(restaurant.id, customer.userId, 'GH₵', 400, 40);
    // An order placed three days ago that the kitchen has not finished: it will cancel it once its day is rolled up.
    const [old] = await t.app.db
      .insert(orders)
      .values({
        customerId: customer.userId,
        restaurantId: restaurant.id,
        status: 'confirmed',
        totalAmount: 5000,
        commissionAmount: 500,
        restaurantPayout: 4500,
        commissionBps: 1000,
        currencySymbol: 'GH₵',
        deliveryAddress: '7 Spintex Road, Accra',
        deliveryPhone: '+233 24 555 0102',
        deliveryCode: '123456',
        createdAt: sql`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - interval '3 days' + interval '1 hour'`,
      })
      .returning({ id: orders.id });
    const first = await overview(admin);

    const { rolledUntil, rolled, expected } = await platformDaysAndTruth();
    expect(rolledUntil).toBe(new Date(Date.now() - 86_400_000).toISOString().slice(0, 10));
    expect(rolled.length).toBe(38);
    expect(rolled).toEqual(expected);
    // Read again from the rollup: the same answer.
    expect(await overview(admin)).toEqual(first);

    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${old!.id}/status`,
      headers: owner.authHeader,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const after = await platformDaysAndTruth();
    expect(after.rolled).toEqual(after.expected);
    const answer = await overview(admin);
    expect(answer).toMatchObject(await truth(chartStart(new Date())));
    expect(answer.cancelledOrders).toBe(first.cancelledOrders + 1);
  });

  it("answers the planner's estimate, marked approximate, for a table past the threshold", async () => {
    await createUser(t, { role: 'customer' });
    await createUser(t, { role: 'customer' });
    await t.app.db.execute(sql`analyze users`);
    const answer = await getAdminOverview(t.app.database, { estimateFrom: 1 });
    expect(answer.users).toEqual({ count: 2, approximate: true });
    // Never analysed in this test database: counted, whatever the threshold.
    expect(answer.restaurants.approximate).toBe(false);
  });

  it('counts the orders in progress and sums the live days through indexes, not by reading every order', async () => {
    // Three months of orders between several kitchens and customers, all but the last day's delivered, as the planner would see them.
    for (let kitchen = 0; kitchen < 6; kitchen += 1) {
      const { restaurant } = await openRestaurant(t);
      const customer = await createUser(t, { role: 'customer' });
      await placeOrdersOverDays(restaurant.id, customer.userId, 'GH₵', 500, 90);
    }
    await t.app.db.execute(sql`update orders set status = 'delivered' where created_at < now() - interval '1 day'`);
    // Vacuumed too: the test database may come from earlier test files of this worker, whose
    // thousands of deleted orders would otherwise weigh on the plan.
    await t.app.db.execute(sql`vacuum analyze orders`);
    const plans = await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const explain = async (query: string) =>
        rowsOf<Record<string, string>>(await tx.execute(sql.raw(`explain ${query}`)))
          .map((row) => Object.values(row)[0])
          .join('\n');
      return {
        waiting: await explain(
          `select status, count(*) from orders where status in ('pending', 'confirmed', 'preparing', 'ready', 'accepted', 'picked_up') group by status`,
        ),
        live: await explain(`select count(*) from orders where created_at >= now() - interval '1 day'`),
      };
    });
    expect(plans.waiting).toContain('orders_status_idx');
    expect(plans.live).toContain('orders_created_idx');
  });

  it('refuses anonymous callers (401) and every role but admin (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/overview' })).statusCode).toBe(401);
    for (const role of ['customer', 'restaurant', 'manager', 'driver'] as const) {
      const user = await createUser(t, { role });
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/overview', headers: user.authHeader });
      expect(res.statusCode, role).toBe(403);
    }
  });
});
