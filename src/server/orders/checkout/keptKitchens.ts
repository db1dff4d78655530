import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.js';
import { findCheckoutKitchen, type CheckoutKitchen } from './kitchen.js';

/**
 * The kitchens this instance last read for its checkouts, so that the next checkout of a
 * restaurant can write its order in one round trip instead of two. A kept kitchen prices an order
 * only while its facts still hold, which the write itself checks (kitchenFacts.ts), so the copies
 * need no invalidation: a stale one costs the read it would have saved. Kept per database.
 *
 * `fetch` reads a kitchen not kept yet once however many checkouts ask for it at the same time:
 * after a start, the first burst of orders for a restaurant waits on one read instead of each
 * making its own (and then writing by the slower path that follows a read).
 */
const kept = new WeakMap<Database, LRUCache<string, CheckoutKitchen>>();

export function keptKitchens(database: Database): LRUCache<string, CheckoutKitchen> {
  let kitchens = kept.get(database);
  if (!kitchens) {
    kitchens = new LRUCache({
      max: 10_000,
      fetchMethod: (restaurantId) => findCheckoutKitchen(database.statements, restaurantId),
    });
    kept.set(database, kitchens);
  }
  return kitchens;
}
