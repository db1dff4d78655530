import type { PublicMenuItem } from '@shared/menu/schemas.js';
import { RESTAURANT_MESSAGES } from '@shared/restaurants/schemas.js';
import type { Db } from '../db/client.js';
import { notFound } from '../http/errors.js';
import { findAvailableMenu } from './repository.js';

/** What a customer can order from a restaurant; an inactive restaurant's menu is as invisible as the restaurant. */
export async function getPublicMenu(db: Db, restaurantId: string): Promise<PublicMenuItem[]> {
  const menu = await findAvailableMenu(db, restaurantId);
  if (!menu) throw notFound(RESTAURANT_MESSAGES.notFound);
  return menu;
}
