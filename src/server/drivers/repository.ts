import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { drivers } from '../db/schema.js';

/** SQL of the drivers domain. */

/** Whether there is such a driver. */
export async function updateVerified(db: Queryable, userId: string, verified: boolean): Promise<boolean> {
  const rows = await db
    .update(drivers)
    .set({ isVerified: verified })
    .where(eq(drivers.userId, userId))
    .returning({ userId: drivers.userId });
  return rows.length > 0;
}
