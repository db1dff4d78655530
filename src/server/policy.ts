import { and, eq, or } from 'drizzle-orm';
import type { Role } from '@shared/auth/roles.js';
import { isPrivateBucket, type Bucket } from '@shared/storage/buckets.js';
import type { Queryable } from './db/client.js';
import { drivers, orders, restaurantMembers, restaurants } from './db/schema.js';
import type { AuthUser } from './core/identity.js';

/**
 * The one place that answers "may this user do this to this object". Routes check roles with
 * requireRole; everything that depends on who owns a row is decided here.
 */

export const isAdmin = (user: AuthUser | null) => user?.role === 'admin';

/** Owners manage their own restaurant; managers the restaurants they are members of. */
export async function managesRestaurant(db: Queryable, user: AuthUser, restaurantId: string): Promise<boolean> {
  if (isAdmin(user)) return true;
  if (user.role === 'restaurant') {
    const [row] = await db
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(and(eq(restaurants.id, restaurantId), eq(restaurants.ownerId, user.userId)))
      .limit(1);
    return Boolean(row);
  }
  if (user.role === 'manager') {
    const [row] = await db
      .select({ id: restaurantMembers.restaurantId })
      .from(restaurantMembers)
      .where(and(eq(restaurantMembers.restaurantId, restaurantId), eq(restaurantMembers.userId, user.userId)))
      .limit(1);
    return Boolean(row);
  }
  return false;
}

export async function isVerifiedDriver(db: Queryable, user: AuthUser): Promise<boolean> {
  if (user.role !== 'driver') return false;
  const [row] = await db
    .select({ verified: drivers.isVerified })
    .from(drivers)
    .where(eq(drivers.userId, user.userId))
    .limit(1);
  return row?.verified === true;
}

export interface OrderParties {
  customerId: string;
  restaurantId: string;
  driverId: string | null;
  status: string;
}

/** Who may see an order: its customer, its kitchen, its driver, any verified driver while it waits for one, admins. */
export async function mayReadOrder(db: Queryable, user: AuthUser, order: OrderParties): Promise<boolean> {
  if (isAdmin(user)) return true;
  if (user.role === 'customer') return order.customerId === user.userId;
  if (user.role === 'driver') {
    if (order.driverId === user.userId) return true;
    return order.status === 'ready' && order.driverId === null && (await isVerifiedDriver(db, user));
  }
  return managesRestaurant(db, user, order.restaurantId);
}

export async function findOrderParties(db: Queryable, orderId: string): Promise<OrderParties | undefined> {
  const [row] = await db
    .select({
      customerId: orders.customerId,
      restaurantId: orders.restaurantId,
      driverId: orders.driverId,
      status: orders.status,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
}

/** Realtime topics, as listed in shared/realtime/events.ts. */
export async function maySubscribe(db: Queryable, user: AuthUser, topic: string): Promise<boolean> {
  if (isAdmin(user)) return true;
  const [kind, id] = topic.split(':') as [string, string | undefined];
  switch (kind) {
    case 'restaurant':
      return id !== undefined && managesRestaurant(db, user, id);
    case 'orders':
      return id === 'ready' && isVerifiedDriver(db, user);
    case 'driver':
      return user.role === 'driver' && id === user.userId;
    case 'order': {
      if (id === undefined) return false;
      const parties = await findOrderParties(db, id);
      return parties !== undefined && parties.customerId === user.userId;
    }
    default:
      return false;
  }
}

/** Who may upload into each bucket: documents are the drivers' own, food pictures the kitchens'. */
const UPLOADERS: Record<Bucket, readonly Role[] | 'any'> = {
  'profile-pictures': 'any',
  'food-images': ['restaurant', 'manager', 'admin'],
  'driver-licenses': ['driver', 'admin'],
  'national-ids': ['driver', 'admin'],
  'vehicle-images': ['driver', 'admin'],
};

export function mayUploadTo(role: Role | null, bucket: Bucket): boolean {
  const allowed = UPLOADERS[bucket];
  return allowed === 'any' || (role !== null && allowed.includes(role));
}

/** Public buckets are readable by anyone; driver documents by their uploader and admins. */
export function mayReadUpload(user: AuthUser | null, bucket: Bucket, ownerId: string | null): boolean {
  if (!isPrivateBucket(bucket)) return true;
  if (!user) return false;
  return isAdmin(user) || (ownerId !== null && ownerId === user.userId);
}

/** Restaurants whose orders and sales this user may see (owner: own; manager: memberships). */
export async function restaurantIdsFor(db: Queryable, user: AuthUser): Promise<string[]> {
  if (user.role !== 'restaurant' && user.role !== 'manager') return [];
  const rows = await db
    .selectDistinct({ id: restaurants.id })
    .from(restaurants)
    .leftJoin(restaurantMembers, eq(restaurantMembers.restaurantId, restaurants.id))
    .where(or(eq(restaurants.ownerId, user.userId), eq(restaurantMembers.userId, user.userId)));
  return rows.map((r) => r.id);
}

/** The delivery code proves receipt, so only the order's own customer may ever see it. */
export function mayReadDeliveryCode(user: AuthUser, order: Pick<OrderParties, 'customerId'>): boolean {
  return user.role === 'customer' && order.customerId === user.userId;
}
