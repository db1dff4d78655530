import { sql } from 'drizzle-orm';
import type { OrderStatus } from '../../src/shared/orders/status.js';
import { insertAccountWithoutPassword, insertRestaurant } from '../../src/server/restaurants/testFixtures.js';
import type { BenchServer } from './server.js';

/** `count` cash orders of one customer at one restaurant, all `status` and without a driver, in one statement; their ids. */
export async function insertOrdersAt(server: BenchServer, status: OrderStatus, count: number): Promise<string[]> {
  const db = server.app.db;
  const customerId = await insertAccountWithoutPassword(db, 'customer');
  const restaurant = await insertRestaurant(db, { ownerId: await insertAccountWithoutPassword(db, 'restaurant') });
  const result = (await db.execute(sql`
    insert into orders (customer_id, restaurant_id, status, total_amount, commission_amount, restaurant_payout,
      commission_bps, currency_symbol, delivery_address, delivery_phone, delivery_code)
    select ${customerId}, ${restaurant.id}, ${status}, 5000, 500, 4500, 1000, ${restaurant.currencySymbol},
      '7 Spintex Road, Accra', '+233 24 555 0102', '123456'
    from generate_series(1, ${count}::int)
    returning id`)) as { rows: { id: string }[] };
  return result.rows.map((row) => row.id);
}
