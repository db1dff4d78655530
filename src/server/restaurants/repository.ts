import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { RATINGS_SHOWN_FROM, type RatingSummary } from '@shared/ratings/summary.js';
import type { OrderPause } from '@shared/restaurants/hours.js';
import { DISCOVERY_SEARCH_LIMIT, type RestaurantListItem } from '@shared/restaurants/schemas.js';
import type { Db, Queryable } from '../db/client.js';
import { isoUtc } from '../db/isoTime.js';
import { preparedPerDatabase } from '../db/prepared.js';
import { menuItems, orders, restaurants } from '../db/schema.js';

/** The owner's pause of new orders as the catalog shows it (OrderPause), ended or not; null when there is none. */
export const publicPause = sql<OrderPause | null>`case when ${restaurants.ordersPaused}
  then json_build_object('until', ${isoUtc(restaurants.pauseEndsAt)}) end`;

/** The catalog's rating (RatingSummary): the average to one decimal once enough visible ratings back it, else null. */
const publicRating = sql<RatingSummary | null>`case when ${restaurants.ratingCount} >= ${sql.raw(String(RATINGS_SHOWN_FROM))}
  then json_build_object('average', round(${restaurants.ratingTotal}::numeric / ${restaurants.ratingCount}, 1), 'count', ${restaurants.ratingCount}) end`;

const publicRestaurantColumns = {
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
  minOrderAmount: restaurants.minOrderAmount,
  timeZone: restaurants.timeZone,
  openingHours: restaurants.openingHours,
  pause: publicPause,
  prepMinutes: restaurants.prepMinutes,
  busyMinutes: restaurants.busyMinutes,
  rating: publicRating,
};

const ownRestaurantColumns = {
  ...publicRestaurantColumns,
  isActive: restaurants.isActive,
  awaitingApproval: restaurants.awaitingApproval,
};

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
function searchStatement(text: string): SQL {
  const likeness = (column: unknown) => sql`word_similarity(${text}, ${column})`;
  return sql`
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
    name_matches as (
      select ${restaurants.id} as restaurant_id from ${restaurants}
      where ${text} <% ${restaurants.name} or ${text} <% ${restaurants.address}
    ),
    candidates as (
      select restaurant_id from dish_matches union select restaurant_id from name_matches
    )
    select ${restaurants.id}, ${restaurants.name}, ${restaurants.description}, ${restaurants.address}, ${restaurants.phone},
           ${restaurants.imageUrl} as "imageUrl", ${restaurants.country}, ${restaurants.currencySymbol} as "currencySymbol",
           ${restaurants.latitude}, ${restaurants.longitude}, ${restaurants.minOrderAmount} as "minOrderAmount",
           ${restaurants.timeZone} as "timeZone", ${restaurants.openingHours} as "openingHours", ${publicPause} as "pause",
           ${restaurants.prepMinutes} as "prepMinutes", ${restaurants.busyMinutes} as "busyMinutes", ${publicRating} as "rating",
           case when dish_matches.score > greatest(scores.name_score, scores.address_score) then dish_matches.label end as "matchedDish"
    from candidates
    join ${restaurants} on ${restaurants.id} = candidates.restaurant_id
    left join dish_matches on dish_matches.restaurant_id = candidates.restaurant_id
    cross join lateral (
      select ${likeness(restaurants.name)} as name_score, ${likeness(restaurants.address)} as address_score
    ) as scores
    where ${restaurants.isActive}
    order by greatest(scores.name_score, scores.address_score, dish_matches.score) desc, scores.name_score desc,
             ${restaurants.createdAt} desc, ${restaurants.id} desc
    limit ${DISCOVERY_SEARCH_LIMIT}
  `;
}

/**
 * Runs a statement with `<%` at the search's threshold, set for its transaction only as pooled
 * connections are shared. The planner costs a word similarity like an equality test, so it finds
 * reading every dish as cheap as the trigram indexes; measured (bench/discovery-search.bench.ts)
 * that is 25 times slower, so sequential scans are ruled out for the transaction too.
 */
const atSearchThreshold = (db: Db, statement: SQL) =>
  db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`));
    await tx.execute(sql`set local enable_seqscan = off`);
    return tx.execute(statement);
  });

export async function searchActiveRestaurants(db: Db, text: string): Promise<RestaurantListItem[]> {
  return ((await atSearchThreshold(db, searchStatement(text))) as { rows: RestaurantListItem[] }).rows;
}

/** The plan of the search as it runs, for bench/discovery-search.bench.ts. */
export async function explainSearch(db: Db, text: string): Promise<string> {
  const explained = sql`explain (analyze, costs off, timing off, summary off) ${searchStatement(text)}`;
  const result = (await atSearchThreshold(db, explained)) as { rows: { 'QUERY PLAN': string }[] };
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
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

export type RestaurantFields = Omit<
  typeof restaurants.$inferInsert,
  'id' | 'ownerId' | 'isActive' | 'awaitingApproval' | 'createdAt'
>;

/**
 * The new restaurant, or undefined when this owner already has one (one per owner, by a unique index):
 * public at once, or inactive and awaiting an admin's approval.
 */
export async function insertOwnedRestaurant(db: Queryable, ownerId: string, fields: RestaurantFields, awaitingApproval: boolean) {
  const [row] = await db
    .insert(restaurants)
    .values({ ...fields, ownerId, isActive: !awaitingApproval, awaitingApproval })
    .onConflictDoNothing({ target: restaurants.ownerId })
    .returning(ownRestaurantColumns);
  return row;
}

/**
 * Changes the restaurant; undefined when there is none, or when `fields` would change the currency
 * of one that has taken orders: its sales, statements and payouts are sums in the currency they
 * were taken in.
 */
export async function updateRestaurant(db: Queryable, id: string, fields: RestaurantFields) {
  const [row] = await db
    .update(restaurants)
    .set(fields)
    .where(
      and(
        eq(restaurants.id, id),
        or(
          eq(restaurants.currencySymbol, fields.currencySymbol),
          sql`not exists (select 1 from ${orders} where ${orders.restaurantId} = ${restaurants.id})`,
        ),
      ),
    )
    .returning(ownRestaurantColumns);
  return row;
}

/** What an edit of the restaurant is checked against: its picture, currency, time zone and the closed dates it keeps now. */
export async function findRestaurantForEdit(db: Queryable, id: string) {
  const [row] = await db
    .select({
      imageUrl: restaurants.imageUrl,
      currencySymbol: restaurants.currencySymbol,
      timeZone: restaurants.timeZone,
      openingHours: restaurants.openingHours,
    })
    .from(restaurants)
    .where(eq(restaurants.id, id))
    .limit(1);
  return row && { ...row, closedDates: row.openingHours.closedDates };
}

/** A restaurant's name, picture and currency, as messages and statements show it. */
export async function findRestaurantBasics(db: Queryable, id: string) {
  const [row] = await db
    .select({ name: restaurants.name, imageUrl: restaurants.imageUrl, currencySymbol: restaurants.currencySymbol })
    .from(restaurants)
    .where(eq(restaurants.id, id))
    .limit(1);
  return row;
}
