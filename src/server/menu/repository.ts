import { randomUUID } from 'node:crypto';
import { and, asc, eq, fillPlaceholders, inArray, sql } from 'drizzle-orm';
import { withOptionIds } from '@shared/menu/options.js';
import type { MenuItemInput, OwnMenuItem, PublicMenuItem } from '@shared/menu/schemas.js';
import type { Db, Queryable } from '../db/client.js';
import { isoUtc } from '../db/isoTime.js';
import { preparedPerDatabase } from '../db/prepared.js';
import { menuItems, restaurants } from '../db/schema.js';

/** The restaurant's order: its positions, then (for rows that share one) the order they were added in. */
const MENU_ORDER = [asc(menuItems.position), asc(menuItems.createdAt), asc(menuItems.id)] as const;

const publicColumns = {
  id: menuItems.id,
  restaurantId: menuItems.restaurantId,
  name: menuItems.name,
  description: menuItems.description,
  price: menuItems.price,
  category: menuItems.category,
  imageUrl: menuItems.imageUrl,
  optionGroups: menuItems.optionGroups,
  soldOutUntil: isoUtc(menuItems.soldOutUntil),
  choicesSoldOut: menuItems.choicesSoldOut,
};
const ownColumns = { ...publicColumns, isAvailable: menuItems.isAvailable, position: menuItems.position };

/**
 * One round trip answers both questions of the public menu page: does the restaurant exist and
 * take orders (any row at all), and what can be ordered (the joined items, if any).
 */
const availableMenu = (db: Db) =>
  db
    .select({ item: publicColumns })
    .from(restaurants)
    .leftJoin(menuItems, and(eq(menuItems.restaurantId, restaurants.id), eq(menuItems.isAvailable, true)))
    .where(and(eq(restaurants.id, sql.placeholder('restaurantId')), eq(restaurants.isActive, true)))
    .orderBy(...MENU_ORDER);

const availableMenuQuery = preparedPerDatabase((db: Db) => availableMenu(db).prepare('menu_available_of_active_restaurant'));

/** The public menu's SQL and its parameters for a restaurant: for the benchmark's bare-driver yardstick. */
export function availableMenuSql(db: Db, restaurantId: string) {
  const { sql: text, params } = availableMenu(db).toSQL();
  return { text, values: fillPlaceholders(params, { restaurantId }) };
}

/** The available items of an active restaurant, in the restaurant's order; undefined when the restaurant is unknown or inactive. */
export async function findAvailableMenu(db: Db, restaurantId: string): Promise<PublicMenuItem[] | undefined> {
  const rows = await availableMenuQuery(db).execute({ restaurantId });
  if (rows.length === 0) return undefined;
  return rows.flatMap((row) => (row.item ? [row.item] : []));
}

/** Who owns a restaurant, or undefined when there is no such restaurant. */
export async function findRestaurantOwner(db: Queryable, restaurantId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ ownerId: restaurants.ownerId })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId))
    .limit(1);
  return row?.ownerId;
}

/** Every item of a restaurant, available or not, in the restaurant's order. */
export function listMenu(db: Queryable, restaurantId: string): Promise<OwnMenuItem[]> {
  return db
    .select(ownColumns)
    .from(menuItems)
    .where(eq(menuItems.restaurantId, restaurantId))
    .orderBy(...MENU_ORDER);
}

export async function findMenuItem(db: Queryable, restaurantId: string, itemId: string) {
  const [row] = await db
    .select(ownColumns)
    .from(menuItems)
    .where(and(eq(menuItems.id, itemId), eq(menuItems.restaurantId, restaurantId)))
    .limit(1);
  return row;
}

/** The position after the last item of the restaurant's menu: where a new item goes. */
export const nextPosition = (restaurantId: string) =>
  sql<number>`(select coalesce(max(${menuItems.position}), 0) + 1 from ${menuItems} where ${menuItems.restaurantId} = ${restaurantId})`;

/** The item as stored: every group and choice with its id, kept from the form or new. */
const stored = (input: MenuItemInput) => ({ ...input, optionGroups: withOptionIds(input.optionGroups, randomUUID) });

/** A new item goes to the end of the menu. */
export async function insertMenuItem(db: Queryable, restaurantId: string, input: MenuItemInput): Promise<OwnMenuItem> {
  const [row] = await db
    .insert(menuItems)
    .values({
      ...stored(input),
      restaurantId,
      position: nextPosition(restaurantId),
    })
    .returning(ownColumns);
  if (!row) throw new Error('insertMenuItem returned no row');
  return row;
}

export async function updateMenuItem(
  db: Queryable,
  restaurantId: string,
  itemId: string,
  input: MenuItemInput,
): Promise<OwnMenuItem | undefined> {
  const [row] = await db
    .update(menuItems)
    .set(stored(input))
    .where(and(eq(menuItems.id, itemId), eq(menuItems.restaurantId, restaurantId)))
    .returning(ownColumns);
  return row;
}

/** Order lines that named the item keep their name and price; their menu_item_id becomes null (the foreign key says so). */
export async function deleteMenuItem(db: Queryable, restaurantId: string, itemId: string): Promise<boolean> {
  const rows = await db
    .delete(menuItems)
    .where(and(eq(menuItems.id, itemId), eq(menuItems.restaurantId, restaurantId)))
    .returning({ id: menuItems.id });
  return rows.length > 0;
}

/** The ids of a restaurant's items, locked until the transaction ends so that nothing is added or removed meanwhile. */
export async function lockMenuIds(db: Queryable, restaurantId: string): Promise<string[]> {
  const rows = await db
    .select({ id: menuItems.id })
    .from(menuItems)
    .where(eq(menuItems.restaurantId, restaurantId))
    .for('update');
  return rows.map((row) => row.id);
}

/** Gives the items positions 1, 2, 3... in the order of `itemIds`, in one statement. */
export async function setPositions(db: Queryable, restaurantId: string, itemIds: readonly string[]): Promise<void> {
  if (itemIds.length === 0) return;
  const position = sql.join(
    itemIds.map((id, index) => sql`when ${id}::uuid then ${index + 1}::integer`),
    sql` `,
  );
  await db
    .update(menuItems)
    .set({ position: sql`case ${menuItems.id} ${position} end` })
    .where(and(eq(menuItems.restaurantId, restaurantId), inArray(menuItems.id, [...itemIds])));
}

/** The restaurant's time zone and hours: what 'sold out for today' runs until (nextDayOpening). */
export async function findRestaurantClock(db: Queryable, restaurantId: string) {
  const [row] = await db
    .select({ timeZone: restaurants.timeZone, openingHours: restaurants.openingHours })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId))
    .limit(1);
  return row;
}

const ofRestaurant = (restaurantId: string, itemId: string) =>
  and(eq(menuItems.id, itemId), eq(menuItems.restaurantId, restaurantId));

/** The dish sold out for today until `until`, or back on the menu (null). */
export async function setDishSoldOut(db: Queryable, restaurantId: string, itemId: string, until: Date | null) {
  const [row] = await db
    .update(menuItems)
    .set({ soldOutUntil: until })
    .where(ofRestaurant(restaurantId, itemId))
    .returning(ownColumns);
  return row;
}

/** The dish's choices still sold out, those whose day is over dropped. */
const stillSoldOut = sql`(select coalesce(jsonb_object_agg(key, value), '{}'::jsonb)
  from jsonb_each_text(${menuItems.choicesSoldOut}) where value::timestamptz > now())`;

/**
 * One choice of the dish sold out for today until `until`, or back (null); nothing changes, and
 * nothing is answered, unless the dish offers that choice.
 */
export async function setChoiceSoldOut(
  db: Queryable,
  restaurantId: string,
  itemId: string,
  choiceId: string,
  until: Date | null,
) {
  const offered = sql`exists (select 1 from jsonb_array_elements(${menuItems.optionGroups}) g(grp),
    jsonb_array_elements(g.grp -> 'choices') c(choice) where c.choice ->> 'id' = ${choiceId})`;
  const soldOut = until
    ? sql`${stillSoldOut} || jsonb_build_object(${choiceId}::text, ${until.toISOString()}::text)`
    : sql`${stillSoldOut} - ${choiceId}::text`;
  const [row] = await db
    .update(menuItems)
    .set({ choicesSoldOut: soldOut })
    .where(and(ofRestaurant(restaurantId, itemId), offered))
    .returning(ownColumns);
  return row;
}
