import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.js';
import { findKeptKitchen, type KeptKitchen } from './kitchen.js';

/** How many dishes, across all kept menus, an instance keeps at most (some tens of megabytes with their choices). */
const MAX_KEPT_DISHES = 50_000;

/**
 * The kitchens, with their menus, this instance last read for its checkouts, so that the next
 * checkout of a restaurant can price and write its order in one round trip instead of two. A kept
 * kitchen prices an order only while its facts still hold, which the write itself checks
 * (kitchenFacts.ts), so the copies need no invalidation: a stale one costs the read it would have
 * saved. Kept per database.
 *
 * `fetch` reads a kitchen not kept yet once however many checkouts ask for it at the same time:
 * after a start, the first burst of orders for a restaurant waits on one read instead of each
 * making its own (and then writing by the slower path that follows a read).
 */
const kept = new WeakMap<Database, LRUCache<string, KeptKitchen>>();

export function keptKitchens(database: Database): LRUCache<string, KeptKitchen> {
  let kitchens = kept.get(database);
  if (!kitchens) {
    kitchens = new LRUCache({
      maxSize: MAX_KEPT_DISHES,
      sizeCalculation: (kitchen) => 1 + kitchen.menu.size,
      fetchMethod: (restaurantId) => findKeptKitchen(database.statements, restaurantId),
    });
    kept.set(database, kitchens);
  }
  return kitchens;
}
