import { and, asc, eq, sql } from 'drizzle-orm';
import type { PublicMenuItem } from '@shared/menu/schemas.js';
import type { Db } from '../db/client.js';
import { preparedPerDatabase } from '../db/prepared.js';
import { menuItems, restaurants } from '../db/schema.js';

/**
 * One round trip answers both questions of the public menu page: does the restaurant exist and
 * take orders (any row at all), and what can be ordered (the joined items, if any).
 */
const availableMenuQuery = preparedPerDatabase((db: Db) =>
  db
    .select({
      item: {
        id: menuItems.id,
        restaurantId: menuItems.restaurantId,
        name: menuItems.name,
        description: menuItems.description,
        price: menuItems.price,
        category: menuItems.category,
        imageUrl: menuItems.imageUrl,
      },
    })
    .from(restaurants)
    .leftJoin(menuItems, and(eq(menuItems.restaurantId, restaurants.id), eq(menuItems.isAvailable, true)))
    .where(and(eq(restaurants.id, sql.placeholder('restaurantId')), eq(restaurants.isActive, true)))
    .orderBy(sql`${menuItems.category} asc nulls last`, asc(menuItems.createdAt), asc(menuItems.id))
    .prepare('menu_available_of_active_restaurant'),
);

/** The available items of an active restaurant, by category; undefined when the restaurant is unknown or inactive. */
export async function findAvailableMenu(db: Db, restaurantId: string): Promise<PublicMenuItem[] | undefined> {
  const rows = await availableMenuQuery(db).execute({ restaurantId });
  if (rows.length === 0) return undefined;
  return rows.flatMap((row) => (row.item ? [row.item] : []));
}
