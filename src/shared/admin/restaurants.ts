import { z } from 'zod';
import { searchText } from '../search.js';
import { pageQuerySchema, pageSchema } from '../paging.js';
import { publicRestaurantSchema } from '../restaurants/schemas.js';

/** Restaurant Management (the admin area's Restaurants tab): every restaurant, active or not, searchable, paged. */

export const ADMIN_RESTAURANT_MESSAGES = {
  loadFailed: 'Failed to load restaurants',
  empty: 'No restaurants found',
  activated: 'Restaurant activated',
  deactivated: 'Restaurant deactivated',
  updateFailed: 'Failed to update restaurant status',
  activeRequired: 'Say whether the restaurant is active (true or false)',
} as const;

/** ?q=&cursor=&limit=: q is found anywhere in the name or the address, whatever its letter case. */
export const adminRestaurantsQuerySchema = pageQuerySchema.extend({
  q: searchText().optional(),
});
export type AdminRestaurantsQuery = z.output<typeof adminRestaurantsQuerySchema>;

/** What anyone sees of a restaurant, and what only admins see: its owner, whether it is open or awaiting approval, since when. */
export const adminRestaurantViewSchema = publicRestaurantSchema
  .pick({ id: true, name: true, description: true, address: true, phone: true, imageUrl: true })
  .extend({
    ownerId: z.uuid(),
    ownerName: z.string(),
    isActive: z.boolean(),
    awaitingApproval: z.boolean(),
    createdAt: z.iso.datetime(),
  });
export type AdminRestaurantView = z.infer<typeof adminRestaurantViewSchema>;
export const adminRestaurantPageSchema = pageSchema(adminRestaurantViewSchema);

/** PATCH /api/admin/restaurants/:id/active: open it to customers (true) or take it off the platform (false). */
export const restaurantActiveBodySchema = z.object({
  active: z.boolean({ message: ADMIN_RESTAURANT_MESSAGES.activeRequired }),
});
