import { z } from 'zod';
import { uuidSchema } from '../fields.js';

export const RESTAURANT_MESSAGES = {
  notFound: 'Restaurant not found',
  loadFailed: 'Failed to load restaurant data',
  invalidId: 'That is not a valid restaurant id',
  noneYet: 'No restaurant found',
} as const;

export const restaurantIdParamsSchema = z.object({ id: uuidSchema(RESTAURANT_MESSAGES.invalidId) });

/** What anyone may see of an active restaurant. */
export const publicRestaurantSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  address: z.string(),
  phone: z.string(),
  imageUrl: z.string().nullable(),
  country: z.string(),
  currencySymbol: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type PublicRestaurant = z.infer<typeof publicRestaurantSchema>;

export const publicRestaurantListSchema = z.array(publicRestaurantSchema);

/** The owner's own restaurant, active or not. */
export const ownRestaurantSchema = publicRestaurantSchema.extend({ isActive: z.boolean() });
export type OwnRestaurant = z.infer<typeof ownRestaurantSchema>;

/** Fixed placeholders shown on every restaurant card until ratings and delivery estimates exist (SPEC section 9). */
export const RESTAURANT_CARD_PLACEHOLDERS = { deliveryTime: '25-35 min', rating: '4.5' } as const;
