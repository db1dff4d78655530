import type { OptionGroup } from '@shared/menu/options.js';
import type { ChoicesSoldOut } from '@shared/menu/soldOut.js';
import { choicesOf, dishAvailable, type MenuDish } from './checks.js';
import type { CartLine, PricedLine } from './pricing.js';

/** A restaurant's dishes by id, as kept with its kitchen (keptKitchens.ts). */
export type KeptMenu = ReadonlyMap<string, MenuDish>;

/** A dish as the kept kitchen's read returns it (kitchen.ts). */
export interface KeptDish {
  id: string;
  name: string;
  price: number;
  isAvailable: boolean;
  soldOutUntil: string | null;
  optionGroups: OptionGroup[];
  choicesSoldOut: ChoicesSoldOut;
}

export const keptMenuOf = (dishes: readonly KeptDish[]): KeptMenu =>
  new Map(
    dishes.map(({ id, soldOutUntil, ...dish }) => [id, { ...dish, soldOutUntil: soldOutUntil ? new Date(soldOutUntil) : null }]),
  );

/**
 * The cart priced from a kept menu by the rules checkout's SQL holds it to (pricing.ts): each
 * dish on the menu, available and not sold out now, with choices that fit its groups
 * (shared/menu/options.ts), at its price plus theirs. Undefined when a line breaks a rule: the
 * database, read afresh, then decides and says why (checks.ts). The order is written from these
 * prices only while the kitchen's version still holds, that is while the menu is still this one.
 */
export function priceFromKeptMenu(menu: KeptMenu, lines: readonly CartLine[]): PricedLine[] | undefined {
  const priced: PricedLine[] = [];
  for (const line of lines) {
    const dish = menu.get(line.menuItemId);
    if (!dish || !dishAvailable(dish)) return undefined;
    const choices = choicesOf({ line, dish });
    if (!choices?.ok) return undefined;
    priced.push({ ...line, name: dish.name, price: dish.price + choices.extra, choices: choices.choices });
  }
  return priced;
}
