import { z } from 'zod';
import { boundedText, optionalText, PHONE_MESSAGES, phoneField, requiredText } from '../fields.js';
import { MAX_PRICE_MINOR } from '../menu/price.js';
import { formatMoney, toMinor } from '../money.js';
import { toE164 } from '../phone.js';
import { COUNTRIES, CURRENCY_SYMBOLS } from './currency.js';
import { openingHoursSchema, timeZoneSchema } from './hours.js';

export const RESTAURANT_FORM_MESSAGES = {
  nameRequired: 'Restaurant name is required',
  addressRequired: 'Address is required',
  phoneRequired: 'Phone number is required',
  phoneNotInCountry: PHONE_MESSAGES.notInCountry,
  countryRequired: 'Country is required',
  currencyRequired: 'Currency is required',
  currencyKept: (symbol: string) =>
    `This restaurant has taken orders in ${symbol}, so it keeps ${symbol}: its sales, statements and payouts are in it.`,
  locationRequired: 'Please set your restaurant location: use your location or tap the map',
  locationZero: 'That pin is at 0, 0 in the ocean: place it where your restaurant is',
  latitudeRange: 'Latitude must be between -90 and 90',
  longitudeRange: 'Longitude must be between -180 and 180',
  setupSuccess: 'Restaurant created',
  saveSuccess: 'Restaurant settings saved',
  alreadyHasOne: 'You already have a restaurant. Open Restaurant Settings to change it.',
  imageNotYours: 'The cover image must be a picture you uploaded',
  minOrderInvalid: 'Enter the minimum order as an amount with at most 2 decimals, such as 50.00, or leave it empty',
  minOrderNotMinor: 'The minimum order is in whole minor units (5000 for 50.00)',
  minOrderNegative: 'The minimum order cannot be negative',
  minOrderTooHigh: `The minimum order must be at most ${formatMoney(MAX_PRICE_MINOR, '')}`,
  prepMinutes: 'The usual preparation time is a whole number of minutes from 5 to 120',
} as const;

/** The kitchen's usual minutes from order to ready (restaurants.prep_minutes checks the same range). */
export const PREP_MINUTES = { min: 5, max: 120, usual: 20 } as const;

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
const restaurantFields = z.object({
  name: requiredText(RESTAURANT_LIMITS.name, RESTAURANT_FORM_MESSAGES.nameRequired),
  // Optional: an API client may leave it out, as the form leaves it empty.
  description: optionalText(RESTAURANT_LIMITS.description).default(''),
  address: requiredText(RESTAURANT_LIMITS.address, RESTAURANT_FORM_MESSAGES.addressRequired),
  phone: phoneField(RESTAURANT_FORM_MESSAGES.phoneRequired),
  country: z.enum(COUNTRIES, { message: RESTAURANT_FORM_MESSAGES.countryRequired }),
  currencySymbol: z.enum(CURRENCY_SYMBOLS, { message: RESTAURANT_FORM_MESSAGES.currencyRequired }),
  location: restaurantLocationSchema,
});

/** The smallest food subtotal the restaurant takes an order for, in minor units; 0 for none. */
const minOrderAmountSchema = z
  .number({ message: RESTAURANT_FORM_MESSAGES.minOrderInvalid })
  .int(RESTAURANT_FORM_MESSAGES.minOrderNotMinor)
  .min(0, RESTAURANT_FORM_MESSAGES.minOrderNegative)
  .max(MAX_PRICE_MINOR, RESTAURANT_FORM_MESSAGES.minOrderTooHigh);

/** 'Minimum order' as typed: a decimal ('50', '50.00') read exactly into minor units, or empty for none. */
const minOrderText = boundedText(32, RESTAURANT_FORM_MESSAGES.minOrderInvalid)
  .transform((text, ctx) => {
    if (text.trim() === '') return 0;
    try {
      return toMinor(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: RESTAURANT_FORM_MESSAGES.minOrderInvalid });
      return z.NEVER;
    }
  })
  .pipe(minOrderAmountSchema);

const prepMinutesSchema = z
  .number({ message: RESTAURANT_FORM_MESSAGES.prepMinutes })
  .int(RESTAURANT_FORM_MESSAGES.prepMinutes)
  .min(PREP_MINUTES.min, RESTAURANT_FORM_MESSAGES.prepMinutes)
  .max(PREP_MINUTES.max, RESTAURANT_FORM_MESSAGES.prepMinutes);

/** 'Usual preparation time (minutes)' as typed: whole minutes, digits only. */
const prepMinutesText = boundedText(8, RESTAURANT_FORM_MESSAGES.prepMinutes)
  .trim()
  .regex(/^\d+$/, RESTAURANT_FORM_MESSAGES.prepMinutes)
  .transform(Number)
  .pipe(prepMinutesSchema);

/** The restaurant's phone must be a number in its country (or written with its country code), so its owner can be sent an SMS. */
function phoneWorksInCountry({ phone, country }: { phone: string; country: string }, ctx: z.RefinementCtx) {
  if (!toE164(phone, country)) {
    ctx.addIssue({ code: 'custom', path: ['phone'], message: RESTAURANT_FORM_MESSAGES.phoneNotInCountry(country) });
  }
}

export const restaurantFormSchema = restaurantFields
  .extend({
    minOrderAmount: minOrderText,
    prepMinutes: prepMinutesText,
    timeZone: timeZoneSchema,
    openingHours: openingHoursSchema,
  })
  .superRefine(phoneWorksInCountry);
export type RestaurantFormInput = z.input<typeof restaurantFormSchema>;
export type RestaurantForm = z.output<typeof restaurantFormSchema>;

/**
 * The body of POST /api/restaurants and PATCH /api/restaurants/:id: the form and its cover image,
 * uploaded first. The minimum order is in minor units here, as the form's output has it; left out, none.
 * Time zone, opening hours and preparation time left out: at setup the country's usual zone,
 * every day all day and 20 minutes, on a change what they were.
 */
export const restaurantBodySchema = restaurantFields
  .extend({
    imageUrl: boundedText(RESTAURANT_LIMITS.imageUrl).nullable(),
    minOrderAmount: minOrderAmountSchema.default(0),
    prepMinutes: prepMinutesSchema.optional(),
    timeZone: timeZoneSchema.optional(),
    openingHours: openingHoursSchema.optional(),
  })
  .superRefine(phoneWorksInCountry);
export type RestaurantBody = z.output<typeof restaurantBodySchema>;
