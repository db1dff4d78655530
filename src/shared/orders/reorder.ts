import { z } from 'zod';
import { chosenOptionSchema } from '../menu/options.js';

export const REORDER_MESSAGES = {
  action: 'Order again',
  failed: 'This order could not be put in your cart. Please try again.',
  missing: (names: readonly string[]) => `No longer available: ${names.join(', ')}`,
  nothingLeft: 'Nothing from this order is on the menu now',
  restaurantGone: (restaurant: string) => `${restaurant} is no longer on ChopChop, so this order cannot be placed again`,
  replaceTitle: 'Replace your cart?',
  replaceDescription: (restaurant: string) =>
    `Your cart already has dishes. Ordering again empties it and fills it with this order from ${restaurant}.`,
} as const;

/** One line of a past order as the current menu serves it: today's name and price, the choices still offered. */
const reorderLineSchema = z.object({
  menuItemId: z.uuid(),
  name: z.string(),
  quantity: z.number().int(),
  /** Unit price now, in minor units, its choices included. */
  price: z.number().int(),
  choiceIds: z.array(z.uuid()),
  choices: z.array(chosenOptionSchema),
});
export type ReorderLine = z.infer<typeof reorderLineSchema>;

/**
 * A past order rebuilt against the restaurant's current menu (GET /api/orders/:id/reorder): the
 * lines that can be had now, and by name what cannot ('Kelewele', 'Fish (Jollof Rice)'), never
 * silently dropped. No lines when the restaurant is no longer active.
 */
export const reorderSchema = z.object({
  restaurant: z.object({ id: z.uuid(), name: z.string(), currencySymbol: z.string() }),
  restaurantActive: z.boolean(),
  lines: z.array(reorderLineSchema),
  missing: z.array(z.string()),
});
export type Reorder = z.infer<typeof reorderSchema>;
