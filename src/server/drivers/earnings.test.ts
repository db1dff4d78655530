import { describe, expect, it } from 'vitest';
import { earningsPeriods, type Earnings } from '@shared/drivers/earnings.js';
import { backdatePostings, deliverOrder } from '../ledger/testStatements.js';
import { openRestaurant } from '../orders/testOrders.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';

describe("a rider's earnings: today, this week, what they are owed, the cash they hold, and their deliveries", () => {
  const t = useTestApp();

  const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user?.authHeader });
  const earningsOf = async (user: TestUser, query = ''): Promise<Earnings> => {
    const res = await get(`/api/drivers/me/earnings${query}`, user);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('sums fee less share plus tip by delivery time, in UTC days and weeks from Monday', async () => {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const rider = await createUser(t, { role: 'driver', verifiedDriver: true });
    const otherRider = await createUser(t, { role: 'driver', verifiedDriver: true });
    const { dayStart, weekStart } = earningsPeriods(new Date());
    const HOUR = 3_600_000;

    // Delivered now, an hour before today began, and two hours before this week began: on a Monday
    // the week begins with the day, and the two past deliveries must not tie in the list's order.
    const now = await deliverOrder(t, kitchen, customer, rider, { deliveryFee: 800, deliveryShare: 160, tip: 300 });
    const yesterday = await deliverOrder(t, kitchen, customer, rider, { quantity: 2, deliveryFee: 500, deliveryShare: 100 });
    const lastWeek = await deliverOrder(t, kitchen, customer, rider, { deliveryFee: 1000, deliveryShare: 200, tip: 50 });
    await deliverOrder(t, kitchen, customer, otherRider, { deliveryFee: 999, deliveryShare: 0, tip: 1 });
    const yesterdayAt = new Date(dayStart.getTime() - HOUR);
    const lastWeekAt = new Date(weekStart.getTime() - 2 * HOUR);
    await backdatePostings(t, yesterday.orderId, yesterdayAt);
    await backdatePostings(t, lastWeek.orderId, lastWeekAt);
    expect([now.riderEarning, yesterday.riderEarning, lastWeek.riderEarning]).toEqual([940, 400, 850]);

    const earnings = await earningsOf(rider);
    // On a Monday, yesterday was last week.
    const yesterdayInWeek = yesterdayAt >= weekStart;
    expect(earnings).toMatchObject({
      day: dayStart.toISOString().slice(0, 10),
      weekStart: weekStart.toISOString().slice(0, 10),
    });
    expect(new Date(`${earnings.weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(earnings.totals).toEqual([
      {
        currencySymbol: 'GH₵',
        today: 940,
        todayDeliveries: 1,
        week: 940 + (yesterdayInWeek ? 400 : 0),
        weekDeliveries: yesterdayInWeek ? 2 : 1,
        owed: 940 + 400 + 850,
        cashHeld: now.charge + yesterday.charge + lastWeek.charge,
      },
    ]);
    expect(now.charge).toBe(2500 + 800 + 300);

    expect(earnings.deliveries.nextCursor).toBeNull();
    expect(earnings.deliveries.items).toEqual([
      {
        orderId: now.orderId,
        shortId: now.orderId.slice(0, 8),
        restaurantName: kitchen.restaurant.name,
        currencySymbol: 'GH₵',
        deliveredAt: expect.any(String),
        feePart: 640,
        tip: 300,
        earning: 940,
      },
      expect.objectContaining({
        orderId: yesterday.orderId,
        deliveredAt: yesterdayAt.toISOString(),
        feePart: 400,
        tip: 0,
        earning: 400,
      }),
      expect.objectContaining({
        orderId: lastWeek.orderId,
        deliveredAt: lastWeekAt.toISOString(),
        feePart: 800,
        tip: 50,
        earning: 850,
      }),
    ]);

    // Paged newest first, the totals on every page.
    const first = await earningsOf(rider, '?limit=2');
    expect(first.deliveries.items.map((item) => item.orderId)).toEqual([now.orderId, yesterday.orderId]);
    const second = await earningsOf(rider, `?limit=2&cursor=${first.deliveries.nextCursor}`);
    expect(second.deliveries).toMatchObject({
      items: [expect.objectContaining({ orderId: lastWeek.orderId })],
      nextCursor: null,
    });
    expect(second.totals).toEqual(earnings.totals);
  });

  it('answers a new rider no totals and no deliveries', async () => {
    const rider = await createUser(t, { role: 'driver' });
    expect(await earningsOf(rider)).toMatchObject({ totals: [], deliveries: { items: [], nextCursor: null } });
  });

  it('is for drivers only, each about themselves', async () => {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const admin = await createUser(t, { role: 'admin' });
    for (const other of [customer, kitchen.owner, admin]) {
      const res = await get('/api/drivers/me/earnings', other);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('Only drivers have earnings and statements');
    }
    expect((await get('/api/drivers/me/earnings')).statusCode).toBe(401);
  });
});
