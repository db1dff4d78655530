import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { menuItems, orderItems, orders, restaurants } from '../db/schema.js';

/** The customer's own order with its restaurant as it is now; undefined for another's order or none. */
export async function findOwnOrderRestaurant(db: Queryable, customerId: string, orderId: string) {
  const [row] = await db
    .select({
      id: restaurants.id,
      name: restaurants.name,
      currencySymbol: restaurants.currencySymbol,
      isActive: restaurants.isActive,
    })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)))
    .limit(1);
  return row;
}

/** The order's lines as placed: the dish (null once deleted), its name then, how many and the choices picked. */
export function listOrderedLines(db: Queryable, orderId: string) {
  return db
    .select({
      menuItemId: orderItems.menuItemId,
      name: orderItems.name,
      quantity: orderItems.quantity,
      choices: orderItems.choices,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.name);
}
export type OrderedLine = Awaited<ReturnType<typeof listOrderedLines>>[number];

/** The restaurant's dishes among `ids` as they are now: price, availability, choices and what is sold out today. */
export function listCurrentDishes(db: Queryable, restaurantId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: menuItems.id,
      name: menuItems.name,
      price: menuItems.price,
      isAvailable: menuItems.isAvailable,
      soldOutUntil: menuItems.soldOutUntil,
      optionGroups: menuItems.optionGroups,
      choicesSoldOut: menuItems.choicesSoldOut,
    })
    .from(menuItems)
    .where(and(eq(menuItems.restaurantId, restaurantId), inArray(menuItems.id, ids)));
}
export type CurrentDish = Awaited<ReturnType<typeof listCurrentDishes>>[number];
