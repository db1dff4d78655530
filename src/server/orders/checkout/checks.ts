import { and, eq, inArray } from 'drizzle-orm';
import { resolveChoices, type OptionGroup } from '@shared/menu/options.js';
import { soldOutChoiceIds, type ChoicesSoldOut } from '@shared/menu/soldOut.js';
import type { Queryable } from '../../db/client.js';
import { menuItems, restaurants } from '../../db/schema.js';
import type { CartLine } from './pricing.js';

/** A dish of the restaurant's menu as it is now. */
export interface MenuDish {
  name: string;
  price: number;
  isAvailable: boolean;
  optionGroups: OptionGroup[];
  soldOutUntil: Date | null;
  choicesSoldOut: ChoicesSoldOut;
}

/**
 * A cart held against the rules of checkout (pricing.ts) as the database is now. A line can be
 * ordered when its dish is on this restaurant's menu and available, with choices it offers now.
 */
export interface CartCheck {
  /** Whether the restaurant exists and takes orders. */
  restaurantOpen: boolean;
  /** Its minimum order (food subtotal) and currency. */
  minOrderAmount: number;
  currencySymbol: string;
  /** Each line in cart order with its dish; no dish when it is not on this restaurant's menu. */
  lines: { line: CartLine; dish: MenuDish | undefined }[];
}

/** Whether the line's choices are choices of its dish that can be had and meet its groups' rules (shared/menu/options.ts). */
export const choicesOf = ({ line, dish }: CartCheck['lines'][number]) =>
  dish ? resolveChoices(dish.name, dish.optionGroups, line.choiceIds, soldOutChoiceIds(dish.choicesSoldOut)) : undefined;

/** Whether the dish can be had now: available, and not sold out for today. */
export const dishAvailable = (dish: MenuDish | undefined): boolean =>
  dish?.isAvailable === true && (dish.soldOutUntil === null || dish.soldOutUntil.getTime() <= Date.now());

export const canBeOrdered = (checked: CartCheck['lines'][number]): boolean =>
  dishAvailable(checked.dish) && choicesOf(checked)?.ok === true;

/** The cart's total at the menu's prices of the dishes found, with the price changes of the choices that could be had. */
export const menuTotal = (check: CartCheck): number =>
  check.lines.reduce((sum, checked) => {
    const choices = choicesOf(checked);
    const extra = choices?.ok ? choices.extra : 0;
    return sum + ((checked.dish?.price ?? 0) + extra) * checked.line.quantity;
  }, 0);

/**
 * Whether the restaurant takes orders and what each line's dish is on its menu. Asked only once
 * writeOrder or priceCart has refused a cart, to say why in words.
 */
export async function checkCart(db: Queryable, restaurantId: string, lines: CartLine[]): Promise<CartCheck> {
  const rows = await db
    .select({
      isActive: restaurants.isActive,
      minOrderAmount: restaurants.minOrderAmount,
      currencySymbol: restaurants.currencySymbol,
      itemId: menuItems.id,
      name: menuItems.name,
      price: menuItems.price,
      isAvailable: menuItems.isAvailable,
      optionGroups: menuItems.optionGroups,
      soldOutUntil: menuItems.soldOutUntil,
      choicesSoldOut: menuItems.choicesSoldOut,
    })
    .from(restaurants)
    .leftJoin(
      menuItems,
      and(
        eq(menuItems.restaurantId, restaurants.id),
        inArray(
          menuItems.id,
          lines.map((line) => line.menuItemId),
        ),
      ),
    )
    .where(eq(restaurants.id, restaurantId));
  const menu = new Map<string, MenuDish>();
  for (const { itemId, name, price, isAvailable, optionGroups, soldOutUntil, choicesSoldOut } of rows) {
    if (
      itemId !== null &&
      name !== null &&
      price !== null &&
      isAvailable !== null &&
      optionGroups !== null &&
      choicesSoldOut !== null
    )
      menu.set(itemId, { name, price, isAvailable, optionGroups, soldOutUntil, choicesSoldOut });
  }
  return {
    restaurantOpen: rows[0]?.isActive === true,
    minOrderAmount: rows[0]?.minOrderAmount ?? 0,
    currencySymbol: rows[0]?.currencySymbol ?? '',
    lines: lines.map((line) => ({ line, dish: menu.get(line.menuItemId) })),
  };
}
