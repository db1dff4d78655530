import { eq, sql } from 'drizzle-orm';
import type { OrderPause } from '@shared/restaurants/hours.js';
import type { Queryable } from '../db/client.js';
import { restaurants } from '../db/schema.js';
import { publicPause } from './repository.js';

/**
 * Sets the pause of new orders, timed by the database's clock so that every instance agrees:
 * `minutes` from now, until resumed (minutes null), or none (pause null). The pause as set.
 */
export async function setOrderPause(
  db: Queryable,
  restaurantId: string,
  pause: { minutes: number | null } | null,
): Promise<OrderPause | null> {
  const [row] = await db
    .update(restaurants)
    .set({
      ordersPaused: pause !== null,
      pauseEndsAt: pause?.minutes ? sql`now() + make_interval(mins => ${pause.minutes})` : null,
    })
    .where(eq(restaurants.id, restaurantId))
    .returning({ pause: publicPause });
  return row?.pause ?? null;
}
