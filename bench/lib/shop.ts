import { startSession } from '../../src/server/auth/sessions.js';
import { insertAccountWithoutPassword, insertMenuItem, insertRestaurant } from '../../src/server/restaurants/testFixtures.js';
import type { OptionGroup } from '../../src/shared/menu/options.js';
import { jollofChoices, randomChoiceIds } from './dishChoices.js';
import type { BenchServer } from './server.js';

/** Restaurants with menus and signed-in customers, for the benchmarks that place orders. */

export interface BenchMenu {
  restaurantId: string;
  ownerId: string;
  items: { id: string; optionGroups: OptionGroup[] }[];
}

export const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

export async function seedRestaurants(
  server: BenchServer,
  restaurants: number,
  itemsPerRestaurant: number,
): Promise<BenchMenu[]> {
  const db = server.app.db;
  const menus: BenchMenu[] = [];
  for (let r = 0; r < restaurants; r++) {
    const ownerId = await insertAccountWithoutPassword(db, 'restaurant');
    const restaurant = await insertRestaurant(db, { ownerId });
    const items: BenchMenu['items'] = [];
    for (let i = 0; i < itemsPerRestaurant; i++) {
      // Every other dish has the choices, as a menu with some would.
      const optionGroups = i % 2 === 0 ? jollofChoices() : [];
      items.push(
        await insertMenuItem(db, { restaurantId: restaurant.id, name: `Dish ${i}`, price: 500 + i * 250, optionGroups }),
      );
    }
    menus.push({ restaurantId: restaurant.id, ownerId, items });
  }
  return menus;
}

/** Access tokens of new customers, each signed in once. */
export async function seedCustomers(server: BenchServer, customers: number): Promise<string[]> {
  const db = server.app.db;
  const tokens: string[] = [];
  for (let c = 0; c < customers; c++) {
    const userId = await insertAccountWithoutPassword(db, 'customer');
    tokens.push((await startSession(db, server.app.config.JWT_SECRET, userId)).accessToken);
  }
  return tokens;
}

/** The Ghanaian mobile number of the `index`th customer, each their own: '+233 24 555 0101' for the first. */
export const customerPhone = (index: number): string =>
  `+233 24 ${String(5_550_101 + index).replace(/^(\d{3})(\d{4})$/, '$1 $2')}`;

/**
 * A checkout body: one to three dishes of one restaurant's menu, with choices where they have some,
 * cash on delivery to `deliveryPhone` (the first customer's number unless given).
 */
export function randomCart(menus: readonly BenchMenu[], deliveryPhone = customerPhone(0)): string {
  const menu = pick(menus);
  const dishes = new Set<BenchMenu['items'][number]>();
  const lineCount = 1 + Math.floor(Math.random() * 3);
  while (dishes.size < lineCount) dishes.add(pick(menu.items));
  return JSON.stringify({
    restaurantId: menu.restaurantId,
    items: [...dishes].map((dish) => ({
      menuItemId: dish.id,
      quantity: 1 + Math.floor(Math.random() * 3),
      choiceIds: randomChoiceIds(dish.optionGroups),
    })),
    deliveryAddress: '4 Ring Road, Accra',
    deliveryPhone,
    deliveryLatitude: 5.6037,
    deliveryLongitude: -0.187,
    paymentMethod: 'cash',
    tipAmount: pick([0, 0, 200, 500]),
  });
}
