import { z } from 'zod';

/** A menu item as customers see it; price in minor units. */
export const publicMenuItemSchema = z.object({
  id: z.uuid(),
  restaurantId: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number().int(),
  category: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export type PublicMenuItem = z.infer<typeof publicMenuItemSchema>;

export const publicMenuSchema = z.array(publicMenuItemSchema);
