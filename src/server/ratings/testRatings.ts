import { eq, sql } from 'drizzle-orm';
import type { OrderView } from '@shared/orders/schemas.js';
import type { RateOrderInput } from '@shared/ratings/schemas.js';
import { orders } from '../db/schema.js';
import { placeOrder } from '../orders/testOrders.js';
import { createUser, type TestUser } from '../test/accounts.js';
import type { TestContext } from '../test/app.js';

type Kitchen = { restaurant: { id: string }; dish: { id: string } };

/**
 * A cash order of `customer` (a new one unless given) at the kitchen, delivered `daysAgo` days ago
 * (by a new verified rider unless `withoutRider`). Written straight into the row: a delivered
 * order's updated_at is when it was delivered (ratings/repository.ts).
 */
export async function deliveredOrder(
  t: TestContext,
  kitchen: Kitchen,
  options: { customer?: TestUser; withoutRider?: boolean; daysAgo?: number } = {},
): Promise<{ customer: TestUser; order: OrderView; riderId: string | null }> {
  const customer = options.customer ?? (await createUser(t, { role: 'customer' }));
  const order = await placeOrder(t, customer, kitchen);
  const riderId = options.withoutRider ? null : (await createUser(t, { role: 'driver', verifiedDriver: true })).userId;
  await t.app.db
    .update(orders)
    .set({ status: 'delivered', driverId: riderId, updatedAt: sql`now() - make_interval(days => ${options.daysAgo ?? 0})` })
    .where(eq(orders.id, order.id));
  return { customer, order, riderId };
}

/** POST /api/orders/:id/rating as `user`'s browser would send it, answered whatever it is. */
export const sendRating = (t: TestContext, user: TestUser, orderId: string, body: RateOrderInput | Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/rating`, headers: user.authHeader, payload: body });
