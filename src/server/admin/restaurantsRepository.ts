import { and, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { PageQuery } from '@shared/paging.js';
import type { Queryable } from '../db/client.js';
import { afterCursor, cursorMicros, newestFirst } from '../db/keyset.js';
import { containing } from '../db/like.js';
import { profiles, restaurants } from '../db/schema.js';

const keys = { createdAt: restaurants.createdAt, id: restaurants.id };

const adminColumns = {
  id: restaurants.id,
  name: restaurants.name,
  description: restaurants.description,
  address: restaurants.address,
  phone: restaurants.phone,
  imageUrl: restaurants.imageUrl,
  ownerId: restaurants.ownerId,
  ownerName: profiles.fullName,
  isActive: restaurants.isActive,
  awaitingApproval: restaurants.awaitingApproval,
  createdAt: restaurants.createdAt,
  cursorMicros: cursorMicros(keys),
};
export type AdminRestaurantRow = Awaited<ReturnType<typeof listAdminRestaurantRows>>[number];

const selectAdmin = (db: Queryable) =>
  db.select(adminColumns).from(restaurants).innerJoin(profiles, eq(profiles.id, restaurants.ownerId));

/** `text` anywhere in the name or the address, in any letter case (restaurants_name_trgm_idx, restaurants_address_trgm_idx). */
const nameOrAddress = (text: string | undefined): SQL | undefined => {
  if (!text) return undefined;
  const pattern = containing(text);
  return or(ilike(restaurants.name, pattern), ilike(restaurants.address, pattern));
};

/** Every restaurant, active or not, matching `text`, newest first, one page (plus one row to tell whether more follow). */
export function listAdminRestaurantRows(db: Queryable, text: string | undefined, page: PageQuery) {
  return selectAdmin(db)
    .where(and(nameOrAddress(text), afterCursor(keys, page.cursor)))
    .orderBy(...newestFirst(keys))
    .limit(page.limit + 1);
}

export async function findAdminRestaurantRow(db: Queryable, id: string) {
  const [row] = await selectAdmin(db).where(eq(restaurants.id, id)).limit(1);
  return row;
}

/**
 * Opens or closes the restaurant; false when there is no such restaurant. Either way an admin has
 * decided, so it no longer awaits approval: activating approves it, deactivating takes it down.
 */
export async function setRestaurantActive(db: Queryable, id: string, active: boolean): Promise<boolean> {
  const rows = await db
    .update(restaurants)
    .set({ isActive: active, awaitingApproval: false })
    .where(eq(restaurants.id, id))
    .returning({ id: restaurants.id });
  return rows.length > 0;
}
