import { z } from 'zod';
import { uuidSchema } from '../fields.js';
import { searchText } from '../search.js';
import { openingHoursSchema, orderPauseSchema } from './hours.js';

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
  /** The smallest food subtotal (minor units) it takes an order for; 0 for none. Absent from a reply, none. */
  minOrderAmount: z.number().int().default(0),
  /** Opening hours in its own time zone, and the owner's pause of new orders: openingState reads them. */
  timeZone: z.string(),
  openingHours: openingHoursSchema,
  pause: orderPauseSchema.nullable(),
});
export type PublicRestaurant = z.infer<typeof publicRestaurantSchema>;

/** A search answers at most this many restaurants, the best matches first. */
export const DISCOVERY_SEARCH_LIMIT = 50;

/**
 * GET /api/restaurants?q=: without q every active restaurant, newest first; with q those whose
 * name, address, or available dishes and their categories look like it (typos forgiven), best first.
 */
export const publicRestaurantsQuerySchema = z.object({ q: searchText().optional() });
export type PublicRestaurantsQuery = z.output<typeof publicRestaurantsQuerySchema>;

/** A restaurant in the discovery list, with the dish (or category) a search found it by when that, not its name or address, matched. */
const restaurantListItemSchema = publicRestaurantSchema.extend({ matchedDish: z.string().nullable() });
export type RestaurantListItem = z.infer<typeof restaurantListItemSchema>;

export const publicRestaurantListSchema = z.array(restaurantListItemSchema);

/**
 * The owner's own restaurant, active or not; awaitingApproval when it was set up inactive while
 * new restaurants wait for approval and no admin has activated it yet (inactive without it: an admin took it down).
 */
export const ownRestaurantSchema = publicRestaurantSchema.extend({ isActive: z.boolean(), awaitingApproval: z.boolean() });
export type OwnRestaurant = z.infer<typeof ownRestaurantSchema>;

/** Fixed placeholders shown on every restaurant card until ratings and delivery estimates exist. */
export const RESTAURANT_CARD_PLACEHOLDERS = { deliveryTime: '25-35 min', rating: '4.5' } as const;
