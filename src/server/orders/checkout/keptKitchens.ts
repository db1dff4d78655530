import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.js';
import type { CheckoutKitchen } from './kitchen.js';

/**
 * The kitchens this instance last read for its checkouts, so that the next checkout of a
 * restaurant can write its order in one round trip instead of two. A kept kitchen prices an order
 * only while its facts still hold, which the write itself checks (kitchenFacts.ts), so the copies
 * need no invalidation: a stale one costs the read it would have saved. Kept per database.
 */
const kept = new WeakMap<Database, LRUCache<string, CheckoutKitchen>>();

export function keptKitchens(database: Database): LRUCache<string, CheckoutKitchen> {
  let kitchens = kept.get(database);
  if (!kitchens) {
    kitchens = new LRUCache({ max: 10_000 });
    kept.set(database, kitchens);
  }
  return kitchens;
}
