import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client.js';
import { preparedPerDatabase } from '../db/prepared.js';
import { restaurants } from '../db/schema.js';

export const publicRestaurantColumns = {
  id: restaurants.id,
  name: restaurants.name,
  description: restaurants.description,
  address: restaurants.address,
  phone: restaurants.phone,
  imageUrl: restaurants.imageUrl,
  country: restaurants.country,
  currencySymbol: restaurants.currencySymbol,
  latitude: restaurants.latitude,
  longitude: restaurants.longitude,
};

const ownRestaurantColumns = { ...publicRestaurantColumns, isActive: restaurants.isActive };

/** The public reads are the hottest queries: prepared once per database, planned once per connection. */
const queries = preparedPerDatabase((db: Db) => ({
  listActive: db
    .select(publicRestaurantColumns)
    .from(restaurants)
    .where(eq(restaurants.isActive, true))
    .orderBy(desc(restaurants.createdAt))
    .prepare('restaurants_list_active'),
  findActive: db
    .select(publicRestaurantColumns)
    .from(restaurants)
    .where(and(eq(restaurants.id, sql.placeholder('id')), eq(restaurants.isActive, true)))
    .limit(1)
    .prepare('restaurants_find_active'),
}));

export const listActiveRestaurants = (db: Db) => queries(db).listActive.execute();

export async function findActiveRestaurant(db: Db, id: string) {
  const [row] = await queries(db).findActive.execute({ id });
  return row;
}

/** The restaurant this owner owns, active or not. */
export async function findOwnedRestaurant(db: Db, ownerId: string) {
  const [row] = await db.select(ownRestaurantColumns).from(restaurants).where(eq(restaurants.ownerId, ownerId)).limit(1);
  return row;
}

export type RestaurantFields = Omit<typeof restaurants.$inferInsert, 'id' | 'ownerId' | 'isActive' | 'createdAt'>;

/** The new restaurant, or undefined when this owner already has one (one per owner, by a unique index). */
export async function insertOwnedRestaurant(db: Queryable, ownerId: string, fields: RestaurantFields) {
  const [row] = await db
    .insert(restaurants)
    .values({ ...fields, ownerId })
    .onConflictDoNothing({ target: restaurants.ownerId })
    .returning(ownRestaurantColumns);
  return row;
}

export async function updateRestaurant(db: Queryable, id: string, fields: RestaurantFields) {
  const [row] = await db.update(restaurants).set(fields).where(eq(restaurants.id, id)).returning(ownRestaurantColumns);
  return row;
}

export async function findRestaurantBasics(db: Queryable, id: string) {
  const [row] = await db
    .select({ name: restaurants.name, imageUrl: restaurants.imageUrl })
    .from(restaurants)
    .where(eq(restaurants.id, id))
    .limit(1);
  return row;
}
