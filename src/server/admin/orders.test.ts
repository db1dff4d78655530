import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_ORDER_MESSAGES } from '@shared/orders/views.js';
import type { OrderStatus } from '@shared/orders/status.js';
import { orders } from '../db/schema.js';
import { NAME_MATCHES_MAX } from '../orders/adminSearchRepository.js';
import { forceStatus, openRestaurant } from '../orders/testOrders.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';

interface Placed {
  id: string;
  restaurantName: string;
  customerName: string;
  status: OrderStatus;
  createdAt: string;
}

describe('Order Management: the admin search over every order, and the admin moves', () => {
  const t = useTestApp();

  const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user?.authHeader });
  const ids = (res: { json(): { items: { id: string }[] } }) => res.json().items.map((order) => order.id);

  /** Places a cash order with this id (the checkout takes the browser's id) through the API. */
  async function placeWithId(
    customer: TestUser,
    kitchen: { restaurant: { id: string }; dish: { id: string } },
    id: string = randomUUID(),
  ) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.authHeader,
      payload: {
        orderId: id,
        restaurantId: kitchen.restaurant.id,
        items: [{ menuItemId: kitchen.dish.id, quantity: 1 }],
        deliveryAddress: '7 Spintex Road, Accra',
        deliveryPhone: '+233 24 555 0102',
        paymentMethod: 'cash',
      },
    });
    if (res.statusCode !== 201) throw new Error(`checkout failed: ${res.statusCode} ${res.body}`);
    return res.json<{ id: string; createdAt: string }>();
  }

  /** Every page of a search, following nextCursor: the ids in order, and the size of each page. */
  async function allPages(admin: TestUser, query: string, limit: number) {
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`/api/admin/orders?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, admin);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
      const page = res.json<{ items: { id: string }[]; nextCursor: string | null }>();
      seen.push(...page.items.map((order) => order.id));
      sizes.push(page.items.length);
      cursor = page.nextCursor;
    } while (cursor);
    return { seen, sizes };
  }

  /**
   * Three restaurants, four customers, orders in several statuses, two of them at the same
   * instant, and one whose id starts like a customer's name ('cafebabe').
   */
  async function scene() {
    const admin = await createUser(t, { role: 'admin' });
    const kitchens = [await openRestaurant(t), await openRestaurant(t), await openRestaurant(t)];
    const kitchenNames = ['Osu Jollof House', 'Labone Chop Bar', 'Airport 100% Grill'];
    for (const [index, kitchen] of kitchens.entries()) {
      await t.app.db.execute(sql`update restaurants set name = ${kitchenNames[index]} where id = ${kitchen.restaurant.id}`);
    }
    const customerNames = ['Ama Owusu', 'Kofi Mensah', 'Cafebabe Asante', 'Efua Owusu-Mensah'];
    const customers = await Promise.all(customerNames.map((fullName) => createUser(t, { role: 'customer', fullName })));
    const statuses: OrderStatus[] = ['confirmed', 'delivered', 'cancelled', 'ready', 'preparing', 'delivered'];
    const placed: Placed[] = [];
    for (let n = 0; n < 14; n++) {
      const kitchenIndex = n % 3;
      const customerIndex = (n * 5) % 4;
      const id = n === 13 ? `cafebabe-${randomUUID().slice(9)}` : randomUUID();
      const order = await placeWithId(customers[customerIndex]!, kitchens[kitchenIndex]!, id);
      const status = statuses[n % statuses.length]!;
      if (status !== 'confirmed') await forceStatus(t, order.id, status);
      placed.push({
        id: order.id,
        restaurantName: kitchenNames[kitchenIndex]!,
        customerName: customerNames[customerIndex]!,
        status,
        createdAt: order.createdAt,
      });
    }
    const sameInstant = sql`'2026-11-01T10:00:00.123456Z'::timestamptz`;
    for (const order of placed.slice(2, 4)) {
      await t.app.db.update(orders).set({ createdAt: sameInstant }).where(eq(orders.id, order.id));
      order.createdAt = '2026-11-01T10:00:00.123Z';
    }
    return { admin, kitchens, customers, placed };
  }

  /** What the search must answer, worked out plainly over the scene: matches newest first (ties by id, descending). */
  function expected(placed: Placed[], text: string, status?: OrderStatus) {
    const needle = text.toLowerCase();
    const prefix = needle.replace(/^#/, '');
    return placed
      .filter(
        (order) =>
          (!status || order.status === status) &&
          (!text ||
            order.restaurantName.toLowerCase().includes(needle) ||
            order.customerName.toLowerCase().includes(needle) ||
            order.id.startsWith(prefix)),
      )
      .sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1))
      .map((order) => order.id);
  }

  it('finds orders by restaurant name, customer name or id prefix, in any letter case, with any status, page after page', async () => {
    const { admin, placed } = await scene();
    const texts = [
      '',
      'owusu',
      'OWUSU',
      'kofi mensah',
      'MENSAH',
      'osu jollof',
      'chop bar',
      '100%',
      '100%_',
      'cafebabe',
      'CAFEBABE',
      '#cafebabe',
      'nobody',
    ];
    const statuses: (OrderStatus | undefined)[] = [undefined, 'delivered', 'ready', 'picked_up'];
    // The scene has something to find for the texts below: both names of the Cafebabe customer's orders and the id.
    expect(expected(placed, 'owusu').length).toBeGreaterThan(3);
    expect(expected(placed, 'cafebabe')).toContain(placed[13]!.id);
    expect(expected(placed, 'cafebabe').length).toBeGreaterThan(2);
    for (const text of texts) {
      for (const status of statuses) {
        const query = new URLSearchParams({ ...(text ? { q: text } : {}), ...(status ? { status } : {}) }).toString();
        const { seen } = await allPages(admin, query, 3);
        expect(seen, query).toEqual(expected(placed, text, status));
      }
    }
    // The short id, in upper case, finds that order alone.
    const order = placed[5]!;
    expect(ids(await get(`/api/admin/orders?q=${order.id.slice(0, 8).toUpperCase()}`, admin))).toEqual([order.id]);
    expect(ids(await get(`/api/admin/orders?q=${order.id.toUpperCase()}`, admin))).toEqual([order.id]);
  });

  it('pages without repeating or skipping an order, even among orders of the same instant', async () => {
    const { admin, placed } = await scene();
    for (const query of ['', 'q=owusu', 'q=osu', 'status=delivered']) {
      const { seen, sizes } = await allPages(admin, query, 2);
      expect(new Set(seen).size, query).toBe(seen.length);
      expect(
        sizes.slice(0, -1).every((size) => size === 2),
        query,
      ).toBe(true);
      const text = new URLSearchParams(query).get('q') ?? '';
      const status = (new URLSearchParams(query).get('status') ?? undefined) as OrderStatus | undefined;
      expect(seen, query).toEqual(expected(placed, text, status));
    }
    expect(await allPages(admin, '', 50)).toEqual({ seen: expected(placed, ''), sizes: [14] });
  });

  it(`finds a name that more than ${NAME_MATCHES_MAX} people share, newest orders first`, async () => {
    const { admin, kitchens } = await scene();
    await t.app.db.execute(sql`
      with people as (
        insert into users (email, password_hash)
        select 'many-' || n || '@test.local', 'no-password' from generate_series(1, ${NAME_MATCHES_MAX + 5}) as n
        returning id
      )
      insert into profiles (id, full_name, phone) select id, 'Manyname Person', '+233 20 000 0000' from people`);
    const first = await createUser(t, { role: 'customer', fullName: 'Manyname Real' });
    const second = await createUser(t, { role: 'customer', fullName: 'Someone MANYNAME' });
    const placed = [
      await placeWithId(first, kitchens[0]!),
      await placeWithId(second, kitchens[1]!),
      await placeWithId(first, kitchens[2]!),
    ];
    await forceStatus(t, placed[1]!.id, 'ready');

    const newestFirst = placed.map((order) => order.id).reverse();
    expect((await allPages(admin, 'q=manyname', 2)).seen).toEqual(newestFirst);
    expect(ids(await get('/api/admin/orders?q=MANYNAME&status=ready', admin))).toEqual([placed[1]!.id]);
  });

  it('refuses searches of one or two characters, and shows every order for an empty one', async () => {
    const { admin } = await scene();
    for (const q of ['a', 'ab', ' ab ', '#a']) {
      const res = await get(`/api/admin/orders?q=${encodeURIComponent(q)}`, admin);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.fields.q).toBe(ADMIN_ORDER_MESSAGES.searchTooShort);
    }
    expect(ids(await get('/api/admin/orders?q=', admin))).toHaveLength(14);
    expect(ids(await get('/api/admin/orders?q=%20%20', admin))).toHaveLength(14);
    const unknownStatus = await get('/api/admin/orders?status=eaten', admin);
    expect(unknownStatus.statusCode).toBe(400);
    expect(unknownStatus.json().error.message).toMatch(/^The status is one of pending, confirmed/);
  });

  it('shows admins the money, the delivery, the driver by name and whether the code is locked, never the code', async () => {
    const { admin, kitchens, customers } = await scene();
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true, fullName: 'Kojo Driver' });
    const order = await placeWithId(customers[0]!, kitchens[0]!);
    await forceStatus(t, order.id, 'picked_up', driver.userId);
    await t.app.db.update(orders).set({ deliveryCodeLocked: true }).where(eq(orders.id, order.id));

    const [row] = (await get(`/api/admin/orders?q=${order.id.slice(0, 8)}`, admin)).json().items;
    expect(row).toMatchObject({
      id: order.id,
      shortId: order.id.slice(0, 8),
      status: 'picked_up',
      restaurantName: 'Osu Jollof House',
      customerName: 'Ama Owusu',
      totalAmount: 2500,
      commissionAmount: 250,
      restaurantPayout: 2250,
      deliveryAddress: '7 Spintex Road, Accra',
      deliveryPhone: '+233 24 555 0102',
      driverId: driver.userId,
      driverName: 'Kojo Driver',
      codeLocked: true,
    });
    expect(row).not.toHaveProperty('deliveryCode');

    const unlock = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/unlock-code`,
      headers: admin.authHeader,
    });
    expect(unlock.statusCode).toBe(204);
    const [after] = (await get(`/api/admin/orders?q=${order.id.slice(0, 8)}`, admin)).json().items;
    expect(after).toMatchObject({ codeLocked: false, driverName: 'Kojo Driver' });
  });

  it('lets admins alone search, and asks anonymous callers to sign in', async () => {
    const { customers, kitchens } = await scene();
    for (const user of [
      customers[0]!,
      kitchens[0]!.owner,
      await createUser(t, { role: 'manager' }),
      await createUser(t, { role: 'driver' }),
    ]) {
      expect((await get('/api/admin/orders?q=owusu', user)).statusCode).toBe(403);
    }
    expect((await get('/api/admin/orders?q=owusu')).statusCode).toBe(401);
  });

  describe('cancelling as support', () => {
    const move = (user: TestUser, orderId: string, status: string) =>
      t.app.inject({ method: 'PATCH', url: `/api/orders/${orderId}/status`, headers: user.authHeader, payload: { status } });
    const stored = async (orderId: string) =>
      (await t.app.db.select({ status: orders.status, driverId: orders.driverId }).from(orders).where(eq(orders.id, orderId)))[0];

    it('lets an admin cancel an order until the food is picked up, a driver on the way included', async () => {
      const { admin, kitchens, customers } = await scene();
      const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
      for (const status of ['confirmed', 'preparing', 'ready', 'accepted'] as const) {
        const order = await placeWithId(customers[1]!, kitchens[0]!);
        await forceStatus(t, order.id, status, status === 'accepted' ? driver.userId : undefined);
        const res = await move(admin, order.id, 'cancelled');
        expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
        expect(res.json()).toMatchObject({ id: order.id, status: 'cancelled', statusLabel: 'Cancelled' });
        expect((await stored(order.id))?.status).toBe('cancelled');
      }
      // The driver whose accepted order was cancelled is free to take another.
      const next = await placeWithId(customers[1]!, kitchens[1]!);
      await forceStatus(t, next.id, 'ready');
      expect((await move(driver, next.id, 'accepted')).statusCode).toBe(200);
    });

    it('refuses to cancel an order picked up (422) or delivered (422), or one cancelled already (409)', async () => {
      const { admin, kitchens, customers } = await scene();
      const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
      const cases: [OrderStatus, number, string][] = [
        ['picked_up', 422, 'An order that is out for delivery cannot be marked cancelled'],
        ['delivered', 422, 'An order that is delivered cannot be marked cancelled'],
        ['cancelled', 409, 'This order is already cancelled'],
      ];
      for (const [status, code, message] of cases) {
        const order = await placeWithId(customers[2]!, kitchens[2]!);
        await forceStatus(t, order.id, status, status === 'cancelled' ? undefined : driver.userId);
        const res = await move(admin, order.id, 'cancelled');
        expect(res.statusCode, status).toBe(code);
        expect(res.json().error.message).toBe(message);
        expect((await stored(order.id))?.status).toBe(status);
      }
    });

    it('keeps cancelling a ready order for admins: its kitchen may not, once the food is cooking', async () => {
      const { kitchens, customers } = await scene();
      const order = await placeWithId(customers[0]!, kitchens[0]!);
      for (const status of ['preparing', 'ready'] as const) {
        await forceStatus(t, order.id, status);
        expect((await move(kitchens[0]!.owner, order.id, 'cancelled')).statusCode, status).toBe(403);
      }
      expect((await stored(order.id))?.status).toBe('ready');
    });
  });
});
