import { startSession } from '../../src/server/auth/sessions.js';
import { insertAccountWithoutPassword, insertMenuItem, insertRestaurant } from '../../src/server/restaurants/testFixtures.js';
import type { BenchServer } from './server.js';

/** Restaurants with menus and signed-in customers, for the benchmarks that place orders. */

export interface BenchMenu {
  restaurantId: string;
  ownerId: string;
  itemIds: string[];
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
    const itemIds: string[] = [];
    for (let i = 0; i < itemsPerRestaurant; i++) {
      const item = await insertMenuItem(db, { restaurantId: restaurant.id, name: `Dish ${i}`, price: 500 + i * 250 });
      itemIds.push(item.id);
    }
    menus.push({ restaurantId: restaurant.id, ownerId, itemIds });
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

/** A checkout body: one to three lines of one restaurant's menu, cash on delivery. */
export function randomCart(menus: readonly BenchMenu[]): string {
  const menu = pick(menus);
  const lines = new Set<string>();
  const lineCount = 1 + Math.floor(Math.random() * 3);
  while (lines.size < lineCount) lines.add(pick(menu.itemIds));
  return JSON.stringify({
    restaurantId: menu.restaurantId,
    items: [...lines].map((menuItemId) => ({ menuItemId, quantity: 1 + Math.floor(Math.random() * 3) })),
    deliveryAddress: '4 Ring Road, Accra',
    deliveryPhone: '+233 24 555 0101',
    deliveryLatitude: 5.6037,
    deliveryLongitude: -0.187,
    paymentMethod: 'cash',
    tipAmount: pick([0, 0, 200, 500]),
  });
}
