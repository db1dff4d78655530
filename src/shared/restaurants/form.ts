import { z } from 'zod';
import { boundedText, optionalText, phoneField, requiredText } from '../fields.js';
import { COUNTRIES, CURRENCY_SYMBOLS } from './currency.js';

export const RESTAURANT_FORM_MESSAGES = {
  nameRequired: 'Restaurant name is required',
  addressRequired: 'Address is required',
  phoneRequired: 'Phone number is required',
  countryRequired: 'Country is required',
  currencyRequired: 'Currency is required',
  locationRequired: 'Please set your restaurant location: use your location or tap the map',
  locationZero: 'That pin is at 0, 0 in the ocean: place it where your restaurant is',
  latitudeRange: 'Latitude must be between -90 and 90',
  longitudeRange: 'Longitude must be between -180 and 180',
  setupSuccess: 'Restaurant created',
  saveSuccess: 'Restaurant settings saved',
  alreadyHasOne: 'You already have a restaurant. Open Restaurant Settings to change it.',
  imageNotYours: 'The cover image must be a picture you uploaded',
} as const;

const RESTAURANT_LIMITS = { name: 120, description: 1000, address: 300, imageUrl: 2048 } as const;

const coordinate = (min: number, max: number, outOfRange: string) =>
  z.number({ message: RESTAURANT_FORM_MESSAGES.locationRequired }).min(min, outOfRange).max(max, outOfRange);

/** The restaurant's pin: dispatch measures distances from it, so it is required and never 0, 0 by accident. */
const restaurantLocationSchema = z
  .object(
    {
      latitude: coordinate(-90, 90, RESTAURANT_FORM_MESSAGES.latitudeRange),
      longitude: coordinate(-180, 180, RESTAURANT_FORM_MESSAGES.longitudeRange),
    },
    { message: RESTAURANT_FORM_MESSAGES.locationRequired },
  )
  .refine((pin) => pin.latitude !== 0 || pin.longitude !== 0, RESTAURANT_FORM_MESSAGES.locationZero);

/**
 * What the owner types on /restaurant/setup and /restaurant/edit (name, address, phone, country
 * and currency required). The form and the server both check it with this schema.
 */
export const restaurantFormSchema = z.object({
  name: requiredText(RESTAURANT_LIMITS.name, RESTAURANT_FORM_MESSAGES.nameRequired),
  // Optional: an API client may leave it out, as the form leaves it empty.
  description: optionalText(RESTAURANT_LIMITS.description).default(''),
  address: requiredText(RESTAURANT_LIMITS.address, RESTAURANT_FORM_MESSAGES.addressRequired),
  phone: phoneField(RESTAURANT_FORM_MESSAGES.phoneRequired),
  country: z.enum(COUNTRIES, { message: RESTAURANT_FORM_MESSAGES.countryRequired }),
  currencySymbol: z.enum(CURRENCY_SYMBOLS, { message: RESTAURANT_FORM_MESSAGES.currencyRequired }),
  location: restaurantLocationSchema,
});
export type RestaurantFormInput = z.input<typeof restaurantFormSchema>;
export type RestaurantForm = z.output<typeof restaurantFormSchema>;

/** The body of POST /api/restaurants and PATCH /api/restaurants/:id: the form and its cover image, uploaded first. */
export const restaurantBodySchema = restaurantFormSchema.extend({
  imageUrl: boundedText(RESTAURANT_LIMITS.imageUrl).nullable(),
});
export type RestaurantBody = z.output<typeof restaurantBodySchema>;
