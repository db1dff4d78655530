import type { QueryClient } from '@tanstack/react-query';
import { ownMenuItemSchema, type OwnMenuItem } from '@shared/menu/schemas.js';
import type { SoldOutTarget } from '@shared/menu/soldOut.js';
import { api } from '@/lib/api.js';
import { menuItemsPath, ownMenuQuery } from '@/lib/restaurantsApi.js';

export interface SoldOutChange {
  restaurantId: string;
  itemId: string;
  /** One choice of the dish; absent for the dish itself. */
  choiceId?: string;
  soldOut: boolean;
}

/** Marks the dish (or one of its choices) sold out until the restaurant next opens, or brings it back at once. */
export function changeSoldOut({ restaurantId, itemId, choiceId, soldOut }: SoldOutChange): Promise<OwnMenuItem> {
  const path = `${menuItemsPath(restaurantId)}/${encodeURIComponent(itemId)}/sold-out`;
  if (soldOut) {
    const body: SoldOutTarget = choiceId ? { choiceId } : {};
    return api(path, { method: 'PUT', body, schema: ownMenuItemSchema });
  }
  const query = choiceId ? `?${new URLSearchParams({ choiceId })}` : '';
  return api(`${path}${query}`, { method: 'DELETE', schema: ownMenuItemSchema });
}

/**
 * Puts the item the server answered into the cached own menu, so its switches and the count change
 * at once, then reads the menu again, as applyPause does, lest an older read land after it.
 */
export function applyMenuItem(queryClient: QueryClient, item: OwnMenuItem) {
  const { queryKey } = ownMenuQuery(item.restaurantId);
  queryClient.setQueryData(queryKey, (items) => items?.map((cached) => (cached.id === item.id ? item : cached)));
  void queryClient.invalidateQueries({ queryKey, exact: true });
}
