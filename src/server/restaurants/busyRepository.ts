import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { restaurants } from '../db/schema.js';

/**
 * Sets the minutes the kitchen adds to its preparation time while busy (0: back to normal). The
 * minutes as set, or undefined when there is no such restaurant.
 */
export async function setBusyMinutes(db: Queryable, restaurantId: string, minutes: number): Promise<number | undefined> {
  const [row] = await db
    .update(restaurants)
    .set({ busyMinutes: minutes })
    .where(eq(restaurants.id, restaurantId))
    .returning({ busyMinutes: restaurants.busyMinutes });
  return row?.busyMinutes;
}
