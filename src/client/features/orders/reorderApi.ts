import { reorderSchema, type Reorder } from '@shared/orders/reorder.js';
import type { Cart } from '@/components/cart/cart.js';
import { api } from '@/lib/api.js';

/** A past order of the customer's rebuilt against today's menu, with what can no longer be had by name. */
export const fetchReorder = (orderId: string) => api(`/api/orders/${orderId}/reorder`, { schema: reorderSchema });

/** The cart a rebuilt order fills, or null when nothing of it can be had now. */
export function cartOfReorder(reorder: Reorder): Cart | null {
  const [first, ...rest] = reorder.lines;
  if (!reorder.restaurantActive || !first) return null;
  return { restaurant: reorder.restaurant, lines: [first, ...rest] };
}

/** The history state that carries, to the checkout, what of the order could not be put back in the cart. */
export interface OrderAgainState {
  orderAgainMissing: string[];
}

export function missingFromLocationState(state: unknown): string[] {
  if (typeof state !== 'object' || state === null || !('orderAgainMissing' in state)) return [];
  const missing = state.orderAgainMissing;
  return Array.isArray(missing) ? missing.filter((name): name is string => typeof name === 'string') : [];
}
