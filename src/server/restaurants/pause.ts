import type { PauseView } from '@shared/restaurants/hours.js';
import type { AuthUser } from '../core/identity.js';
import type { Db } from '../db/client.js';
import { setOrderPause } from './pauseRepository.js';
import { kitchenRestaurant } from './service.js';

/**
 * Pauses the restaurant's new orders for `minutes` from now, or until resumed (null); checkout
 * refuses orders until then (orders/checkout/kitchen.ts, checkTakingOrders). The change reaches
 * every instance's catalog and kept kitchens through the restaurant row's triggers.
 */
export async function pauseOrders(db: Db, user: AuthUser, restaurantId: string, minutes: number | null): Promise<PauseView> {
  await kitchenRestaurant(db, user, restaurantId);
  return { pause: await setOrderPause(db, restaurantId, { minutes }) };
}

/** Takes orders again at once, however long the pause was meant to last. */
export async function resumeOrders(db: Db, user: AuthUser, restaurantId: string): Promise<PauseView> {
  await kitchenRestaurant(db, user, restaurantId);
  return { pause: await setOrderPause(db, restaurantId, null) };
}
