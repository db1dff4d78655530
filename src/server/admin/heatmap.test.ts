import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  busiestFirst,
  cellOf,
  groupIntoCells,
  HEATMAP_STATUSES,
  intensityOf,
  MAX_HEATMAP_LOCATIONS,
  type Heatmap,
  type HeatmapPeriod,
} from '@shared/admin/heatmap.js';
import { NEIGHBOURHOODS } from '@shared/admin/neighbourhoods.js';
import { ORDER_STATUSES, type OrderStatus } from '@shared/orders/status.js';
import { heatmapPlaces, orders } from '../db/schema.js';
import { seedDemo } from '../db/seed.js';
import { openRestaurant } from '../orders/testOrders.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp, type TestContext } from '../test/app.js';

interface OrderAt {
  lat: number | null;
  lng: number | null;
  status?: OrderStatus;
  daysAgo?: number;
}

/** Orders written straight into the table (the heat map reads the table; checkout has its own tests). */
async function insertOrders(t: TestContext, wanted: readonly OrderAt[]) {
  const { restaurant } = await openRestaurant(t);
  const customer = await createUser(t, { role: 'customer' });
  const now = Date.now();
  const rows = await t.app.db
    .insert(orders)
    .values(
      wanted.map((order) => ({
        customerId: customer.userId,
        restaurantId: restaurant.id,
        status: order.status ?? 'delivered',
        totalAmount: 2500,
        commissionAmount: 250,
        restaurantPayout: 2250,
        commissionBps: 1000,
        currencySymbol: 'GH₵',
        deliveryAddress: '7 Spintex Road, Accra',
        deliveryPhone: '+233 24 555 0102',
        deliveryLatitude: order.lat,
        deliveryLongitude: order.lng,
        deliveryCode: '123456',
        createdAt: new Date(now - (order.daysAgo ?? 0) * 86_400_000 - 60_000),
      })),
    )
    .returning({ id: orders.id });
  return rows.map((row) => row.id);
}

async function heatmapOf(t: TestContext, admin: TestUser, period: HeatmapPeriod = 'all'): Promise<Heatmap> {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/heatmap?period=${period}`, headers: admin.authHeader });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The places as (lat, lng, count) triples, the form the expectations below are written in. */
const triples = (heatmap: Heatmap) => heatmap.locations.map((l) => [l.lat, l.lng, l.orderCount]);

/** What the live grouping of every counted order gives, for comparison with the trigger's counts. */
async function liveCells(t: TestContext) {
  const rows = await t.app.db
    .select({ lat: orders.deliveryLatitude, lng: orders.deliveryLongitude, status: orders.status })
    .from(orders);
  return groupIntoCells(
    rows.flatMap((row) =>
      row.lat !== null && row.lng !== null && (HEATMAP_STATUSES as readonly string[]).includes(row.status)
        ? [{ lat: row.lat, lng: row.lng }]
        : [],
    ),
  );
}

async function storedCells(t: TestContext) {
  const rows = await t.app.db.select().from(heatmapPlaces);
  return rows.map((row) => ({ latCell: row.latCell, lngCell: row.lngCell, orderCount: row.orders })).sort(busiestFirst);
}

describe('GET /api/admin/heatmap', () => {
  const t = useTestApp();

  it('answers 401 without a session and 403 to every role but admin', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/heatmap' })).statusCode).toBe(401);
    for (const role of ['customer', 'restaurant', 'manager', 'driver'] as const) {
      const user = await createUser(t, { role, verifiedDriver: role === 'driver' });
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/heatmap', headers: user.authHeader });
      expect(res.statusCode, role).toBe(403);
    }
  });

  it('refuses an unknown period', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/heatmap?period=1y', headers: admin.authHeader });
    expect(res.statusCode).toBe(400);
  });

  it('answers an empty map with zero totals', async () => {
    const admin = await createUser(t, { role: 'admin' });
    for (const period of ['7d', 'all'] as const) {
      expect(await heatmapOf(t, admin, period)).toMatchObject({
        period,
        locations: [],
        totalLocations: 0,
        totalOrders: 0,
        limit: MAX_HEATMAP_LOCATIONS,
      });
    }
  });

  it('groups orders by their delivery point rounded to 4 decimals, busiest first, each order adding 1', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const points = [
      // One cell, 5.6037 / -0.1870, reached from both sides.
      { lat: 5.60371, lng: -0.18704 },
      { lat: 5.60366, lng: -0.186996 },
      { lat: 5.6037, lng: -0.187 },
      // The next cell north.
      { lat: 5.60376, lng: -0.187 },
      // 5.60375 * 10000 is 56037.5 exactly: ties go to the even cell, 56038, the same as above.
      { lat: 5.60375, lng: -0.187 },
      // Far away, alone.
      { lat: -1.2921, lng: 36.7846 },
    ];
    await insertOrders(t, points);

    const expected = groupIntoCells(points);
    expect(expected.map((cell) => cell.orderCount)).toEqual([3, 2, 1]);
    for (const period of ['7d', '30d', '90d', 'all'] as const) {
      const heatmap = await heatmapOf(t, admin, period);
      expect(triples(heatmap), period).toEqual([
        [5.6037, -0.187, 3],
        [5.6038, -0.187, 2],
        [-1.2921, 36.7846, 1],
      ]);
      expect(heatmap).toMatchObject({ totalLocations: 3, totalOrders: 6 });
      expect(heatmap.locations.map((l) => l.intensity)).toEqual([intensityOf(3), intensityOf(2), intensityOf(1)]);
    }
    expect(cellOf(5.60375)).toBe(56038);
  });

  it('counts orders that reached ready (ready, accepted, picked up, delivered) and have both coordinates, and nothing else', async () => {
    const admin = await createUser(t, { role: 'admin' });
    // Each status at its own place, 0.01 degree apart.
    await insertOrders(
      t,
      ORDER_STATUSES.map((status, index) => ({ lat: 5.5 + index / 100, lng: -0.2, status })),
    );
    await insertOrders(t, [
      { lat: null, lng: null, status: 'delivered' },
      { lat: null, lng: null, status: 'ready' },
    ]);

    for (const period of ['7d', 'all'] as const) {
      const heatmap = await heatmapOf(t, admin, period);
      const shown = heatmap.locations.map((l) => ORDER_STATUSES[Math.round((l.lat - 5.5) * 100)]);
      expect(shown.sort(), period).toEqual(['accepted', 'delivered', 'picked_up', 'ready']);
      expect(heatmap.totalOrders).toBe(4);
    }
  });

  it('counts the orders placed within the period, and every order for all time', async () => {
    const admin = await createUser(t, { role: 'admin' });
    await insertOrders(t, [
      { lat: 5.6, lng: -0.2, daysAgo: 0 },
      { lat: 5.6, lng: -0.2, daysAgo: 6 },
      { lat: 5.6, lng: -0.2, daysAgo: 8 },
      { lat: 5.6, lng: -0.2, daysAgo: 29 },
      { lat: 5.6, lng: -0.2, daysAgo: 31 },
      { lat: 5.6, lng: -0.2, daysAgo: 89 },
      { lat: 5.6, lng: -0.2, daysAgo: 91 },
      { lat: 5.6, lng: -0.2, daysAgo: 700 },
    ]);
    const counts: Record<HeatmapPeriod, number> = { '7d': 2, '30d': 4, '90d': 6, all: 8 };
    for (const [period, count] of Object.entries(counts) as [HeatmapPeriod, number][]) {
      const heatmap = await heatmapOf(t, admin, period);
      expect(triples(heatmap), period).toEqual([[5.6, -0.2, count]]);
      if (period === 'all') expect(heatmap.from).toBeNull();
      else expect(Date.now() - Date.parse(heatmap.from!)).toBeGreaterThan(Number(period.slice(0, -1)) * 86_400_000 - 60_000);
    }
  });

  it('names a place after the nearest neighbourhood within 1.5 km, and leaves places farther from all of them unnamed', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const osu = NEIGHBOURHOODS.find((n) => n.name === 'Osu')!;
    const karen = NEIGHBOURHOODS.find((n) => n.name === 'Karen')!;
    // 0.009 degree of latitude is about 1.0 km; 0.0145 about 1.6 km.
    await insertOrders(t, [
      { lat: osu.lat - 0.009, lng: osu.lng },
      { lat: osu.lat - 0.009, lng: osu.lng },
      { lat: karen.lat - 0.0145, lng: karen.lng - 0.0145 },
      // The Gulf of Guinea, off Accra: far from every neighbourhood.
      { lat: 5.3, lng: -0.2 },
    ]);
    const heatmap = await heatmapOf(t, admin);
    expect(heatmap.locations.map((l) => l.name)).toEqual(['Osu, Accra', null, null]);
  });

  it('sends at most 2,000 places, the busiest, with totals over every place', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const { restaurant } = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const extra = 25;
    // One busy place (3 orders), then MAX + extra - 1 places of one order each, 0.0001 degree apart.
    await t.app.db.execute(sql`
      insert into orders (customer_id, restaurant_id, status, total_amount, commission_amount, restaurant_payout,
        commission_bps, currency_symbol, delivery_address, delivery_phone, delivery_code, delivery_latitude, delivery_longitude)
      select ${customer.userId}, ${restaurant.id}, 'delivered', 1000, 100, 900, 1000, 'GH₵', 'Accra', '+233 24 555 0102', '123456',
        case when n <= 3 then 5.6 else 5.6 + n * 0.0001 end, -0.2
      from generate_series(1, ${MAX_HEATMAP_LOCATIONS + extra + 2}::int) as n`);
    for (const period of ['30d', 'all'] as const) {
      const heatmap = await heatmapOf(t, admin, period);
      expect(heatmap.locations).toHaveLength(MAX_HEATMAP_LOCATIONS);
      expect(heatmap.totalLocations).toBe(MAX_HEATMAP_LOCATIONS + extra);
      expect(heatmap.totalOrders).toBe(MAX_HEATMAP_LOCATIONS + extra + 2);
      expect(heatmap.locations[0]).toMatchObject({ lat: 5.6, lng: -0.2, orderCount: 3 });
      // Among equals, south to north: the northernmost places are the ones left out.
      expect(heatmap.locations.at(-1)!.lat).toBeCloseTo(5.6 + (MAX_HEATMAP_LOCATIONS + 2) * 0.0001, 6);
    }
  });

  it('keeps the all-time counts equal to the live grouping through status moves, declines, moved pins and deletions', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const [a, b, c, d, e] = await insertOrders(t, [
      { lat: 5.6, lng: -0.2, status: 'preparing' },
      { lat: 5.6, lng: -0.2, status: 'ready' },
      { lat: 5.61, lng: -0.2, status: 'ready' },
      { lat: 5.62, lng: -0.2, status: 'confirmed' },
      { lat: null, lng: null, status: 'ready' },
    ]);
    const check = async (step: string) => {
      expect(await storedCells(t), step).toEqual(await liveCells(t));
      const shown = await heatmapOf(t, admin, 'all');
      expect(shown.totalOrders, step).toBe((await liveCells(t)).reduce((sum, cell) => sum + cell.orderCount, 0));
    };
    const move = (id: string, fields: Partial<typeof orders.$inferInsert>) =>
      t.app.db.update(orders).set(fields).where(eq(orders.id, id));

    await check('inserted');
    await move(a!, { status: 'ready' });
    await check('ready');
    for (const status of ['accepted', 'ready', 'accepted', 'picked_up', 'delivered'] as const) {
      await move(b!, { status });
      await check(`b ${status}`);
    }
    await move(c!, { deliveryLatitude: 5.6 });
    await check('pin moved into a busier cell');
    await move(d!, { status: 'cancelled' });
    await check('cancelled');
    await move(e!, { deliveryLatitude: 5.63, deliveryLongitude: -0.2 });
    await check('pin added to a ready order');
    await t.app.db.delete(orders).where(eq(orders.id, c!));
    await check('deleted');
    await t.app.db.delete(orders);
    await check('all deleted');
    expect(await t.app.db.select().from(heatmapPlaces)).toEqual([]);
  });

  it('empties the all-time counts when the orders are truncated', async () => {
    await insertOrders(t, [{ lat: 5.6, lng: -0.2 }]);
    expect(await t.app.db.select().from(heatmapPlaces)).toHaveLength(1);
    await t.app.db.execute(sql`truncate orders cascade`);
    expect(await t.app.db.select().from(heatmapPlaces)).toEqual([]);
  });

  it('puts every order in the cell shared cellOf() gives, on both sides of zero and at ties', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const points = [
      { lat: 0.00005, lng: -0.00005 },
      { lat: -0.00015, lng: 0.00015 },
      { lat: 5.60365, lng: -0.18725 },
      { lat: 1.00005, lng: -1.00005 },
      { lat: 89.99995, lng: 179.99995 },
      { lat: -89.99995, lng: -179.99995 },
      { lat: 6.45455, lng: 3.39415 },
    ];
    await insertOrders(t, points);
    const expected = groupIntoCells(points).map((cell) => [cell.latCell / 10000, cell.lngCell / 10000, cell.orderCount]);
    const sorted = (rows: number[][]) => [...rows].sort((x, y) => x[0]! - y[0]! || x[1]! - y[1]!);
    expect(sorted(triples(await heatmapOf(t, admin, 'all')))).toEqual(sorted(expected));
    expect(sorted(triples(await heatmapOf(t, admin, '7d')))).toEqual(sorted(expected));
  });

  it('shows the demo data as real, named places in Accra: no sample places are mixed in', async () => {
    await seedDemo(t.app);
    const admin = await createUser(t, { role: 'admin' });
    const heatmap = await heatmapOf(t, admin, 'all');
    expect(heatmap.totalOrders).toBe((await liveCells(t)).reduce((sum, cell) => sum + cell.orderCount, 0));
    expect(heatmap.totalLocations).toBeGreaterThanOrEqual(10);
    expect(heatmap.locations.every((location) => location.name?.endsWith(', Accra'))).toBe(true);
    expect(heatmap.locations[0]).toMatchObject({ name: 'Osu, Accra' });
  });
});
