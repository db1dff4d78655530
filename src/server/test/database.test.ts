import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, refunds } from '../db/schema.js';
import { CATALOG_CHANNEL, EVERYTHING_CHANGED } from '../restaurants/catalog.js';
import { openRestaurant, placeOrder } from '../orders/testOrders.js';
import { createUser } from './accounts.js';
import { useTestApp } from './app.js';
import { resetDatabase, TABLES } from './database.js';
import { rowsOf } from '../db/rows.js';

/** Tables whose one row the reset restores instead of emptying. */
const RESTORED = ['commission_settings', 'platform_sales_rollup'];

describe('the reset between tests', () => {
  const t = useTestApp();

  it('empties every table the migrations make, so no test sees another one’s rows', async () => {
    const rows = rowsOf<{ name: string }>(
      await t.app.db.execute(
        sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
      ),
    );
    const made = rows.map((row) => row.name).filter((name) => !RESTORED.includes(name));
    expect([...TABLES].sort()).toEqual(made.sort());
  });

  it('leaves no row behind, refunds included, which would outlive their order', async () => {
    const order = await placeOrder(t, await createUser(t, { role: 'customer' }), await openRestaurant(t));
    await t.app.db.insert(refunds).values({ orderId: order.id, reference: 'ref-test', amount: 100, reason: 'test' });
    await resetDatabase(t.database);
    expect(await t.app.db.select().from(orders)).toEqual([]);
    expect(await t.app.db.select().from(refunds)).toEqual([]);
  });

  it('sets off no trigger but tells the catalog listeners that everything changed', async () => {
    await placeOrder(t, await createUser(t, { role: 'customer' }), await openRestaurant(t));
    const heard: { channel: string; payload: string }[] = [];
    const stops = await Promise.all(
      [CATALOG_CHANNEL, 'auth'].map((channel) => t.database.listen(channel, (payload) => heard.push({ channel, payload }))),
    );
    try {
      await resetDatabase(t.database);
      expect(heard).toEqual([{ channel: CATALOG_CHANNEL, payload: EVERYTHING_CHANGED }]);
    } finally {
      await Promise.all(stops.map((stop) => stop()));
    }
  });
});
