import { ALWAYS_OPEN } from '@shared/restaurants/hours.js';
import type { OwnRestaurant, PublicRestaurant } from '@shared/restaurants/schemas.js';

/**
 * A restaurant in Accra as GET /api/restaurants/:id answers it: open at all hours in Africa/Accra,
 * not paused, no minimum order and no pin; `fields` replace what a test depends on.
 */
export function publicRestaurant(fields: Partial<PublicRestaurant> = {}): PublicRestaurant {
  return {
    id: '0b6f3c52-3f0e-4b8e-9f5e-6a1d2c3b4a50',
    name: 'Osu Chop Bar',
    description: null,
    address: 'Oxford Street, Osu',
    phone: '+233302000000',
    imageUrl: null,
    country: 'GH',
    currencySymbol: 'GH₵',
    latitude: null,
    longitude: null,
    minOrderAmount: 0,
    timeZone: 'Africa/Accra',
    openingHours: ALWAYS_OPEN,
    pause: null,
    prepMinutes: 20,
    busyMinutes: 0,
    rating: null,
    ...fields,
  };
}

/** The owner's active restaurant in Accra as GET /api/restaurants/mine answers it, otherwise as publicRestaurant; `fields` replace. */
export function ownRestaurant(fields: Partial<OwnRestaurant> = {}): OwnRestaurant {
  return {
    ...publicRestaurant({
      name: 'Labone Chop Bar',
      address: '22 Ndabaningi Sithole Road, Labone, Accra',
      phone: '+233 20 555 0612',
      country: 'Ghana',
    }),
    isActive: true,
    awaitingApproval: false,
    ...fields,
  };
}
