import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, smsOutbox, users } from '../db/schema.js';
import { forceStatus, openRestaurant, placeOrder } from '../orders/testOrders.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { rowsOf } from '../db/rows.js';
import { sendDueAlerts } from './orderAlerts.js';

const MINUTES = { waitingMinutes: 3, unassignedMinutes: 10 };

describe('order alerts: the owner hears of a new order left alone, the admins of a ready order no rider has', () => {
  const t = useTestApp();

  const sweep = () => sendDueAlerts({ db: t.app.db, jobs: t.app.jobs }, MINUTES);
  const texts = () => t.app.db.select().from(smsOutbox).orderBy(smsOutbox.toPhone);
  /** Makes the order as old as `minutes`, placed and last moved then. */
  const age = (orderId: string, minutes: number) =>
    t.app.db
      .update(orders)
      .set({
        createdAt: sql`now() - make_interval(mins => ${minutes})`,
        updatedAt: sql`now() - make_interval(mins => ${minutes})`,
      })
      .where(eq(orders.id, orderId));
  const turnOff = (user: TestUser, kind: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: user.authHeader,
      payload: { items: [{ kind, channel: 'sms', enabled: false }] },
    });

  it('texts the owner once when a new order has waited 3 minutes without a move, and not for younger or moved ones', async () => {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const [waiting, young, moved] = [
      await placeOrder(t, customer, kitchen),
      await placeOrder(t, customer, kitchen),
      await placeOrder(t, customer, kitchen),
    ];
    await age(waiting.id, 4);
    await age(young.id, 2);
    await age(moved.id, 4);
    await forceStatus(t, moved.id, 'preparing');
    await t.app.db
      .update(orders)
      .set({ updatedAt: sql`now()` })
      .where(eq(orders.id, moved.id));

    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    expect((await texts()).map(({ kind, toPhone, body }) => ({ kind, toPhone, body }))).toEqual([
      {
        kind: 'order-waiting',
        toPhone: '+233200000000',
        body: `ChopChop: new order #${waiting.id.slice(0, 8)} at ${kitchen.restaurant.name} has waited 3 min. Open your order board to accept it.`,
      },
    ]);
  });

  it('texts every active admin who wants it once when an order has been ready 10 minutes with no rider', async () => {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    await createUser(t, { role: 'admin', phone: '+233 24 111 2222' });
    await createUser(t, { role: 'admin', phone: '024 333 4444' });
    const disabled = await createUser(t, { role: 'admin', phone: '+233 24 555 6666' });
    await t.app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.userId));
    const quiet = await createUser(t, { role: 'admin', phone: '+233 24 777 8888' });
    expect((await turnOff(quiet, 'order-unassigned')).statusCode).toBe(200);
    const order = await placeOrder(t, customer, kitchen);
    const fresh = await placeOrder(t, customer, kitchen);
    await forceStatus(t, order.id, 'ready');
    await forceStatus(t, fresh.id, 'ready');
    await age(order.id, 11);
    await t.app.db
      .update(orders)
      .set({ updatedAt: sql`now() - interval '5 minutes'` })
      .where(eq(orders.id, fresh.id));

    const [first, second] = await Promise.all([sweep(), sweep()]);
    expect(first + second).toBe(2);
    const sent = await texts();
    expect(sent.map((row) => row.toPhone)).toEqual(['+233241112222', '+233243334444']);
    expect(sent[0]!.body).toBe(
      `ChopChop: order #${order.id.slice(0, 8)} from ${kitchen.restaurant.name} has been ready 10 min with no rider. Assign one in Order Management.`,
    );
    expect(new Set(sent.map((row) => row.kind))).toEqual(new Set(['order-unassigned']));
  });

  it('leaves the owner alone who turned the alert off, and still marks the alert sent', async () => {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    expect((await turnOff(kitchen.owner, 'order-waiting')).statusCode).toBe(200);
    const order = await placeOrder(t, customer, kitchen);
    await age(order.id, 5);
    expect(await sweep()).toBe(0);
    expect(await texts()).toEqual([]);
    const claimed = rowsOf(await t.app.db.execute(sql`select alert from order_alerts where order_id = ${order.id}`));
    expect(claimed).toEqual([{ alert: 'waiting' }]);
  });
});

describe('order alerts: scheduled once across every instance when turned on', () => {
  const t = useTestApp(() => ({ ORDER_WAITING_ALERT_MINUTES: '3', ORDER_UNASSIGNED_ALERT_MINUTES: '0' }));

  it('schedules the order-alerts job every minute', async () => {
    const rows = rowsOf<{ cron: string }>(
      await t.app.db.execute(sql`select cron from pgboss.schedule where name = 'order-alerts'`),
    );
    expect(rows).toEqual([{ cron: '0 */1 * * * *' }]);
  });
});
