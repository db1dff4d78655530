import { eq, sql } from 'drizzle-orm';
import { POSITION_FRESH_MS } from '@shared/drivers/schemas.js';
import { ON_THE_ROAD } from '@shared/orders/status.js';
import type { Queryable } from '../db/client.js';
import { commissionSettings, drivers, profiles } from '../db/schema.js';
import { statement, type StatementRunner } from '../db/statements.js';

/** SQL of the drivers domain. */

/**
 * Whether there is such a driver. Withdrawing the verification takes them offline in the same
 * statement: only verified drivers may be available (availability.ts judges that under this row's lock).
 */
export async function updateVerified(db: Queryable, userId: string, verified: boolean): Promise<boolean> {
  const rows = await db
    .update(drivers)
    .set(verified ? { isVerified: true } : { isVerified: false, isAvailable: false })
    .where(eq(drivers.userId, userId))
    .returning({ userId: drivers.userId });
  return rows.length > 0;
}

/** Sets whether the driver takes orders (the caller holds the row lock its verification was judged under). */
export async function updateAvailable(db: Queryable, userId: string, available: boolean): Promise<void> {
  // Either way the driver has spoken: offers missed before, and the notice of a pause for them, are behind them.
  await db
    .update(drivers)
    .set({ isAvailable: available, missedOffers: 0, pausedForMissesAt: null })
    .where(eq(drivers.userId, userId));
}

/** The driver's own row with their name, for GET /api/drivers/me; undefined for a user without one. */
export async function findDriverStatusRow(db: Queryable, userId: string) {
  const [row] = await db
    .select({
      userId: drivers.userId,
      fullName: profiles.fullName,
      isVerified: drivers.isVerified,
      isAvailable: drivers.isAvailable,
      pausedForMissedOffers: sql<boolean>`${drivers.pausedForMissesAt} is not null`,
      maxCarriedOrders: sql<number>`(select ${commissionSettings.maxCarriedOrders} from ${commissionSettings} where ${commissionSettings.id} = 1)`,
      latitude: drivers.latitude,
      longitude: drivers.longitude,
      lastLocationUpdate: drivers.lastLocationUpdate,
      vehicleType: drivers.vehicleType,
      vehicleModel: drivers.vehicleModel,
      plateNumber: drivers.plateNumber,
    })
    .from(drivers)
    .innerJoin(profiles, eq(profiles.id, drivers.userId))
    .where(eq(drivers.userId, userId))
    .limit(1);
  return row;
}

export interface StoredPositionRow {
  latitude: number;
  longitude: number;
  /** last_location_update, as the database's clock stamped it, in ms since 1970. */
  stamped_ms: number;
  /** The orders the driver carries (accepted or picked up, batching: decision 032), whose customers follow them. */
  carried_order_ids: string[];
  /**
   * Whether this position makes an available, verified driver count for dispatch again: their
   * previous one was missing or older than POSITION_FRESH_MS (they just went online, or came back).
   */
  became_dispatchable: boolean;
}

/**
 * The hot path of location tracking (150,000 drivers every 30 s): one prepared UPDATE stores a
 * batch of positions with the database's time and, in the same round trip, says for each driver
 * whether this position makes them dispatchable again and names the orders they carry
 * (orders_driver_idx), so the position can be raised to each order's customer. The FROM items
 * read the rows as they were before the update. A position is soon replaced by the next, so its
 * commit does not wait for the disk: a crash may lose the last fraction of a second of positions,
 * which the phones send again anyway.
 */
const storePositionsStatement = statement<
  [driverIds: string[], latitudes: number[], longitudes: number[], freshMs: number],
  StoredPositionRow & { user_id: string }
>(
  'driver_store_positions',
  `
  update drivers d set latitude = sent.latitude, longitude = sent.longitude, last_location_update = now()
  from (select set_config('synchronous_commit', 'off', true)) as quick,
    unnest($1::uuid[], $2::float8[], $3::float8[]) as sent(user_id, latitude, longitude)
  join drivers previous on previous.user_id = sent.user_id
  where d.user_id = sent.user_id
  returning d.user_id, d.latitude, d.longitude,
    d.is_available and d.is_verified
      and (previous.last_location_update is null or previous.last_location_update < now() - $4 * interval '1 millisecond')
      as became_dispatchable,
    (extract(epoch from d.last_location_update) * 1000)::float8 as stamped_ms,
    array(select o.id::text from orders o
      where o.driver_id = d.user_id and o.status in (${ON_THE_ROAD.map((status) => `'${status}'`).join(', ')})) as carried_order_ids`,
);

export interface SentPosition {
  driverId: string;
  latitude: number;
  longitude: number;
}

/** Stores each driver's position (one per driver); the rows of drivers that exist, by driver id. */
export async function storePositions(statements: StatementRunner, sent: SentPosition[]): Promise<Map<string, StoredPositionRow>> {
  const rows = await statements.run(storePositionsStatement, [
    sent.map((position) => position.driverId),
    sent.map((position) => position.latitude),
    sent.map((position) => position.longitude),
    POSITION_FRESH_MS,
  ]);
  return new Map(rows.map(({ user_id, ...row }) => [user_id, row]));
}
