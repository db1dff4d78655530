import { z } from 'zod';
import { requiredText, uuidSchema } from '../fields.js';
import { gpsCodeField, landmarkField } from './fields.js';

/** How many places one customer keeps: enough for home, work and family, few enough to pick from at a glance. */
export const MAX_SAVED_PLACES = 20;
const PLACE_LABEL_MAX = 40;

export const SAVED_PLACE_MESSAGES = {
  labelRequired: "Name the place, such as 'Home' or 'Office'",
  labelTooLong: `A place's name can be at most ${PLACE_LABEL_MAX} characters`,
  addressRequired: 'Please enter the address of the place',
  addressTooLong: 'An address can be at most 300 characters',
  pinRequired: 'Set the pin on the map to save this place',
  invalidId: 'That is not a valid place id',
  notFound: 'That saved place was not found',
  duplicateLabel: (label: string) => `You already have a place called ${label}`,
  tooMany: `You can keep at most ${MAX_SAVED_PLACES} places. Forget one you no longer use, then save this one.`,
  saved: (label: string) => `Saved ${label} for your next order`,
  saveFailed: 'Your order is placed, but this place could not be saved',
  loadFailed: 'Your saved places could not be loaded',
  forgotten: (label: string) => `Forgot ${label}`,
  forgetFailed: 'This place could not be forgotten. Please try again.',
} as const;

const pinCoordinate = (limit: number) =>
  z
    .number({ message: SAVED_PLACE_MESSAGES.pinRequired })
    .min(-limit, SAVED_PLACE_MESSAGES.pinRequired)
    .max(limit, SAVED_PLACE_MESSAGES.pinRequired);

/** A place's name as the customer calls it: 'Home', 'Office', 'Mum's'. */
export const placeLabelField = requiredText(
  PLACE_LABEL_MAX,
  SAVED_PLACE_MESSAGES.labelRequired,
  SAVED_PLACE_MESSAGES.labelTooLong,
);

/** A place to save (POST /api/places): its name, address and pin, and what helps a rider find it. */
export const savePlaceSchema = z.object({
  label: placeLabelField,
  address: requiredText(300, SAVED_PLACE_MESSAGES.addressRequired, SAVED_PLACE_MESSAGES.addressTooLong),
  latitude: pinCoordinate(90),
  longitude: pinCoordinate(180),
  landmark: landmarkField.nullable().optional(),
  gpsCode: gpsCodeField.nullable().optional(),
});
export type SavePlaceInput = z.input<typeof savePlaceSchema>;
export type SavePlace = z.output<typeof savePlaceSchema>;

export const savedPlaceSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  landmark: z.string().nullable(),
  gpsCode: z.string().nullable(),
  /** When it was last chosen at a checkout, or saved. */
  usedAt: z.iso.datetime(),
});
export type SavedPlace = z.infer<typeof savedPlaceSchema>;

/** The customer's places, most recently used first. */
export const savedPlaceListSchema = z.object({ places: z.array(savedPlaceSchema) });

export const placeIdParamsSchema = z.object({ id: uuidSchema(SAVED_PLACE_MESSAGES.invalidId) });

/** Whether `label` names one of `places` already, in any letter case (as the database's unique index sees it). */
export const labelTaken = (places: readonly Pick<SavedPlace, 'label'>[], label: string): boolean =>
  places.some((place) => place.label.toLowerCase() === label.trim().toLowerCase());
