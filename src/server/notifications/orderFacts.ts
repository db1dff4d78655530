import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client.js';
import { orderLineColumns } from '../db/orderLineColumns.js';
import { orderItems, orders, payments, profiles, restaurants, users } from '../db/schema.js';

/** What the customer's email and SMS about a move say, and where they go: read once, in the move's transaction. */
export interface OrderFacts {
  customerId: string;
  email: string;
  fullName: string | null;
  deliveryPhone: string;
  country: string;
  restaurantName: string;
  currencySymbol: string;
  paymentMethod: string | null;
  driverName: string | null;
  driverPhone: string | null;
}

const customerProfiles = alias(profiles, 'customer_profiles');
const driverProfiles = alias(profiles, 'driver_profiles');

export async function findOrderFacts(db: Queryable, orderId: string): Promise<OrderFacts | undefined> {
  const [row] = await db
    .select({
      customerId: orders.customerId,
      email: users.email,
      fullName: customerProfiles.fullName,
      deliveryPhone: orders.deliveryPhone,
      country: restaurants.country,
      restaurantName: restaurants.name,
      currencySymbol: orders.currencySymbol,
      paymentMethod: payments.paymentMethod,
      driverName: driverProfiles.fullName,
      driverPhone: driverProfiles.phone,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    .leftJoin(customerProfiles, eq(customerProfiles.id, orders.customerId))
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .leftJoin(driverProfiles, eq(driverProfiles.id, orders.driverId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
}

/** The order's lines with the choices picked, as its confirmation lists them. */
export function findOrderedLines(db: Queryable, orderId: string) {
  return db.select(orderLineColumns).from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.name));
}
