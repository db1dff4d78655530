import type { OwnMenuItem, PublicMenuItem } from '@shared/menu/schemas.js';
import { publicRestaurant } from './restaurants.js';

export { EXTRAS, PROTEIN } from '@shared/menu/testChoices.js';

/** Jollof Rice at GH₵45.00 of publicRestaurant(), with no choices; `fields` replace (optionGroups: [PROTEIN, EXTRAS] for a dish with choices). */
export function publicMenuItem(fields: Partial<PublicMenuItem> = {}): PublicMenuItem {
  return {
    id: '5c0d7a3e-1b2c-4d5e-8f90-a1b2c3d4e5f6',
    restaurantId: publicRestaurant().id,
    name: 'Jollof Rice',
    description: null,
    price: 4500,
    category: 'Mains',
    imageUrl: null,
    optionGroups: [],
    soldOutUntil: null,
    choicesSoldOut: {},
    ...fields,
  };
}

/** publicMenuItem as its owner sees it: available, first on the menu. */
export function ownMenuItem(fields: Partial<OwnMenuItem> = {}): OwnMenuItem {
  return { ...publicMenuItem(), isAvailable: true, position: 1, ...fields };
}
