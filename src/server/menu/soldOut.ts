import { MENU_MESSAGES, type OwnMenuItem } from '@shared/menu/schemas.js';
import { SOLD_OUT_MESSAGES, type SoldOutTarget } from '@shared/menu/soldOut.js';
import { RESTAURANT_MESSAGES } from '@shared/restaurants/schemas.js';
import { nextDayOpening } from '@shared/restaurants/hours.js';
import type { AuthUser } from '../core/identity.js';
import type { Queryable } from '../db/client.js';
import { notFound } from '../http/errors.js';
import { findRestaurantClock, setChoiceSoldOut, setDishSoldOut } from './repository.js';
import { requireKitchen } from './service.js';

interface DishIds {
  restaurantId: string;
  itemId: string;
}

/** Sets or clears the sold-out mark of a dish or one of its choices; 404 for another kitchen's dish or a choice it does not offer. */
async function mark(db: Queryable, ids: DishIds, target: SoldOutTarget, until: Date | null): Promise<OwnMenuItem> {
  const row = target.choiceId
    ? await setChoiceSoldOut(db, ids.restaurantId, ids.itemId, target.choiceId, until)
    : await setDishSoldOut(db, ids.restaurantId, ids.itemId, until);
  if (!row) throw notFound(target.choiceId ? SOLD_OUT_MESSAGES.choiceNotFound : MENU_MESSAGES.itemNotFound);
  return row;
}

/**
 * From the board: the dish, or one of its choices, is sold out for today. It comes back by itself
 * at the restaurant's next day's opening (nextDayOpening), in its own time zone; customers see it
 * greyed meanwhile and checkout refuses it.
 */
export async function markSoldOut(db: Queryable, user: AuthUser, ids: DishIds, target: SoldOutTarget): Promise<OwnMenuItem> {
  await requireKitchen(db, user, ids.restaurantId);
  const clock = await findRestaurantClock(db, ids.restaurantId);
  if (!clock) throw notFound(RESTAURANT_MESSAGES.notFound);
  return mark(db, ids, target, nextDayOpening(clock));
}

/** The dish, or one of its choices, back on the menu before its day is over. */
export async function bringBack(db: Queryable, user: AuthUser, ids: DishIds, target: SoldOutTarget): Promise<OwnMenuItem> {
  await requireKitchen(db, user, ids.restaurantId);
  return mark(db, ids, target, null);
}
