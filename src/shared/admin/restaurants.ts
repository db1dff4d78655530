import { z } from 'zod';
import { optionalText } from '../fields.js';
import { pageQuerySchema, pageSchema } from '../paging.js';

/** Restaurant Management (SPEC section 2): every restaurant, active or not, searchable, paged. */

export const ADMIN_RESTAURANT_MESSAGES = {
  loadFailed: 'Failed to load restaurants',
  empty: 'No restaurants found',
  activated: 'Restaurant activated',
  deactivated: 'Restaurant deactivated',
  updateFailed: 'Failed to update restaurant status',
  activeRequired: 'Say whether the restaurant is active (true or false)',
} as const;

export const ADMIN_RESTAURANT_SEARCH_MAX = 100;

/** ?q=&cursor=&limit=: q is found anywhere in the name or the address, whatever its letter case. */
export const adminRestaurantsQuerySchema = pageQuerySchema.extend({
  q: optionalText(ADMIN_RESTAURANT_SEARCH_MAX, `Search for at most ${ADMIN_RESTAURANT_SEARCH_MAX} characters`).optional(),
});
export type AdminRestaurantsQuery = z.output<typeof adminRestaurantsQuerySchema>;

export const adminRestaurantViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  address: z.string(),
  phone: z.string(),
  imageUrl: z.string().nullable(),
  ownerId: z.uuid(),
  ownerName: z.string(),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type AdminRestaurantView = z.infer<typeof adminRestaurantViewSchema>;
export const adminRestaurantPageSchema = pageSchema(adminRestaurantViewSchema);

/** PATCH /api/admin/restaurants/:id/active: open it to customers (true) or take it off the platform (false). */
export const restaurantActiveBodySchema = z.object({
  active: z.boolean({ message: ADMIN_RESTAURANT_MESSAGES.activeRequired }),
});
export type RestaurantActiveBody = z.infer<typeof restaurantActiveBodySchema>;
