import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { orderLineColumns } from '../db/orderLineColumns.js';
import { drivers, orderItems, profiles } from '../db/schema.js';

export type OrderLineRow = Awaited<ReturnType<typeof findOrderLines>>[number];

/** The lines of several orders in one query. */
export function findOrderLines(db: Queryable, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({ orderId: orderItems.orderId, ...orderLineColumns })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(orderItems.orderId, orderItems.name);
}

/** What the customer sees of the drivers of their orders (My Orders): name, vehicle, last position. */
export function findOrderDrivers(db: Queryable, driverIds: string[]) {
  if (driverIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      userId: drivers.userId,
      fullName: profiles.fullName,
      vehicleType: drivers.vehicleType,
      vehicleModel: drivers.vehicleModel,
      plateNumber: drivers.plateNumber,
      latitude: drivers.latitude,
      longitude: drivers.longitude,
      lastLocationUpdate: drivers.lastLocationUpdate,
    })
    .from(drivers)
    .innerJoin(profiles, eq(profiles.id, drivers.userId))
    .where(inArray(drivers.userId, driverIds));
}
export type OrderDriverRow = Awaited<ReturnType<typeof findOrderDrivers>>[number];
