import { MENU_MESSAGES, type MenuItemInput, type OwnMenuItem, type PublicMenuItem } from '@shared/menu/schemas.js';
import { RESTAURANT_MESSAGES } from '@shared/restaurants/schemas.js';
import type { AuthUser } from '../core/identity.js';
import type { Db, Queryable } from '../db/client.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { runsKitchen } from '../policy.js';
import { isOwnUpload } from '../storage/references.js';
import type { StorageService } from '../storage/service.js';
import {
  deleteMenuItem,
  findAvailableMenu,
  findMenuItem,
  findRestaurantOwner,
  insertMenuItem,
  listMenu,
  lockMenuIds,
  setPositions,
  updateMenuItem,
} from './repository.js';

export interface MenuDeps {
  db: Db;
  storage: StorageService;
}

/** What a customer can order from a restaurant; an inactive restaurant's menu is as invisible as the restaurant. */
export async function getPublicMenu(db: Db, restaurantId: string): Promise<PublicMenuItem[]> {
  const menu = await findAvailableMenu(db, restaurantId);
  if (!menu) throw notFound(RESTAURANT_MESSAGES.notFound);
  return menu;
}

/** Another owner's restaurant reads exactly like one that does not exist. */
export async function requireKitchen(db: Queryable, user: AuthUser, restaurantId: string): Promise<void> {
  const exists = (await findRestaurantOwner(db, restaurantId)) !== undefined;
  if (!exists || !(await runsKitchen(db, user, restaurantId))) throw notFound(RESTAURANT_MESSAGES.notFound);
}

/**
 * A new picture must be the caller's own upload in this restaurant's food-images folder: never an
 * outside address, someone else's file or another restaurant's. A picture the item already shows may stay.
 */
async function checkImage(
  deps: MenuDeps,
  user: AuthUser,
  restaurantId: string,
  imageUrl: string | null,
  current?: string | null,
) {
  if (imageUrl === null || imageUrl === current) return;
  if (!(await isOwnUpload(deps, imageUrl, user.userId, ['food-images'], restaurantId))) {
    throw badRequest(MENU_MESSAGES.imageNotOwn, { imageUrl: MENU_MESSAGES.imageNotOwn });
  }
}

/** The owner's whole menu, unavailable items included, in the restaurant's order. */
export async function getOwnMenu(db: Db, user: AuthUser, restaurantId: string): Promise<OwnMenuItem[]> {
  await requireKitchen(db, user, restaurantId);
  return listMenu(db, restaurantId);
}

export async function addMenuItem(deps: MenuDeps, user: AuthUser, restaurantId: string, input: MenuItemInput) {
  await requireKitchen(deps.db, user, restaurantId);
  await checkImage(deps, user, restaurantId, input.imageUrl);
  return insertMenuItem(deps.db, restaurantId, input);
}

export async function changeMenuItem(
  deps: MenuDeps,
  user: AuthUser,
  ids: { restaurantId: string; itemId: string },
  input: MenuItemInput,
): Promise<OwnMenuItem> {
  await requireKitchen(deps.db, user, ids.restaurantId);
  const current = await findMenuItem(deps.db, ids.restaurantId, ids.itemId);
  if (!current) throw notFound(MENU_MESSAGES.itemNotFound);
  await checkImage(deps, user, ids.restaurantId, input.imageUrl, current.imageUrl);
  const updated = await updateMenuItem(deps.db, ids.restaurantId, ids.itemId, input);
  if (!updated) throw notFound(MENU_MESSAGES.itemNotFound);
  return updated;
}

/** Past orders stay whole: their lines carry their own name and price. */
export async function removeMenuItem(db: Db, user: AuthUser, ids: { restaurantId: string; itemId: string }): Promise<void> {
  await requireKitchen(db, user, ids.restaurantId);
  if (!(await deleteMenuItem(db, ids.restaurantId, ids.itemId))) throw notFound(MENU_MESSAGES.itemNotFound);
}

const sameIds = (a: readonly string[], b: readonly string[]) => {
  const set = new Set(a);
  return set.size === a.length && a.length === b.length && b.every((id) => set.has(id));
};

/**
 * Puts the menu in the order given. The list must name every item exactly once: an item added or
 * deleted in another tab since the owner loaded the menu gets 409 rather than a half-ordered menu.
 */
export async function reorderMenu(db: Db, user: AuthUser, restaurantId: string, itemIds: readonly string[]) {
  await requireKitchen(db, user, restaurantId);
  return db.transaction(async (tx) => {
    if (!sameIds(itemIds, await lockMenuIds(tx, restaurantId))) throw conflict(MENU_MESSAGES.orderStale);
    await setPositions(tx, restaurantId, itemIds);
    return listMenu(tx, restaurantId);
  });
}
