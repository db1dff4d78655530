import { z } from 'zod';
import { uuidSchema } from '../fields.js';
import { searchText } from '../search.js';
import { ratingSummarySchema } from '../ratings/summary.js';
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
  /** The kitchen's usual minutes from order to ready, and the minutes the owner adds while it is busy (issue 23). */
  prepMinutes: z.number().int().default(20),
  busyMinutes: z.number().int().default(0),
  /** Its visible food ratings, served with the cached catalog; null ('New') until enough of them. */
  rating: ratingSummarySchema.nullable().default(null),
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

/** The delivery time a card shows while the customer's place or the restaurant's pin is unknown, as SPEC.md gives it. */
export const UNKNOWN_DELIVERY_TIME = '25-35 min';
