import { and, desc, eq, sql } from 'drizzle-orm';
import { DISCOVERY_SEARCH_LIMIT, type RestaurantListItem } from '@shared/restaurants/schemas.js';
import type { Db, Queryable } from '../db/client.js';
import { preparedPerDatabase } from '../db/prepared.js';
import { menuItems, restaurants } from '../db/schema.js';

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
    .select({ ...publicRestaurantColumns, matchedDish: sql<null>`null` })
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

export const listActiveRestaurants = (db: Db): Promise<RestaurantListItem[]> => queries(db).listActive.execute();

/**
 * How alike a search and a text must be for pg_trgm's `<%` (word similarity: the search against
 * the most alike stretch of words in the text, 0 to 1). 0.5 forgives a letter missing or swapped
 * in a short word ('chiken', 'kelwele') without finding everything.
 */
const WORD_SIMILARITY_THRESHOLD = 0.5;

/**
 * Active restaurants whose name, address, or available dishes (by name or category) look like
 * `text`, the best matches first, then the newest. `<%` is served by the trigram indexes on each
 * of those columns; the scores that rank the few rows found are computed for those rows only.
 */
export function searchActiveRestaurants(db: Db, text: string): Promise<RestaurantListItem[]> {
  const likeness = (column: unknown) => sql`word_similarity(${text}, ${column})`;
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`));
    const result = await tx.execute(sql`
      with dish_matches as (
        select distinct on (restaurant_id) restaurant_id, score, label
        from (
          select ${menuItems.restaurantId} as restaurant_id, ${menuItems.position} as position,
                 ${likeness(menuItems.name)} as name_score, coalesce(${likeness(menuItems.category)}, 0) as category_score,
                 ${menuItems.name} as name, ${menuItems.category} as category
          from ${menuItems}
          where ${menuItems.isAvailable} and (${text} <% ${menuItems.name} or ${text} <% ${menuItems.category})
        ) as dishes
        cross join lateral (
          select greatest(name_score, category_score) as score,
                 case when name_score >= category_score then name else category end as label
        ) as best
        order by restaurant_id, score desc, position
      ),
      scored as (
        select ${restaurants}.*, ${likeness(restaurants.name)} as name_score, ${likeness(restaurants.address)} as address_score,
               dish_matches.score as dish_score, dish_matches.label
        from ${restaurants}
        left join dish_matches on dish_matches.restaurant_id = ${restaurants.id}
        where ${restaurants.isActive}
          and (dish_matches.restaurant_id is not null or ${text} <% ${restaurants.name} or ${text} <% ${restaurants.address})
      )
      select id, name, description, address, phone, image_url as "imageUrl", country, currency_symbol as "currencySymbol",
             latitude, longitude,
             case when dish_score > greatest(name_score, address_score) then label end as "matchedDish"
      from scored
      order by greatest(name_score, address_score, dish_score) desc, name_score desc, created_at desc, id desc
      limit ${DISCOVERY_SEARCH_LIMIT}
    `);
    return (result as { rows: RestaurantListItem[] }).rows;
  });
}

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
