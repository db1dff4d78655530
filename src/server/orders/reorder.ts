import { cartLineKey, lineName, resolveChoices, type ChosenOption, type OptionGroup } from '@shared/menu/options.js';
import { isSoldOut, soldOutChoiceIds } from '@shared/menu/soldOut.js';
import { MAX_ITEM_QUANTITY, ORDER_MESSAGES } from '@shared/orders/schemas.js';
import type { Reorder, ReorderLine } from '@shared/orders/reorder.js';
import type { AuthUser } from '../core/identity.js';
import type { Queryable } from '../db/client.js';
import { notFound } from '../http/errors.js';
import {
  findOwnOrderRestaurant,
  listCurrentDishes,
  listOrderedLines,
  type CurrentDish,
  type OrderedLine,
} from './reorderRepository.js';

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The id of the dish's current choice a stored choice was (matched by its group's name and its own), if it still has one. */
function currentChoiceId(groups: OptionGroup[], stored: ChosenOption): string | undefined {
  const group = groups.find((candidate) => sameName(candidate.name, stored.group));
  return group?.choices.find((choice) => sameName(choice.name, stored.name))?.id;
}

type Rebuilt = { line: ReorderLine; missing: string[] } | { line: null; missing: string[] };

/**
 * One ordered line against the dish as it is now. A dish removed, unavailable or sold out today is
 * named whole, with the choices it had ('Kelewele', 'Jollof Rice (Fish)'); a choice no longer offered, unavailable or sold out is named with its
 * dish ('Fish (Jollof Rice)') and left out, unless what is left breaks the dish's rules for its
 * groups (a required choice gone): the line is then named whole with its old choices.
 */
function rebuildLine(ordered: OrderedLine, dish: CurrentDish | undefined, now: Date): Rebuilt {
  if (!dish || !dish.isAvailable || isSoldOut(dish.soldOutUntil?.toISOString(), now)) {
    return { line: null, missing: [lineName(ordered)] };
  }
  const soldOut = soldOutChoiceIds(dish.choicesSoldOut, now);
  const choiceIds: string[] = [];
  const missing: string[] = [];
  for (const stored of ordered.choices) {
    const id = currentChoiceId(dish.optionGroups, stored);
    const canBeHad = dish.optionGroups.some((group) =>
      group.choices.some((c) => c.id === id && c.isAvailable && !soldOut.has(c.id)),
    );
    if (id && canBeHad) choiceIds.push(id);
    else missing.push(`${stored.name} (${dish.name})`);
  }
  const resolved = resolveChoices(dish.name, dish.optionGroups, choiceIds, soldOut);
  if (!resolved.ok) return { line: null, missing: [lineName(ordered)] };
  const line = {
    menuItemId: dish.id,
    name: dish.name,
    quantity: ordered.quantity,
    price: dish.price + resolved.extra,
    choiceIds,
    choices: resolved.choices,
  };
  return { line, missing };
}

/** Lines that became the same dish with the same choices (a choice left out of one) are one line, as in the cart. */
function mergeSameLines(lines: ReorderLine[]): ReorderLine[] {
  const byKey = new Map<string, ReorderLine>();
  for (const line of lines) {
    const key = cartLineKey(line.menuItemId, line.choiceIds);
    const same = byKey.get(key);
    if (same) same.quantity = Math.min(MAX_ITEM_QUANTITY, same.quantity + line.quantity);
    else byKey.set(key, { ...line });
  }
  return [...byKey.values()];
}

/**
 * The customer's own past order rebuilt against the restaurant's current menu, to put in the cart
 * again: 404 for another customer's order or none. Nothing is priced for good here; checkout does.
 */
export async function reorder(db: Queryable, user: AuthUser, orderId: string, now = new Date()): Promise<Reorder> {
  const restaurant = await findOwnOrderRestaurant(db, user.userId, orderId);
  if (!restaurant) throw notFound(ORDER_MESSAGES.notFound);
  const { isActive, ...shown } = restaurant;
  if (!isActive) return { restaurant: shown, restaurantActive: false, lines: [], missing: [] };
  const ordered = await listOrderedLines(db, orderId);
  const ids = ordered.flatMap((line) => (line.menuItemId ? [line.menuItemId] : []));
  const dishes = new Map((await listCurrentDishes(db, restaurant.id, ids)).map((dish) => [dish.id, dish]));
  const lines: ReorderLine[] = [];
  const missing: string[] = [];
  for (const line of ordered) {
    const rebuilt = rebuildLine(line, line.menuItemId ? dishes.get(line.menuItemId) : undefined, now);
    if (rebuilt.line) lines.push(rebuilt.line);
    missing.push(...rebuilt.missing);
  }
  return { restaurant: shown, restaurantActive: true, lines: mergeSameLines(lines), missing: [...new Set(missing)] };
}
