import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, profiles, restaurantMembers } from '../db/schema.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { forceStatus, openRestaurant, placeOrder } from './testOrders.js';

describe('order lists: each audience its own view, a page at a time', () => {
  const t = useTestApp();

  const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user?.authHeader });

  /** Every page of a list, following nextCursor. */
  async function allPages(url: string, user: TestUser, limit: number) {
    const pages: { items: { id: string }[]; nextCursor: string | null }[] = [];
    let cursor: string | null = null;
    do {
      const separator = url.includes('?') ? '&' : '?';
      const res = await get(`${url}${separator}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, user);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor);
    return pages;
  }

  it('pages My Orders newest first without repeating or skipping an order, even among orders of the same instant', async () => {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const placed = [];
    for (let n = 0; n < 5; n++) placed.push(await placeOrder(t, customer, kitchen));
    await t.app.db
      .update(orders)
      .set({ createdAt: sql`'2026-11-01T10:00:00.123456Z'::timestamptz` })
      .where(eq(orders.id, placed[1]!.id));
    await t.app.db
      .update(orders)
      .set({ createdAt: sql`'2026-11-01T10:00:00.123456Z'::timestamptz` })
      .where(eq(orders.id, placed[2]!.id));

    const pages = await allPages('/api/orders/mine', customer, 2);

    expect(pages.map((page) => page.items.length)).toEqual([2, 2, 1]);
    const ids = pages.flatMap((page) => page.items.map((order) => order.id));
    expect(new Set(ids)).toEqual(new Set(placed.map((order) => order.id)));
    expect(ids.slice(-2).sort()).toEqual([placed[1]!.id, placed[2]!.id].sort());
    expect(pages.at(-1)?.nextCursor).toBeNull();
  });

  it('refuses a malformed cursor and a page size out of range with 400', async () => {
    const customer = await createUser(t, { role: 'customer' });
    for (const query of ['cursor=abc', 'cursor=1_not-a-uuid', 'limit=0', 'limit=51', 'limit=two']) {
      const res = await get(`/api/orders/mine?${query}`, customer);
      expect(res.statusCode, query).toBe(400);
    }
  });

  async function scene() {
    const kitchen = await openRestaurant(t);
    const rival = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer', fullName: 'Ama Mensah' });
    const manager = await createUser(t, { role: 'manager' });
    const outsider = await createUser(t, { role: 'manager' });
    await t.app.db.insert(restaurantMembers).values({ restaurantId: kitchen.restaurant.id, userId: manager.userId });
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    const admin = await createUser(t, { role: 'admin' });
    const active = await placeOrder(t, customer, kitchen, 2);
    const delivered = await placeOrder(t, customer, kitchen);
    const cancelled = await placeOrder(t, customer, kitchen);
    const ready = await placeOrder(t, customer, kitchen);
    const elsewhere = await placeOrder(t, customer, rival);
    await forceStatus(t, delivered.id, 'delivered', driver.userId);
    await forceStatus(t, cancelled.id, 'cancelled');
    await forceStatus(t, ready.id, 'ready');
    return { kitchen, rival, customer, manager, outsider, driver, admin, active, delivered, cancelled, ready, elsewhere };
  }

  const ids = (res: { json(): { items: { id: string }[] } }) => res.json().items.map((order) => order.id);
  const PRIVATE = ['deliveryCode', 'deliveryPhone'];

  it('splits My Orders into the active ones and the past ones (delivered or cancelled), each paged, and all without a tab', async () => {
    const s = await scene();

    expect(ids(await get('/api/orders/mine?tab=active', s.customer))).toEqual([s.elsewhere.id, s.ready.id, s.active.id]);
    expect(ids(await get('/api/orders/mine?tab=past', s.customer))).toEqual([s.cancelled.id, s.delivered.id]);
    expect(ids(await get('/api/orders/mine', s.customer))).toEqual([
      s.elsewhere.id,
      s.ready.id,
      s.cancelled.id,
      s.delivered.id,
      s.active.id,
    ]);
    const pages = await allPages('/api/orders/mine?tab=active', s.customer, 2);
    expect(pages.flatMap((page) => page.items.map((order) => order.id))).toEqual([s.elsewhere.id, s.ready.id, s.active.id]);
    const unknownTab = await get('/api/orders/mine?tab=completed', s.customer);
    expect(unknownTab.statusCode).toBe(400);
    expect(unknownTab.json()).toMatchObject({ error: { fields: { tab: 'The tab is one of active, past' } } });
  });

  it("shows the kitchen its board by tab: the customer's name, lines, address, phone and notes, never the code", async () => {
    const s = await scene();
    const url = `/api/restaurants/${s.kitchen.restaurant.id}/orders`;
    await t.app.db.update(orders).set({ notes: 'No pepper, ring at the blue gate' }).where(eq(orders.id, s.active.id));

    const active = await get(url, s.kitchen.owner);
    expect(active.statusCode).toBe(200);
    expect(ids(active)).toEqual([s.ready.id, s.active.id]);
    expect(active.json().items[1]).toMatchObject({
      customerName: 'Ama Mensah',
      items: [{ name: 'Waakye', quantity: 2, price: 2500 }],
      totalAmount: 5000,
      paymentMethod: 'cash',
      deliveryAddress: '7 Spintex Road, Accra',
      deliveryPhone: '+233 24 555 0102',
      notes: 'No pepper, ring at the blue gate',
      hasDriver: false,
    });
    expect(active.json().items[1]).not.toHaveProperty('deliveryCode');
    expect(active.body).not.toContain(s.active.deliveryCode);
    expect(ids(await get(`${url}?tab=completed`, s.kitchen.owner))).toEqual([s.cancelled.id, s.delivered.id]);
    expect((await get(url, s.admin)).statusCode).toBe(200);

    for (const refused of [s.manager, s.customer, s.driver]) expect((await get(url, refused)).statusCode).toBe(403);
    // Another owner's restaurant does not exist for this owner (issue 8: 404).
    expect((await get(url, s.rival.owner)).statusCode).toBe(404);
    expect((await get(url)).statusCode).toBe(401);
  });

  it("shows sales to the owner and that restaurant's managers: money, no address, phone or code", async () => {
    const s = await scene();
    const url = `/api/restaurants/${s.kitchen.restaurant.id}/transactions`;

    const recent = await get(url, s.manager);
    expect(recent.statusCode).toBe(200);
    expect(ids(recent)).toEqual([s.ready.id, s.cancelled.id, s.delivered.id, s.active.id]);
    expect(recent.json().items[3]).toMatchObject({
      totalAmount: 5000,
      commissionAmount: 500,
      restaurantPayout: 4500,
      items: [{ name: 'Waakye', quantity: 2, price: 2500, choices: [] }],
    });
    for (const key of [...PRIVATE, 'deliveryAddress']) expect(recent.json().items[3]).not.toHaveProperty(key);
    expect(ids(await get(`${url}?tab=completed`, s.manager))).toEqual([s.delivered.id]);
    expect((await get(url, s.kitchen.owner)).statusCode).toBe(200);
    expect((await get(url, s.admin)).statusCode).toBe(200);

    for (const refused of [s.customer, s.driver]) expect((await get(url, refused)).statusCode).toBe(403);
    // Another owner's, or another restaurant's manager's, view: no such restaurant (issue 8: 404).
    for (const stranger of [s.outsider, s.rival.owner]) expect((await get(url, stranger)).statusCode).toBe(404);
  });

  it('shows verified drivers the ready orders nobody has taken, and each driver their own deliveries with the phone', async () => {
    const s = await scene();
    const unverified = await createUser(t, { role: 'driver' });

    const available = await get('/api/orders/available', s.driver);
    expect(available.statusCode).toBe(200);
    expect(ids(available)).toEqual([s.ready.id]);
    expect(available.json().items[0]).toMatchObject({
      restaurantName: s.kitchen.restaurant.name,
      restaurantAddress: s.kitchen.restaurant.address,
      deliveryAddress: '7 Spintex Road, Accra',
    });
    for (const key of [...PRIVATE, 'customerName']) expect(available.json().items[0]).not.toHaveProperty(key);
    expect((await get('/api/orders/available', unverified)).statusCode).toBe(403);
    expect((await get('/api/orders/available', s.customer)).statusCode).toBe(403);

    await forceStatus(t, s.ready.id, 'accepted', s.driver.userId);
    const deliveries = await get('/api/orders/deliveries', s.driver);
    expect(ids(deliveries)).toEqual([s.ready.id]);
    expect(deliveries.json().items[0]).toMatchObject({ customerName: 'Ama Mensah', deliveryPhone: '+233 24 555 0102' });
    expect(deliveries.json().items[0]).not.toHaveProperty('deliveryCode');
    expect(deliveries.body).not.toContain(s.ready.deliveryCode);
    expect(ids(await get('/api/orders/deliveries', unverified))).toEqual([]);
    expect(ids(await get('/api/orders/available', s.driver))).toEqual([]);
  });

  it('lets admins list and search every order by status, restaurant name, customer name or id prefix', async () => {
    const s = await scene();
    await t.app.db.update(profiles).set({ fullName: 'Kofi 100%_Boateng' }).where(eq(profiles.id, s.customer.userId));
    const search = (query: string) => get(`/api/admin/orders?${query}`, s.admin);

    expect(ids(await search(''))).toHaveLength(5);
    expect(ids(await search('status=ready'))).toEqual([s.ready.id]);
    expect(ids(await search(`q=${encodeURIComponent(s.rival.restaurant.name.toUpperCase())}`))).toEqual([s.elsewhere.id]);
    expect(ids(await search('q=100%25_boa'))).toHaveLength(5);
    expect(ids(await search('q=100%25x'))).toEqual([]);
    expect(ids(await search(`q=${s.active.id.slice(0, 8).toUpperCase()}`))).toEqual([s.active.id]);
    const row = (await search(`q=${s.active.id}`)).json().items[0];
    expect(row).toMatchObject({ customerName: 'Kofi 100%_Boateng', deliveryPhone: '+233 24 555 0102', commissionAmount: 500 });
    expect(row).not.toHaveProperty('deliveryCode');

    for (const refused of [s.customer, s.kitchen.owner, s.manager, s.driver]) {
      expect((await get('/api/admin/orders', refused)).statusCode).toBe(403);
    }
    expect((await get('/api/admin/orders')).statusCode).toBe(401);
  });
});
